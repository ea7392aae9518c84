"""A PDN file attached to /review on Discord (the command's `file` option): fetched from the
attachment's url, as the review takes a file."""

from __future__ import annotations

import discord

from bot.i18n import quote, text
from bot.service.kernel.events import ServiceError
from bot.service.reviews.pdn_files import PdnFile


def attachment_file(attachment: discord.Attachment) -> PdnFile:
    """The attachment as the review takes a file; a download Discord refuses (an expired or
    deleted file) is refused with Discord's reason."""

    async def download() -> bytes:
        try:
            return await attachment.read()
        except discord.HTTPException as error:
            raise ServiceError(
                text(
                    "Discord would not give me that file ({reason}): attach it again, or "
                    "paste the PDN's text in the pdn option.",
                    reason=quote(str(error), 100),
                )
            ) from None

    return PdnFile(attachment.filename, attachment.size, download)
