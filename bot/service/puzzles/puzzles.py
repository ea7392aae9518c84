"""/puzzle: a puzzle near the player's puzzle rating, answered move by move; the line goes on
after each right move, and the solution and the new ratings come at the end (never before).
A wrong move is shown the opponent's answer to it (the refutation) and may be tried again
from there; `/puzzle solution` (or the button after a miss) shows the solution.

Ratings are Glicko-2 (competition/rating/glicko2.py), one pool per variant: a solve is a win
of the player over the puzzle, a miss the puzzle's win; both ratings change, stored with the
end of the attempt in one transaction. As on lichess, only the first try counts: a miss (or
the solution asked for) rates the loss at once, and the retry after it, like a puzzle met
again, counts for nothing."""

from __future__ import annotations

from bot.i18n import Text, language_of, text
from bot.i18n.game_messages import error_text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, Event, PlayerNotice, PuzzleStep, Reply, ServiceError
from bot.service.kernel.families import game_title
from bot.service.kernel.kernel import Kernel
from bot.service.puzzles.shipped import START, VARIANTS, add_shipped
from bot.service.puzzles.verdicts import private_verdict, verdict
from bot.service.puzzles.views import (
    headline,
    picture_event,
    position_at,
    puzzle_of,
    puzzle_step,
    refutation_event,
    solution,
    to_move,
)
from competition.rating.glicko2 import Glicko as Rated
from competition.rating.glicko2 import Result, rate
from games.base import GameError, find_game
from games.damas.puzzles.finder import refutation
from storage import ChatRef, Glicko, Player, PuzzleAttempt, PuzzleRecord, PuzzleStore

MOVED_ON = text("This puzzle has moved on: answer its newest picture.")
NONE_UNDER_WAY = text("You have no puzzle under way: {/puzzle} gives you one.")
ANSWERED = text("This puzzle was answered already.")


# The variant a player with no draughts game yet most likely plays, by language.
LANGUAGE_VARIANTS = {"it": "italian", "pt": "brazilian"}


def puzzle_variant(word: str) -> str:
    """The draughts variant a word names; refused for other games."""
    try:
        key = find_game(word).key
    except KeyError:
        key = ""
    if key not in VARIANTS:
        raise ServiceError(
            text("Puzzles are for Brazilian, International and Italian draughts, the soffio's too.")
        )
    return key


async def usual_variant(kernel: Kernel, actor: Actor) -> str:
    """The variant a puzzle asked for without one is of: that of the person's latest draughts
    game, else the one his language's players play (an Italian is not given a Brazilian
    puzzle)."""
    player = await kernel.roster.player(actor)
    latest = await kernel.lookup.latest_kind(player, VARIANTS)
    if latest is not None:
        return latest
    language = player.language or language_of(actor.language) or ""
    return LANGUAGE_VARIANTS.get(language.split("_")[0], VARIANTS[0])


def _rated(rating: Glicko) -> Rated:
    return Rated(rating.rating, rating.deviation, rating.volatility)


def _stored(rating: Rated) -> Glicko:
    return Glicko(rating.rating, rating.deviation, rating.volatility)


class Puzzles(Capability):
    def __init__(self, kernel: Kernel, puzzles: PuzzleStore) -> None:
        super().__init__(kernel)
        self.puzzles = puzzles
        self._shipped_added = False

    async def ready(self) -> None:
        """The shipped puzzles are in the store (added once per process; adding is
        idempotent, so several processes may do it)."""
        if not self._shipped_added:
            await add_shipped(self.puzzles)
            self._shipped_added = True

    @routed
    async def puzzle(self, actor: Actor, chat: ChatRef, variant: str | None = None) -> list[Event]:
        """A new puzzle of the variant near the player's rating (in a chat with a daily
        puzzle the player has not tried, that one)."""
        await self.ready()
        player = await self.kernel.roster.player(actor)
        record = await self._daily_untried(player, chat) if variant is None else None
        if record is None:
            key = puzzle_variant(variant) if variant else await usual_variant(self.kernel, actor)
            near = (await self._rating(player.id, key)).rating
            record = await self.puzzles.next_puzzle(player.id, key, near)
            if record is None:
                raise ServiceError(text("No puzzles of {game} yet.", game=game_title(key)))
        await self.puzzles.start_attempt(player.id, record.id, chat)
        return await self._shown(record, 0)

    @routed
    async def answer(self, actor: Actor, chat: ChatRef, move: str) -> list[Event]:
        """A move of the player's puzzle under way (or of the chat's daily puzzle)."""
        return await self._answer(actor, chat, move)

    @routed
    async def press(
        self, actor: Actor, chat: ChatRef, puzzle_id: int, step: int, index: int
    ) -> list[Event]:
        """A button of a puzzle's picture: the move `index` of that step's choices, if the
        player's attempt is still at that step."""
        choices = (await self.step(actor, chat, puzzle_id, step)).choices
        if not 0 <= index < len(choices):
            raise ServiceError(MOVED_ON)
        return await self._answer(actor, chat, choices[index].notation)

    async def step(self, actor: Actor, chat: ChatRef, puzzle_id: int, step: int) -> PuzzleStep:
        """The moves a puzzle's buttons offer at `step` (a piece chosen shows its
        destinations), if the player's attempt is still at that step."""
        await self.ready()
        attempt = await self._attempt(await self.kernel.roster.player(actor), chat)
        record = await self.puzzles.puzzle(puzzle_id)
        if (
            record is None
            or attempt is None
            or (attempt.puzzle_id, attempt.step)
            != (
                puzzle_id,
                step,
            )
        ):
            raise ServiceError(MOVED_ON)
        return puzzle_step(record, step, await self._retry(attempt))

    async def _retry(self, attempt: PuzzleAttempt) -> bool:
        """Whether the attempt counts for nothing: the player ended one at this puzzle
        before (a miss, then the retry; a puzzle met again)."""
        return await self.puzzles.answered_before(attempt.player_id, attempt.puzzle_id)

    @routed
    async def reveal(self, actor: Actor, chat: ChatRef) -> list[Event]:
        """`/puzzle solution`: the solution of the puzzle under way, which ends it (a miss
        where the attempt counts)."""
        await self.ready()
        attempt = await self._attempt(await self.kernel.roster.player(actor), chat)
        if attempt is None:
            raise ServiceError(NONE_UNDER_WAY)
        return await self._revealed(actor, chat, attempt)

    @routed
    async def reveal_press(
        self, actor: Actor, chat: ChatRef, puzzle_id: int, step: int
    ) -> list[Event]:
        """The solution's button under a puzzle's picture, if the attempt is still there."""
        await self.step(actor, chat, puzzle_id, step)
        attempt = await self._attempt(await self.kernel.roster.player(actor), chat)
        assert attempt is not None  # step() found it open
        return await self._revealed(actor, chat, attempt)

    async def _revealed(self, actor: Actor, chat: ChatRef, attempt: PuzzleAttempt) -> list[Event]:
        record = await self.puzzles.puzzle(attempt.puzzle_id)
        assert record is not None  # an attempt's puzzle stays
        privately = actor.platform if await self._daily_post(chat) == record.id else None
        return await self._finish(attempt, record, False, privately)

    async def _attempt(self, player: Player, chat: ChatRef) -> PuzzleAttempt | None:
        """The attempt a move answers: the chat's daily puzzle the player has not tried (it
        starts now), else the player's puzzle under way."""
        daily = await self._daily_untried(player, chat)
        attempt = await self.puzzles.open_attempt(player.id)
        if daily is not None and (attempt is None or attempt.puzzle_id != daily.id):
            return await self.puzzles.start_attempt(player.id, daily.id, chat)
        return attempt

    async def _answer(self, actor: Actor, chat: ChatRef, move: str) -> list[Event]:
        await self.ready()
        player = await self.kernel.roster.player(actor)
        attempt = await self._attempt(player, chat)
        if attempt is None:
            raise ServiceError(NONE_UNDER_WAY)
        record = await self.puzzles.puzzle(attempt.puzzle_id)
        assert record is not None  # an attempt's puzzle stays
        puzzle = puzzle_of(record)
        ply = 2 * attempt.step
        position, _ = position_at(puzzle, ply)
        try:
            played = position.parse(move)
        except GameError as error:
            raise ServiceError(error_text(error)) from None
        if played != position.parse(puzzle.line[ply]):
            return await self._missed(attempt, record, position.notation(played))
        if ply + 1 < len(puzzle.line):
            if not await self.puzzles.advance_attempt(attempt.id, attempt.step):
                raise ServiceError(ANSWERED)
            reply = puzzle.line[ply + 1]
            events: list[Event] = [
                Reply(text("Right! {reply} is the answer: your move again.", reply=reply))
            ]
            return events + await self._shown(record, attempt.step + 1, await self._retry(attempt))
        in_group = await self._daily_post(chat) == record.id
        return await self._finish(attempt, record, True, actor.platform if in_group else None)

    async def _missed(
        self, attempt: PuzzleAttempt, record: PuzzleRecord, wrong: str
    ) -> list[Event]:
        """A wrong move: the opponent's answer to it, the loss rated where the attempt
        counts, and the same position to try again (an attempt that counts for nothing)."""
        ply = 2 * attempt.step
        reply = await self.kernel.computers.work(refutation, puzzle_of(record), ply, wrong)
        events: list[Event] = []
        if reply is None:
            events.append(Reply(text("Not this time: {move} does not win.", move=wrong)))
        else:
            verdict = text("Not this time: {move} is answered by {reply}.", move=wrong, reply=reply)
            events.append(await refutation_event(record, ply, wrong, reply, verdict))
        if not await self._retry(attempt):
            events.append(Reply(await self._rated(attempt, record, solved=False)))
            attempt = await self.puzzles.start_attempt(
                attempt.player_id, record.id, attempt.chat, attempt.step
            )
        caption = text(
            "{headline}: try again, your move (the retry is not rated); {/puzzle solution} "
            "shows the solution.",
            headline=headline(record),
        )
        return [*events, await picture_event(record, attempt.step, caption, retry=True)]

    async def _daily_post(self, chat: ChatRef) -> int | None:
        return await self.puzzles.daily_post(chat, self.kernel.clock().date())

    async def _daily_untried(self, player: Player, chat: ChatRef) -> PuzzleRecord | None:
        puzzle_id = await self._daily_post(chat)
        if puzzle_id is None:
            return None
        open_attempt = await self.puzzles.open_attempt(player.id)
        if open_attempt is not None and open_attempt.puzzle_id == puzzle_id:
            return await self.puzzles.puzzle(puzzle_id)
        if await self.puzzles.attempted(player.id, puzzle_id):
            return None
        return await self.puzzles.puzzle(puzzle_id)

    async def _rating(self, player_id: int, variant: str) -> Glicko:
        ratings = await self.puzzles.puzzle_ratings(player_id)
        return next((found.rating for found in ratings if found.variant == variant), START)

    async def _shown(self, record: PuzzleRecord, step: int, retry: bool = False) -> list[Event]:
        """The picture before the solver's move `step`, with its moves for the buttons."""
        puzzle = puzzle_of(record)
        if step == 0:
            caption = text(
                "{headline}: {to_move} Answer with {/puzzle} and your move.",
                headline=headline(record),
                to_move=to_move(puzzle),
            )
        else:
            caption = text("{headline}: your move.", headline=headline(record))
        return [await picture_event(record, step, caption, retry=retry)]

    async def _finish(
        self,
        attempt: PuzzleAttempt,
        record: PuzzleRecord,
        solved: bool,
        privately: str | None,
    ) -> list[Event]:
        """The verdict, the solution and the new rating (where the attempt counts): solved,
        or the solution asked for; the solution of a group's daily puzzle goes to the
        player privately (on `privately`, their platform), so that the group does not read
        it before answering."""
        if await self._retry(attempt):
            if not await self.puzzles.end_attempt(attempt, solved):
                raise ServiceError(ANSWERED)
            rating = None
        else:
            rating = await self._rated(attempt, record, solved)
        said = solution(puzzle_of(record))
        if privately is None:
            return [
                Reply(verdict(solved, rating is None)),
                Reply(said),
                *([Reply(rating)] if rating else []),
            ]
        return [
            Reply(private_verdict(solved, rating is None)),
            *([Reply(rating)] if rating else []),
            PlayerNotice(attempt.player_id, said, None, privately),
        ]

    async def _rated(self, attempt: PuzzleAttempt, record: PuzzleRecord, solved: bool) -> Text:
        """End the attempt with both new ratings; the player's new rating in words."""
        variant = record.puzzle.variant
        before = await self._rating(attempt.player_id, variant)
        player = rate(_rated(before), [Result(_rated(record.rating), 1.0 if solved else 0.0)])
        puzzle = rate(_rated(record.rating), [Result(_rated(before), 0.0 if solved else 1.0)])
        if not await self.puzzles.finish_attempt(
            attempt, variant, solved, _stored(player), _stored(puzzle)
        ):
            raise ServiceError(ANSWERED)
        change = round(player.rating) - round(before.rating)
        return text(
            "Your puzzle rating ({game}): {rating} ({change}).",
            game=game_title(variant),
            rating=round(player.rating),
            change=f"{change:+d}",
        )
