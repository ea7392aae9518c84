"""/review: a finished draughts game (or a PDN record given to it) searched position by
position in the worker processes, each move marked by the win chances it gave away, the
review kept and shown again without searching (docs/training.md).

Each position is one job of a quick think's size (`ComputerPlayers.work`), so a review never
holds a worker for long: the computers' moves in other games take their turns between its
positions. The person sees the review's progress (`progress`, lent by the front end) at
most `STAGES` times."""

from __future__ import annotations

import asyncio
import hashlib
import weakref
from collections.abc import Awaitable, Callable, Mapping

from bot.i18n import Text, language_of, quote, text, translate
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import Actor, Event, GameState, Reply, ServiceError
from bot.service.kernel.families import family_of, seat_name
from bot.service.kernel.families.draughts_boards import draughts_side
from bot.service.kernel.kernel import Kernel
from bot.service.reviews.answer import review_events
from bot.service.reviews.pdn_files import PDN_LIMIT, PdnFile, pdn_file_text, too_long
from bot.service.reviews.record import Review, ReviewedGame
from bot.service.reviews.text import annotated_moves, pdn_of_record
from games.base import find_game
from games.damas import Position
from games.damas.pdn import PdnError, read_games
from games.damas.pdn_replay import replay_game
from games.damas.review import (
    REVIEW_NODES,
    SECOND_LOOK_NODES,
    Searched,
    search_snapshot,
    second_look_plies,
    second_look_positions,
)
from storage import ChatRef, GameStore, ReviewStore

# How the front end shows a stage of a long piece of work (a message, then its edits).
Progress = Callable[[Text], Awaitable[None]]
# Progress reports of one review at most (the first position's included).
STAGES = 10


async def no_progress(_stage: Text) -> None:
    """Where nobody watches the work (a test, a button)."""


class Reviews(Capability):
    def __init__(self, kernel: Kernel, games: GameStore, reviews: ReviewStore) -> None:
        super().__init__(kernel)
        self.games = games
        self.reviews = reviews
        # Nodes a position (games.damas.review: about 0.2 s of CPU); tests search less.
        self.nodes = REVIEW_NODES
        # Nodes of the second look at each move the first pass marks a mistake or worse.
        self.second_look_nodes = SECOND_LOOK_NODES
        # One review of a game at a time: a second asker waits and reads the stored one.
        self._running: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    async def review(
        self,
        actor: Actor,
        chat: ChatRef | None = None,
        game_id: int | None = None,
        pdn: str | None = None,
        progress: Progress = no_progress,
        file: PdnFile | None = None,
    ) -> list[Event]:
        """The review of a finished game (by default the player's last one), or of the first
        record of a PDN text or file; computed once, then shown from the store."""
        player = await self.kernel.roster.player(actor)
        language = player.language or language_of(actor.language)
        if file is not None:
            pdn = await pdn_file_text(file)
        if pdn is not None:
            reviewed = _pdn_game(pdn)
            key = "pdn:" + hashlib.sha256(pdn.strip().encode()).hexdigest()
            named = [_player(reviewed.tags, tag) for tag in ("White", "Black")]
            title = _pdn_title(named, file)
            names = [
                name or translate(language, draughts_side(seat)) for seat, name in enumerate(named)
            ]
            review, stored = await self._reviewed(key, reviewed, title, progress)
            pdn_text = pdn_of_record(review, language)
            events = review_events(review, title, names, pdn_text, "review.pdn", language)
            return _noted(events, stored)
        state = await self._finished_game(player.id, game_id, chat)
        title = text("game #{game}", game=state.id)
        reviewed = ReviewedGame(
            state.record.kind, state.record.options.get("fen"), state.log, state.id
        )
        review, stored = await self._reviewed(f"game:{state.id}", reviewed, title, progress)
        family = family_of(find_game(state.record.kind))
        content = family.pdn(state, annotated_moves(review, language), language)
        assert content is not None  # a draughts game (_finished_game)
        names = [translate(language, seat_name(state, seat)) for seat in (0, 1)]
        events = review_events(review, title, names, content, f"review-{state.id}.pdn", language)
        return _noted(events, stored)

    async def _finished_game(
        self, player_id: int, game_id: int | None, chat: ChatRef | None
    ) -> GameState:
        """The game to review: the one named (if the person may see it from `chat`), else
        the player's last finished game; refused unless it is a finished draughts game."""
        if game_id is None:
            finished = await self.games.games_of_player(player_id, "finished")
            if not finished:
                raise ServiceError(
                    text("You have no finished game to review: name one, {/review} GAME.")
                )
            game_id = finished[0].id
        state = await self.kernel.state(game_id)
        await self.kernel.lookup.check_visible(state, player_id, chat)
        if family_of(find_game(state.record.kind)).pdn(state, ()) is None:
            raise ServiceError(
                text("Only draughts games can be reviewed: game #{game} is not one.", game=state.id)
            )
        if state.record.status == "active":
            raise ServiceError(
                text(
                    "Game #{game} is still being played: it can be reviewed once it is over.",
                    game=state.id,
                )
            )
        if not state.log:
            raise ServiceError(text("Game #{game} has no moves to review.", game=state.id))
        return state

    async def _reviewed(
        self, key: str, game: ReviewedGame, title: Text, progress: Progress
    ) -> tuple[Review, bool]:
        """The stored review of `key` (and True), else one computed now and stored."""
        lock = self._running.get(key)
        if lock is None:
            lock = self._running[key] = asyncio.Lock()
        async with lock:
            stored = await self.reviews.review(key)
            if stored is not None:
                return Review.from_json(stored), True
            review = await self._compute(game, title, progress)
            content = await self.reviews.save_review(
                key, game.game_id, review.nodes, review.to_json()
            )
            return Review.from_json(content), False

    async def _compute(self, game: ReviewedGame, title: Text, progress: Progress) -> Review:
        positions = game.positions()
        total = len(game.moves)
        step = max(1, -(-total // STAGES))
        searched: list[Searched | None] = []
        for index, position in enumerate(positions):
            if index % step == 0 and index < total:
                await progress(
                    text(
                        "Reviewing {title}: move {move} of {moves}.",
                        title=title,
                        move=index + 1,
                        moves=total,
                    )
                )
            searched.append(await self._search(game.variant, position, self.nodes))
        first = Review.of(game, self.nodes, searched)
        plies = second_look_plies(first.moves)
        if plies:
            await progress(
                text(
                    "Reviewing {title}: a second, deeper look at the marked moves ({count}).",
                    title=title,
                    count=len(plies),
                )
            )
        # Each position once, though two marked moves in a row share one.
        again = {
            index: await self._search(game.variant, positions[index], self.second_look_nodes)
            for index in second_look_positions(plies)
        }
        deeper = {ply: (again[ply], again[ply + 1]) for ply in plies}
        return first.looked_again(self.second_look_nodes, deeper)

    async def _search(self, variant: str, position: Position, nodes: int) -> Searched | None:
        """One position searched in a worker (None where the game is over)."""
        if position.outcome() is not None:
            return None
        return await self.kernel.computers.work(
            search_snapshot, variant, position.snapshot(), nodes
        )


def _noted(events: list[Event], stored: bool) -> list[Event]:
    """A review read from the store says so: it was not searched again."""
    if not stored:
        return events
    return [Reply(text("The stored review (it is searched once, when first asked for):")), *events]


def _player(tags: Mapping[str, str], tag: str) -> str | None:
    """A player's name in a PDN's tags; None where it is not given (PDN writes "?")."""
    name = tags.get(tag, "").strip()
    return None if name in ("", "?", "-") else name


def _pdn_title(names: list[str | None], file: PdnFile | None) -> Text:
    """A PDN game as the review names it: by its players, where it names either; else by
    its file, or as the pasted game."""
    if any(names):
        players = " - ".join(name or "?" for name in names)
        return text("the game {players}", players=quote(players, 60))
    if file is not None:
        return text("the game in {file}", file=quote(file.name, 60))
    return text("the pasted game")


def _pdn_game(content: str) -> ReviewedGame:
    """The first record of a PDN text given to the review, its moves in the positions' own
    notation (a capture written short, in full); refused with the reason where it does not
    read or replay."""
    if len(content) > PDN_LIMIT:
        raise too_long()
    try:
        games = read_games(content)
    except PdnError as error:
        raise ServiceError(
            text("That PDN does not read: {reason}", reason=quote(str(error), 300))
        ) from None
    games = [game for game in games if game.moves]
    if not games:
        raise ServiceError(text("That PDN has no moves to review."))
    game = games[0]
    replayed = replay_game(game)
    problem = replayed.problem
    if problem is not None:
        raise ServiceError(
            text(
                "That PDN does not replay: move {number} {move}: {reason}",
                number=problem.move_number,
                move=quote(problem.text, 40),
                reason=quote(problem.reason, 300),
            )
        )
    return ReviewedGame(game.variant, game.fen, replayed.moves, None, game.tags, game.result)
