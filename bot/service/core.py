"""The platform-free game service: `GameService`, the one object front ends call.

It is a facade: it builds the core (bot/service/kernel.py: game states, locks, the one move
commit, the end of games, events, background work) and one object per capability, and hands
out their methods under the names front ends use (docs/service.md lists where each lives).
Each game is handled in sequence (one lock per game id); the store's version check makes a
second click on an old board fail with "the board changed" even across processes.
"""

from __future__ import annotations

from bot.service.challenges import Challenges
from bot.service.chats import ChatChoices
from bot.service.elsewhere import ChangesElsewhere
from bot.service.history import GameRecords
from bot.service.identity import Identities
from bot.service.kernel import Kernel
from bot.service.players import ComputerPlayers
from bot.service.playing.play import Play
from bot.service.playing.results import Results
from bot.service.playing.takeback import Takebacks
from bot.service.playing.turns import events_state
from bot.service.rated.ratings import Ratings
from bot.service.timing.clocks import Clock, utc_now
from bot.service.timing.correspondence import Correspondence, Scheduler
from bot.service.tournament.tournament_entries import TournamentEntries
from bot.service.tournament.tournament_reports import TournamentReports
from bot.service.tournament.tournaments import Tournaments
from storage import Store

__all__ = ["GameService", "events_state"]


class GameService:
    """The service over one store. Create it, `subscribe` front ends, call its methods."""

    # Front ends call these on the class too: `GameService.acting_seat(state)`.
    acting_seat = staticmethod(Kernel.acting_seat)
    seats_of = staticmethod(Kernel.seats_of)

    def __init__(
        self, store: Store, computers: ComputerPlayers | None = None, clock: Clock = utc_now
    ) -> None:
        core = Kernel(store, computers or ComputerPlayers(), clock)
        self.core = core
        self.store = store
        self.computers = core.computers
        self.clock = clock

        self.challenges = Challenges(core)
        self.new_game = self.challenges.new_game
        self.rematch = self.challenges.rematch
        self.takebacks = Takebacks(core)
        self.takeback = self.takebacks.takeback
        self.accept = self.challenges.accept
        self.begin = self.challenges.begin
        self.decline = self.challenges.decline

        self.play = Play(core)
        self.move = self.play.move
        self.roll = self.play.roll

        self.results = Results(core)
        self.resign = self.results.resign
        self.draw = self.results.draw
        self.claim = self.results.claim
        self.abort = self.results.abort

        self.correspondence = Correspondence(core)
        self.scheduler = Scheduler(self.correspondence)
        # The boards of other processes' moves (several processes on PostgreSQL).
        self.elsewhere = ChangesElsewhere(core)
        self.vacation = self.correspondence.vacation
        self.set_reminders = self.correspondence.set_reminders
        self.vacation_status = self.correspondence.vacation_status
        self.reminder_status = self.correspondence.reminder_status
        self.remind = self.correspondence.remind
        self.timeout = self.correspondence.timeout
        self.deliver_notices = self.correspondence.deliver_notices

        self.identities = Identities(core)
        self.player = core.roster.player
        self.language = self.identities.language
        self.set_language = self.identities.set_language
        self.register_private_chat = self.identities.register_private_chat
        self.contacts = self.identities.contacts
        self.link = self.identities.link

        self.records = GameRecords(core)
        self.board = self.records.board
        self.visible_state = self.records.visible_state
        self.legal_moves = self.records.legal_moves
        self.my_games = self.records.my_games
        self.games_in_progress = self.records.games_in_progress
        self.use = self.records.use
        self.history = self.records.history
        self.export_pdn = self.records.export_pdn
        self.board_shown = self.records.board_shown
        self.board_messages = self.records.board_messages
        self.boards_behind = self.records.boards_behind

        self.chats = ChatChoices(core)
        self.flip = self.chats.flip
        self.flipped = self.chats.flipped
        self.chat_language = self.chats.chat_language
        self.set_chat_language = self.chats.set_chat_language

        self.ratings = Ratings(core)
        self.profile = self.ratings.profile
        self.top = self.ratings.top
        self.leaderboards = self.ratings.leaderboards
        self.rating_of = self.ratings.rating_of

        self.tournaments = Tournaments(core)
        self.entries = TournamentEntries(core)
        self.tournament_new = self.entries.create
        self.tournament_join = self.entries.join
        self.tournament_leave = self.entries.leave
        self.tournament_start = self.tournaments.start
        self.tournament_status = self.tournaments.set_status
        self.tournament_withdraw = self.tournaments.withdraw
        self.tournament_settle = self.tournaments.settle
        self.reports = TournamentReports(core)
        self.tournament_show = self.reports.show
        self.tournament_pairings = self.reports.pairings
        self.tournament_games = self.reports.games
        self.tournament_pdn = self.reports.export_pdn
        self.tournament_csv = self.reports.export_csv
        self.tournament_boards = self.reports.board_place

        self.state = core.state
        self.current = core.current
        self.subscribe = core.subscribe
        self.unsubscribe = core.unsubscribe
        self.serving = core.serving
        self.route = core.route
        self.idle = core.idle
        self.close = core.close

    async def resume(self) -> None:
        """After a start: wake the computers whose turn it is, and carry on the tournaments
        (a round that completed while the service was down starts now, once)."""
        await self.play.resume()
        await self.tournaments.resume()
