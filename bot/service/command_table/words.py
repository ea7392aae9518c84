"""The words people type for the options of commands, in English, Portuguese and Italian.

Each list starts with the words of bot/i18n/commands.py's `WORDS` (the first of them is the
one a usage shows, in the reader's language: "[yes]", "[sim]", "[sì]"); the other words
people type for the same thing follow."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n.commands import WORDS


def said(*groups: Iterable[str]) -> tuple[str, ...]:
    """The words of the groups in order, each once."""
    return tuple(dict.fromkeys(word for group in groups for word in group))


VERSUS_WORDS = said(WORDS["vs"], ("vs.", "x", "against"))
COMPUTER_WORDS = said(WORDS["computer"], ("cpu", "bot", "ai", "ia", "maquina", "máquina", "pc"))
WHITE_WORDS = said(WORDS["white"], ("branco", "brancos", "bianchi"))
BLACK_WORDS = said(WORDS["black"], ("preto", "pretos", "neri"))
OFFER_WORDS = WORDS["offer"]
ACCEPT_WORDS = said(WORDS["accept"], ("aceito", "accetto"), WORDS["yes"], ("si",))
DECLINE_WORDS = said(WORDS["decline"], ("recuso", "rifiuto", "no", "nao", "não"))

# `/lang chat pt`: the language of the chat's public messages, not the person's own.
CHAT_WORDS = said(WORDS["chat"], ("group", "channel", "server", "canal", "servidor", "canale"))
# The words of a huff (games/damas/notation.py reads them): never the name of a game here.
HUFF_WORDS = frozenset({"soffio", "soffia", "soffiare", "huff", "sopro", "soprar", "sopra"})
DONE_WORDS = said(WORDS["done"], ("finished", "fim", "finite"))
ON_WORDS = said(WORDS["on"], ("ligar", "si"))
OFF_WORDS = said(WORDS["off"], ("nao", "desligar"))
# `/web logout`: every sign-in to the web pages ends.
LOGOUT_WORDS = said(WORDS["logout"], ("signout", "sign-out", "log-out", "sai"))
CONFIRM_WORDS = said(WORDS["yes"], ("y", "s", "si", "confirm", "confirmar", "conferma"))
# `/puzzle daily`: the chat's daily puzzle, and the words that show its setting.
DAILY_WORDS = said(WORDS["daily"], ("diário", "quotidiano"))
SHOW_WORDS = said(WORDS["show"], ("status", "ver", "vedi"))
# `/puzzle solution`: the solution of the puzzle under way (it counts as a miss).
SOLUTION_WORDS = said(WORDS["solution"], ("solução", "soluzioni"))
# `/tournament join with ana`, `/tournament games all`.
WITH_WORDS = said(WORDS["with"], ("e",))
ALL_WORDS = said(WORDS["all"], ("todas", "tutte"))
# `/simul new italian 10 alternate`: the host takes White and Black by turns.
ALTERNATE_WORDS = said(WORDS["alternate"], ("alternados", "alternati", "alternate"))
