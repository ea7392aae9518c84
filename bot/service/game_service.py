"""The platform-free game service: `GameService`, the one object front ends call.

It is a facade: it builds the kernel (bot/service/kernel/kernel.py: game states, locks, the one move
commit, the end of games, events, background work) and one object per capability, and hands
out their methods under the names front ends use (docs/service.md lists where each lives).
Each game is handled in sequence (one lock per game id); the store's version check makes a
second click on an old board fail with "the board changed" even across processes.
"""

from __future__ import annotations

from bot.service.challenges.challenges import Challenges
from bot.service.correspondence.correspondence import Correspondence, Scheduler
from bot.service.elsewhere.changes import ChangesElsewhere
from bot.service.kernel.clocks import Clock, utc_now
from bot.service.kernel.computer_players import ComputerPlayers
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.turns import events_state, player_seats, seat_to_act
from bot.service.people.chats import ChatChoices
from bot.service.people.identity import Identities
from bot.service.playing.play import Play
from bot.service.playing.results import Results
from bot.service.playing.takeback import Takebacks
from bot.service.puzzles.daily import DailyPuzzles
from bot.service.puzzles.puzzles import Puzzles
from bot.service.ratings.ratings import Ratings
from bot.service.records.records import GameRecords
from bot.service.reviews.reviews import Reviews
from bot.service.tournaments.entries import TournamentEntries
from bot.service.tournaments.reports import TournamentReports
from bot.service.tournaments.tournaments import Tournaments
from storage import Store

__all__ = ["GameService", "events_state", "player_seats", "seat_to_act"]


class GameService:
    """The service over one store. Create it, `subscribe` front ends, call its methods."""

    def __init__(
        self, store: Store, computers: ComputerPlayers | None = None, clock: Clock = utc_now
    ) -> None:
        kernel = Kernel(store, computers or ComputerPlayers(), clock)
        self.kernel = kernel
        self.store = store
        self.clock = clock

        self.challenges = Challenges(kernel)
        self.takebacks = Takebacks(kernel)
        self.play = Play(kernel)
        self.results = Results(kernel)
        self.correspondence = Correspondence(kernel)
        self.scheduler = Scheduler(self.correspondence)
        # The boards of other processes' moves (several processes on PostgreSQL).
        self.elsewhere = ChangesElsewhere(kernel)

        self.identities = Identities(kernel)
        self.records = GameRecords(kernel)
        self.chats = ChatChoices(kernel)
        self.ratings = Ratings(kernel)
        self.reviews = Reviews(kernel)
        self.tournaments = Tournaments(kernel)
        self.entries = TournamentEntries(kernel)
        self.reports = TournamentReports(kernel)
        self.puzzles = Puzzles(kernel)
        self.daily = DailyPuzzles(kernel)

    async def resume(self) -> None:
        """After a start: wake the computers whose turn it is, and carry on the tournaments
        (a round that completed while the service was down starts now, once)."""
        await self.play.resume()
        await self.tournaments.resume()
