"""The platform-free game service: `GameService`, the one object front ends call.

It is a facade: it builds the kernel (bot/service/kernel/kernel.py: game states, locks, the one move
commit, the end of games, events, background work) and one object per capability, and hands
out their methods under the names front ends use (docs/service.md lists where each lives).
Each game is handled in sequence (one lock per game id); the store's version check makes a
second click on an old board fail with "the board changed" even across processes.
"""

from __future__ import annotations

from bot.service.challenges.challenges import Challenges
from bot.service.clubmatches.matches import ClubMatches
from bot.service.clubmatches.views import ClubMatchViews
from bot.service.correspondence.correspondence import Correspondence, Scheduler
from bot.service.elsewhere.changes import ChangesElsewhere
from bot.service.inbound.updates import InboundUpdates
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.game_flow.clocks import Clock, utc_now
from bot.service.kernel.game_flow.turns import events_state, player_seats, seat_to_act
from bot.service.kernel.kernel import Kernel
from bot.service.leaderboards.messages import LeaderboardMessages
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
from bot.service.sends.chat_turns import ChatTurns
from bot.service.sends.last_sends import LastSends
from bot.service.simuls.desk import SimulDesks
from bot.service.simuls.simuls import Simuls
from bot.service.tournaments.arenas import Arenas
from bot.service.tournaments.entries import TournamentEntries
from bot.service.tournaments.reports import TournamentReports
from bot.service.tournaments.tournaments import Tournaments
from bot.service.web_sessions.web_sessions import WebSessions
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

        # Each capability gets the kernel and the narrow stores it uses (docs/service.md, "Who
        # uses which narrow store"), never the whole store.
        self.challenges = Challenges(kernel, games=store, challenges=store)
        self.takebacks = Takebacks(kernel, games=store)
        self.play = Play(kernel, games=store)
        self.results = Results(kernel, games=store)
        self.correspondence = Correspondence(
            kernel,
            players=store,
            games=store,
            clocks=store,
            vacations=store,
            notices=store,
            tournaments=store,
        )
        self.scheduler = Scheduler(self.correspondence)
        # The boards of other processes' moves (several processes on PostgreSQL).
        self.elsewhere = ChangesElsewhere(kernel, changes=store)

        self.identities = Identities(kernel, players=store, links=store, ratings=store)
        self.records = GameRecords(
            kernel, players=store, games=store, boards=store, challenges=store, slots=store
        )
        self.chats = ChatChoices(kernel, chats=store)
        self.ratings = Ratings(kernel, players=store, games=store, ratings=store, puzzles=store)
        self.reviews = Reviews(kernel, games=store, reviews=store)
        self.arenas = Arenas(kernel, tournaments=store)
        self.tournaments = Tournaments(kernel, self.arenas, ratings=store, tournaments=store)
        self.entries = TournamentEntries(kernel, self.arenas, tournaments=store)
        self.reports = TournamentReports(kernel, tournaments=store)
        self.puzzles = Puzzles(kernel, puzzles=store)
        self.daily = DailyPuzzles(kernel, puzzles=store)
        self.simuls = Simuls(kernel, simuls=store)
        self.desks = SimulDesks(kernel, players=store, simuls=store)
        self.club_matches = ClubMatches(kernel, matches=store, ratings=store)
        self.club_match_views = ClubMatchViews(kernel, matches=store)
        # The one message of each arena's leaderboard, each club match's score board, per chat.
        self.leaderboards = LeaderboardMessages(kernel, boards=store)
        # When each bot last wrote on its platform (a restart keeps to the rate limits).
        self.sends = LastSends(kernel, sends=store)
        # The turns of the bot's calls in each chat, shared by its processes.
        self.chat_turns = ChatTurns(kernel, sends=store, shared=store.shared)
        # Sign-ins to the web companion (/web, an Activity's OAuth2).
        self.web_sessions = WebSessions(kernel, sessions=store)
        # The updates a platform pushes (Telegram's webhook), each handled by one process.
        self.inbound = InboundUpdates(kernel, updates=store)

        # What runs when a game ends, and what the scheduler runs when due.
        kernel.changes.on_finish(self.tournaments.game_over)
        kernel.changes.on_finish(self.simuls.game_over)
        kernel.changes.on_finish(self.club_matches.game_over)
        kernel.changes.on_finish(self.arenas.game_over)
        kernel.schedule.add_job(self.tournaments.run_due)
        kernel.schedule.add_job(self.arenas.run_due)
        kernel.schedule.add_job(self.daily.post_due)

    async def resume(self) -> None:
        """After a start: wake the computers whose turn it is, and carry on the tournaments
        (a round that completed while the service was down starts now, once), the simuls
        and the club matches (one whose last game ended meanwhile gets its end, once)."""
        await self.play.resume()
        await self.tournaments.resume()
        await self.simuls.resume()
        await self.club_matches.resume()
        await self.arenas.resume()
