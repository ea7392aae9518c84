"""Discord's OAuth2 as the fake Discord serves it, for the Activity's sign-in
(docs.discord.com/developers/topics/oauth2): `POST /oauth2/token` exchanges an
authorization code, once, for an access token (the form only: "the token ... URLs will only
accept a content type of application/x-www-form-urlencoded. JSON content is not permitted
and will return an error"; the client by its id and secret, in the form or by HTTP Basic),
and `GET /users/@me` with `Authorization: Bearer TOKEN` names the user. Errors as RFC 6749
and Discord send them: `invalid_request`, `invalid_client` (401), `invalid_grant`,
`unsupported_grant_type`; an unknown bearer gets Discord's 401 Unauthorized."""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import web

CLIENT_ID = "900000000000000001"  # the application's id, as the fake's APPLICATION_ID
CLIENT_SECRET = "fake-client-secret-0123456789"
FORM = "application/x-www-form-urlencoded"
TOKEN_LIFE = 604800


@dataclass
class FakeOAuth:
    """The codes the Discord client gave (the Activity's AUTHORIZE answers) and the access
    tokens exchanged for them, each for one user."""

    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)

    def authorize(self, user: dict[str, Any]) -> str:
        """The code the Discord client hands the Activity for `user` (AUTHORIZE)."""
        code = secrets.token_urlsafe(20)
        self.codes[code] = user
        return code

    async def token(self, request: web.Request) -> web.Response:
        if request.content_type != FORM:
            return _oauth_error(400, "unsupported_grant_type", "JSON content is not permitted")
        fields = dict(parse_qsl((await request.read()).decode(), keep_blank_values=True))
        self.exchanges.append(fields)
        client_id, secret = fields.get("client_id"), fields.get("client_secret")
        basic = request.headers.get("Authorization", "")
        if basic.startswith("Basic "):
            client_id, _, secret = base64.b64decode(basic[6:]).decode().partition(":")
        if client_id != CLIENT_ID or secret != CLIENT_SECRET:
            return _oauth_error(401, "invalid_client", None)
        if fields.get("grant_type") != "authorization_code":
            return _oauth_error(400, "unsupported_grant_type", None)
        code = fields.get("code")
        if not code:
            return _oauth_error(400, "invalid_request", 'Missing "code" in request.')
        user = self.codes.pop(code, None)
        if user is None:
            return _oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        access = secrets.token_urlsafe(24)
        self.tokens[access] = user
        return web.json_response(
            {
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": TOKEN_LIFE,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        )

    def user(self, authorization: str) -> dict[str, Any] | None:
        """The user an `Authorization: Bearer TOKEN` names, None for any other."""
        scheme, _, token = authorization.partition(" ")
        return self.tokens.get(token) if scheme == "Bearer" else None


def _oauth_error(status: int, error: str, description: str | None) -> web.Response:
    body = {"error": error}
    if description is not None:
        body["error_description"] = description
    return web.json_response(body, status=status)
