"""``engine.bands`` beyond the runs the rule tests use: the named patterns."""

from __future__ import annotations

from engine.bands import iron_bands
from engine.position import Position, Side


def test_iron_bands_need_a_band_on_both_18_and_19() -> None:
    """B-37: bands on the owner's 18 and 19 (the opponent's 6 and 7)."""
    assert iron_bands(Position.parse("white=1x11,18x2,19x2 black=1x15 turn=white").side(Side.WHITE))
    assert iron_bands(Position.parse("white=1x5,18x5,19x5 black=1x15 turn=white").side(Side.WHITE))
    for text in ("white=1x12,18x2,19 black=1x15 turn=white",  # a blot on 19 is no band
                 "white=1x13,19x2 black=1x15 turn=white",  # one of the two
                 "white=1x11,17x2,18x2 black=1x15 turn=white",  # next to it, not on it
                 "white=1x11,6x2,7x2 black=1x15 turn=white"):  # the opponent's 18 and 19
        assert not iron_bands(Position.parse(text).side(Side.WHITE)), text
    assert iron_bands(Position.parse("white=1x15 black=1x11,18x2,19x2 turn=white").side(Side.BLACK))
