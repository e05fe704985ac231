"""The terminal's board (engine.ascii_board): each viewer reads their own numbering."""

from __future__ import annotations

from engine.ascii_board import draw
from engine.position import Position, Side


def test_the_start_drawn_for_white_and_for_black() -> None:
    pos = Position.start()
    white, black = draw(pos), draw(pos, Side.BLACK)
    assert white != black
    top, bottom = white.splitlines()[0].split(), white.splitlines()[4].split()
    assert top[0] == "13" and top[-1] == "24" and bottom[0] == "12" and bottom[-1] == "1"
    assert "O 15" not in white  # the summary counts checkers off and on the bar
    assert white.splitlines()[-1].startswith("bar: O 0  X 0")


def test_both_numberings_and_swedish_words() -> None:
    pos = Position.start()
    both = draw(pos, both=True)
    assert len(both.splitlines()) == len(draw(pos).splitlines()) + 2
    assert "(vit)" in draw(pos, lang="sv") or "(svart)" in draw(pos, lang="sv")
