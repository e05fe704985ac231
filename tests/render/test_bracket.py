"""Standings tables and brackets as PNG (issues 6 and 23): valid, deterministic, legible
where Discord shows them, and showing the winners, byes, forfeits and tie-breaks where
they should be.  Tournaments are built with bot/league and scripted results."""

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
    HEAD,
    MATCH_GAP,
    MIN_SHOWN_PX,
    PAD,
    ROW,
    SHOWN_WIDTH,
    SLOT,
    WORDS,
    drawn_texts,
    render_bracket,
    render_standings,
)
from render.fonts import font, missing_glyphs
from render.themes import CLASSIC

NOW = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
NAMES = ["Åsa", "Örjan", "Bertil", "Cecilia", "Dragan", "Eva", "Fredrik", "Gun", "Hans",
         "Ida", "Jonas", "Karin", "Lars", "Maja", "Nils", "Olga"]
TOP = HEAD + 36  # title block and round headings above the first bracket box
NOTE = 40  # the order note under a Swiss or round-robin table


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
    centre = TOP + (match * size + (size - 1) / 2) * pitch + box_h / 2
    return centre - box_h / 2


# -- bracket -------------------------------------------------------------------------------


def test_four_player_bracket_valid_and_deterministic() -> None:
    t = knockout()
    data = render_bracket(t.bracket(), lang="sv", theme="classic")
    im = png(data)
    # two rounds side by side, the champion's box under the final
    assert im.width == 2 * PAD + 2 * BOX_W + COL_GAP
    assert 300 < im.height < 600
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
    # the champion's box: a filled accent block under the final, in its column
    cx0 = PAD + BOX_W + COL_GAP
    below = round(ftop + 2 * SLOT + 2)
    assert count(im, (cx0, below, cx0 + BOX_W, im.height), CLASSIC.accent) > 4000
    assert count(im, (cx0, 0, cx0 + BOX_W, round(ftop)), CLASSIC.accent) < 2000


def test_unfinished_bracket_has_no_champion_and_highlights_the_open_match() -> None:
    t = knockout(finish=False)
    im = png(render_bracket(t.bracket()))
    assert im.width == 2 * PAD + 2 * BOX_W + COL_GAP
    cx0 = PAD + BOX_W + COL_GAP  # no champion's box under the open final
    below = round(box_top(0, rnd=1) + 2 * SLOT + 4)
    assert count(im, (cx0, below, cx0 + BOX_W, im.height), CLASSIC.accent) < 200
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
    assert im.height > TOP + 4 * (2 * SLOT + 2)
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
    assert count(im, (gx0, TOP, gx0 + COL_GAP - 16, im.height - PAD), CLASSIC.frame_light,
                 20) == 0


# -- standings -----------------------------------------------------------------------------


def test_swiss_standings_table() -> None:
    t = swiss()
    table = t.standings()
    data = render_standings(t, lang="sv")
    im = png(data)
    assert im.height == HEAD + ROW + 6 * ROW + NOTE + PAD
    assert 700 < im.width <= 840
    assert render_standings(t, lang="sv") == data
    # the dict form gives the same picture
    d = {**t.bracket(), "tiebreak": t.tiebreak, "standings": [s.to_json() for s in table]}
    assert render_standings(json.loads(json.dumps(d)), lang="sv") == data
    assert render_standings(t, lang="en") != data
    # first place wears the accent medal in the place column
    y = HEAD + ROW + ROW // 2
    assert near(im.getpixel((PAD + 24 + 10, y)), CLASSIC.accent, 40)
    assert not near(im.getpixel((PAD + 24 + 10, y + ROW)), CLASSIC.accent, 40)
    # the chosen tie-break's heading is in the accent colour
    mb = Tournament.from_json({**t.to_json(), "tiebreak": "median_buchholz"})
    assert render_standings(mb) != data


def test_knockout_standings_table() -> None:
    t = knockout()
    data = render_standings(t, lang="en", theme="contrast")
    im = png(data)
    assert im.height == HEAD + ROW + 4 * ROW + PAD  # no order note in a knockout
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
            sample = text.format(n=2, total=3, id="1.2", a=1, b=3, criteria="Buchholz")
            for weight in ("regular", "bold", "italic", "medium"):
                assert not missing_glyphs(sample, font(22, weight)), (lang, key, weight)


def _medal_at(im: Image.Image, place: int) -> bool:
    """The place column of row ``place`` wears a medal ring (accent, muted or light)."""
    y = HEAD + ROW + (place - 1) * ROW + ROW // 2
    px = im.getpixel((PAD + 24 + 10, y))
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


# -- legible where Discord shows them (issue 22, point 8; issue 23) ---------------------------


def _pictures() -> list[tuple[str, Tournament]]:
    """Every kind of picture state: small and large knockouts (running, finished, with
    an unplayed final), Swiss and round robin, long names."""
    out = [("swiss", swiss()), ("knockout", knockout()), ("open final", knockout(False))]
    for n in (6, 16, 32):
        t = Tournament.create("k", "Vårcupen i bräde för hela länet", "single_elimination",
                              "org", now=NOW, match_length=3)
        for i in range(n):
            t.join(f"q{i}", f"{NAMES[i % len(NAMES)]} Långnamnsson-Efternamn {i}",
                   rating=2000 - i)
        t.start(NOW)
        out.append((f"knockout {n}", Tournament.from_json(t.to_json())))
        while t.pending():
            for m in list(t.pending()):
                t.report(m.id, m.a, NOW, a_points=2, b_points=1)
        out.append((f"knockout {n} done", t))
    rr = make("round_robin", 6)
    while rr.pending():
        for m in list(rr.pending()):
            rr.report(m.id, m.b, NOW, a_points=0, b_points=2)
    out.append(("round robin", rr))
    return out


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_every_text_is_legible_at_discords_width(lang: str) -> None:
    """Every text each picture draws is at least 11 px tall when Discord shows the
    picture 550 px wide (a narrower one is shown at its own size)."""
    checked = 0
    for label, t in _pictures():
        for render in (render_standings, render_bracket):
            width, texts = drawn_texts(render, t, lang=lang)
            assert texts, (label, render.__name__)
            scale = min(1.0, SHOWN_WIDTH / width)
            small = [(text, size) for text, size in texts if size * scale < MIN_SHOWN_PX]
            assert not small, (label, render.__name__, width, small[:3])
            checked += len(texts)
    assert checked > 500


def test_a_wide_knockout_shows_three_rounds_and_says_so() -> None:
    t = Tournament.create("k", "Cup", "single_elimination", "org", now=NOW)
    for i in range(16):
        t.join(f"q{i}", NAMES[i], rating=2000 - i)
    t.start(NOW)
    width, texts = drawn_texts(render_bracket, t, lang="en")
    assert width == 2 * PAD + 3 * BOX_W + 2 * COL_GAP
    words = [text for text, _ in texts]
    assert "Round 1" in words and "Quarterfinal" in words and "Semifinal" in words
    assert "Final" not in words and "Rounds 1–3 of 4 shown." in words


def test_forfeits_are_marked_on_the_player_who_forfeited() -> None:
    """Issue 23, point 6: a double forfeit marks both players, a walkover the loser."""
    t = make("swiss", 4, swiss_rounds=2)
    t.set_result("1.1", None, NOW)  # both forfeit
    _, texts = drawn_texts(render_bracket, t, lang="en")
    assert [x for x, _ in texts].count("forfeit") == 2
    t.remove_player("p2", NOW)  # 1.2: p2 – p4, a walkover for p4
    _, texts = drawn_texts(render_bracket, t, lang="sv")
    assert [x for x, _ in texts].count("WO-förlust") == 3
    im = png(render_bracket(t, lang="en"))
    # the walkover's winner (p4, line b of 1.2) carries the winner's bar, p2 does not
    top = box_top(1)
    assert near(im.getpixel((PAD + 6, round(top + SLOT * 1.5))), CLASSIC.accent)
    assert not near(im.getpixel((PAD + 6, round(top + SLOT * 0.5))), CLASSIC.accent)


def test_one_word_per_thing_in_each_language() -> None:
    """Issue 23, point 12: "rond" (not "omgång"), matches of N games as the texts say."""
    sv = " ".join(WORDS["sv"].values()).lower()
    assert "omgång" not in sv and "frilott" not in sv and "match till" not in sv
    t = make("swiss", 4, swiss_rounds=2)
    _, texts = drawn_texts(render_bracket, t, lang="sv")
    words = " ".join(x for x, _ in texts)
    assert "Rond 1" in words and "matcher om 3 partier" in words
    _, texts = drawn_texts(render_standings, t, lang="en")
    assert any("matches of 3 games" in x for x, _ in texts)
    one = Tournament.create("o", "One", "swiss", "org", swiss_rounds=1, match_length=1)
    _, texts = drawn_texts(render_standings, one, lang="sv")
    assert any("ett parti per match" in x for x, _ in texts)
    _, texts = drawn_texts(render_standings, one, lang="en")
    assert any("one game per match" in x for x, _ in texts)  # not "matches of 1 game"


def test_the_order_note_names_every_tiebreak() -> None:
    """Issue 23, point 8: the picture says what separates equal scores."""
    rr = make("round_robin", 4)
    _, texts = drawn_texts(render_standings, rr, lang="en")
    assert "Order: score, Sonneborn–Berger, ± game points, seed" in [x for x, _ in texts]
    _, texts = drawn_texts(render_standings, swiss(), lang="sv")
    assert "Ordning: poäng, Buchholz, median-Buchholz, ± partipoäng, seedning" in \
        [x for x, _ in texts]
    assert png(render_standings(rr)).height == HEAD + ROW + 4 * ROW + NOTE + PAD


def test_an_unplayed_final_shows_no_champion() -> None:
    t = knockout(finish=False)
    t.finish(NOW)
    _, texts = drawn_texts(render_bracket, t, lang="en")
    assert "Champion" not in [x for x, _ in texts]
    _, texts = drawn_texts(render_standings, t, lang="en")
    words = [x for x, _ in texts]
    assert words.count("not beaten") == 2 and "Champion" not in words


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_every_heading_of_the_standings_fits_at_550_px(lang: str) -> None:
    """Issue 30: the English heading was cut ("± game p…").  Every column's heading is
    drawn whole, legible when the picture is shown 550 px wide; a knockout's last column
    says how far each player got, so the champion's "Champion" sits under "Result"."""
    from render.bracket import MIN_SHOWN_PX, SHOWN_WIDTH, SMALL, WORDS

    keys = ("place", "player", "score", "buchholz", "median_buchholz", "sonneborn_berger",
            "won_lost", "points", "seed", "result")
    for label, t in _pictures():
        width, texts = drawn_texts(render_standings, t, lang=lang)
        drawn = [x for x, size in texts if size == SMALL]
        headings = [x for x in drawn if x in {WORDS[lang][k] for k in keys}]
        assert len(headings) >= 5 and not [x for x in drawn if x.endswith("…")], label
        assert SMALL * min(1.0, SHOWN_WIDTH / width) >= MIN_SHOWN_PX
    words = [x for x, _ in drawn_texts(render_standings, knockout(), lang=lang)[1]]
    assert WORDS[lang]["result"] in words and WORDS[lang]["champion"] in words
    assert WORDS[lang]["runner_up"] in words
