"""Standings tables and brackets as PNG (issue 6): valid, deterministic, and showing the
winners, byes and tie-breaks where they should be.  Tournaments are built with
bot/league and scripted results."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.league import Tournament
from render.bracket import (
    BOX_W,
    COL_GAP,
    MATCH_GAP,
    PAD,
    ROW,
    SLOT,
    WORDS,
    render_bracket,
    render_standings,
)
from render.fonts import font, missing_glyphs
from render.themes import CLASSIC

NOW = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
NAMES = ["Åsa", "Örjan", "Bertil", "Cecilia", "Dragan", "Eva"]
HEAD = 150 + 44  # title block and round headings above the first bracket box


def make(fmt: str, n: int, **kw) -> Tournament:
    t = Tournament.create("t1", "Höstcupen", fmt, "org", now=NOW, match_length=3, **kw)
    for i in range(1, n + 1):
        t.join(f"p{i}", NAMES[i - 1], rating=2000 - 100 * i)
    t.start(NOW)
    return t


def knockout(finish: bool = True) -> Tournament:
    """Seeds 1–4; seed 3 beats seed 2 and then seed 1."""
    t = make("single_elimination", 4)
    t.report("1.1", "p1", NOW, a_points=2, b_points=0)
    t.report("1.2", "p3", NOW, a_points=1, b_points=3)
    if finish:
        t.report("2.1", "p3", NOW, a_points=1, b_points=2)
    return t


def swiss() -> Tournament:
    """Six players, three rounds; the listed-first player of each pairing wins."""
    t = make("swiss", 6, swiss_rounds=3)
    while t.pending():
        for m in list(t.pending()):
            t.report(m.id, m.a, NOW, a_points=2, b_points=1)
    return t


def png(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG"
    return im.convert("RGB")


def near(px: tuple[int, ...], colour: tuple[int, int, int], tol: float = 30) -> bool:
    return sum((a - b) ** 2 for a, b in zip(px, colour, strict=True)) ** 0.5 < tol


def count(im: Image.Image, box: tuple[int, int, int, int], colour, tol: float = 30) -> int:
    return sum(1 for px in im.crop(box).get_flattened_data() if near(px, colour, tol))


def box_top(match: int, rnd: int = 0) -> float:
    """Top of a knockout box: round r's match i sits midway between its two feeders."""
    pitch = 2 * SLOT + 2 + MATCH_GAP
    box_h = 2 * SLOT + 2
    size = 2 ** rnd
    centre = HEAD + (match * size + (size - 1) / 2) * pitch + box_h / 2
    return centre - box_h / 2


# -- bracket -------------------------------------------------------------------------------


def test_four_player_bracket_valid_and_deterministic() -> None:
    t = knockout()
    data = render_bracket(t.bracket(), lang="sv", theme="classic")
    im = png(data)
    # two rounds and the champion's box, side by side
    assert im.width == 2 * PAD + 3 * BOX_W + 2 * COL_GAP
    assert 350 < im.height < 600
    assert render_bracket(t.bracket(), lang="sv", theme="classic") == data
    assert render_bracket(t) == data  # the tournament itself works as well
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert render_bracket(again.bracket()) == data
    assert render_bracket(t.bracket(), lang="en") != data
    assert render_bracket(t.bracket(), theme="contrast") != data


def test_winners_are_marked_and_the_champion_shown() -> None:
    im = png(render_bracket(knockout().bracket()))
    x = PAD + 6  # the winner's accent bar at a box's left edge
    for match, winner_line in ((0, 0), (1, 1)):  # p1 won 1.1 (line a), p3 won 1.2 (line b)
        top = box_top(match)
        won = (round(top + SLOT * winner_line + SLOT / 2))
        lost = (round(top + SLOT * (1 - winner_line) + SLOT / 2))
        assert near(im.getpixel((x, won)), CLASSIC.accent), match
        assert not near(im.getpixel((x, lost)), CLASSIC.accent), match
    # the final's winner is p3, on line b of the final box
    fx = PAD + BOX_W + COL_GAP + 6
    ftop = box_top(0, rnd=1)
    assert near(im.getpixel((fx, round(ftop + SLOT * 1.5))), CLASSIC.accent)
    assert not near(im.getpixel((fx, round(ftop + SLOT * 0.5))), CLASSIC.accent)
    # the champion's box: a filled accent block in the third column
    cx0 = PAD + 2 * (BOX_W + COL_GAP)
    centre = round(ftop + SLOT + 1)
    assert count(im, (cx0, centre - 20, cx0 + BOX_W, centre + 20), CLASSIC.accent) > 4000


def test_unfinished_bracket_has_no_champion_and_highlights_the_open_match() -> None:
    t = knockout(finish=False)
    im = png(render_bracket(t.bracket()))
    assert im.width == 2 * PAD + 2 * BOX_W + COL_GAP  # no champion column yet
    # the open final is drawn on the active strip colour with an accent outline
    fx = PAD + BOX_W + COL_GAP
    ftop = round(box_top(0, rnd=1))
    assert near(im.getpixel((fx + BOX_W // 2, ftop + 1)), CLASSIC.accent, 40)
    assert near(im.getpixel((fx + BOX_W - 60, ftop + SLOT // 2)), CLASSIC.strip_active, 12)


def test_byes_are_shown_in_a_six_player_bracket() -> None:
    t = make("single_elimination", 6)
    b = t.bracket()
    assert sum(m["bye"] for m in b["rounds"][0]["matches"]) == 2
    im = png(render_bracket(b, lang="en"))
    assert im.width == 2 * PAD + 3 * BOX_W + 2 * COL_GAP  # quarterfinal, semifinal, final
    assert im.height > HEAD + 4 * (2 * SLOT + 2)
    # bye matches are decided at once: their seeded player carries the winner's bar
    for match, m in enumerate(b["rounds"][0]["matches"]):
        top = box_top(match)
        marked = near(im.getpixel((PAD + 6, round(top + SLOT / 2))), CLASSIC.accent)
        assert marked == m["bye"], match


def test_swiss_pairings_show_as_columns_of_rounds() -> None:
    t = swiss()
    data = render_bracket(t.bracket(), lang="sv")
    im = png(data)
    assert im.width == 2 * PAD + 3 * BOX_W + 2 * COL_GAP
    # no connectors between Swiss rounds: the gap between columns stays background
    gx0 = PAD + BOX_W + 8
    assert count(im, (gx0, HEAD, gx0 + COL_GAP - 16, im.height - PAD), CLASSIC.frame_light,
                 20) == 0


# -- standings -----------------------------------------------------------------------------


def test_swiss_standings_table() -> None:
    t = swiss()
    table = t.standings()
    data = render_standings(t, lang="sv")
    im = png(data)
    assert im.height == 150 + ROW + 6 * ROW + 44 + PAD
    assert 900 < im.width < 1400
    assert render_standings(t, lang="sv") == data
    # the dict form gives the same picture
    d = {**t.bracket(), "tiebreak": t.tiebreak, "standings": [s.to_json() for s in table]}
    assert render_standings(json.loads(json.dumps(d)), lang="sv") == data
    assert render_standings(t, lang="en") != data
    # first place wears the accent medal in the place column
    y = 150 + ROW + ROW // 2
    assert near(im.getpixel((PAD + 32 + 11, y)), CLASSIC.accent, 40)
    assert not near(im.getpixel((PAD + 32 + 11, y + ROW)), CLASSIC.accent, 40)
    # the chosen tie-break's heading is in the accent colour
    mb = Tournament.from_json({**t.to_json(), "tiebreak": "median_buchholz"})
    assert render_standings(mb) != data


def test_knockout_standings_table() -> None:
    t = knockout()
    data = render_standings(t, lang="en", theme="contrast")
    im = png(data)
    assert im.height == 150 + ROW + 4 * ROW + PAD  # no tie-break note in a knockout
    assert render_standings(t, lang="en", theme="contrast") == data


def test_empty_and_bad_input() -> None:
    t = Tournament.create("t2", "Vårcupen", "swiss", "org", swiss_rounds=2, now=NOW)
    assert png(render_standings(t)).height > 0
    assert png(render_bracket(t.bracket())).height > 0
    with pytest.raises(ValueError, match="lang"):
        render_standings(t, lang="fi")
    with pytest.raises(ValueError, match="theme"):
        render_bracket(t.bracket(), theme="neon")
    with pytest.raises(ValueError, match="rounds"):
        render_bracket({"name": "x"})
    with pytest.raises(ValueError, match="standings"):
        render_standings({"name": "x"})
    with pytest.raises(TypeError):
        render_bracket(42)


def test_every_label_has_its_glyphs() -> None:
    for lang, words in WORDS.items():
        for key, text in words.items():
            sample = text.format(n=2, total=3, id="1.2", a="Buchholz", b="Median-Buchholz")
            for weight in ("regular", "bold", "italic", "medium"):
                assert not missing_glyphs(sample, font(22, weight)), (lang, key, weight)


def _medal_at(im: Image.Image, place: int) -> bool:
    """The place column of row ``place`` wears a medal ring (accent, muted or light)."""
    y = 150 + ROW + (place - 1) * ROW + ROW // 2
    px = im.getpixel((PAD + 32 + 11, y))
    return any(near(px, c, 40) for c in (CLASSIC.accent, CLASSIC.muted, CLASSIC.frame_light))


def test_medals_only_when_the_tournament_is_over() -> None:
    running = make("swiss", 6, swiss_rounds=3)
    for m in list(running.pending()):
        running.report(m.id, m.a, NOW, a_points=2, b_points=1)
    assert running.state.value != "finished"
    im = png(render_standings(running))
    assert not any(_medal_at(im, p) for p in (1, 2, 3))
    done = swiss()
    assert done.state.value == "finished"
    im = png(render_standings(done))
    assert all(_medal_at(im, p) for p in (1, 2, 3)) and not _medal_at(im, 4)
    # the caller's flag wins over the data: a bare table of rows has no state at all
    rows = {"standings": [s.to_json() for s in done.standings()], "format": "swiss"}
    assert not _medal_at(png(render_standings(rows)), 1)
    assert _medal_at(png(render_standings(rows, finished=True)), 1)
    assert not _medal_at(png(render_standings(done, finished=False)), 1)
    # a knockout likewise: no medals while matches are still to be played
    assert not _medal_at(png(render_standings(knockout(finish=False))), 1)
