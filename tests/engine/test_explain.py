"""Why a roll was forfeited, in words (engine.explain)."""

from __future__ import annotations

from engine import rules as registry
from engine.explain import forfeit_reason
from engine.generators import legal_turns
from engine.position import Position


def test_checkers_on_the_bar_with_no_entry() -> None:
    pos = Position.parse("white=barx2,1x13 black=1x13,18x2 turn=white")
    only = legal_turns(registry.get("talisman"), pos, (6, 6))
    assert len(only) == 1 and only[0].is_forfeit  # black's band closes white's entry
    en = forfeit_reason(pos, (6, 6))
    assert "2 checkers" in en and "White" in en and "6–6" in en
    sv = forfeit_reason(pos, (6, 6), "sv")
    assert "2 brickor" in sv and "Vit" in sv


def test_every_way_closed() -> None:
    pos = Position.parse("white=1x15 black=1x15 turn=white")
    text = forfeit_reason(pos, (6, 6))
    assert "None of White's checkers can move 6–6" in text
