"""A PDN game given to /review as a file (a Telegram document, a Discord attachment): which
files are taken and how their bytes become text. The front end lends the download; the
service decides, before downloading, whether the file is one it reviews."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.i18n import quote, text
from bot.service.kernel.events import ServiceError

# A PDN given to the review: at most this many characters (a long game is under 5,000).
PDN_LIMIT = 100_000
# A file's bytes at most: no text of PDN_LIMIT characters takes more (four bytes a
# character in UTF-8), so a bigger file is refused before it is downloaded.
PDN_FILE_BYTES = 4 * PDN_LIMIT
PDN_SUFFIX = ".pdn"


@dataclass(frozen=True)
class PdnFile:
    """A file given to /review: its name, its size in bytes where the platform says it, and
    its download (which raises ServiceError with the platform's reason when it fails)."""

    name: str
    size: int | None
    download: Callable[[], Awaitable[bytes]]


def too_long() -> ServiceError:
    return ServiceError(
        text("That PDN is too long: at most {limit} characters.", limit=f"{PDN_LIMIT:,}")
    )


async def pdn_file_text(file: PdnFile) -> str:
    """The text of a PDN file, refused unless its name ends in .pdn and it is small enough
    for one review; UTF-8, or Windows-1252 (older PDN files) where it is not."""
    if not file.name.lower().endswith(PDN_SUFFIX):
        raise ServiceError(
            text(
                "{name} is not a PDN file: send a game saved as .pdn.",
                name=quote(file.name, 60),
            )
        )
    if file.size is not None and file.size > PDN_FILE_BYTES:
        raise too_long()
    content = await file.download()
    if len(content) > PDN_FILE_BYTES:
        raise too_long()
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError:
        return content.decode("cp1252", errors="replace")
