"""How the bot gets its updates: getUpdates (a long poll, refused while a webhook is set) or
the webhook (setWebhook, getWebhookInfo, deleteWebhook), to which the fake pushes each update
over at most `max_connections` connections, again after a growing pause until a 2xx answer,
reaching the public address where `route` says."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import ApiError
from tests.fakes.telegram_state import BotApiState

WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to "
    "delete the webhook first"
)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# Connections Telegram opens to a webhook at most unless setWebhook says otherwise.
DEFAULT_WEBHOOK_CONNECTIONS = 40


class UpdatesMixin(BotApiState):
    """getUpdates and the webhook."""

    async def _api_getUpdates(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getUpdates", params)
        if self.webhook is not None:
            raise ApiError(409, WEBHOOK_ACTIVE)
        offset = params.get("offset", 0)
        if offset:
            self._confirmed = max(self._confirmed, offset - 1)
        self._updates = [u for u in self._updates if u["update_id"] > self._confirmed]
        if not self._updates and params.get("timeout"):
            self._new_update.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_update.wait(), float(params["timeout"]))
        return self._updates[: params.get("limit", 100)]

    def _api_deleteWebhook(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("deleteWebhook", params)
        self.webhook = None
        if params.get("drop_pending_updates"):
            self._updates.clear()
        return True

    def _api_setWebhook(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setWebhook", params)
        if not params.get("url"):
            return self._api_deleteWebhook({}, _files)  # an empty address removes it
        self._check(rules.webhook_problem(params))
        self.webhook = dict(params)
        if params.get("drop_pending_updates"):
            self._updates.clear()
        if self._pusher is None:
            self._pusher = asyncio.get_running_loop().create_task(self._push_updates())
        self._new_update.set()
        return True

    def _api_getWebhookInfo(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getWebhookInfo", params)
        hook = self.webhook or {}
        info: dict[str, Any] = {
            "url": hook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if hook:
            info["max_connections"] = hook.get("max_connections", DEFAULT_WEBHOOK_CONNECTIONS)
            if hook.get("allowed_updates"):
                info["allowed_updates"] = hook["allowed_updates"]
        if hook and self._last_push_error is not None:
            info["last_error_date"], info["last_error_message"] = self._last_push_error
        return info

    def route(self, public: str, local: str) -> None:
        """The webhook's public address `public` (https://host[:port]) is served at `local`
        (http://127.0.0.1:PORT, the proxy that stands for the HTTPS one)."""
        self.routes[public.rstrip("/")] = local.rstrip("/")

    def _target(self, url: str) -> str:
        for public, local in self.routes.items():
            if url == public or url.startswith(public + "/"):
                return local + url[len(public) :]
        raise AssertionError(f"the fake has no route to the webhook {url}")

    async def _push_updates(self) -> None:
        """While a webhook is set: push each waiting update, at most `max_connections` at
        once, and push again after a growing pause every one not answered with a 2xx."""
        async with ClientSession(timeout=ClientTimeout(total=self.push_timeout)) as session:
            tasks: set[asyncio.Task[None]] = set()
            while True:
                self._new_update.clear()
                hook = self.webhook
                if hook is not None:
                    most = int(hook.get("max_connections", DEFAULT_WEBHOOK_CONNECTIONS))
                    for update in list(self._updates):
                        if len(self._pushing) >= most:
                            break
                        if update["update_id"] not in self._pushing:
                            self._pushing.add(update["update_id"])
                            task = asyncio.create_task(self._push_to(session, hook, update))
                            tasks.add(task)
                            task.add_done_callback(tasks.discard)
                # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation
                # that comes as the event is set (close() does both).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(1.0):
                        await self._new_update.wait()

    async def _push_to(
        self, session: ClientSession, hook: dict[str, Any], update: dict[str, Any]
    ) -> None:
        headers = {SECRET_HEADER: hook["secret_token"]} if hook.get("secret_token") else {}
        pause = self.push_retry
        try:
            while self.webhook is hook:
                try:
                    async with session.post(
                        self._target(hook["url"]), json=update, headers=headers
                    ) as answer:
                        status: int | str = answer.status
                except (ClientError, TimeoutError) as error:
                    status = type(error).__name__
                self.pushes.append((update["update_id"], status))
                if isinstance(status, int) and 200 <= status < 300:
                    self._updates = [u for u in self._updates if u is not update]
                    return
                self._last_push_error = (int(time.time()), f"Wrong response: {status}")
                await asyncio.sleep(pause)
                pause = min(pause * 2, 4.0)
        finally:
            self._pushing.discard(update["update_id"])
            self._new_update.set()  # a place is free
