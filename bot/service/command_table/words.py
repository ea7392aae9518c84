"""The words people type for the options of commands, in English, Portuguese and Italian:
those that messages name come from bot/i18n/commands.py's `WORDS`, the others are written
here."""

from __future__ import annotations

from bot.i18n.commands import WORDS

VERSUS_WORDS = frozenset({*WORDS["vs"], "vs.", "x", "against"})
COMPUTER_WORDS = frozenset(
    {*WORDS["computer"], "cpu", "bot", "ai", "ia", "maquina", "máquina", "pc"}
)
WHITE_WORDS = ("white", "brancas", "branco", "brancos", "bianco", "bianchi")
BLACK_WORDS = ("black", "pretas", "preto", "pretos", "nero", "neri")
OFFER_WORDS = WORDS["offer"]
ACCEPT_WORDS = (*WORDS["accept"], "aceito", "accetto", *WORDS["yes"], "si")
DECLINE_WORDS = (*WORDS["decline"], "recuso", "rifiuto", "no", "nao", "não")

# `/lang chat pt`: the language of the chat's public messages, not the person's own.
CHAT_WORDS = frozenset(
    {*WORDS["chat"], "group", "channel", "server", "canal", "servidor", "canale"}
)
# The words of a huff (games/damas/notation.py reads them): never the name of a game here.
HUFF_WORDS = frozenset({"soffio", "soffia", "soffiare", "huff", "sopro", "soprar", "sopra"})
DONE_WORDS = frozenset({*WORDS["done"], "finished", "fim", "finite"})
SWITCH_WORDS = {
    **dict.fromkeys((*WORDS["on"], "ligar", "si"), True),
    **dict.fromkeys((*WORDS["off"], "nao", "desligar"), False),
}
CONFIRM_WORDS = frozenset({*WORDS["yes"], "y", "s", "si", "confirm", "confirmar", "conferma"})
# `/puzzle daily`: the chat's daily puzzle, and the word that shows its setting.
DAILY_WORDS = frozenset({"daily", "diario", "diário", "giornaliero", "quotidiano"})
SHOW_WORDS = frozenset({"show", "status", "mostrar", "ver", "mostra", "vedi"})
