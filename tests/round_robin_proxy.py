"""A round-robin HTTP proxy on 127.0.0.1 standing for the HTTPS proxy in front of several bot
processes (nginx's `upstream`, Caddy's `reverse_proxy` with several addresses): each request
goes to the next process; one whose process does not take the connection (stopped, killed)
goes to the one after, as nginx does for a request not yet sent; one cut off after it was
sent is answered 502, as nginx answers it (Telegram sends such an update again)."""

from __future__ import annotations

import itertools
from collections import Counter

from aiohttp import ClientConnectorError, ClientError, ClientSession, ClientTimeout, web


class RoundRobinProxy:
    """`await start()` (its URL), `await close()`; `forwarded` counts the answers by backend."""

    def __init__(self, backends: list[str], timeout: float = 30.0) -> None:
        self.backends = backends
        self._turns = itertools.cycle(range(len(backends)))
        self.forwarded: Counter[str] = Counter()
        self._timeout = ClientTimeout(total=timeout)
        self._session: ClientSession | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> str:
        self._session = ClientSession(timeout=self._timeout)
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._forward)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        return f"http://127.0.0.1:{port}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        headers = {
            name: value
            for name, value in request.headers.items()
            if name.lower() not in ("host", "content-length", "connection")
        }
        for _ in self.backends:
            backend = self.backends[next(self._turns)]
            try:
                async with self._session.request(
                    request.method, backend + request.path_qs, data=body, headers=headers
                ) as answer:
                    content = await answer.read()
            except ClientConnectorError:
                continue  # not connected, nothing sent: the next process
            except (ClientError, TimeoutError):
                return web.Response(status=502, text="the process did not answer")
            self.forwarded[backend] += 1
            return web.Response(status=answer.status, body=content)
        return web.Response(status=502, text="no process took the connection")
