"""Every move example a player or contributor reads is one the parser accepts.

A new player copies the notation the help shows; an example that runs backwards
(``13/7``: every player counts along their own path 1 -> 24) or writes a repeat the
parser refuses (``13/10(2)``) teaches them an error message.  The examples are found,
not listed by hand, so a new one is checked the day it is written:

- in ``README.md``, every page of ``docs/`` and the bot's string tables (both languages, every
  key, ``/brade help`` among them): every backticked text all of whose words look like
  move steps (points 1..25, ``bar``/``b``, ``off``/``ut``/``hem``, joined by ``/`` or
  ``-``, maybe ``*``, ``!`` or a repeat ``(n)``);
- in the engine's messages and the commands' descriptions, which carry no backticks:
  every word of that shape joined by ``/``.

Each is run through ``engine.hops.parse_hops``, the parser behind ``/brade move``.  Dice
in the docs are written with an en dash (``5–2``), which this shape leaves out.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from bot.i18n import FEATURES, TABLES
from bot.i18n.commands import SV as COMMANDS_SV
from engine.errors import UnparsableMove
from engine.hops import parse_hops
from engine.messages import MESSAGES as ENGINE_MESSAGES

ROOT = Path(__file__).resolve().parents[1]
#: Every page a reader may copy notation from.  ``docs/league.md`` is left out: it specifies
#: the game record, whose dice are written ``5-2``, a shape this check cannot tell from a play.
DOCS = ("README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")
                            if p.name != "league.md"))

_POINT = r"(?:bar|b|off|ut|hem|\d{1,2})"
#: One word shaped like a move step or chain (what the docs mean as notation).
STEP_WORD = re.compile(rf"^{_POINT}[*!]*(?:[/-]{_POINT}[*!]*)+(?:\(\d+\))?$")
#: Such a word inside running text: it must contain a slash (``1/7``, not ``5-2``).
LOOSE_STEP = re.compile(rf"(?<![\w/.]){_POINT}[*!]*(?:/{_POINT}[*!]*)+(?:\(\d+\))?(?![\w/])")
SPAN = re.compile(r"`([^`\n]+)`")
#: A roll's two dice (``6-6``: a generalpasch named with ``/brade move``), not a play.
DICE = re.compile(r"^[1-6]-[1-6]$")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def move_spans(text: str) -> list[str]:
    """The backticked texts of ``text`` whose every word is shaped like move notation."""
    out = []
    for m in SPAN.finditer(FENCE.sub("", text)):
        words = m.group(1).split()
        if DICE.match(m.group(1).strip()):
            continue
        if words and all(STEP_WORD.match(w) for w in words):
            out.append(m.group(1).strip())
    return out


def _examples() -> list[tuple[str, str]]:
    """(where, example) for every move example in the docs and the texts."""
    found: list[tuple[str, str]] = []
    for name in DOCS:
        text = (ROOT / name).read_text(encoding="utf-8")
        found += [(name, ex) for ex in move_spans(text)]
    for lang, table in TABLES.items():
        for key, text in table.items():
            found += [(f"{lang}:{key}", ex) for ex in move_spans(text)]
    for key, by_lang in ENGINE_MESSAGES.items():
        for lang, text in by_lang.items():
            found += [(f"engine {lang}:{key}", ex) for ex in LOOSE_STEP.findall(text)]
    commands = dict(COMMANDS_SV)
    for feature in FEATURES:
        commands.update(importlib.import_module(f"bot.i18n.{feature}").COMMANDS_SV)
    for english, swedish in commands.items():
        for text in (english, swedish):
            found += [(f"command {english!r}", ex) for ex in LOOSE_STEP.findall(text)]
    return found


EXAMPLES = _examples()


def test_the_examples_are_found_where_players_read_them() -> None:
    """The search itself works: the places a player learns notation from yield examples."""
    places = {where for where, _ in EXAMPLES}
    for where in ("README.md", "docs/rules.md", "en:help", "sv:help",
                  "engine en:move.unparsable", "engine sv:move.unparsable"):
        assert where in places, where
    assert len(EXAMPLES) >= 30


@pytest.mark.parametrize(("where", "example"), EXAMPLES,
                         ids=[f"{w}:{e}" for w, e in EXAMPLES])
def test_every_move_example_parses(where: str, example: str) -> None:
    try:
        hops = parse_hops(example)
    except UnparsableMove as e:
        pytest.fail(f"{where}: the example `{example}` is refused: {e}")
    assert hops


@pytest.mark.parametrize("wrong", ["13/7 8/off", "8/ut 13/7", "13/10(2)", "24-18"])
def test_the_check_catches_a_backwards_example(wrong: str) -> None:
    """What the docs said before: found as an example, and refused by the parser."""
    assert move_spans(f"write points like `{wrong}`.") == [wrong]
    with pytest.raises(UnparsableMove):
        parse_hops(wrong)
