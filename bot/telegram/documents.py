"""A PDN file sent to /review on Telegram: a document with /review as its caption, or /review
written as a reply to a document. The file is fetched as the Bot API lends it to bots
(getFile, then the file's download address), up to Telegram's 20 MB."""

from __future__ import annotations

from telegram import Bot, Document, Message
from telegram.error import BadRequest

from bot.i18n import quote, text
from bot.service.kernel.events import ServiceError
from bot.service.reviews.pdn_files import PdnFile


def reviewed_document(message: Message) -> Document | None:
    """The document a /review message gives: its own, or the one it replies to."""
    if message.document is not None:
        return message.document
    reply = message.reply_to_message
    return reply.document if reply is not None else None


def document_file(bot: Bot, document: Document) -> PdnFile:
    """The document as the review takes a file; a download Telegram refuses (a file too big
    for bots, a file id it no longer knows) is refused with Telegram's reason."""

    async def download() -> bytes:
        try:
            found = await bot.get_file(document.file_id)
            return bytes(await found.download_as_bytearray())
        except BadRequest as error:
            raise ServiceError(
                text(
                    "Telegram would not give me that file ({reason}): send it again, or "
                    "paste the PDN's text after the command.",
                    reason=quote(error.message, 100),
                )
            ) from None

    return PdnFile(document.file_name or "", document.file_size, download)
