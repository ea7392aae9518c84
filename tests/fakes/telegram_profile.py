"""The bot's profile as the Bot API keeps it: getMe, its command lists by scope and
language (setMyCommands, getMyCommands, deleteMyCommands) and its descriptions."""

from __future__ import annotations

from typing import Any

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import ApiError
from tests.fakes.telegram_state import BotApiState


class ProfileMixin(BotApiState):
    """The bot's own profile: commands and descriptions."""

    def _api_getMe(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMe", params)
        return self.bot_user

    def _check_command_target(self, params: dict[str, Any]) -> tuple[str, str | None]:
        """The command list a scope and language address, refused as Telegram refuses them;
        a chat's scope needs a chat the bot is in, administrators a group."""
        scope = params.get("scope")
        self._check(rules.scope_problem(scope))
        self._check(rules.language_problem(params.get("language_code")))
        if scope and "chat_id" in scope:
            record = self._chat_for_bot(scope["chat_id"])
            if scope["type"] != "chat" and record.info["type"] == "private":
                raise ApiError(400, "Bad Request: can't use specified scope in private chats")
        return rules.scope_key(scope), params.get("language_code") or None

    @property
    def commands(self) -> dict[str | None, list[dict[str, Any]]]:
        """The command lists of the default scope by language (None: every language)."""
        return {
            language: commands
            for (scope, language), commands in self.command_lists.items()
            if scope == "default"
        }

    def _api_setMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyCommands", params)
        commands = params.get("commands", [])
        self._check(rules.commands_problem(commands))
        target = self._check_command_target(params)
        if commands:
            self.command_lists[target] = commands
        else:
            self.command_lists.pop(target, None)  # an empty list deletes the list
        return True

    def _api_getMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyCommands", params)
        return self.command_lists.get(self._check_command_target(params), [])

    def _api_deleteMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("deleteMyCommands", params)
        self.command_lists.pop(self._check_command_target(params), None)
        return True

    def _set_description(self, kind: str, params: dict[str, Any], limit: int) -> bool:
        """setMyDescription and setMyShortDescription: an empty text removes the language's."""
        text = params.get(kind) or ""
        self._check(rules.description_problem(text, limit, kind.replace("_", " ")))
        self._check(rules.language_problem(params.get("language_code")))
        key = (kind, params.get("language_code") or None)
        if text:
            self.descriptions[key] = text
        else:
            self.descriptions.pop(key, None)
        return True

    def _description(self, kind: str, params: dict[str, Any]) -> dict[str, str]:
        """getMyDescription and getMyShortDescription: the language's own, else the default."""
        self._check(rules.language_problem(params.get("language_code")))
        language = params.get("language_code") or None
        found = self.descriptions.get((kind, language), self.descriptions.get((kind, None), ""))
        return {kind: found}

    def _api_setMyDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyDescription", params)
        return self._set_description("description", params, rules.MAX_DESCRIPTION)

    def _api_getMyDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyDescription", params)
        return self._description("description", params)

    def _api_setMyShortDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyShortDescription", params)
        return self._set_description("short_description", params, rules.MAX_SHORT_DESCRIPTION)

    def _api_getMyShortDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyShortDescription", params)
        return self._description("short_description", params)
