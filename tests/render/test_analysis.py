"""Blockades (B-10, G-5), jan danger (B-33), järnbanden (B-37) and the last turn's replay,
without drawing."""

from __future__ import annotations

from engine.generators import legal_turns
from engine.position import Geometry, Position, Side
from engine.turn import Step, Turn
from render.analysis import band_runs, describe_turn, holds_iron_bands, infer_mover, jan_danger


def test_blockade_runs_along_the_opponents_path_through_the_bräde_wrap() -> None:
    # White's 19–24 and 1 are black's 7–13: seven in a row for black (G-5), though on
    # white's own path 24 and 1 are the two ends.
    pos = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    runs = band_runs(pos, Side.WHITE)
    assert runs == [[19, 20, 21, 22, 23, 24, 1]]
    assert band_runs(pos, Side.BLACK) == []


def test_five_bands_are_no_blockade_and_blots_break_a_run() -> None:
    pos = Position.parse("white=13x2,14x2,15x2,16x2,17x2,18,19x4 black=13x15 turn=white")
    assert band_runs(pos, Side.WHITE) == []
    assert band_runs(pos, Side.WHITE, minimum=5) == [[13, 14, 15, 16, 17]]


def test_double_six_column_is_not_a_band() -> None:
    pos = Position.parse("white=1x3,7x6,8x2,9x2,10x2 black=1x15 turn=black column=white")
    assert band_runs(pos, Side.WHITE, minimum=3) == [[8, 9, 10]]


def test_jan_danger_counts_entry_points_against_checkers_on_the_bar() -> None:
    pos = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    d = jan_danger(pos, Side.BLACK, "brade")
    assert d is not None and (d.free, d.bar, d.margin) == (2, 2, 0)
    assert jan_danger(pos, Side.WHITE, "brade") is None  # five entry points, none on bar
    assert jan_danger(pos, Side.BLACK, "puff") is None  # puff has no jan


def test_iron_bands_are_named_for_the_side_holding_them_in_bräde_only() -> None:
    # white's 18 and 19 are black's 6 and 7: black's home checkers cannot leave with 6-5
    pos = Position.parse("white=1x11,18x2,19x2 black=1x13,18x2 turn=black")
    assert holds_iron_bands(pos, Side.WHITE, "brade")
    assert not holds_iron_bands(pos, Side.BLACK, "brade")  # a band on its 18 only
    lang = Position.parse("white=barx11,18x2,19x2 black=barx15 turn=black", Geometry.LANG)
    assert not holds_iron_bands(lang, Side.WHITE, "puff")


def test_describe_turn_replays_steps_and_finds_vacated_points() -> None:
    before = Position.parse("white=1x15 black=1x15 turn=white")
    after = Position.parse("white=1x14,8 black=1x15 turn=black")
    turn = Turn((Step(1, 6, 5), Step(6, 8, 2)), after)
    assert infer_mover(after, turn) is Side.WHITE
    dr = describe_turn(after, turn)
    assert [(s.frm, s.to, s.frm_n, s.to_n) for s in dr.steps] == [(1, 6, 15, 1), (6, 8, 1, 1)]
    assert dr.vacated == {1: (14, 15)}
    del before


def test_describe_turn_maps_black_points_to_the_board() -> None:
    after = Position.parse("white=1x15 black=1x13,4,off turn=white", Geometry.BACKGAMMON)
    turn = Turn((Step(1, 4, 3), Step(24, 25, 1)), after)
    dr = describe_turn(after, turn, Side.BLACK)
    assert [(s.frm, s.to) for s in dr.steps] == [(24, 21), (1, "off")]


def test_mover_may_move_again_after_a_puff_pasch() -> None:
    after = Position.parse("white=bar,1x14 black=barx15 turn=white", Geometry.LANG)
    turn = Turn((Step(0, 1, 1),), after)
    assert infer_mover(after, turn) is Side.WHITE


def test_blockade_outline_is_the_run_the_engine_bursts() -> None:
    """G-5: black's 20–24 and its home band are six in a row on white's path (white's
    8–13), so the picture outlines six and the engine lets white burst there (issue 12:
    the picture and the rules must never disagree)."""
    from engine import rules as registry

    text = "white=7,24x14 black=1x5,20x2,21x2,22x2,23x2,24x2 turn=white"
    pos = Position.parse(text)
    assert band_runs(pos, Side.BLACK) == [[8, 9, 10, 11, 12, 13]]
    turns = legal_turns(registry.get("talisman"), pos, (2, 1))
    assert [t.text for t in turns] == ["7/9!"]


def test_jan_danger_uses_the_engines_jan_count() -> None:
    from engine.bands import is_jan

    pos = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx3,1x6,2,3,4,14x2,16 turn=black")
    d = jan_danger(pos, Side.BLACK, "brade")
    assert d is not None and d.margin == -1
    assert is_jan(pos.black)
