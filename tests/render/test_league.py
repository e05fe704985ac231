"""The team league's pictures (render/league.py): the table and a fixture, in both
languages, legible on a phone (every text's capitals 8 px tall when the picture is shown
320 px wide, the whole picture shown that wide), hidden line-ups drawn as hidden, a
withdrawal said in the table."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image

from bot.league.teams import TeamLeague
from bot.service.league import LeagueService
from render.fonts import PHONE, cap_height, shown_whole
from render.league import WORDS, drawn_texts, render_fixture, render_table
from tests.bot.league.test_teams import T0, league


def season(teams: int = 4) -> TeamLeague:
    lg = league(teams=teams)
    for i, t in enumerate(lg.teams):
        t.name = f"Brädklubben {i + 1}"
    lg.start(T0, [t.id for t in lg.teams])
    lg.withdraw("t2", void=True)
    lg.due(T0 + timedelta(hours=169))
    for f in lg.round_fixtures(1):
        for b in f.boards:
            if not b.decided:
                lg.set_result(f.id, b.number, "home")
    return lg


def legible(width: int, size: int) -> bool:
    return cap_height(size, "regular") * min(PHONE[0], width) / width >= PHONE[1]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("teams", [4, 16])
def test_the_table_is_legible_and_shown_whole_on_a_phone(lang: str, teams: int) -> None:
    lg = season(teams)
    data = LeagueService.table_picture(lg, lang).data
    width, height, texts = drawn_texts(render_table, data, lang=lang)
    assert width == 560 and shown_whole(width, height)
    assert all(legible(width, size) for _, size in texts)
    said = [text for text, _ in texts]
    assert WORDS[lang]["voided"] in said  # the withdrawal is said beside the team
    assert any(text.startswith(WORDS[lang]["lots"].split("{")[0]) for text in said)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_fixture_shows_hidden_lineups_as_hidden(lang: str) -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f = lg.round_fixtures(1)[0]
    lg.set_lineup(f.id, f.home, 1, lg.team(f.home).players[0], T0)
    data = LeagueService.fixture_picture(lg, f, lang).data  # seen by someone outside
    width, height, texts = drawn_texts(render_fixture, data, lang=lang)
    assert shown_whole(width, height) and all(legible(width, s) for _, s in texts)
    said = [text for text, _ in texts]
    assert said.count(WORDS[lang]["hidden"]) == 6  # nobody outside sees either side
    png = render_fixture(data, lang=lang)
    assert png == render_fixture(data, lang=lang)  # the same data, the same bytes
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        render_table(LeagueService.table_picture(season(), "en").data, lang="de")
