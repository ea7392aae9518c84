"""The names of the commands in each language, and the words of their options that messages
name: the one place they are written.

The command table (bot/service/command_table/) takes each command's names from `COMMANDS`
(typed words, Telegram's menus and Discord's slash commands alike), the console its own
commands from `CONSOLE_COMMANDS`, and the typed readers their option words from `WORDS`.
Messages never write a command: they hold a placeholder that `translate` fills with the
reader's words, so that a translation cannot name a command of another language:

    "{/accept} {id}"            the command alone: "/aceitar 2" in Portuguese
    "{/draw accept}"            a command with option words: "/empate aceitar"
    "[{=offer|accept}]"         option words alone (usages): "[oferecer|aceitar]"

The names live here, below the service, because both the table (which imports the service)
and the translation of every message (which the service produces) need them, and imports only
go down; a catalogue would put identifiers that the parsers, Telegram and Discord check in the
hands of translators, where one slip silently breaks a command.
"""

from __future__ import annotations

from collections.abc import Mapping

# The order of the names of a command or a word: English, Portuguese, Italian.
NAME_LANGUAGES = ("en", "pt", "it")

Names = tuple[str, str, str]

COMMANDS: Mapping[str, Names] = {
    "new": ("new", "novo", "nuova"),
    "accept": ("accept", "aceitar", "accetta"),
    "begin": ("begin", "iniciar", "inizia"),
    "decline": ("decline", "recusar", "rifiuta"),
    "move": ("move", "jogar", "muovi"),
    "roll": ("roll", "rolar", "lancia"),
    "board": ("board", "tabuleiro", "tavoliere"),
    "moves": ("moves", "lances", "mosse"),
    "games": ("games", "partidas", "partite"),
    "use": ("use", "usar", "usa"),
    "resign": ("resign", "desistir", "abbandona"),
    "draw": ("draw", "empate", "patta"),
    "claim": ("claim", "reclamar", "reclama"),
    "abort": ("abort", "abortar", "annulla"),
    "history": ("history", "historico", "storia"),
    "pdn": ("pdn", "exportar", "esporta"),
    "profile": ("profile", "perfil", "profilo"),
    "top": ("top", "ranking", "classifica"),
    "vacation": ("vacation", "ferias", "vacanza"),
    "remind": ("remind", "lembretes", "promemoria"),
    "link": ("link", "vincular", "collega"),
    "flip": ("flip", "girar", "ruota"),
    "lang": ("language", "idioma", "lingua"),
    "takeback": ("takeback", "voltar", "ritira"),
    "rematch": ("rematch", "revanche", "rivincita"),
    "verify": ("verify", "verificar", "verifica"),
    "rules": ("rules", "regras", "regole"),
    "tournament": ("tournament", "torneio", "torneo"),
    "help": ("help", "ajuda", "aiuto"),
    "review": ("review", "analise", "analisi"),
    "puzzle": ("puzzle", "problema", "problema"),
    "simul": ("simul", "simultanea", "simultanea"),
    "clubmatch": ("clubmatch", "confronto", "incontro"),
    "web": ("web", "web", "web"),
}
# The console's own commands (bot/console.py): who is at the keyboard, the board's picture,
# the hand-moved clock, the end of the session.
CONSOLE_COMMANDS: Mapping[str, Names] = {
    "as": ("as", "sou", "sono"),
    "png": ("png", "png", "png"),
    "clock": ("clock", "relogio", "orologio"),
    "quit": ("quit", "sair", "esci"),
}
# The option words that messages name and usages show, each as the typed readers take it in
# each language.
WORDS: Mapping[str, Names] = {
    "offer": ("offer", "oferecer", "offri"),
    "accept": ("accept", "aceitar", "accetta"),
    "decline": ("decline", "recusar", "rifiuta"),
    "yes": ("yes", "sim", "sì"),
    "on": ("on", "sim", "sì"),
    "off": ("off", "não", "no"),
    "done": ("done", "terminadas", "concluse"),
    "chat": ("chat", "grupo", "gruppo"),
    "vs": ("vs", "contra", "contro"),
    "computer": ("computer", "computador", "computer"),
    "white": ("white", "brancas", "bianco"),
    "black": ("black", "pretas", "nero"),
    "live": ("live", "ao vivo", "dal vivo"),
    "corr": ("corr", "correspondência", "corrispondenza"),
    "brazilian": ("brazilian", "brasileira", "brasiliana"),
    "international": ("international", "internacional", "internazionale"),
    "italian": ("italian", "italiana", "italiana"),
    "italian-familiar": ("italian-familiar", "familiar", "familiare"),
    "ludo": ("ludo", "ludo", "ludo"),
    # /new's other words: rated or casual, the computer's levels, the games' options
    "rated": ("rated", "valendo", "classificata"),
    "casual": ("casual", "amistosa", "amichevole"),
    "beginner": ("beginner", "iniciante", "principiante"),
    "easy": ("easy", "fácil", "facile"),
    "normal": ("normal", "normal", "normale"),
    "strong": ("strong", "forte", "forte"),
    "numbers": ("numbers", "numeros", "numeri"),
    "ballot": ("ballot", "sorteio", "sorteggio"),
    "three-sixes": ("three-sixes", "tres-seis", "tre-sei"),
    "towers-block": ("towers-block", "torres-bloqueiam", "torri-bloccano"),
    "teams": ("teams", "duplas", "squadre"),
    # /tournament's words (bot/service/command_table/tournaments.py)
    "with": ("with", "com", "con"),
    "all": ("all", "todos", "tutti"),
    "daily": ("daily", "diario", "giornaliero"),
    "show": ("show", "mostrar", "mostra"),
    "solution": ("solution", "solucao", "soluzione"),
    "knockout": ("knockout", "mata-mata", "eliminazione"),
    # /simul new's colour of the host (bot/service/command_table/simuls.py)
    "alternate": ("alternate", "alternadas", "alternato"),
    # /web logout: every sign-in to the web pages ends
    "logout": ("logout", "sair", "esci"),
    "arena": ("arena", "arena", "arena"),
    # /clubmatch's sides and the organiser's verdict of a drawn game
    "a": ("a", "a", "a"),
    "b": ("b", "b", "b"),
    "draw": ("draw", "empate", "patta"),
}
# The subcommands of a command ("/tournament join"), named by the word after the command.
SUBCOMMANDS: Mapping[str, Mapping[str, Names]] = {
    "tournament": {
        "new": ("new", "novo", "nuovo"),
        "join": ("join", "entrar", "partecipa"),
        "leave": ("leave", "sair", "lascia"),
        "start": ("start", "iniciar", "inizia"),
        "show": ("show", "mostrar", "mostra"),
        "pairings": ("pairings", "emparceiramento", "abbinamenti"),
        "games": ("games", "partidas", "partite"),
        "pdn": ("pdn", "pdn", "pdn"),
        "csv": ("csv", "csv", "csv"),
        "verify": ("verify", "verificar", "verifica"),
        "pause": ("pause", "pausar", "pausa"),
        "resume": ("resume", "retomar", "riprendi"),
        "cancel": ("cancel", "cancelar", "annulla"),
        "settle": ("settle", "decidir", "decidi"),
        "withdraw": ("withdraw", "desistir", "ritirati"),
        "berserk": ("berserk", "berserk", "berserk"),
        "help": ("help", "ajuda", "aiuto"),
    },
    "simul": {
        "new": ("new", "nova", "nuova"),
        "join": ("join", "entrar", "partecipa"),
        "leave": ("leave", "sair", "lascia"),
        "start": ("start", "iniciar", "inizia"),
        "desk": ("desk", "mesa", "banco"),
        "show": ("show", "mostrar", "mostra"),
        "pdn": ("pdn", "pdn", "pdn"),
        "cancel": ("cancel", "cancelar", "annulla"),
    },
    "clubmatch": {
        "new": ("new", "novo", "nuovo"),
        "join": ("join", "entrar", "aderisci"),
        "sign": ("sign", "inscrever", "iscriviti"),
        "leave": ("leave", "sair", "lascia"),
        "start": ("start", "iniciar", "inizia"),
        "show": ("show", "mostrar", "mostra"),
        "pdn": ("pdn", "pdn", "pdn"),
        "csv": ("csv", "csv", "csv"),
        "settle": ("settle", "decidir", "decidi"),
        "cancel": ("cancel", "cancelar", "annulla"),
    },
}
COMMAND_MARK = "/"
WORD_MARK = "="


def name_in(names: Names, language: str | None) -> str:
    """The name of `names` in `language` (English for any other)."""
    index = NAME_LANGUAGES.index(language) if language in NAME_LANGUAGES else 0
    return names[index]


def _words(words: str, language: str | None) -> str:
    """Option words, alternatives ("on|off") included, in `language`; a word not in `WORDS`
    stays as written (tests/bot/i18n/test_command_names.py holds every message to known words)."""
    return " ".join(
        "|".join(_word(word, language) for word in each.split("|")) for each in words.split()
    )


def _word(word: str, language: str | None) -> str:
    return name_in(WORDS[word], language) if word in WORDS else word


def named(placeholder: str, language: str | None) -> str | None:
    """What a placeholder of a message says in `language`: "/draw accept" gives the command
    with its words ("/empate aceitar"), "=on|off" the words alone; None for any other
    placeholder (a value of the message)."""
    if placeholder.startswith(WORD_MARK):
        return _words(placeholder.removeprefix(WORD_MARK), language)
    if not placeholder.startswith(COMMAND_MARK):
        return None
    command, _, words = placeholder.removeprefix(COMMAND_MARK).partition(" ")
    names = COMMANDS.get(command) or CONSOLE_COMMANDS.get(command)
    if names is None:
        return None
    shown = COMMAND_MARK + name_in(names, language)
    first, _, rest = words.partition(" ")
    subcommand = SUBCOMMANDS.get(command, {}).get(first)
    if subcommand is not None:
        shown, words = f"{shown} {name_in(subcommand, language)}", rest
    return f"{shown} {_words(words, language)}" if words else shown
