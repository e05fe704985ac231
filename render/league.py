"""Team league pictures: the table and one fixture, as PNG bytes (issue 48).

The renderer may not import the bot, so both take plain data: the dicts the league
service makes (bot/service/league.py ``table_picture`` and ``fixture_picture``).  Pure
functions: the same data gives the same bytes, in any thread; the bot draws them in its
board workers, never on the event loop.

Laid out for a phone as the tournament pictures are (render/bracket.py): 560 px wide,
shown about 320 px wide on a phone, so no text is smaller than ``SMALL`` (20 px, whose
capitals are still 8 px tall there: ``render.fonts.PHONE``), and short enough for a
phone to show the picture its whole width (``render.fonts.shown_whole``) up to 16 teams
or 5 boards.  The table is one line a team (place, name, played, won–drawn–lost, board
points, match points in bold), the order's rule and the recorded drawing of lots under
it; the fixture is one line a board (the two players, the board's result), the score
above, a line-up not yet shown drawn as hidden.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from render import encode
from render.fonts import font
from render.text_record import TextRecord
from render.texts import LANGS
from render.themes import Theme, get_theme

WORDS: dict[str, dict[str, str]] = {
    "sv": {
        "table": "Tabell", "final_table": "Sluttabell",
        "running": "omgång {n} av {total}", "registration": "anmälan öppen",
        "finished": "avslutad",
        "team": "Lag", "played": "S", "wdl": "V–O–F", "boards": "Bp", "points": "Mp",
        "withdrawn": "utgått, resultaten står kvar", "voided": "utgått, resultaten strukna",
        "order": "Ordning: matchpoäng, bordspoäng, inbördes möte, lottning",
        "lots": "Lottning: {teams}",
        "match_points": "Vinst {w}, oavgjort {d}, förlust {l} matchpoäng",
        "by.board_points": "{a} före {b} på bordspoäng",
        "by.head_to_head": "{a} före {b} på inbördes möte",
        "by.lots": "{a} före {b} på lottning",
        "fixture": "Omgång {round} · lagmatch {id}",
        "deadline": "Laguppställning senast {when}",
        "postponed": "uppskjuten",
        "board": "Bord {n}", "hidden": "dold", "open": "ej utsedd",
        "to_play": "spelas", "walkover": "WO", "none": "–",
        "void": "struken", "bye": "frirond", "done": "klar",
    },
    "en": {
        "table": "Table", "final_table": "Final table",
        "running": "round {n} of {total}", "registration": "registration open",
        "finished": "finished",
        "team": "Team", "played": "P", "wdl": "W–D–L", "boards": "BP", "points": "MP",
        "withdrawn": "withdrawn, results kept", "voided": "withdrawn, results void",
        "order": "Order: match points, board points, head-to-head, lots",
        "lots": "Lots: {teams}",
        "match_points": "Win {w}, draw {d}, loss {l} match points",
        "by.board_points": "{a} above {b} on board points",
        "by.head_to_head": "{a} above {b} on head-to-head",
        "by.lots": "{a} above {b} by lots",
        "fixture": "Round {round} · fixture {id}",
        "deadline": "Line-ups by {when}",
        "postponed": "postponed",
        "board": "Board {n}", "hidden": "hidden", "open": "not named",
        "to_play": "to play", "walkover": "w/o", "none": "–",
        "void": "void", "bye": "bye", "done": "done",
    },
}

WIDTH = 560
PAD = 20
TITLE = 32
TEXT = 24
SMALL = 20
ROW = 40  # a team's or a board's line
TIGHT = 34  # a team's line in a league of more than ten
HEADER = 32
NOTE = 28  # a line of the notes under the table
MAX_TIES = 4  # ties explained under the table (the text beside it names every one)

#: Every text of these pictures goes through ``_text`` (``drawn_texts`` listens).
_TEXTS = TextRecord("league_texts")
_text = _TEXTS.draw


def _w(lang: str, key: str, **params: object) -> str:
    return WORDS[lang][key].format(**params)


def _png(im: Image.Image, theme: Theme) -> bytes:
    """On the board palette, as every picture: few colours, deterministic bytes."""
    buf = io.BytesIO()
    encode.indexed(im, theme).save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def _fit(text: str, size: int, weight: str, width: float) -> str:
    f = font(size, weight)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _start(lang: str, theme: str | Theme, height: int) -> tuple[Image.Image, Theme]:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    th = get_theme(theme)
    return Image.new("RGB", (WIDTH, height), th.background), th


def _notes(data: Mapping[str, Any], lang: str) -> list[str]:
    rows = data["rows"]
    notes = [_w(lang, "order")]
    ties = [(a, b) for a, b in pairwise(rows) if a.get("decided_by")]
    for above, below in ties[:MAX_TIES]:
        if above.get("decided_by"):
            notes.append(_w(lang, f"by.{above['decided_by']}", a=above["name"],
                            b=below["name"]))
    if data.get("lots"):
        notes.append(_w(lang, "lots", teams=", ".join(data["lots"])))
    w, d, loss = data.get("points", (2, 1, 0))
    notes.append(_w(lang, "match_points", w=w, d=d, l=loss))
    return notes


def render_table(data: Mapping[str, Any], lang: str = "en", theme: str | Theme = "classic",
                 ) -> bytes:
    """The league table: one line a team, the notes under it."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    rows = data["rows"]
    notes = _notes(data, lang)
    extra = sum(1 for r in rows if r.get("withdrawn"))
    row_h = ROW if len(rows) <= 10 else TIGHT  # a large league: still shown whole
    height = PAD + TITLE + 8 + SMALL + 16 + HEADER + row_h * len(rows) + 26 * extra \
        + 12 + NOTE * len(notes) + PAD
    im, th = _start(lang, theme, height)
    draw = ImageDraw.Draw(im)
    y = PAD
    title = _w(lang, "final_table" if data["state"] == "finished" else "table")
    _text(im, (PAD, y), _fit(f"{title} · {data['name']}", TITLE, "bold", WIDTH - 2 * PAD),
          TITLE, th.text, "bold")
    y += TITLE + 8
    state = data["state"]
    sub = _w(lang, "running", n=data["round"], total=data["rounds"]) if state == "running" \
        else _w(lang, state)
    _text(im, (PAD, y), sub, SMALL, th.muted)
    y += SMALL + 16
    cols = {"place": PAD, "team": PAD + 34, "played": 318, "wdl": 390, "boards": 470,
            "points": WIDTH - PAD}
    draw.rectangle((0, y, WIDTH, y + HEADER), fill=th.frame)
    for key, x in cols.items():
        if key == "place":
            label = "#"
        else:
            label = _w(lang, key)
        anchor = "la" if key in ("place", "team") else "ra" if key == "points" else "ma"
        _text(im, (x, y + 5), label, SMALL, th.numbers, "bold", anchor)
    y += HEADER
    for i, r in enumerate(rows):
        if i:
            draw.line((PAD, y, WIDTH - PAD, y), fill=th.frame, width=1)
        colour = th.muted if r.get("withdrawn") else th.text
        top = y + (row_h - TEXT) // 2 - 1
        _text(im, (cols["place"], top), str(r["place"]), TEXT, colour)
        _text(im, (cols["team"], top), _fit(r["name"], TEXT, "medium", 240), TEXT, colour,
              "medium")
        _text(im, (cols["played"], top), str(r["played"]), TEXT, colour, anchor="ma")
        _text(im, (cols["wdl"], top), f"{r['won']}–{r['drawn']}–{r['lost']}", TEXT,
              colour, anchor="ma")
        _text(im, (cols["boards"], top), str(r["board_points"]), TEXT, colour, anchor="ma")
        _text(im, (cols["points"], top), str(r["match_points"]), TEXT, colour, "bold",
              anchor="ra")
        y += row_h
        if r.get("withdrawn"):
            _text(im, (cols["team"], y - 6), _w(lang, "voided" if r.get("voided")
                                                 else "withdrawn"), SMALL, th.warn)
            y += 26
    y += 12
    for line in notes:
        _text(im, (PAD, y), _fit(line, SMALL, "regular", WIDTH - 2 * PAD), SMALL, th.muted)
        y += NOTE
    return _png(im, th)


def _result(board: Mapping[str, Any], side: str) -> str:
    result = board.get("result")
    if result is None:
        return ""
    return "1" if result == side else "0"


def render_fixture(data: Mapping[str, Any], lang: str = "en",
                   theme: str | Theme = "classic") -> bytes:
    """One fixture: the teams, the score, one line a board."""
    boards = data["boards"]
    height = PAD + SMALL + 10 + TITLE + 8 + TITLE + 10 + SMALL + 16 + (ROW + 26) * len(boards) \
        + PAD
    im, th = _start(lang, theme, height)
    draw = ImageDraw.Draw(im)
    y = PAD
    sub = _w(lang, "fixture", round=data["round"], id=data["id"])
    _text(im, (PAD, y), _fit(f"{data['league']} · {sub}", SMALL, "regular", WIDTH - 2 * PAD),
          SMALL, th.muted)
    y += SMALL + 10
    half = (WIDTH - 2 * PAD) / 2 - 10
    _text(im, (PAD, y), _fit(data["home"], TITLE, "bold", half), TITLE, th.text, "bold")
    _text(im, (WIDTH - PAD, y), _fit(data["away"] or _w(lang, "bye"), TITLE, "bold", half),
          TITLE, th.text, "bold", "ra")
    y += TITLE + 8
    home, away = data["score"]
    status = _w(lang, "void") if data.get("void") else _w(lang, "done") \
        if data.get("complete") else ""
    _text(im, (WIDTH / 2, y), f"{home} – {away}", TITLE, th.accent, "bold", "ma")
    if status:
        _text(im, (WIDTH - PAD, y + 8), status, SMALL, th.muted, anchor="ra")
    y += TITLE + 10
    when = _w(lang, "deadline", when=data["deadline"]) if data.get("deadline") else ""
    if data.get("postponed"):
        when += f" ({_w(lang, 'postponed')})"
    _text(im, (PAD, y), _fit(when, SMALL, "regular", WIDTH - 2 * PAD), SMALL, th.muted)
    y += SMALL + 16
    for b in boards:
        draw.line((PAD, y, WIDTH - PAD, y), fill=th.frame, width=1)
        _text(im, (PAD, y + 4), _w(lang, "board", n=b["number"]), SMALL, th.muted)
        right = ""
        if b.get("walkover"):
            right = _w(lang, "walkover")
        elif b.get("result") is None and data.get("revealed"):
            right = _w(lang, "to_play")
        _text(im, (WIDTH - PAD, y + 4), right, SMALL, th.muted, anchor="ra")
        for side, x, anchor in (("home", PAD, "la"), ("away", WIDTH - PAD, "ra")):
            name = b.get(side)
            if b.get(f"{side}_hidden"):
                shown, colour, weight = _w(lang, "hidden"), th.muted, "italic"
            elif name is None:
                shown, colour, weight = _w(lang, "open"), th.muted, "italic"
            else:
                shown, colour, weight = name, th.text, "medium"
            _text(im, (x, y + 30), _fit(shown, TEXT, weight, half - 30), TEXT, colour,
                  weight, anchor)
        mark = f"{_result(b, 'home')}–{_result(b, 'away')}" if b.get("result") else ""
        if b.get("result") == "none":
            mark = "0–0"
        _text(im, (WIDTH / 2, y + 30), mark, TEXT, th.text, "bold", "ma")
        y += ROW + 26
    return _png(im, th)


def drawn_texts(render: Callable[..., bytes], data: Mapping[str, Any],
                **kw: Any) -> tuple[int, int, list[tuple[str, int]]]:
    """The picture's size and every (text, font size) ``render`` draws for ``data``."""
    (width, height), seen = _TEXTS.drawn(render, data, **kw)
    return width, height, seen
