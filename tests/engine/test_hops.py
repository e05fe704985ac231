"""Error messages repeat the player's text back, but never all of a huge one.

A message that echoes a 100,000-character input is itself 100,000 characters: Discord
refuses it (2,000 at most) and the player sees nothing.  ``engine.hops.echo`` cuts the
echo to ``ECHO_LIMIT`` characters for every move error, parse and rule errors alike.
"""

from __future__ import annotations

import pytest

from engine import plays
from engine import rules as registry
from engine.errors import MoveError
from engine.hops import ECHO_LIMIT, echo, parse_hops

HUGE = 100_000
START = "white=1x15 black=1x15 turn=white"


def _short(e: MoveError) -> None:
    for lang in ("en", "sv"):
        text = e.message(lang)
        assert len(text) < ECHO_LIMIT + 200, (lang, len(text))
    assert "…" in str(e)


def test_echo_keeps_short_text_and_cuts_long_text() -> None:
    assert echo("1/7 7/12") == "1/7 7/12"
    cut = echo("x" * HUGE)
    assert len(cut) == ECHO_LIMIT and cut.endswith("…")


@pytest.mark.parametrize("text", [
    "x" * HUGE,                          # not notation at all
    "1/7 " * (HUGE // 4),                # too many words
    "1/7 " + "9" * HUGE,                 # one long bad word
    "1/7" + " " * HUGE + "nonsense",     # spaces, then a bad word
])
def test_parse_errors_echo_a_short_text(text: str) -> None:
    with pytest.raises(MoveError) as info:
        parse_hops(text)
    _short(info.value)


@pytest.mark.parametrize("text", [
    "kejsar" + "a" * HUGE,               # refused before parsing
    "1/2" + " " * HUGE + "2/3",          # parses, but no die of 6-5 moves 1
    "1/7" + " " * HUGE + "1/7",          # parses, legal steps, not a whole play
])
def test_rule_errors_echo_a_short_text(text: str) -> None:
    rules = registry.get("talisman")
    with pytest.raises(MoveError) as info:
        plays.validate(rules, rules.parse_position(START), (6, 5), text)
    _short(info.value)
