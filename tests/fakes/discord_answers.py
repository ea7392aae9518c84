"""How the client answers interactions: the interaction callback (within Discord's 3
seconds, once: a message, a deferral, an update, a modal, autocomplete choices, an Activity's
launch) and the interaction's webhook (follow-ups, edits and deletion of the original answer,
while its token lives)."""

from __future__ import annotations

import time
from typing import Any

from tests.fakes.discord_common import (
    ALREADY_ACKNOWLEDGED,
    EPHEMERAL,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    FakeInteraction,
    Refusal,
)
from tests.fakes.discord_components import modal_problems
from tests.fakes.discord_messages import MessagesMixin


class InteractionAnswersMixin(MessagesMixin):
    """Interaction callbacks and webhooks."""

    def _interaction(self, token: str) -> FakeInteraction:
        interaction = self.interactions.get(token)
        if interaction is None:
            raise Refusal(404, UNKNOWN_INTERACTION, "Unknown interaction")
        return interaction

    def _answerable(self, token: str) -> FakeInteraction:
        """The interaction of `token`, if it may still get its first answer (else refused)."""
        interaction = self._interaction(token)
        late = time.monotonic() - interaction.created
        if late > self.deadline:
            self.violations.append(f"interaction answered after {late:.1f} s")
            raise Refusal(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.response is not None:
            self.violations.append("interaction acknowledged twice")
            raise Refusal(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        return interaction

    def _callback(
        self, token: str, payload: dict[str, Any], files: dict[str, bytes], query: Any
    ) -> tuple[int, Any]:
        interaction = self._answerable(token)
        kind = payload["type"]
        data = payload.get("data") or {}
        interaction.response = payload
        channel_id = interaction.payload["channel_id"]
        resource: dict[str, Any] = {"type": kind}
        if kind == 9:
            problems = modal_problems(data)
            if problems:
                self.violations.extend(problems)
                raise Refusal(400, INVALID_FORM_BODY, "; ".join(problems))
            interaction.settled.set()
        elif kind == 8:
            if len(data.get("choices", [])) > 25:
                self.violations.append("more than 25 autocomplete choices")
            interaction.settled.set()
        elif kind in (4, 5):
            interaction.original = self._new_message(
                channel_id, data, files, flags=data.get("flags", 0), interaction=interaction
            )
            if kind == 4:
                interaction.settled.set()
            resource["message"] = interaction.original
        elif kind == 6:
            # A component's deferred update: the original response is the component's message.
            source = interaction.payload.get("message")
            assert source is not None, "a deferred update of an interaction without message"
            interaction.original = self.messages[int(source["id"])]
        elif kind == 12:
            # LAUNCH_ACTIVITY: the person's client opens the application's Activity in the
            # channel; for a command or a component, never an autocomplete's answer.
            if interaction.payload["type"] == 4:
                self.violations.append("an Activity launched from an autocomplete")
                raise Refusal(400, INVALID_FORM_BODY, "Invalid interaction response type")
            interaction.settled.set()
        elif kind == 7:
            source = interaction.payload.get("message")
            assert source is not None, "an UPDATE_MESSAGE answer to an interaction without message"
            interaction.original = self._edit(self.messages[int(source["id"])], data, files)
            interaction.settled.set()
        body = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.payload["type"],
                "response_message_id": interaction.original["id"] if interaction.original else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL),
            },
            "resource": resource,
        }
        return 200, body if "with_response" in query else None

    def _webhook(
        self, method: str, parts: list[str], payload: Any, files: dict[str, bytes]
    ) -> tuple[int, Any]:
        interaction = self._interaction(parts[2])
        if interaction.response is None:
            self.violations.append("a webhook call before the interaction was acknowledged")
            raise Refusal(404, 10015, "Unknown Webhook")
        age = time.monotonic() - interaction.created
        if age > self.token_lifetime:
            self.violations.append(f"a webhook call {age:.1f} s after the interaction")
            raise Refusal(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if len(parts) == 3 and method == "POST":
            message = self._new_message(
                interaction.payload["channel_id"],
                payload,
                files,
                flags=payload.get("flags", 0),
                interaction=interaction,
            )
            interaction.followups.append(message)
            return 200, message
        if parts[3:4] == ["messages"] and method == "PATCH":
            target = parts[4]
            if target == "@original":
                if interaction.original is None:
                    raise Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
                message = self._edit(interaction.original, payload, files)
                interaction.edits += 1
                interaction.settled.set()
            else:
                message = self._edit(self.messages[int(target)], payload, files)
            return 200, message
        if parts[3:5] == ["messages", "@original"] and method == "DELETE":
            if interaction.original is None or interaction.original.get("deleted"):
                raise Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
            interaction.original["deleted"] = True
            interaction.settled.set()
            return 204, None
        raise Refusal(404, 0, f"the fake does not know {method} /{'/'.join(parts)}")
