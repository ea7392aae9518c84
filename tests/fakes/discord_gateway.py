"""The fake Discord's gateway websocket: HELLO, IDENTIFY (one socket a shard), READY,
heartbeats, RESUME, a connection dropped as Discord drops it, and the events dispatched to
the socket that runs the guild's shard."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakes.discord_common import APPLICATION_ID, BOT_USER
from tests.fakes.discord_state import DiscordState


class GatewayMixin(DiscordState):
    """The gateway's side of the fake."""

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            if frame["op"] == 1:
                await socket.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif frame["op"] == 2:
                self.identifications += 1
                shard = frame["d"].get("shard") or [0, 1]
                if frame["d"].get("shard"):
                    self._shards[socket] = shard
                await socket.send_json(
                    {
                        "op": 0,
                        "t": "READY",
                        "s": next(self._sequence),
                        "d": {
                            "v": 10,
                            "user": BOT_USER,
                            "guilds": [],
                            "session_id": f"session-{self.identifications}",
                            "resume_gateway_url": self.gateway_url,
                            "application": {"id": str(APPLICATION_ID), "flags": 0},
                            "shard": shard,
                        },
                    }
                )
                self.identified.set()
            elif frame["op"] == 6:
                self.resumptions += 1
                resumed = {"op": 0, "t": "RESUMED", "s": next(self._sequence), "d": {}}
                await socket.send_json(resumed)
                self.resumed.set()
        self._sockets.remove(socket)
        self._shards.pop(socket, None)
        return socket

    async def drop_connection(self) -> None:
        """Close the gateway connection as Discord does now and then (4000: reconnect)."""
        self.resumed.clear()
        for socket in list(self._sockets):
            await socket.close(code=4000, message=b"unknown error")

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        if not self._sockets:
            raise AssertionError("no client is connected to the fake gateway")
        await self._socket_for(data).send_json(
            {"op": 0, "t": event, "s": next(self._sequence), "d": data}
        )

    def _socket_for(self, data: dict[str, Any]) -> web.WebSocketResponse:
        """Discord's rule: a guild's events go to shard (guild id >> 22) % shard count."""
        if not self._shards:
            return self._sockets[-1]
        for socket, (shard, count) in self._shards.items():
            if (int(data.get("guild_id") or 0) >> 22) % count == shard:
                return socket
        raise AssertionError(f"no client runs the shard of guild {data.get('guild_id')}")
