"""The components of a message or modal (action rows, buttons, select menus, text inputs):
what Discord refuses in them that tests/fakes/discord_rules.py does not check, the whole of
what it refuses in a message, and the tests' helpers that find a message's components."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from tests.fakes import discord_rules


def check_components(rows: list[dict[str, Any]], problems: list[str]) -> None:
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows (at most 5)")
    for row in rows:
        children = row.get("components", [])
        if row.get("type") != 1:
            problems.append("a top-level component that is not an action row")
        selects = [child for child in children if child.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(children) > 1:
            problems.append("a select menu shares its action row")
        if len(children) > 5:
            problems.append(f"{len(children)} components in one row (at most 5)")
        for child in children:
            _check_component(child, problems)


def modal_problems(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if len(data.get("title", "")) > 45:
        problems.append("modal title longer than 45")
    if len(data.get("custom_id", "")) > 100:
        problems.append("modal custom_id longer than 100")
    check_components(data.get("components", []), problems)
    return problems


def _check_component(child: dict[str, Any], problems: list[str]) -> None:
    """One button, select menu or text input of an action row."""
    custom_id = child.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= 100:
        problems.append(f"custom_id {custom_id!r} longer than 100")
    if child.get("type") == 2:
        _check_button(child, problems)
    if child.get("type") == 3:
        options = child.get("options", [])
        if not 1 <= len(options) <= 25:
            problems.append(f"{len(options)} select options (1 to 25)")
        for option in options:
            if len(option["label"]) > 100 or len(option["value"]) > 100:
                problems.append(f"select option {option!r} too long")
        if len(child.get("placeholder") or "") > 150:
            problems.append("select placeholder longer than 150")
    if child.get("type") == 4 and len(child.get("label") or "") > 45:
        problems.append("text input label longer than 45")


# "Button Styles": a link button (style 5) opens its url and sends no interaction; a premium
# one (6) names a SKU; the others send their custom_id.
LINK_STYLE, PREMIUM_STYLE = 5, 6
URL_LIMIT = 512
# Discord refuses any other scheme in a link button ("Scheme must be one of ...").
LINK_SCHEMES = ("http", "https", "discord")


def _check_button(button: dict[str, Any], problems: list[str]) -> None:
    """ "Button Object": a label of at most 80 characters; a link button has a url (at most
    512, http, https or discord) and no custom_id, a non-link non-premium button a
    custom_id and no url."""
    if len(button.get("label") or "") > 80:
        problems.append(f"button label {button['label']!r} longer than 80")
    style = button.get("style")
    if style == LINK_STYLE:
        url = button.get("url")
        if not url:
            problems.append("a link button without a url")
        elif len(url) > URL_LIMIT:
            problems.append(f"a link button url longer than {URL_LIMIT}")
        elif urlparse(url).scheme not in LINK_SCHEMES:
            problems.append(f"Scheme {urlparse(url).scheme!r} is not supported")
        if "custom_id" in button:
            problems.append("a link button with a custom_id")
    elif style != PREMIUM_STYLE:
        if "url" in button:
            problems.append(f"a url on a button of style {style}")
        if not button.get("custom_id"):
            problems.append(f"a button of style {style} without a custom_id")


def message_problems(payload: dict[str, Any]) -> list[str]:
    """What Discord would refuse in a message payload: its content and embeds
    (discord_rules.message_limit_problems, "content: Must be 2000 or fewer in length.
    (BASE_TYPE_MAX_LENGTH)"), its components."""
    problems = [str(problem) for problem in discord_rules.message_limit_problems(payload)]
    check_components(payload.get("components") or [], problems)
    return problems


def find_component(message: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    for row in message.get("components", []):
        for component in row.get("components", []):
            if component.get("custom_id") == custom_id:
                found: dict[str, Any] = component
                return found
    return None


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [
        component["custom_id"]
        for row in message.get("components", [])
        for component in row.get("components", [])
        if "custom_id" in component
    ]
