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
    HEADER,
    LINE2,
    MATCH_GAP,
    NOTE_GAP,
    PAD,
    SLOT,
    WORDS,
    drawn_texts,
    render_bracket,
    render_standings,
    row_height,
)
from render.fonts import font, missing_glyphs
from render.themes import CLASSIC

NOW = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
NAMES = ["Åsa", "Örjan", "Bertil", "Cecilia", "Dragan", "Eva", "Fredrik", "Gun", "Hans",
         "Ida", "Jonas", "Karin", "Lars", "Maja", "Nils", "Olga"]
TOP = HEAD + 36  # title block and round headings above the first bracket box
TABLE = HEAD + HEADER + 6  # the title block and the header strip above the first row
ROW = row_height(1)  # a row whose figures fit one line under its name


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
    assert im.width == 2 * PAD + 2 * BOX_W + COL_GAP  # quarterfinal, semifinal (final: text)
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
    assert im.width == 2 * PAD + 2 * BOX_W + COL_GAP
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
    # two lines a row, the order note on two lines (issue 46: narrow enough for a phone)
    assert im.height == TABLE + 6 * ROW + NOTE_GAP + 2 * LINE2 + PAD
    assert im.width == 560
    assert render_standings(t, lang="sv") == data
    # the dict form gives the same picture
    d = {**t.bracket(), "tiebreak": t.tiebreak, "standings": [s.to_json() for s in table]}
    assert render_standings(json.loads(json.dumps(d)), lang="sv") == data
    assert render_standings(t, lang="en") != data
    # first place wears the accent medal in the place column
    assert _medal_at(im, 1) and near(im.getpixel(_place_at(1)), CLASSIC.accent, 40)
    assert not near(im.getpixel(_place_at(2)), CLASSIC.accent, 40)
    # the chosen tie-break's heading is in the accent colour
    mb = Tournament.from_json({**t.to_json(), "tiebreak": "median_buchholz"})
    assert render_standings(mb) != data


def test_knockout_standings_table() -> None:
    t = knockout()
    data = render_standings(t, lang="en", theme="contrast")
    im = png(data)
    assert im.height == TABLE + 4 * ROW + PAD  # no order note in a knockout
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


def _place_at(place: int) -> tuple[int, int]:
    """A pixel of the medal ring round row ``place``'s place (rows of one figures line)."""
    return PAD + 28 + 12, TABLE + (place - 1) * ROW + 6 + 34 // 2


def _medal_at(im: Image.Image, place: int) -> bool:
    """The place column of row ``place`` wears a medal ring (accent, muted or light)."""
    px = im.getpixel(_place_at(place))
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
    for n, rounds in ((16, 4), (32, 5)):  # a Swiss of 32 is plausible (issue 46)
        t = Tournament.create("s", "Höstcupen", "swiss", "org", now=NOW, match_length=3,
                              swiss_rounds=rounds)
        for i in range(n):
            t.join(f"s{i}", f"{NAMES[i % len(NAMES)]} Långnamnsson {i}", rating=2000 - i)
        t.start(NOW)
        out.append((f"swiss {n}", Tournament.from_json(t.to_json())))
        k = 0
        while t.pending():
            for m in list(t.pending()):
                k += 1
                t.report(m.id, m.a if k % 3 else m.b, NOW, a_points=2, b_points=1)
        out.append((f"swiss {n} done", t))
    big_rr = make("round_robin", 16)
    out.append(("round robin 16", big_rr))
    return out


def test_a_wide_knockout_shows_two_rounds_and_says_so() -> None:
    """Two rounds side by side (issue 46: three made the picture too wide for a phone's
    320 px); the subtitle says which, the text beside the picture lists every round."""
    t = Tournament.create("k", "Cup", "single_elimination", "org", now=NOW)
    for i in range(16):
        t.join(f"q{i}", NAMES[i], rating=2000 - i)
    t.start(NOW)
    width, texts = drawn_texts(render_bracket, t, lang="en")
    assert width == 2 * PAD + 2 * BOX_W + COL_GAP
    words = [text for text, _ in texts]
    assert "Round 1" in words and "Quarterfinal" in words and "Semifinal" not in words
    assert "Final" not in words and "Rounds 1–2 of 4 shown." in words


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
        " ".join(x for x, _ in texts)  # on two lines
    assert png(render_standings(rr)).height == TABLE + 4 * ROW + NOTE_GAP + LINE2 + PAD


def test_a_large_field_fits_a_phone_and_a_small_one_keeps_its_table() -> None:
    """Issue 46: a 16-player table, two lines a row, was 1,448 px tall on 560: a phone
    showed it about 280 px wide, its capitals 7.4 px.  Sixteen players now take the wider
    table with closer rows (every figure still on the line under the name), 32 one line a
    row; up to eight keep the roomy table.  Every one is shown a phone's full width."""
    from render.bracket import MIN_WIDTH, ONE_LINE, TIGHT_GAP, WIDE
    from render.fonts import shown_whole

    sizes = {}
    for label, t in _pictures():
        im = png(render_standings(t, lang="en"))
        assert shown_whole(*im.size), (label, im.size)
        sizes[label] = im.size
    notes = TABLE + NOTE_GAP + PAD
    assert sizes["swiss"][0] == sizes["knockout 6"][0] == MIN_WIDTH
    assert sizes["swiss"][1] == notes + 6 * ROW + 2 * LINE2  # the note on two lines
    # 16: every figure on one line, 4 px between rows; 32: one line a row (the wider
    # picture's note on one line)
    assert sizes["swiss 16 done"] == (WIDE, notes + 16 * row_height(1, TIGHT_GAP) + LINE2)
    assert sizes["knockout 16 done"] == (WIDE, TABLE + 16 * row_height(1, TIGHT_GAP) + PAD)
    assert sizes["swiss 32 done"] == (WIDE, notes + 32 * ONE_LINE + LINE2)
    assert sizes["knockout 32 done"] == (WIDE, TABLE + 32 * ONE_LINE + PAD)
    # a Swiss of 32's one-line rows name each player's Buchholz under the header's word
    words = [x for x, _ in drawn_texts(render_standings, _pictures()[-2][1], lang="sv")[1]]
    assert words.count("Buchholz") == 1 and "Poäng" in words


def test_a_round_of_sixteen_matches_is_shown_in_two_columns() -> None:
    """A knockout of 32 (or a Swiss of 32) in its first round: 16 boxes in one column
    were 1,824 px tall; the one round is drawn in two columns, and the line under it
    says which round of how many."""
    from render.bracket import TEXT
    from render.fonts import shown_whole

    pictures = dict(_pictures())
    for label, words in (("knockout 32", ("Round 1", "Round 1 of 5 shown.")),
                         ("swiss 32", ("Round 1",))):
        t = pictures[label]
        width, texts = drawn_texts(render_bracket, t, lang="en")
        im = png(render_bracket(t, lang="en"))
        assert shown_whole(*im.size) and width == 2 * PAD + 2 * BOX_W + COL_GAP
        drawn = [x for x, _ in texts]
        assert all(w in drawn for w in words) and "Round 2" not in drawn
        # every player of the round is in a box (a name each, TEXT large), 8 boxes a column
        assert sum(1 for _, size in texts if size == TEXT) == 32, label
        assert im.height == TOP + 8 * (2 * SLOT + 2 + MATCH_GAP) + \
            (34 if len(words) > 1 else 0) + PAD


def test_an_unplayed_final_shows_no_champion() -> None:
    t = knockout(finish=False)
    t.finish(NOW)
    _, texts = drawn_texts(render_bracket, t, lang="en")
    assert "Champion" not in [x for x, _ in texts]
    _, texts = drawn_texts(render_standings, t, lang="en")
    words = [x for x, _ in texts]
    assert words.count("not beaten") == 2 and "Champion" not in words


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_every_figure_of_the_standings_is_named_and_whole(lang: str) -> None:
    """Issue 30: the English heading was cut ("± game p…").  Issue 46: a column per
    figure was too wide for a phone; each row names its figures on the line under the
    name, every one drawn whole; a knockout's right-hand figure says how far each player
    got, so the champion's "Champion" sits under "Result".  A field of 32, one line a row
    (short enough for a phone), shows the first figure in a column its header names."""
    from render.bracket import SMALL, WORDS

    keys = {"swiss": ("buchholz", "median_buchholz", "won_lost", "points"),
            "round": ("sonneborn_berger", "won_lost", "points"),
            "knockout": ("seed", "won_lost", "points"), "open": ("seed", "won_lost", "points")}
    for label, t in _pictures():
        _, texts = drawn_texts(render_standings, t, lang=lang)
        small = [x for x, size in texts if size == SMALL]
        assert not [x for x in small if x.endswith("…")], label
        want = keys[label.split(" ")[0]]
        details = [x for x in small if x.startswith(WORDS[lang][want[0]] + " ")]
        if len(t.standings()) > 16:
            assert details == [] and WORDS[lang][want[0]] in small[2:6], (label, small[:6])
            continue
        assert len(details) == len(t.standings()), label
        for line in details:
            for k in want:
                assert f"{WORDS[lang][k]} " in line, (label, k, line)
    words = [x for x, _ in drawn_texts(render_standings, knockout(), lang=lang)[1]]
    assert WORDS[lang]["result"] in words and WORDS[lang]["champion"] in words
    assert WORDS[lang]["runner_up"] in words
