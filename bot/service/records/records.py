"""A player's games and their records: the board, the legal moves, the list of games, the
game that commands go to, the moves so far, the PDN export, and the board messages shown."""

from __future__ import annotations

import logging
import uuid

from bot.i18n import Text, joined, language_of, text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChatPage,
    Event,
    FileReady,
    GameRow,
    GameState,
    Reply,
    ServiceError,
)
from bot.service.kernel.families import family_of, game_line, players_text, seat_name
from bot.service.kernel.game_flow.clocks import describe_time
from bot.service.kernel.game_flow.turns import player_seats, seat_to_act
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.words.file_names import file_name
from games.base import CHANCE, find_game
from storage import (
    BoardMessage,
    BoardSendStore,
    BoardSlot,
    BoardStore,
    ChallengeStore,
    ChatRef,
    GameStore,
    Player,
    PlayerStore,
)

logger = logging.getLogger(__name__)

# How many finished games /games done lists.
FINISHED_SHOWN = 20
# Seconds a process that took a board's slot (to send its new message) keeps it if it never
# says it is done (killed mid-send): another process may send the board after that.
BOARD_SLOT_LEASE = 30.0


class GameRecords(Capability):
    def __init__(
        self,
        kernel: Kernel,
        players: PlayerStore,
        games: GameStore,
        boards: BoardStore,
        challenges: ChallengeStore,
        slots: BoardSendStore,
    ) -> None:
        super().__init__(kernel)
        self.players = players
        self.games = games
        self.boards = boards
        self.challenges = challenges
        self.slots = slots
        # This process, as the holder of the board slots it takes.
        self._holder = uuid.uuid4().hex

    async def board(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.lookup.game_of(player, game_id, finished=True, chat=chat)
        return [BoardUpdate(state, None, None)]

    async def visible_state(self, actor: Actor, game_id: int, chat: ChatRef) -> GameState:
        """The game (as remembered, when its stored version has not moved) for a button
        pressed in `chat`: refused as unknown where the person may not see it (a forged
        button names another chat's game)."""
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.current(game_id)
        await self.kernel.lookup.check_visible(state, player.id, chat)
        return state

    async def legal_moves(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.lookup.game_of(player, game_id, chat=chat)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))
        if state.position.to_move() == CHANCE:
            return [Reply(text("Roll the die first: {/roll}."))]
        family = family_of(find_game(state.record.kind))
        choices = [
            family.shown(state.position.notation(move), state.position)
            for move in state.position.legal_moves()
        ]
        return [Reply(text("Legal moves: {moves}", moves=joined(choices, ", ")))]

    async def my_games(
        self, actor: Actor, chat: ChatRef | None = None, done: bool = False
    ) -> list[Event]:
        """Every game of the player on every platform, the most urgent first: their turns by
        the time left, then the games where others are to move; then the open challenges
        of `chat` that the player sent or may accept; the first line carries the chat's
        page (its live games and tournaments). With `done`, the finished games."""
        player = await self.kernel.roster.player(actor)
        if done:
            return await self._finished_games(player.id)
        listed = await self._games_in_progress(player, chat)
        first = listed[0]
        if chat is not None and isinstance(first, Reply):
            listed[0] = Reply(first.text, ChatPage(chat))
        return listed

    async def games_seen_in(self, chat: ChatRef) -> list[GameRow]:
        """The live games that `chat` may see (they live there or were shown there), a line
        each with its game, for the chat's page."""
        rows = []
        for game_id in await self.boards.games_seen_in(chat):
            try:
                state = await self.kernel.state(game_id)
            except ServiceError as error:
                rows.append(GameRow(error.reason, None))
                continue
            rows.append(GameRow(game_line(state), game_id))
        return rows

    async def _games_in_progress(self, player: Player, chat: ChatRef | None) -> list[Event]:
        """The player's games, the most urgent first, and the chat's challenges for him."""
        games = await self.games.games_of_player(player.id)
        challenges = await self._challenges(player.id, chat)
        if not games:
            return [
                Reply(text("You have no game in progress. Start one with {/new}.")),
                *challenges,
            ]
        rows = []
        for record in games:
            try:
                state = await self.kernel.state(record.id)
            except ServiceError as error:
                rows.append(((2, 0.0), error.reason))
                continue
            acting = seat_to_act(state)
            mine = acting is not None and acting in player_seats(state, player.id)
            if acting is None:
                turn = text("game over")
            elif mine:
                turn = text("your turn")
            else:
                turn = text("{name} to move", name=seat_name(state, acting))
            if state.time_left is not None:
                turn = text("{turn}, {left} left", turn=turn, left=describe_time(state.time_left))
            urgency = state.time_left.total_seconds() if state.time_left is not None else 1e12
            kind = find_game(record.kind)
            line = text(
                "{marker}#{game} {title}: {players} ({turn})",
                marker="*" if record.id == player.active_game_id else " ",
                game=record.id,
                title=family_of(kind).title(kind),
                players=players_text(state),
                turn=turn,
            )
            if state.away:
                away = joined([seat_name(state, seat) for seat in sorted(state.away)], ", ")
                line = text("{line} [{names} on vacation]", line=line, names=away)
            rows.append(((0 if mine else 1, urgency), line))
        rows.sort(key=lambda row: row[0])
        return [*(Reply(line) for _, line in rows), *challenges]

    async def _challenges(self, player_id: int, chat: ChatRef | None) -> list[Event]:
        """The open challenges of the chat that the player sent or may accept."""
        if chat is None:
            return []
        lines: list[Event] = []
        for challenge in await self.challenges.open_challenges(chat):
            kind = find_game(challenge.kind)
            title = family_of(kind).title(kind)
            if challenge.challenger_id == player_id:
                lines.append(
                    Reply(text("Challenge {id} sent: {title}.", id=challenge.id, title=title))
                )
            elif challenge.opponent_id in (None, player_id):
                name = await self.kernel.roster.name(challenge.challenger_id)
                lines.append(
                    Reply(
                        text(
                            "Challenge {id} from {name}: {title}; {/accept} {id} or "
                            "{/decline} {id}.",
                            id=challenge.id,
                            name=name,
                            title=title,
                        )
                    )
                )
        return lines

    async def _finished_games(self, player_id: int) -> list[Event]:
        """The player's finished games, the latest first, each with its result."""
        records = await self.games.games_of_player(player_id, "finished")
        if not records:
            return [Reply(text("You have no finished game yet."))]
        lines: list[Event] = []
        for record in records[:FINISHED_SHOWN]:
            try:
                state = await self.kernel.state(record.id)
            except ServiceError as error:
                lines.append(Reply(error.reason))
                continue
            kind = find_game(record.kind)
            lines.append(
                Reply(
                    text(
                        "#{game} {title}: {players} - {result}",
                        game=record.id,
                        title=family_of(kind).title(kind),
                        players=players_text(state),
                        result=family_of(kind).result_text(state),
                    )
                )
            )
        return lines

    async def games_in_progress(self, actor: Actor) -> list[tuple[int, Text]]:
        """The player's games in progress, numbered and titled: the choices of a `game`
        option."""
        player = await self.kernel.roster.player(actor)
        found = []
        for record in await self.games.games_of_player(player.id):
            kind = find_game(record.kind)
            title = family_of(kind).title(kind)
            found.append((record.id, text("#{game} {title}", game=record.id, title=title)))
        return found

    async def use(self, actor: Actor, game_id: int, chat: ChatRef | None = None) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.state(game_id)
        await self.kernel.lookup.seats_in(state, player.id, chat)
        await self.players.set_active_game(player.id, game_id)
        return [Reply(text("Your moves now go to game #{game}.", game=game_id))]

    async def history(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.lookup.game_of(player, game_id, finished=True, chat=chat)
        if not state.log:
            return [Reply(text("No moves yet in game #{game}.", game=state.id))]
        family = family_of(find_game(state.record.kind))
        return [Reply(text("{moves}", moves=family.history(state)))]

    async def export_pdn(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.lookup.game_of(player, game_id, finished=True, chat=chat)
        family = family_of(find_game(state.record.kind))
        language = player.language or language_of(actor.language)
        content = family.pdn(state, state.log, language)
        if content is None:
            raise ServiceError(text("PDN export is for draughts games."))
        return [
            FileReady(
                file_name("game", state.id, "pdn", language),
                content.encode(),
                text("Game #{game} in PDN.", game=state.id),
            )
        ]

    async def board_shown(
        self,
        game_id: int,
        chat: ChatRef,
        message_id: str,
        version: int = 0,
        thread: str | None = None,
    ) -> None:
        """A front end showed the board of a game in a chat, as this message, at this game
        version, in this thread of the chat (None: the chat itself, or the thread it was
        in)."""
        await self.boards.set_board_message(
            game_id, chat.platform, chat.chat_id, message_id, version, thread
        )

    async def claim_board_send(
        self, game_id: int, chat: ChatRef, version: int, *, again: bool
    ) -> BoardSlot:
        """Before a front end sends a new board message of a game in a chat: whether this
        process sends it (TAKEN: then `release_board_send`), another one did already (SHOWN;
        `again`: a board asked for anew is sent all the same), or is sending it now (BUSY).
        Several processes serving one chat show every change; one message comes of it."""
        return await self.slots.claim_board_send(
            game_id,
            chat.platform,
            chat.chat_id,
            version,
            self._holder,
            again=again,
            lease=BOARD_SLOT_LEASE,
        )

    async def release_board_send(self, game_id: int, chat: ChatRef, *, sent: bool) -> None:
        """The board message this process took the slot for went out (`sent`, and its
        message is stored), or did not (the slot is free for any process again)."""
        await self.slots.release_board_send(
            game_id, chat.platform, chat.chat_id, self._holder, sent=sent
        )

    async def game_shown_by(self, chat: ChatRef, message_id: str) -> int | None:
        """The game whose board this message of `chat` showed (a reply to it is about that
        game), or None."""
        return await self.boards.game_shown_by(chat.platform, chat.chat_id, message_id)

    async def boards_behind(self, platform: str) -> list[tuple[GameState, ChatRef, Text | None]]:
        """The active games whose board in a chat of `platform` is older than the game (or
        missing in the game's own chat), for that chat, with the line of the game's last move
        (nobody was told of it yet): after a restart, each gets its current board once."""
        behind = []
        for game_id, chat_id in await self.boards.boards_behind(platform):
            try:
                state = await self.kernel.state(game_id)
                headline = await self.kernel.changes.latest_headline(state)
                behind.append((state, ChatRef(platform, chat_id), headline))
            except ServiceError as error:
                logger.error(
                    "the board of game %s cannot be brought up to date: %s", game_id, error
                )
        return behind

    async def board_messages(self, game_id: int) -> list[BoardMessage]:
        """The messages that show a game's board, to edit them or take their buttons away."""
        return await self.boards.board_messages(game_id)
