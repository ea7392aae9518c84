"""The words people type for the options of commands, in English, Portuguese and Italian."""

from __future__ import annotations

VERSUS_WORDS = frozenset({"vs", "vs.", "x", "against", "contra", "contro"})
COMPUTER_WORDS = frozenset(
    {"computer", "cpu", "bot", "ai", "ia", "computador", "maquina", "máquina", "pc"}
)
WHITE_WORDS = ("white", "brancas", "branco", "brancos", "bianco", "bianchi")
BLACK_WORDS = ("black", "pretas", "preto", "pretos", "nero", "neri")
OFFER_WORDS = ("offer", "oferecer", "offri")
ACCEPT_WORDS = ("accept", "aceitar", "aceito", "accetta", "accetto", "yes", "sim", "si", "sì")
DECLINE_WORDS = ("decline", "recusar", "recuso", "rifiuta", "rifiuto", "no", "nao", "não")

# `/lang chat pt`: the language of the chat's public messages, not the person's own.
CHAT_WORDS = frozenset(
    {"chat", "group", "channel", "server", "grupo", "canal", "servidor", "gruppo", "canale"}
)
# The words of a huff (games/damas/notation.py reads them): never the name of a game here.
HUFF_WORDS = frozenset({"soffio", "soffia", "soffiare", "huff", "sopro", "soprar", "sopra"})
DONE_WORDS = frozenset({"done", "finished", "terminadas", "fim", "finite", "concluse"})
SWITCH_WORDS = {
    "on": True,
    "sim": True,
    "ligar": True,
    "si": True,
    "sì": True,
    "off": False,
    "nao": False,
    "não": False,
    "desligar": False,
    "no": False,
}
CONFIRM_WORDS = frozenset({"yes", "y", "sim", "s", "si", "sì", "confirm", "confirmar", "conferma"})
# `/puzzle daily`: the chat's daily puzzle, and the word that shows its setting.
DAILY_WORDS = frozenset({"daily", "diario", "diário", "giornaliero", "quotidiano"})
SHOW_WORDS = frozenset({"show", "status", "mostrar", "ver", "mostra", "vedi"})
