"""The one options object a board is drawn with (render/options.py): typed fields, the
looser forms ``BoardOptions.of`` accepts, and a frozen value that can be a key."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest

from engine import rules as registry
from engine.position import Position, Side
from render import render_board
from render.alt_text import alt_text
from render.options import BOTH, BoardOptions, Score


def test_loose_forms_become_the_typed_ones() -> None:
    o = BoardOptions.of("puff-lang+torn", dice=[3, 3], score=(1, 2, 5),
                        names={"black": "Erik", Side.WHITE: "Åsa"}, perspective="black",
                        numbers=BOTH)
    assert o.rules == registry.get("puff-lang+torn")
    assert o.dice == (3, 3) and o.score == Score(1, 2, 5)
    assert o.names == ("Åsa", "Erik") and o.perspective is Side.BLACK
    assert BoardOptions.of(names={}).names is None  # no names given is none


@pytest.mark.parametrize("bad", [dict(lang="de"), dict(dice=(7, 1)), dict(dice=(1, 2, 3)),
                                 dict(numbers="left"), dict(score="3-2"), dict(names=42)])
def test_bad_options_raise_value_error(bad: dict) -> None:
    with pytest.raises(ValueError):
        BoardOptions.of("talisman", **bad)


def test_options_are_a_frozen_hashable_picklable_value() -> None:
    a = BoardOptions.of("talisman", dice=(5, 2), names=("Åsa", "Erik"))
    b = BoardOptions.of("talisman", dice=[5, 2], names=["Åsa", "Erik"])
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert pickle.loads(pickle.dumps(a)) == a  # crosses to a board worker
    with pytest.raises(FrozenInstanceError):
        a.lang = "en"  # type: ignore[misc]


def test_the_picture_and_its_words_come_from_the_same_options() -> None:
    start = Position.start()
    o = BoardOptions.of("talisman", dice=(5, 2), lang="en", names=("Åsa", "Erik"))
    assert render_board(start, o) == render_board(start, BoardOptions.of(
        registry.get("talisman"), dice=(5, 2), lang="en", names=("Åsa", "Erik")))
    said = alt_text(start, o)
    assert "Åsa" in said and "5–2" in said
    assert render_board(start) != render_board(start, o)  # the bare board: no dice, names
