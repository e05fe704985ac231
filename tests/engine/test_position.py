"""Position text (``docs/rules.md``, "Position text"): round trips and clear errors for bad texts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import EngineError, PositionError
from engine.position import Geometry, Position, Side


@pytest.mark.parametrize("text", [
    "white=1x15 black=1x15 turn=white",
    "white=bar,1x3,6,12x8,offx2 black=1x9,14x2,15x2,16x2 turn=black",
    "white=barx2,1x6,20x7 black=1x7,14x2,15x2,16x2,18x2 turn=black",
    "white=offx15 black=24x15 turn=white",
    "white=1x9,7x6 black=1x15 turn=black column=white",
])
def test_round_trip_exact(text: str) -> None:
    assert Position.parse(text).format() == text


def test_start_positions() -> None:
    assert Position.start().format() == "white=1x15 black=1x15 turn=white"
    bg = Position.start(Geometry.BACKGAMMON)
    assert bg.format() == "white=1x2,12x5,17x3,19x5 black=1x2,12x5,17x3,19x5 turn=white"
    assert Position.start(Geometry.KONTRAR).format() == "white=barx15 black=barx15 turn=white"


def test_geometry_g4() -> None:
    """G-4: black's own p on white's board numbering, per game."""
    assert Geometry.BRADE.board_point(Side.BLACK, 1) == 13
    assert Geometry.BRADE.board_point(Side.BLACK, 13) == 1
    assert Geometry.BACKGAMMON.board_point(Side.BLACK, 1) == 24
    assert Geometry.LANG.board_point(Side.BLACK, 7) == 7
    assert Geometry.KONTRAR.board_point(Side.BLACK, 7) == 18
    assert Geometry.DUBBEL_KONTRAR.board_point(Side.BLACK, 1) == 12
    assert Geometry.DUBBEL_KONTRAR.board_point(Side.BLACK, 13) == 24
    for g in Geometry:
        for p in range(1, 25):
            assert g.cross(g.cross(p)) == p


@pytest.mark.parametrize(("text", "key"), [
    ("white=1x14 black=1x15 turn=white", "position.wrong_total"),
    ("white=1x15 black=13x15 turn=white", "position.both_colours"),
    ("white=26x15 black=1x15 turn=white", "position.unknown_point"),
    ("white=1x15 black=1x15 turn=white colour=red", "position.unknown_key"),
    ("white=1x15 black=1x15", "position.missing_key"),
    ("white=1x15 black=1x15 turn=green", "position.bad_value"),
    ("white=1x10,1x5 black=1x15 turn=white", "position.repeated_point"),
    ("white=1x15 white=1x15 black=1x15 turn=white", "position.repeated_key"),
    ("white=one black=1x15 turn=white", "position.bad_item"),
    ("", "position.empty"),
    ("white=1x15 black=1x15 turn=white column=white", "position.bad_column"),
])
def test_bad_texts_name_the_problem(text: str, key: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.parse(text)
    assert info.value.key == key
    assert info.value.message("sv") != info.value.message("en")


def test_error_message_mentions_the_point() -> None:
    with pytest.raises(PositionError, match="13"):
        Position.parse("white=1x15 black=13x15 turn=white")


@given(st.text(max_size=80))
def test_arbitrary_text_raises_only_engine_errors(text: str) -> None:
    try:
        Position.parse(text)
    except EngineError:
        pass


@given(st.lists(st.sampled_from(["white=", "black=", "turn=", "bar", "off", "x", ",", " ",
                                 "1", "15", "24", "white", "black", "column=", "25", "0"]),
                max_size=20))
def test_near_miss_texts_raise_only_engine_errors(parts: list[str]) -> None:
    try:
        Position.parse("".join(parts))
    except EngineError:
        pass
