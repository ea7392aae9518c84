"""Messages for people as keys and parameters, so that each reader gets their own language.

games/ is pure: it never translates. An error or a notice is a `Message`: a key naming a
sentence and the values that fill it. English is the default (`str(message)`, used by the
command-line tools); bot/ maps every key to a translated template. A parameter is a number,
a text (typed input passes through `visible` first), or itself a `Message`: words that
depend on the language (colours, outcome reasons, notation examples) are messages without
parameters, so that a translation never has to contain English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# A parameter is a str, an int or a Message; typed loosely so that a dict literal of mixed
# values passes without annotations at every call.
Params = Mapping[str, Any]

# Every key -> its English template; each game package registers its own.
_ENGLISH: dict[str, str] = {}
# Typed input quoted in a message is cut to this many characters.
VISIBLE_LENGTH = 80


@dataclass(frozen=True)
class Message:
    """A sentence by key, with its parameters; `str()` is the English text."""

    key: str
    params: Params = field(default_factory=dict)

    def __str__(self) -> str:
        template = _ENGLISH.get(self.key, self.key)
        return template.format(**{name: str(value) for name, value in self.params.items()})

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, str(v)) for k, v in self.params.items()))))


def word(key: str) -> Message:
    """A word or phrase without parameters (a colour, an outcome reason)."""
    return Message(key)


def register_english(templates: Mapping[str, str]) -> None:
    """Add the English templates of a game package; a key may be registered only once."""
    for key, template in templates.items():
        if _ENGLISH.get(key, template) != template:
            raise ValueError(f"the message key {key!r} is registered twice")
        _ENGLISH[key] = template


def english_templates() -> Mapping[str, str]:
    """Every registered key and its English template (for bot/'s completeness test)."""
    return dict(_ENGLISH)


def either(items: Sequence[str]) -> str | Message:
    """Alternatives as a sentence names them ("11 or 12", "11, 12 or 13"); one as it is."""
    if len(items) == 1:
        return items[0]
    return Message("either", {"some": ", ".join(items[:-1]), "last": items[-1]})


register_english({"either": "{some} or {last}"})


def visible(typed: str) -> str:
    """Typed input made safe to quote: control characters escaped (`\\x1b`, `\\n`), long
    input cut, so that a message never echoes raw terminal or chat control codes."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in typed)
    if len(shown) > VISIBLE_LENGTH:
        shown = shown[: VISIBLE_LENGTH - 1] + "…"
    return shown
