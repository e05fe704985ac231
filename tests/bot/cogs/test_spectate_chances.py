"""``/watch analyse`` names the chances after the best play where the judge is a network of
outcome probabilities (backgammon, issue 42), in the asker's language; a judge of expected
points alone (every other network) adds no such line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import simcord

from bot.client import BradeBot
from bot.service.ai import ThreadAgent
from tests.bot.cogs.test_spectate_analyse import finished_game
from tests.bot.conftest import make_bot

CHANCES = (0.62, 0.21, 0.004, 0.08, 0.0)


class ChancesAgent(ThreadAgent):
    """The test agent, judging as a probabilities network would: every decision carries
    the chances after its best play."""

    async def analysis_part(self, rules: str, part: list) -> list:
        found = await super().analysis_part(rules, part)
        return [replace(d, best_chances=CHANCES) for d in found]


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path, agent=ChancesAgent())


@pytest.mark.parametrize(("locale", "line"), [
    (None, "After the best play: wins 62%, a gammon 21%, a backgammon <1% · loses a gammon "
           "8%, a backgammon 0%."),
    ("sv", "Efter det bästa draget: vinner 62 %, gammon 21 %, backgammon <1 % · förlorar "
           "gammon 8 %, backgammon 0 %."),
])
async def test_the_biggest_mistake_names_the_chances_after_the_best_play(
        simcord_env: simcord.Env, db_path: Path, locale: str | None, line: str) -> None:
    _guild, ch, members, row = await finished_game(simcord_env, db_path, turns=6,
                                                   locale=locale)
    r = await members[2].slash(ch, "watch analyse", game=row["id"])
    text = r.response.content
    assert line in text, text
