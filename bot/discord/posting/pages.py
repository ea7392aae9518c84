"""Text longer than one Discord message holds, as several messages that each fit.

Discord refuses a message whose content passes 2,000 characters ("Create Message": 400,
50035 Invalid Form Body); cutting it would lose what comes last (the /help of every slash
command ended at /tournament and never showed /puzzle). A long text goes as pages instead:
whole lines where they fit, a line longer than a page cut at its last space that fits (or
anywhere, for a line without one). Nothing is dropped but the line break or space a page
ends at.
"""

from __future__ import annotations

from collections.abc import Iterator

CONTENT_LIMIT = 2000


def pages(content: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """`content` as pages of at most `limit` characters each (one page when it fits)."""
    if len(content) <= limit:
        return [content]
    done: list[str] = []
    page: str | None = None
    for line in content.split("\n"):
        for piece in _pieces(line, limit):
            if page is None:
                page = piece
            elif len(page) + 1 + len(piece) <= limit:
                page = f"{page}\n{piece}"
            else:
                done.append(page)
                page = piece
    if page is not None:
        done.append(page)
    return done


def _pieces(line: str, limit: int) -> Iterator[str]:
    """A line in pieces of at most `limit` characters, cut at spaces where it has them."""
    while len(line) > limit:
        cut = line.rfind(" ", 1, limit + 1)
        if cut <= 0:
            yield line[:limit]
            line = line[limit:]
        else:
            yield line[:cut]
            line = line[cut + 1 :]
    yield line
