"""A board's alt text (issue 22): what a screen reader says instead of the picture, in
the reader's language, never longer than Discord's 1,024 characters."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rules as registry
from engine.dice import roll
from engine.generators import legal_turns
from engine.position import Position, Side
from engine.turn import Outcome, Step, Turn
from render.alt_text import LIMIT, alt_text
from render.board import Result, Score
from render.options import BoardOptions

TALISMAN = registry.get("talisman")


def test_whose_turn_the_dice_the_last_play_and_every_checker() -> None:
    pos = Position.parse("white=1x4,3,5x2,14x2,15x2,16x2,19x2 "
                         "black=bar,1x10,6,8,9,10 turn=black")
    last = Turn((Step(10, 14, 4), Step(13, 14, 1, hit=True)), pos)
    sv = alt_text(pos, BoardOptions.of(TALISMAN, dice=(5, 2), last_turn=last, last_dice=(4, 1),
                  last_mover=Side.WHITE, names=("Åsa", "Erik"), score=(2, 3, 7), lang="sv"))
    assert sv.startswith("Bräde · Lyckans Talisman. Match om 7 partier, poäng: Vit (Åsa) 2, "
                         "Svart (Erik) 3.")
    assert "Senast slog Vit (Åsa) 4–1 (kvart äss) och spelade 10/14 13/14 (slår)." in sv
    assert "Svart (Erik) är på tur och har slagit 5–2 (sinkadus)." in sv
    assert "Vits pjäser, i vits numrering: 1: 4, 3: 1, 5: 2, 14: 2, 15: 2, 16: 2, 19: 2." in sv
    assert "Svarts pjäser, i svarts numrering: 1: 10, 6: 1, 8: 1, 9: 1, 10: 1, 1 slagen." in sv
    en = alt_text(pos, BoardOptions.of(TALISMAN, dice=(5, 2), last_turn=last, last_dice=(4, 1),
                  last_mover=Side.WHITE, names=("Åsa", "Erik"), lang="en"))
    assert "Last, White (Åsa) rolled 4–1 (kvart äss) and played 10/14 13/14 (hit)." in en
    assert "Black (Erik) is on roll and has rolled 5–2 (sinkadus)." in en
    assert "Black's checkers, in black's numbering: 1: 10, 6: 1, 8: 1, 9: 1, 10: 1, " \
        "1 on the bar." in en
    assert "White has" in en and "pips to go" in en


def test_a_board_waiting_for_a_roll_and_the_roll_just_played() -> None:
    pos = Position.parse("white=1x14,6 black=1x15 turn=black")
    turn = Turn((Step(1, 6, 5),), pos)
    text = alt_text(pos, BoardOptions.of(TALISMAN, dice=(5, 3), dice_side=Side.WHITE, last_turn=turn,
                    lang="en"))
    assert "Last, White rolled 5–3 (sinka tres) and played 1/6." in text
    assert "Black is on roll and has not rolled yet." in text
    assert "rolled 5–3" not in text.split("Black is on roll")[1]


def test_a_finished_game_says_the_result_and_no_turn() -> None:
    pos = Position.parse("white=1x14,6 black=1x15 turn=black")
    result = Result(Outcome("resign", 1, False, Side.WHITE), Score(5, 3, 5), True)
    text = alt_text(pos, BoardOptions.of(TALISMAN, result=result, names=("Åsa", "Erik"), lang="sv"))
    assert "Åsa vinner. Erik gav upp · 1 poäng. Åsa vinner matchen 5–3." in text
    assert "på tur" not in text


def test_a_jan_scored_leaves_no_warning_and_keeps_the_last_play() -> None:
    """Issue 30: the last board of a jan no longer warns the loser; its alt text neither,
    and it says the last play, as the picture now shows it."""
    jan = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx6,1x6,2,3,4 turn=black")
    won = Turn((Step(18, 20, 2, hit=True), Step(20, 21, 1)), jan,
               Outcome("jan", 2, False, Side.WHITE))
    going = alt_text(jan, BoardOptions.of(TALISMAN, lang="sv"))
    assert "janfara" in going
    over = alt_text(jan, BoardOptions.of(TALISMAN, last_turn=won, last_dice=(2, 1), last_mover=Side.WHITE,
                    lang="sv"))
    assert "janfara" not in over and "järnbanden" not in over
    assert "Senast slog Vit 2–1 (dus äss) och spelade 18/20 (slår) 20/21." in over


def test_names_that_cannot_be_drawn_are_read_as_the_board_writes_them() -> None:
    text = alt_text(Position.start(), BoardOptions.of(TALISMAN, names=("Ken 健", "דוד"),
                    fallback_names=("ken_42", "david"), score=(0, 1, 3), lang="en"))
    assert "White (ken_42)" in text and "Black (דוד)" in text


def test_length_is_bounded_for_long_names_and_busy_boards() -> None:
    long = "Ä" * 400
    pos = Position.parse("white=barx3,1,2,3,4,5,6,7,8,9,10,11,12 "
                         "black=barx2,1,2,3,4,5,6,7,8,9,10,11,12,off turn=white")
    text = alt_text(pos, BoardOptions.of(TALISMAN, dice=(6, 6), names=(long, long), score=(1, 2, 25),
                    lang="sv"))
    assert len(text) <= LIMIT
    assert "Vits pjäser" in text  # the checkers stay; the pips went first


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(["sv", "en"]),
       name=st.text(min_size=0, max_size=60))
def test_never_longer_than_discord_allows(seed: int, lang: str, name: str) -> None:
    rng = random.Random(seed)
    pos = TALISMAN.start()
    last = None
    for _ in range(rng.randint(0, 40)):
        t = rng.choice(legal_turns(TALISMAN, pos, roll(rng)))
        if t.outcome:
            break
        pos, last = t.position, t
    text = alt_text(pos, BoardOptions.of(TALISMAN, dice=roll(rng), last_turn=last, lang=lang,
                    names=(name, name[::-1]), score=(rng.randint(0, 30), 3, 31)))
    assert 0 < len(text) <= LIMIT


def test_the_jan_warning_counts_its_nouns() -> None:
    """Issue 30, 11: "1 ingång kvar, 1 slagen", "1 entry point left", never "1 ingångar"."""
    r = TALISMAN
    one = r.parse_position("white=barx1,1x2,2,3,4,5x2,12x7 black=1x15 turn=black")
    two = r.parse_position("white=barx2,1x2,2,3,4x2,12x7 black=1x15 turn=black")
    assert "Vit är i janfara: 1 ingång kvar, 1 slagen." in alt_text(one, BoardOptions.of(r, lang="sv"))
    assert "White is in jan danger: 1 entry point left, 1 on the bar." in alt_text(
        one, BoardOptions.of(r, lang="en"))
    assert "Vit är i janfara: 2 ingångar kvar, 2 slagna." in alt_text(two, BoardOptions.of(r, lang="sv"))
    assert "White is in jan danger: 2 entry points left, 2 on the bar." in alt_text(
        two, BoardOptions.of(r, lang="en"))


def test_a_stopped_game_has_nobody_to_play() -> None:
    """Issue 46: a game ended without a result (aborted, stopped by an organiser) shows
    nobody on roll, no roll to play and no warnings, in words and on the board."""
    from render.board import render_board

    pos = Position.parse("white=1x4,3,5x2,14x2,15x2,16x2,19x2 "
                         "black=bar,1x10,6,8,9,10 turn=black")
    for lang, stopped, on_roll in (("en", "stopped without a result", "on roll"),
                                   ("sv", "avbröts utan resultat", "på tur")):
        going = alt_text(pos, BoardOptions.of(TALISMAN, names=("Åsa", "Erik"), lang=lang))
        ended = alt_text(pos, BoardOptions.of(TALISMAN, names=("Åsa", "Erik"), lang=lang, stopped=True))
        assert on_roll in going and on_roll not in ended and stopped in ended
    assert render_board(pos, BoardOptions.of(TALISMAN, stopped=True)) != render_board(pos, BoardOptions.of(TALISMAN))
