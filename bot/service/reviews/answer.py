"""A review's answer on every front: the message, the worst moment's picture, the chart of
the win chances and the annotated PDN."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, joined, text
from bot.service.kernel.events import Event, FileReady, Reply
from bot.service.reviews.pictures import chances_chart, worst_picture
from bot.service.reviews.record import Review
from bot.service.reviews.text import summary_lines


def review_events(
    review: Review,
    title: Text,
    names: Sequence[str],
    pdn: str,
    name: str,
    language: str | None,
) -> list[Event]:
    """The review's message, its pictures and its annotated PDN (`name`: the PDN's file
    name; the pictures' names begin as it does)."""
    stem = name.removesuffix(".pdn")
    events: list[Event] = [Reply(joined(summary_lines(review, title, names), "\n"))]
    picture = worst_picture(review, stem, language)
    if picture is not None:
        events.append(picture)
    events.append(chances_chart(review, title, stem, language))
    caption = text("The annotated PDN of {title}, each marked move with its mark.", title=title)
    events.append(FileReady(name, pdn.encode(), caption))
    return events
