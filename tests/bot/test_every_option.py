"""Every ruleset and every option the bot offers, played to its end by taps (issue 43).

Each ruleset ``/brade new`` offers (``bot.cogs.play.ruleset_names``: the eight rulesets
and each with one of its options) is one whole game after ``/brade new`` (and Accept):
Roll, the picker's buttons and menus, Confirm, and under puff's ``generalpasch`` the
buttons that name the roll (``tests/bot/test_picker.py``'s ``tap_turn``).  The channel
must then be the game's record, every play once and in order.

What it costs decides the split (README's test time budget: the whole suite within
about 12 minutes on two cores): a game by taps takes 3 to 10 s here, so each of the 33
rulesets and options besides generalpasch is played once, against the computer or
between two members by turns (the eight plain rulesets both ways), on SQLite alone
(the store is not what is tested; every store test runs on both).  Generalpasch, the
option that could not be played before, is played in each puff geometry against the
computer and between members, in Swedish and in English, and each game must have met
the choice.  Seeds are fixed, so every run plays the same games.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.cogs.play import ruleset_names
from bot.i18n import side_name, t
from engine.dice import drawn_dice, roll_name
from engine.position import Side
from tests.bot.conftest import make_bot
from tests.bot.test_channel_record import channel
from tests.bot.test_picker import Tally, assert_the_channel_is_the_record, tap_to_end

GENERAL = [n for n in ruleset_names() if n.endswith("+generalpasch")]
PLAIN = [n for n in ruleset_names() if "+" not in n]
OPTIONS = [n for n in ruleset_names() if "+" in n and n not in GENERAL]
#: (ruleset, against the computer): the plain rulesets both ways, each option once,
#: against the computer and between members by turns.
CASES = [(n, True) for n in PLAIN] + [(n, False) for n in PLAIN] + \
    [(n, True) for n in OPTIONS]


async def play_by_taps(tmp_path: Path, ruleset: str, computer: bool, *, seed: int,
                       locale: str | None = None, lang: str = "en"
                       ) -> tuple[dict[str, Any], Tally, simcord.Env, Any]:
    """A whole game of ``ruleset`` by taps, Alice against the computer (nybörjare: the
    quickest) or against Bob; the final row, the taps, the environment and channel.
    The caller shuts ``env`` down."""
    db = tmp_path / "brade.sqlite3"
    env = simcord.Env(make_bot(db, seed=seed), settle_timeout=120.0)
    await env.start()
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    ch = guild.create_text_channel("spel")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    if computer:
        r = await alice.slash(ch, "brade new", ruleset=ruleset, level="nybörjare")
        members = [alice]
    else:
        r = await alice.slash(ch, "brade new", opponent=bob, ruleset=ruleset)
        await bob.click(r.response, label=t("btn.accept", lang))
        members = [alice, bob]
    assert not r.ephemeral, r.response.content
    tally = Tally()
    row = await tap_to_end(env, ch, db, members, random.Random(seed), tally)
    assert row["status"] == "over", row["status"]
    assert row["game"].rules.name == ruleset
    assert_the_channel_is_the_record(env, ch, db, row, lang,
                                     computer=t("computer", lang) if computer else "")
    env.raise_errors()
    return row, tally, env, ch


@pytest.mark.simcord(settle_timeout=120.0)
@pytest.mark.parametrize(("ruleset", "computer"), CASES,
                         ids=[f"{n}-{'computer' if c else 'members'}" for n, c in CASES])
async def test_every_ruleset_and_option_is_played_to_its_end_by_taps(
        tmp_path: Path, ruleset: str, computer: bool) -> None:
    _, _, env, _ = await play_by_taps(tmp_path, ruleset, computer, seed=43)
    await env.shutdown()


#: Each puff geometry with generalpasch: against the computer in one language and
#: between members in the other.
GENERAL_CASES = [(n, computer, lang) for i, n in enumerate(GENERAL)
                 for computer, lang in ((True, ("sv", "en")[i % 2]),
                                        (False, ("en", "sv")[i % 2]))]


@pytest.mark.simcord(settle_timeout=120.0)
@pytest.mark.parametrize(("ruleset", "computer", "lang"), GENERAL_CASES,
                         ids=[f"{n}-{'computer' if c else 'members'}-{lang}"
                              for n, c, lang in GENERAL_CASES])
async def test_generalpasch_is_played_to_its_end_by_taps(
        tmp_path: Path, ruleset: str, computer: bool, lang: str) -> None:
    """The roll showing the teka's combination is named by a tap on the member's side
    (and by the computer on its own): every such game ends, and the channel says each
    choice in the server's language."""
    locale = "sv-SE" if lang == "sv" else None
    row, tally, env, ch = await play_by_taps(tmp_path, ruleset, computer, seed=44,
                                             locale=locale, lang=lang)
    try:
        game = row["game"]
        chose = [e for e in game.events if e["type"] == "choose"]
        assert tally.named, "a member named a generalpasch roll by a tap"
        assert len(chose) >= len(tally.named)
        if computer:
            mine = {e["side"] for e in chose}
            assert len(mine) == 2, "the computer named a generalpasch roll too"
        text = "\n".join(m.content for m in channel(env, ch))
        rolls = [e for e in game.events if e["type"] in ("roll", "choose")]
        said = 0
        members = {uid: side for uid, side in ((row["white_id"], "white"),
                                               (row["black_id"], "black")) if uid}
        for before, e in itertools.pairwise(rolls):
            if e["type"] != "choose" or e["side"] not in members.values():
                continue  # the computer's: its play's line says it (the channel's record)
            rolled, named = tuple(before["dice"]), tuple(e["dice"])
            who = side_name(Side(e["side"]), lang)
            line = (t("named.as_rolled", lang, who=who) if named == rolled else
                    t("named", lang, who=who, name=roll_name(named),
                      dice=drawn_dice(named, "–")))
            assert line in text, line
            said += 1
        assert said == sum(1 for e in chose if e["side"] in members.values())
    finally:
        await env.shutdown()
