"""PDN reading and writing (games/damas/pdn.py): every token form, tags, variants, errors."""

import pytest

from games.damas.pdn import RESULTS, PdnError, PdnGame, read_games
from games.damas.pdn_replay import replay_game, start_position
from games.damas.pdn_write import LINE_WIDTH, result_notation, write_game, write_games


def only_game(text: str, default_variant: str | None = None) -> PdnGame:
    games = read_games(text, default_variant)
    assert len(games) == 1, games
    return games[0]


# ----------------------------------------------------------------------------------------
# Tags


def test_tags_are_read_with_escaped_quotes_and_backslashes() -> None:
    game = only_game('[Event "The \\"Open\\" \\\\ 2009"]\n[White "A"] [Black "B"]\n1. 32-28 *')
    assert game.tags["Event"] == 'The "Open" \\ 2009'
    assert game.tags["White"] == "A"
    assert game.tags["Black"] == "B"


def test_italian_tag_names_mean_the_standard_ones() -> None:
    text = (
        '[Dati "69° ASSOLUTO"]\n[Anno "2005"]\n[Bianco "BORGHETTI"]\n[Nero "MASCOLO"]\n'
        '[Risultato "1-0"]\n[Apertura "0028"]\n\n1. 21-17 12-15 1-0\n'
    )
    game = only_game(text)
    assert game.tags["Event"] == "69° ASSOLUTO"
    assert game.tags["Date"] == "2005"
    assert game.tags["White"] == "BORGHETTI"
    assert game.tags["Black"] == "MASCOLO"
    assert game.tags["Result"] == "1-0"
    assert game.tags["Apertura"] == "0028"
    assert game.variant == "italian", "Italian tag names without GameType mean Italian draughts"


def test_an_italian_tag_does_not_overwrite_its_standard_twin() -> None:
    game = only_game('[Date "2005.05.01"]\n[Anno "2005"]\n21-17 *', "italian")
    assert game.tags["Date"] == "2005.05.01"
    assert game.tags["Anno"] == "2005"


# ----------------------------------------------------------------------------------------
# Move text


def test_brace_and_semicolon_comments_are_ignored() -> None:
    text = "1. 32-28 {a comment\nover two lines (with 10-15 inside)} 18-23 ; rest 9-14\n2. 33-29 *"
    assert only_game(text).moves == ("32-28", "18-23", "33-29")


def test_percent_escape_lines_are_ignored() -> None:
    text = '% Board game: International Draughts 10x10\n[Date "2012.02.01"]\n1. 32-28 19-23 *'
    assert only_game(text).moves == ("32-28", "19-23")


def test_nested_variations_are_skipped() -> None:
    text = "1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 2. 28x19 14x23 *"
    assert only_game(text).moves == ("32-28", "19-23", "28x19", "14x23")


def test_nags_and_strength_marks_are_ignored() -> None:
    text = "1. 32-28! 19-23?? $4 2. 28x19(?) 14x23!? $1 3. 33-28(!) ! *"
    assert only_game(text).moves == ("32-28", "19-23", "28x19", "14x23", "33-28")


@pytest.mark.parametrize(
    "text",
    [
        "1. 32-28 19-23 2. 28x19 *",
        "1.32-28 19-23 2.28x19 *",
        "1. 32-28 1... 19-23 2. 28x19 *",
        "1. 32-28 1. ... 19-23 2. 28x19 *",
        "32-28 19-23 28x19 *",
    ],
)
def test_move_number_forms(text: str) -> None:
    assert only_game(text).moves == ("32-28", "19-23", "28x19")


def test_full_capture_paths_and_alphanumeric_moves_are_kept_as_written() -> None:
    game = only_game('[GameType "26,W,8,8,A0,0"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. c3xe5xg3 *')
    assert game.moves == ("c3-d4", "f6-e5", "d4xf6", "g7xe5", "c3xe5xg3")
    assert only_game("21. 39x28x17x6 14-19 *").moves == ("39x28x17x6", "14-19")


@pytest.mark.parametrize("result", ["1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2", "*"])
def test_every_result_form_ends_the_game(result: str) -> None:
    games = read_games(f"1. 32-28 19-23 {result}\n1. 33-28 *")
    assert games[0].moves == ("32-28", "19-23")
    assert games[0].result == result
    assert games[1].moves == ("33-28",)


def test_in_italian_numbering_1_5_is_a_move_and_1_1_a_result() -> None:
    game = only_game("1. 21-17 1-5 2. 17-13 5-9 3. 13x6 1-1", "italian")
    assert game.moves == ("21-17", "1-5", "17-13", "5-9", "13x6")
    assert game.result == "1-1"


def test_the_result_tag_serves_when_the_move_text_has_no_result() -> None:
    games = read_games('[Result "2-0"]\n1. 32-28 19-23\n\n[Result "0-2"]\n1. 33-28')
    assert [(game.moves, game.result) for game in games] == [
        (("32-28", "19-23"), "2-0"),
        (("33-28",), "0-2"),
    ]


def test_a_record_without_moves_is_still_a_game() -> None:
    game = only_game('[Event "problem"]\n[FEN "W:W6:B1"]\n*')
    assert game.moves == ()
    assert game.fen == "W:W6:B1"


def test_crlf_bom_and_blank_lines() -> None:
    text = '\ufeff\r\n\r\n[Event "a"]\r\n[Result "1-1"]\r\n\r\n1. 32-28\r\n19-23 1-1\r\n\r\n\r\n'
    game = only_game(text)
    assert game.tags == {"Event": "a", "Result": "1-1"}
    assert game.moves == ("32-28", "19-23")
    assert game.line == 3


def test_several_games_follow_each_other_without_blank_lines() -> None:
    games = read_games('[Event "a"]\n1. 32-28 *\n[Event "b"]\n1. 33-28 2-0\n[Event "c"]\n34-29')
    assert [game.tags["Event"] for game in games] == ["a", "b", "c"]
    assert [game.moves for game in games] == [("32-28",), ("33-28",), ("34-29",)]
    assert [game.result for game in games] == ["*", "2-0", "*"]


def test_huffs_are_two_words_that_make_one_move() -> None:
    game = only_game("1. 21-17 12-15 2. soffio 15 22-18 *", "italian-familiar")
    assert game.moves == ("21-17", "12-15", "soffio 15", "22-18")


# ----------------------------------------------------------------------------------------
# Variant and set-up position


@pytest.mark.parametrize(
    ("gametype", "variant"),
    [
        ("20", "international"),
        ("20,W,10,10,N2,0", "international"),
        ("22", "italian"),
        ("22,W,8,8,N2,1", "italian"),
        ("26", "brazilian"),
        ("26,W,8,8,A0,0", "brazilian"),
    ],
)
def test_gametype_gives_the_variant(gametype: str, variant: str) -> None:
    assert only_game(f'[GameType "{gametype}"]\n*', "brazilian").variant == variant


def test_the_variant_tag_tells_apart_variants_sharing_a_gametype() -> None:
    text = '[GameType "22"]\n[Variant "dama familiare"]\n*'
    assert only_game(text).variant == "italian-familiar"
    # A Variant tag that contradicts the game type is not believed.
    assert only_game('[GameType "20"]\n[Variant "italian"]\n*').variant == "international"


def test_without_gametype_the_default_then_international() -> None:
    assert only_game("1. 32-28 *").variant == "international"
    assert only_game("1. 21-17 *", "dama italiana").variant == "italian"
    assert only_game("1. c3-d4 *", "brasileira").variant == "brazilian"


@pytest.mark.parametrize("gametype", ["21", "2²"])
def test_an_unknown_gametype_is_an_error_listing_the_known_ones(gametype: str) -> None:
    with pytest.raises(PdnError, match=rf"GameType '{gametype}'.*20 \(international\)"):
        read_games(f'[Event "english"]\n[GameType "{gametype}"]\n1. 11-15 *')


@pytest.mark.parametrize("name", ["chess", "ludo"])
def test_an_unknown_default_variant_is_refused_at_once(name: str) -> None:
    with pytest.raises(KeyError, match=f"unknown draughts variant '{name}'"):
        read_games("1. 32-28 *", name)


def test_fen_and_setup_tags() -> None:
    game = only_game('[SetUp "1"]\n[FEN "B:W6,17:B8,36."]\n1... 36x47 2. 17-12 *')
    assert game.fen == "B:W6,17:B8,36."
    assert game.black_starts
    assert [game.move_number(index) for index in range(3)] == ["1...", "2.", "2..."]
    assert only_game('[SetUp "0"]\n[FEN "B:W6:B8"]\n*').fen is None


# ----------------------------------------------------------------------------------------
# Errors name the line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. 32-28\n{never closed 19-23 *", r"line 2: a comment opened with \{ is never closed"),
        ('[Event "a"]\n[White "no end\n1. 32-28 *', r"line 2: a tag opened with \["),
        ("1. 32-28\n19-23 )", r"line 2: \) closes no variation"),
        ("1. 32-28 (19-23\n\n", r"variation opened with \( is never closed"),
        ("1. 32-28\n\n19-23 Bianco Vince 1-0", r"line 3: 'Bianco' is not a move"),
        ("1. 32-28 soffio", r"'soffio' names no square"),
        ("1. 32-28 } 19-23", r"line 1: unexpected character '\}'"),
    ],
)
def test_errors_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(PdnError, match=message):
        read_games(text)


# ----------------------------------------------------------------------------------------
# Writing


def test_written_record_has_the_standard_tags_first_then_the_others() -> None:
    game = PdnGame(
        {"WhiteElo": "2300", "White": 'Jan "the Wall"', "Event": "Club"},
        ("32-28", "19-23"),
        "1-1",
        "international",
    )
    lines = write_game(game).splitlines()
    assert lines == [
        '[Event "Club"]',
        '[Site "?"]',
        '[Date "?"]',
        '[Round "?"]',
        '[White "Jan \\"the Wall\\""]',
        '[Black "?"]',
        '[Result "1-1"]',
        '[GameType "20"]',
        '[WhiteElo "2300"]',
        "",
        "1. 32-28 19-23 1-1",
    ]


def test_written_set_up_record_has_fen_and_setup_and_numbers_a_black_start() -> None:
    game = PdnGame({"FEN": "B:W6,17:B8,36"}, ("36x47", "17-12", "47x1"), "0-2", "international")
    text = write_game(game)
    assert '[SetUp "1"]\n[FEN "B:W6,17:B8,36"]' in text
    assert text.endswith("\n1... 36x47 2. 17-12 47x1 0-2\n")


def test_written_gametype_and_variant_of_each_variant() -> None:
    def gametype_lines(variant: str) -> list[str]:
        text = write_game(PdnGame({}, (), "*", variant))
        return [line for line in text.splitlines() if line.startswith(("[GameType", "[Variant"))]

    assert gametype_lines("international") == ['[GameType "20"]']
    assert gametype_lines("brazilian") == ['[GameType "26"]']
    assert gametype_lines("italian") == ['[GameType "22"]']
    assert gametype_lines("italian-familiar") == ['[GameType "22"]', '[Variant "italian-familiar"]']


def test_written_gametype_keeps_the_record_fields_when_they_fit_the_variant() -> None:
    def gametype_written(gametype: str, variant: str) -> str:
        text = write_game(PdnGame({"GameType": gametype}, (), "*", variant))
        return next(line for line in text.splitlines() if line.startswith("[GameType"))

    assert gametype_written("20,W,10,10,N1,0", "international") == '[GameType "20,W,10,10,N1,0"]'
    assert gametype_written("20,W,10,10,N1,0", "brazilian") == '[GameType "26"]'


def test_writing_refuses_a_result_pdn_does_not_have() -> None:
    with pytest.raises(ValueError, match=r"'2-1' is not a PDN result; write one of"):
        write_game(PdnGame({}, ("32-28",), "2-1", "international"))


def test_written_moves_wrap_at_80_columns_and_keep_numbers_with_their_moves() -> None:
    moves = (*["32-28", "19-23", "28x19", "14x23"] * 30, "39x28x17x6")
    text = write_game(PdnGame({}, moves, "2-0", "international"))
    movetext = text.split("\n\n", 1)[1].splitlines()
    assert all(len(line) <= LINE_WIDTH for line in movetext)
    assert len(movetext) > 5
    assert not any(line.endswith(".") for line in movetext)
    assert read_games(text)[0].moves == moves


def test_write_then_read_gives_the_same_games() -> None:
    games = [
        PdnGame({"Event": "a b", "Round": "3"}, ("32-28", "19-23"), "2-0", "international"),
        PdnGame({"FEN": "W:Wc3:Bf6"}, ("c3-d4", "f6-e5", "d4xf6"), "*", "brazilian"),
        PdnGame({"FEN": "B:WK29,17:B2"}, ("2-7",), "*", "brazilian"),
        PdnGame({}, ("21-17", "1-5", "soffio 12"), "1-1", "italian-familiar"),
    ]
    text = write_games(games)
    again = read_games(text)
    assert [(game.moves, game.result, game.variant) for game in again] == [
        (game.moves, game.result, game.variant) for game in games
    ]
    for original, read_back in zip(games, again, strict=True):
        assert original.tags.keys() <= read_back.tags.keys()
        assert start_position(original) == start_position(read_back)
    # Brazilian FENs are written with numbers, as PDN readers expect.
    assert '[FEN "W:W22:B11"]' in text
    assert '[FEN "B:W17,K29:B2"]' in text
    # A huff is a comment before the next move, not a move of its own.
    assert "1. 21-17 1-5 {soffio 12} 1-1" in text


# ----------------------------------------------------------------------------------------
# Replaying


@pytest.mark.parametrize("capture", ["32x12", "32x21x12"])
def test_replay_plays_short_and_full_capture_paths(capture: str) -> None:
    game = only_game(f'[FEN "W:W32:B27,17,4"]\n1. {capture} 4-10 *')
    replay = replay_game(game)
    assert replay.problem is None
    assert replay.played == 2
    assert replay.position is not None
    assert replay.position.fen() == "W:W12:B10"


def test_replay_stops_at_the_first_illegal_move() -> None:
    game = only_game("1. 32-28 19-23 2. 33-29 13-19 3. 28x19 *")
    replay = replay_game(game)
    assert replay.played == 2
    assert replay.problem is not None
    assert (replay.problem.index, replay.problem.move_number) == (2, "2.")
    assert replay.problem.text == "33-29"
    assert replay.position is not None
    assert replay.problem.fen == replay.position.fen()
    assert "a capture is compulsory: 28x19" in replay.problem.reason


def test_replay_reports_a_bad_set_up_position() -> None:
    replay = replay_game(only_game('[FEN "W:W51:B1"]\n1. 32-28 *'))
    assert replay.position is None
    assert replay.problem is not None
    assert replay.problem.index == -1
    assert replay.problem.reason.startswith("bad set-up position: ")


@pytest.mark.parametrize(
    ("variant", "forms"),
    [
        ("international", ("2-0", "1-1", "0-2")),
        ("brazilian", ("1-0", "1/2-1/2", "0-1")),
        ("italian", ("1-0", "1/2-1/2", "0-1")),
        ("italian-familiar", ("1-0", "1/2-1/2", "0-1")),
    ],
)
def test_results_follow_one_convention_per_gametype(
    variant: str, forms: tuple[str, str, str]
) -> None:
    written = tuple(result_notation(variant, frozenset(winners)) for winners in ({0}, set(), {1}))
    assert written == forms
    assert all(form in RESULTS for form in forms)
