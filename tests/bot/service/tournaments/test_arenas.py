"""Arenas through the command table, as every front end types them (docs/arenas.md): opened
in three languages, started, joined late, paused, each finished game's players paired again
at once, berserk, the leaderboard, the end at its time with the podium, PDN and CSV."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.service.command_table.commands import parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.game_service import GameService
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    Event,
    FileReady,
    Reply,
    ServiceError,
    TournamentUpdate,
)
from bot.service.kernel.families.draughts_ballots import seeded_ballot
from bot.service.kernel.game_flow.clocks import ManualClock
from competition.pairing.arena import REMATCH_AFTER
from games.base import find_game
from storage import Store, TournamentFacts, open_store
from tests.bot.conftest import make_service
from tests.bot.service.tournaments.helpers import CHAT, end_game, people

PLAYERS = people(6)
ANA, BIA, CAIO, DINO, EVA, FABI = PLAYERS


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def store(tmp_path: Path, clock: ManualClock) -> AsyncIterator[Store]:
    # The store keeps the service's time, so that "waited since" and "now" agree.
    async with await open_store(tmp_path / "arena.sqlite3", clock=clock) as opened:
        yield opened


@pytest.fixture
async def service(store: Store, clock: ManualClock) -> AsyncIterator[GameService]:
    made = make_service(store, clock)
    yield made
    await made.kernel.close()


async def typed(service: GameService, actor: Actor, line: str) -> list[Event]:
    async def nobody(_name: str) -> Actor | None:
        return None

    return await dispatch(service, actor, CHAT, parse_command(line), nobody)


def said(events: list[Event], language: str = "en") -> list[str]:
    return [translate(language, e.text) for e in events if isinstance(e, TournamentUpdate)]


def boards(events: list[Event]) -> list[str]:
    return [
        translate("en", e.text) for e in events if isinstance(e, TournamentUpdate) and e.leaderboard
    ]


async def actors_by_player(service: GameService) -> dict[int, Actor]:
    return {(await service.kernel.roster.player(actor)).id: actor for actor in PLAYERS}


def playing(facts: TournamentFacts) -> dict[int, int]:
    """Each entry with a game going on -> that game."""
    return {
        side: game.game_id or 0
        for game in facts.games
        if game.status == "active"
        for side in (game.white_entry, game.black_entry)
    }


async def test_an_arena_pairs_at_once_takes_late_entries_and_breaks_and_ends_with_a_podium(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    opened = await typed(service, ANA, "/torneio novo brasileira arena 45m 1m")
    assert "45 minutes of play" in said(opened)[0]
    for actor in (ANA, BIA, CAIO, DINO):
        await typed(service, actor, "/tournament join")
    started = await typed(service, ANA, "/tournament start")
    assert "ends at" in said(started)[0]
    assert boards(started), "the leaderboard comes with the first pairings"
    facts = await store.tournament_facts(1)
    assert len(playing(facts)) == 4
    # A late entry in Italian waits alone; the next finished game pairs him at once.
    clock.advance(timedelta(seconds=30))
    late = await typed(service, EVA, "/torneo partecipa")
    assert any("joins arena #1 as number 5" in line for line in said(late))
    actors = await actors_by_player(service)
    first = facts.games[0]
    ended = await end_game(service, actors, first.game_id or 0, "white")
    after = playing(await store.tournament_facts(1))
    assert len(after) == 4
    assert after.keys() != playing(facts).keys()
    eva = next(e.id for e in (await store.tournament_facts(1)).entries if e.number == 5)
    assert eva in after, "the late entry got the first free player"
    assert "2 (1 game: +1 =0 -0)" in "".join(boards(ended))
    # A break: the paused player's game is played out, and he is not paired again.
    entries = {e.id: e for e in (await store.tournament_facts(1)).entries}
    paused_entry = eva
    pausing = actors[entries[paused_entry].members[0]]
    assert "takes a break" in said(await typed(service, pausing, "/tournament leave"))[0]
    await end_game(service, actors, after[paused_entry], "draw")
    assert paused_entry not in playing(await store.tournament_facts(1))
    # Time is up: nothing new starts; the games going on finish, and the last one ends it.
    clock.advance(timedelta(minutes=46))
    await service.arenas.run_due(clock())
    for game_id in set(playing(await store.tournament_facts(1)).values()):
        last = await end_game(service, actors, game_id, "black")
    facts = await store.tournament_facts(1)
    assert facts.tournament.status == "finished"
    assert not playing(facts)
    podium = said(last)[-1]
    assert "The podium" in podium
    assert "🥇" in podium
    files = [
        *await typed(service, ANA, "/tournament pdn"),
        *await typed(service, ANA, "/tournament csv"),
    ]
    pdn, csv = (e for e in files if isinstance(e, FileReady))
    assert pdn.content.decode().count("[Event ") == len(facts.games)
    # The late entry's number was not drawn: the check is of the numbers drawn at the start.
    [verdict] = await typed(service, ANA, "/tournament verify")
    assert isinstance(verdict, Reply)
    assert "The numbers drawn are the ones the seed gives." in translate("en", verdict.text)
    rows = csv.content.decode().splitlines()
    assert rows[0].startswith("place,entry,points,games,wins,draws,losses,berserk wins")
    assert len(rows) == 1 + len(facts.entries)


async def test_the_players_who_just_met_wait_for_someone_else(
    service: GameService, store: Store
) -> None:
    await typed(service, ANA, "/tournament new brazilian arena 1h 2m")
    for actor in (ANA, BIA, CAIO, DINO):
        await typed(service, actor, "/tournament join")
    await typed(service, ANA, "/tournament start")
    actors = await actors_by_player(service)
    first, second = (await store.tournament_facts(1)).games
    await end_game(service, actors, first.game_id or 0, "white")
    facts = await store.tournament_facts(1)
    assert len(playing(facts)) == 2, "the two who just met wait while the others play"
    await end_game(service, actors, second.game_id or 0, "draw")
    facts = await store.tournament_facts(1)
    new = [g for g in facts.games if g.status == "active"]
    assert len(new) == 2
    met = {frozenset((g.white_entry, g.black_entry)) for g in (first, second)}
    assert all(frozenset((g.white_entry, g.black_entry)) not in met for g in new)


async def test_two_who_waited_long_enough_meet_again(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    await typed(service, ANA, "/tournament new brazilian arena 1h 2m")
    for actor in (ANA, BIA, CAIO, DINO):
        await typed(service, actor, "/tournament join")
    await typed(service, ANA, "/tournament start")
    actors = await actors_by_player(service)
    first, _ = (await store.tournament_facts(1)).games
    await end_game(service, actors, first.game_id or 0, "white")
    due = await service.arenas.run_due(clock())
    assert due == clock() + REMATCH_AFTER
    clock.advance(REMATCH_AFTER)
    await service.arenas.run_due(clock())
    assert len(playing(await store.tournament_facts(1))) == 4


async def test_two_lone_players_meet_again_at_once(service: GameService, store: Store) -> None:
    await typed(service, ANA, "/tournament new brazilian arena 1h 2m")
    for actor in (ANA, BIA):
        await typed(service, actor, "/tournament join")
    await typed(service, ANA, "/tournament start")
    actors = await actors_by_player(service)
    (game,) = (await store.tournament_facts(1)).games
    await end_game(service, actors, game.game_id or 0, "white")
    assert len(playing(await store.tournament_facts(1))) == 2


async def test_berserk_halves_the_time_and_wins_a_point_more_after_seven_moves(
    service: GameService, store: Store
) -> None:
    await typed(service, ANA, "/tournament new brazilian arena 1h 2m")
    for actor in (ANA, BIA):
        await typed(service, actor, "/tournament join")
    await typed(service, ANA, "/tournament start")
    actors = await actors_by_player(service)
    (game,) = (await store.tournament_facts(1)).games
    state = await service.kernel.state(game.game_id or 0)
    white, black = (actors[seat.player_id or 0] for seat in state.record.seats)
    went = await typed(service, black, f"/tournament berserk {state.id}")
    headlines = [e.headline for e in went if isinstance(e, BoardUpdate) and e.headline]
    assert any("goes berserk" in translate("en", line) for line in headlines)
    with pytest.raises(ServiceError):
        await typed(service, black, f"/tournament berserk {state.id}")
    for _ply in range(14):
        state = await service.kernel.state(state.id)
        mover = white if state.plies % 2 == 0 else black
        move = state.position.notation(state.position.legal_moves()[0])
        await service.play.move(mover, move, state.id)
        if state.plies == 0:
            # White's first move over: Black's turn runs on half his minutes a move.
            turn = await store.clock(state.id)
            assert turn is not None
            assert turn.per_move == timedelta(minutes=1)
    with pytest.raises(ServiceError) as late:
        await typed(service, white, f"/tournament berserk {state.id}")
    assert "before your first move" in translate("en", late.value.reason)
    ended = await end_game(service, actors, state.id, "black")
    assert "3 (1 game: +1 =0 -0)" in "".join(boards(ended))


@pytest.mark.parametrize(
    ("line", "language", "answer"),
    [
        ("/tournament new brazilian arena 45m 3+2", "en", "no increment"),
        ("/torneio novo brasileira arena 45m 3d", "pt", "ao vivo"),
        ("/torneo nuovo italiana arena 2m", "it", "10 minuti"),
        ("/tournament new brazilian arena", "en", "needs its length"),
        ("/tournament new brazilian arena 45m 1m teams", "en", "single players"),
    ],
)
async def test_an_arena_the_bot_cannot_run_is_refused_in_the_readers_words(
    service: GameService, line: str, language: str, answer: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        await typed(service, ANA, line)
    assert answer in translate(language, refused.value.reason)


async def test_an_arena_in_the_italian_console_shows_its_leaderboard_in_italian(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(service, output, player="ana", language="it", folder=tmp_path)
    await console.handle("/lang it")
    await console.handle("/torneo nuovo italiana arena 45m 1m")
    for name in ("bia", "ana"):
        await console.handle(f"/as {name}")
        await console.handle("/lang it")
        await console.handle("/torneo partecipa 1")
    await console.handle("/torneo inizia")
    started = output.getvalue()
    assert "L'arena #1 inizia con 2 giocatori" in started
    assert "Arena #1: mancano 45min; 2 in gioco, 0 in attesa di un avversario." in started
    (game,) = (await store.tournament_facts(1)).games
    mark = output.tell()
    await console.handle(f"/abbandona {game.game_id} sì")
    ended = output.getvalue()[mark:]
    assert "2 (1 partita: +1 =0 -0)" in ended
    assert "0 (1 partita: +0 =0 -1)" in ended
    # The two players, alone in the arena, meet again at once.
    assert len((await store.tournament_facts(1)).games) == 2


async def test_an_arena_with_ballots_draws_each_meetings_opening_from_the_seed(
    service: GameService, store: Store
) -> None:
    await typed(service, ANA, "/tournament new brazilian arena 1h 2m ballot")
    for actor in (ANA, BIA):
        await typed(service, actor, "/tournament join")
    await typed(service, ANA, "/tournament start")
    actors = await actors_by_player(service)
    (first,) = (await store.tournament_facts(1)).games
    await end_game(service, actors, first.game_id or 0, "draw")
    games = (await store.tournament_facts(1)).games
    seed = bytes.fromhex((await store.get_tournament(1)).seed or "")
    pair = ":".join(sorted((str(first.white_entry), str(first.black_entry))))
    kind = find_game("brazilian")
    for meeting, game in enumerate(games):
        state = await service.kernel.state(game.game_id or 0)
        drawn = seeded_ballot(kind, seed, f"arena:{pair}:{meeting}")
        assert state.record.options["ballot"] == drawn["ballot"]
        assert state.record.options["fen"] == drawn["fen"]


async def test_a_crash_between_a_games_end_and_the_pairing_loses_nothing(
    tmp_path: Path, clock: ManualClock
) -> None:
    path = tmp_path / "crash.sqlite3"
    async with await open_store(path, clock=clock) as store:
        service = make_service(store, clock)
        await typed(service, ANA, "/tournament new brazilian arena 1h 2m")
        for actor in (ANA, BIA, CAIO, DINO):
            await typed(service, actor, "/tournament join")
        await typed(service, ANA, "/tournament start")
        actors = await actors_by_player(service)
        first, second = (await store.tournament_facts(1)).games
        service.kernel.changes._finish_listeners.clear()  # the crash before its listeners
        await end_game(service, actors, first.game_id or 0, "white")
        await end_game(service, actors, second.game_id or 0, "black")
        assert not playing(await store.tournament_facts(1))
        await service.kernel.close()
    async with await open_store(path, clock=clock) as store:
        service = make_service(store, clock)
        await service.resume()
        facts = await store.tournament_facts(1)
        await service.kernel.close()
    assert len(playing(facts)) == 4
    met = {frozenset((g.white_entry, g.black_entry)) for g in (first, second)}
    new = [g for g in facts.games if g.status == "active"]
    assert all(frozenset((g.white_entry, g.black_entry)) not in met for g in new)
