"""Tournament pictures: the standings table and the bracket, as PNG bytes (issue 6).

The renderer may not import the bot, so both functions take plain data — the dicts
``Tournament.bracket()`` and ``Standing.to_json()`` give (docs/league.md) — or any object
with ``bracket()`` and ``standings()`` methods, such as a ``Tournament`` itself.  Pure
functions: the same data gives the same bytes, in any thread.

Legible where Discord shows them: a desktop channel shows an attached picture at most
``SHOWN_WIDTH`` (550) px wide, and every text must then be at least ``MIN_SHOWN_PX`` (11)
px tall.  So the pictures are laid out narrow rather than drawn wide and shrunk: the
table has only the columns that order it, and a bracket shows at most ``MAX_COLUMNS``
rounds side by side (the current one and its neighbours; the text beside the picture
lists every round).  ``drawn_texts`` reports every text a picture draws with its font
size, for the test that holds each one to that rule.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

from render import encode
from render.fonts import draw_text, font, text_width
from render.texts import LANGS, describe_rules
from render.themes import RGB, Theme, get_theme

#: Discord's widest display of an attached picture in a desktop channel, and the least
#: text height readable there (issue 22): ``size * min(1, SHOWN_WIDTH / width)``.
SHOWN_WIDTH = 550
MIN_SHOWN_PX = 11

WORDS: dict[str, dict[str, str]] = {
    "sv": {
        "single_elimination": "Utslagsturnering",
        "round_robin": "Alla-mot-alla",
        "swiss": "Schweizersystem",
        "registration": "anmälan öppen",
        "running": "rond {n} av {total}",
        "paused": "pausad i rond {n} av {total}",
        "finished": "avslutad",
        "cancelled_state": "inställd",
        "matches": "matcher om {n} partier",
        "matches_one": "ett parti per match",
        "standings": "Ställning",
        "final_standings": "Slutställning",
        "bracket": "Spelträd",
        "pairings": "Lottning",
        "place": "#",
        "player": "Spelare",
        "score": "Poäng",
        "buchholz": "Buchholz",
        "median_buchholz": "Median-B.",
        "sonneborn_berger": "S–B",
        "won_lost": "V–F",
        "points": "± partip.",
        "seed": "Seed",
        "result": "Resultat",  # how far each got: Mästare, Finalist, Semifinal, Rond 1
        "runner_up": "Finalist",
        "still_in": "kvar",
        "unbeaten": "obesegrad",
        "champion": "Mästare",
        "winner_of": "vinnare {id}",
        "bye": "frirond",
        "forfeit": "WO-förlust",
        "withdrawn": "utgått",
        "final": "Final",
        "semifinal": "Semifinal",
        "quarterfinal": "Kvartsfinal",
        "round": "Rond {n}",
        "rounds_shown": "Ronderna {a}–{b} av {total} visas.",
        "cancelled": "inställd",
        "no_players": "Inga spelare än",
        "order": "Ordning: poäng, {criteria}",
        "crit.buchholz": "Buchholz",
        "crit.median_buchholz": "median-Buchholz",
        "crit.sonneborn_berger": "Sonneborn–Berger",
        "crit.point_difference": "± partipoäng",
        "crit.seed": "seedning",
    },
    "en": {
        "single_elimination": "Single elimination",
        "round_robin": "Round robin",
        "swiss": "Swiss",
        "registration": "registration open",
        "running": "round {n} of {total}",
        "paused": "paused in round {n} of {total}",
        "finished": "finished",
        "cancelled_state": "cancelled",
        "matches": "matches of {n} games",
        "matches_one": "one game per match",
        "standings": "Standings",
        "final_standings": "Final standings",
        "bracket": "Bracket",
        "pairings": "Pairings",
        "place": "#",
        "player": "Player",
        "score": "Score",
        "buchholz": "Buchholz",
        "median_buchholz": "Median-B.",
        "sonneborn_berger": "S–B",
        "won_lost": "W–L",
        "points": "± game pts",
        "seed": "Seed",
        "result": "Result",  # how far each got: Champion, Runner-up, Semifinal, Round 1
        "runner_up": "Runner-up",
        "still_in": "still in",
        "unbeaten": "not beaten",
        "champion": "Champion",
        "winner_of": "winner of {id}",
        "bye": "bye",
        "forfeit": "forfeit",
        "withdrawn": "withdrawn",
        "final": "Final",
        "semifinal": "Semifinal",
        "quarterfinal": "Quarterfinal",
        "round": "Round {n}",
        "rounds_shown": "Rounds {a}–{b} of {total} shown.",
        "cancelled": "cancelled",
        "no_players": "No players yet",
        "order": "Order: score, {criteria}",
        "crit.buchholz": "Buchholz",
        "crit.median_buchholz": "Median-Buchholz",
        "crit.sonneborn_berger": "Sonneborn–Berger",
        "crit.point_difference": "± game points",
        "crit.seed": "seed",
    },
}

# Sizes (px at the picture's own scale).  The widest picture is a three-column bracket,
# 2 * PAD + 3 * BOX_W + 2 * COL_GAP = 840 px: shown 550 px wide, 17 px becomes 11.1 px,
# so no text is drawn smaller than SMALL.
PAD = 20  # canvas edge to content
ROW = 42  # standings row height
SLOT = 34  # one player's line in a bracket box
BOX_W = 240  # bracket box width
COL_GAP = 40  # between bracket columns (room for the connectors)
MATCH_GAP = 18  # between boxes of the first round
MAX_COLUMNS = 3  # bracket rounds side by side
MIN_WIDTH = 560  # room for the title and the subtitle
HEAD = 120  # title and two subtitle lines above the table or the round headings
TITLE = 30
SUB = 18
SMALL = 17
TEXT = 20

_RECORD: ContextVar[list[tuple[str, int]] | None] = ContextVar("bracket_texts", default=None)


def _text(im: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB,
          weight: str = "regular", anchor: str = "la") -> None:
    """Every text of these pictures goes through here (``drawn_texts`` listens)."""
    record = _RECORD.get()
    if record is not None and text:
        record.append((text, size))
    draw_text(im, xy, text, size, fill, weight, anchor)


@contextmanager
def _recording() -> Iterator[list[tuple[str, int]]]:
    seen: list[tuple[str, int]] = []
    token = _RECORD.set(seen)
    try:
        yield seen
    finally:
        _RECORD.reset(token)


def drawn_texts(render: Callable[..., bytes], data: object,
                **kw: Any) -> tuple[int, list[tuple[str, int]]]:
    """The picture's width and every (text, font size) ``render`` draws for ``data``:
    what the legibility test holds to ``MIN_SHOWN_PX`` at ``SHOWN_WIDTH``."""
    with _recording() as seen:
        png = render(data, **kw)
    with Image.open(io.BytesIO(png)) as im:
        return im.width, list(seen)


def _w(lang: str, key: str, **params: object) -> str:
    return WORDS[lang][key].format(**params)


def _check(lang: str, theme: str | Theme) -> Theme:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    return get_theme(theme)


def _png(im: Image.Image, theme: Theme) -> bytes:
    """On the board palette: few colours, small files, deterministic bytes."""
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


def _num(x: float) -> str:
    """1.0 → "1", 1.5 → "1½": scores and Buchholz are halves at most."""
    whole = int(x)
    if x == whole:
        return str(whole)
    if abs(x - whole - 0.5) < 1e-9:
        return f"{whole}½" if whole else "½"
    return f"{x:.2f}"


# -- reading the input -------------------------------------------------------------------------


def _bracket_of(data: object) -> Mapping[str, Any]:
    if isinstance(data, Mapping):
        if "rounds" not in data:
            raise ValueError("a bracket needs its 'rounds' (Tournament.bracket())")
        return data
    fn = getattr(data, "bracket", None)
    if callable(fn):
        return fn()
    raise TypeError("expected Tournament.bracket()'s dict or a tournament")


def _standings_of(data: object) -> tuple[Mapping[str, Any], list[Mapping[str, Any]]]:
    """(tournament facts, standings rows as dicts) from either accepted input."""
    if isinstance(data, Mapping):
        rows = data.get("standings")
        if not isinstance(rows, Sequence):
            raise ValueError("standings need a 'standings' list (Standing.to_json() rows)")
        return data, [dict(r) for r in rows]
    fn = getattr(data, "standings", None)
    if callable(fn):
        info: dict[str, Any] = {}
        b = getattr(data, "bracket", None)
        if callable(b):
            info.update(b())
        info["tiebreak"] = str(getattr(data, "tiebreak", "buchholz"))
        rows = [r.to_json() if hasattr(r, "to_json") else dict(r) for r in fn()]
        return info, rows
    raise TypeError("expected a dict with 'standings' or a tournament")


def _subtitle(info: Mapping[str, Any], lang: str) -> list[str]:
    parts = []
    fmt = str(info.get("format", ""))
    if fmt in WORDS[lang]:
        parts.append(_w(lang, fmt))
    state = str(info.get("state", ""))
    total = info.get("total_rounds") or "?"
    if info.get("cancelled"):
        parts.append(_w(lang, "cancelled_state"))
    elif state in ("running", "paused"):
        parts.append(_w(lang, state, n=info.get("current", 0), total=total))
    elif state in ("registration", "finished"):
        parts.append(_w(lang, state))
    rules = info.get("rules")
    if rules:
        from engine.position import Geometry

        parts.append(describe_rules(str(rules), Geometry.BRADE, lang).title)
    length = info.get("match_length")
    if length:
        parts.append(_w(lang, "matches_one") if int(length) == 1
                     else _w(lang, "matches", n=length))
    return parts


def _subtitle_lines(im: Image.Image, parts: list[str], width: float, colour: RGB) -> None:
    """The subtitle's parts joined by " · ", on a second line where the first is full."""
    lines = [""]
    for part in (p for p in parts if p):
        joined = f"{lines[-1]} · {part}" if lines[-1] else part
        if lines[-1] and text_width(joined, SUB) > width and len(lines) < 2:
            lines.append(part)
        else:
            lines[-1] = joined
    for i, line in enumerate(lines):
        _text(im, (PAD, PAD + 42 + 24 * i), _fit(line, SUB, "regular", width), SUB, colour,
              "regular", "la")


def _criteria(fmt: str, tiebreak: str) -> list[str]:
    """What orders equal scores (bot/league/standings.py ``criteria``, as plain data)."""
    if fmt == "swiss":
        other = "median_buchholz" if tiebreak == "buchholz" else "buchholz"
        return [tiebreak, other, "point_difference", "seed"]
    if fmt == "round_robin":
        return ["sonneborn_berger", "point_difference", "seed"]
    return []


# -- standings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Col:
    key: str
    title: str
    width: int
    align: str  # "l" | "r" | "m"


def render_standings(tournament_dict_or_obj: object, *, lang: str = "sv",
                     theme: str | Theme = "classic", finished: bool | None = None) -> bytes:
    """The standings as a PNG table: place, player, score, what orders equal scores,
    the won–lost record and the game-point difference.

    Takes a ``Tournament`` (anything with ``standings()``, and ``bracket()`` for the
    heading) or a dict with ``standings`` (``Standing.to_json()`` rows, in order) plus
    optionally the keys of ``Tournament.bracket()`` and ``tiebreak``.  Swiss shows the
    chosen tie-break first and then the other one; round robin Sonneborn–Berger; a
    knockout the seed and how far each player got (champion, runner-up, the round they
    went out in).  Below a Swiss or round robin table a note names the order: score,
    then each tie-break in turn.  A column is as wide as its heading needs.

    Medals (gold, silver, bronze rings round the place) and the heading "final standings"
    only for a tournament that is over: ``finished=True``.  Left out, it is read from the
    data's ``state`` ("finished"), which a ``Tournament`` and its ``bracket()`` dict carry;
    a bare list of rows is a running tournament, whose leaders have won nothing yet.
    """
    th = _check(lang, theme)
    info, rows = _standings_of(tournament_dict_or_obj)
    fmt = str(info.get("format", "swiss"))
    tiebreak = str(info.get("tiebreak", "buchholz"))
    if tiebreak not in ("buchholz", "median_buchholz"):
        tiebreak = "buchholz"
    other = "median_buchholz" if tiebreak == "buchholz" else "buchholz"
    stages = {int(r["number"]): r.get("stage") for r in info.get("rounds", ())
              if isinstance(r, Mapping) and "number" in r}

    cols = [_Col("place", _w(lang, "place"), 48, "m"),
            _Col("name", _w(lang, "player"), 210, "l")]
    if fmt == "single_elimination":
        cols += [_Col("seed", _w(lang, "seed"), 64, "r"),
                 _Col("won_lost", _w(lang, "won_lost"), 70, "r"),
                 _Col("out", _w(lang, "result"), 140, "r")]
    else:
        cols.append(_Col("score", _w(lang, "score"), 72, "r"))
        if fmt == "round_robin":
            cols.append(_Col("sonneborn_berger", _w(lang, "sonneborn_berger"), 72, "r"))
        else:
            cols += [_Col(tiebreak, _w(lang, tiebreak), 96, "r"),
                     _Col(other, _w(lang, other), 96, "r")]
        cols.append(_Col("won_lost", _w(lang, "won_lost"), 70, "r"))
    cols.append(_Col("points", _w(lang, "points"), 96, "r"))
    # a column as wide as its heading needs: a heading is never cut (issue 30)
    cols = [replace(c, width=max(c.width, text_width(c.title, SMALL, "bold") + 16))
            for c in cols]

    table_w = sum(c.width for c in cols)
    width = max(table_w + 2 * PAD, MIN_WIDTH)
    order = _criteria(fmt, tiebreak)
    note_h = 40 if order else 0
    body_rows = max(1, len(rows))
    height = HEAD + ROW + body_rows * ROW + note_h + PAD
    im = Image.new("RGB", (width, height), th.background)
    dr = ImageDraw.Draw(im)

    if finished is None:
        finished = info.get("state") == "finished" and not info.get("cancelled")
    title = str(info.get("name") or _w(lang, "standings"))
    _text(im, (PAD, PAD), _fit(title, TITLE, "bold", width - 2 * PAD), TITLE, th.text,
          "bold", "la")
    kind = _w(lang, "final_standings" if finished else "standings")
    _subtitle_lines(im, [kind, *_subtitle(info, lang)], width - 2 * PAD, th.muted)

    # header row
    y = HEAD
    dr.rounded_rectangle((PAD, y, PAD + table_w, y + ROW - 6), 10, fill=th.strip_active)
    x = PAD
    for c in cols:
        colour = th.accent if order and c.key == order[0] else th.text
        _cell(im, c, x, y + (ROW - 6) / 2, _fit(c.title, SMALL, "bold", c.width - 12),
              SMALL, "bold", colour)
        x += c.width
    y += ROW
    if not rows:
        _text(im, (PAD + table_w / 2, y + ROW / 2), _w(lang, "no_players"), TEXT, th.muted,
              "italic", "mm")
    firsts = sum(1 for r in rows if int(r.get("place") or 0) == 1)
    for i, r in enumerate(rows):
        if i % 2 == 0:
            dr.rounded_rectangle((PAD, y + 2, PAD + table_w, y + ROW - 2), 8, fill=th.strip)
        place = int(r.get("place") or i + 1)
        withdrawn = bool(r.get("withdrawn"))
        ink = th.muted if withdrawn else th.text
        x = PAD
        for c in cols:
            cy = y + ROW / 2
            if c.key == "place":
                if place <= 3 and not withdrawn and finished:
                    ring = (th.accent, th.muted, th.frame_light)[place - 1]
                    dr.ellipse((x + c.width / 2 - 16, cy - 16, x + c.width / 2 + 16, cy + 16),
                               fill=ring)
                    _cell(im, c, x, cy, str(place), TEXT, "bold", th.background)
                else:
                    _cell(im, c, x, cy, str(place), TEXT, "bold", ink)
            elif c.key == "name":
                name = str(r.get("name") or r.get("player") or "?")
                if withdrawn:
                    name += f" ({_w(lang, 'withdrawn')})"
                _cell(im, c, x, cy, _fit(name, TEXT, "medium", c.width - 16), TEXT, "medium",
                      ink)
            else:
                text = _value(r, c.key, lang, stages, finished, shared=firsts > 1)
                weight = "bold" if c.key in ("score", "won_lost") else "regular"
                colour = ink if c.key != other else th.muted
                _cell(im, c, x, cy, _fit(text, TEXT, weight, c.width - 12), TEXT, weight,
                      colour)
            x += c.width
        y += ROW
    if note_h:
        crit = ", ".join(_w(lang, f"crit.{k}") for k in order)
        note = _fit(_w(lang, "order", criteria=crit), SMALL, "regular", width - 2 * PAD)
        _text(im, (PAD, y + 12), note, SMALL, th.muted, "regular", "la")
    return _png(im, th)


def _value(r: Mapping[str, Any], key: str, lang: str, stages: Mapping[int, Any],
           finished: bool, *, shared: bool = False) -> str:
    if key == "won_lost":
        return f"{int(r.get('wins', 0))}–{int(r.get('losses', 0))}"
    if key == "points":
        d = int(r.get("points_for", 0)) - int(r.get("points_against", 0))
        return f"+{d}" if d > 0 else "±0" if d == 0 else f"−{-d}"
    if key == "seed":
        return str(int(r.get("seed", 0)) or "–")
    if key == "out":
        rnd = r.get("eliminated_in")
        if rnd is None:
            if not finished:
                return _w(lang, "still_in")
            return _w(lang, "unbeaten" if shared else "champion")
        stage = stages.get(int(rnd))
        if stage == "final":
            return _w(lang, "runner_up")
        return _w(lang, stage) if stage in ("semifinal", "quarterfinal") \
            else _w(lang, "round", n=rnd)
    return _num(float(r.get(key, 0) or 0))


def _cell(im: Image.Image, c: _Col, x: float, cy: float, text: str, size: int,
          weight: str, colour: RGB) -> None:
    if c.align == "l":
        _text(im, (x + 12, cy), text, size, colour, weight, "lm")
    elif c.align == "r":
        _text(im, (x + c.width - 12, cy), text, size, colour, weight, "rm")
    else:
        _text(im, (x + c.width / 2, cy), text, size, colour, weight, "mm")


# -- bracket -----------------------------------------------------------------------------------


def _window(rounds: list[Mapping[str, Any]], finished: bool,
            knockout: bool) -> tuple[int, int]:
    """Which rounds (start, end) fit side by side: a knockout shows the current round
    and the next ones (where its winners go), a Swiss or round robin the current round
    and the ones before it; a finished tournament its last rounds."""
    n = len(rounds)
    if n <= MAX_COLUMNS:
        return 0, n
    current = next((i for i, r in enumerate(rounds) if r.get("current")), n - 1)
    if finished:
        start = n - MAX_COLUMNS
    elif knockout:
        start = min(current, n - MAX_COLUMNS)
    else:
        start = max(0, current - MAX_COLUMNS + 1)
    return start, start + MAX_COLUMNS


def render_bracket(bracket_dict: object, *, lang: str = "sv",
                   theme: str | Theme = "classic") -> bytes:
    """The bracket as a PNG: one column per round, each match a box of two lines.

    Takes ``Tournament.bracket()``'s dict (or the tournament).  In a knockout each box
    is joined to the match its winner goes on to; winners are bold with an accent bar,
    losers muted, a bye shows "frirond"/"bye", a walkover marks the player who forfeited
    (both, for a double forfeit), a match not yet paired names the matches that feed it,
    and a finished knockout shows its champion under the final.  Swiss and round-robin
    brackets show the same boxes per round, without connectors.  At most
    ``MAX_COLUMNS`` rounds are drawn; the subtitle says which.
    """
    th = _check(lang, theme)
    b = _bracket_of(bracket_dict)
    every = [r for r in b.get("rounds", ()) if r.get("matches")]
    knockout = b.get("format") == "single_elimination"
    finished = b.get("state") == "finished"
    start, end = _window(every, finished, knockout)
    rounds = every[start:end]
    first = max((len(r["matches"]) for r in rounds), default=0) if not knockout \
        else (len(rounds[0]["matches"]) if rounds else 0)
    box_h = 2 * SLOT + 2
    pitch = box_h + MATCH_GAP
    champion = _champion(rounds) if knockout and finished and end == len(every) else None
    n_cols = len(rounds)
    width = max(2 * PAD + n_cols * BOX_W + max(0, n_cols - 1) * COL_GAP, MIN_WIDTH)
    top = HEAD + 36
    body = max(1, first) * pitch
    champ_h = 2 * SLOT + 24 if champion else 0
    partial = len(rounds) < len(every)
    foot_h = 34 if partial else 0
    height = top + max(body, body / 2 + box_h / 2 + champ_h) + foot_h + PAD
    im = Image.new("RGB", (width, round(height)), th.background)
    dr = ImageDraw.Draw(im)

    title = str(b.get("name") or _w(lang, "bracket"))
    _text(im, (PAD, PAD), _fit(title, TITLE, "bold", width - 2 * PAD), TITLE, th.text,
          "bold", "la")
    kind = _w(lang, "bracket" if knockout else "pairings")
    _subtitle_lines(im, [kind, *_subtitle(b, lang)], width - 2 * PAD, th.muted)
    if not rounds:
        _text(im, (width / 2, HEAD + 50), _w(lang, "no_players"), TEXT, th.muted, "italic",
              "mm")
        return _png(im, th)

    centres: list[list[float]] = []
    for ci, r in enumerate(rounds):
        x0 = PAD + ci * (BOX_W + COL_GAP)
        stage = r.get("stage")
        head = _w(lang, stage) if stage in ("final", "semifinal", "quarterfinal") \
            else _w(lang, "round", n=r.get("number", ci + 1))
        colour = th.accent if r.get("current") and not finished else th.muted
        _text(im, (x0 + BOX_W / 2, HEAD + 10), head, SUB, colour, "bold", "mm")
        ys: list[float] = []
        for mi, m in enumerate(r["matches"]):
            if knockout and ci > 0 and len(centres[ci - 1]) >= 2 * mi + 2:
                cy = (centres[ci - 1][2 * mi] + centres[ci - 1][2 * mi + 1]) / 2
            else:
                cy = top + mi * pitch + box_h / 2
            ys.append(cy)
            _match_box(im, dr, th, lang, m, x0, cy - box_h / 2, box_h)
        centres.append(ys)
        if knockout and ci > 0:
            px1 = x0 - COL_GAP
            for mi, cy in enumerate(ys):
                kids = centres[ci - 1][2 * mi:2 * mi + 2]
                _connect(dr, th, px1, kids, x0, cy)
    if partial:
        note = _w(lang, "rounds_shown", a=rounds[0].get("number", start + 1),
                  b=rounds[-1].get("number", end), total=len(every))
        _text(im, (PAD, im.height - PAD - foot_h + 12), _fit(note, SMALL, "regular",
                                                              width - 2 * PAD),
              SMALL, th.muted, "regular", "la")
    if champion is not None:
        x0 = PAD + (n_cols - 1) * (BOX_W + COL_GAP)
        fy = centres[-1][0] + box_h / 2
        label_y = fy + 24
        cy = label_y + 14 + SLOT / 2 + 8
        dr.line([(x0 + BOX_W / 2, fy), (x0 + BOX_W / 2, label_y - 12)], fill=th.frame_light,
                width=3)
        _text(im, (x0 + BOX_W / 2, label_y), _w(lang, "champion"), SUB, th.accent, "bold",
              "mm")
        dr.rounded_rectangle((x0, cy - SLOT / 2 - 4, x0 + BOX_W, cy + SLOT / 2 + 4), 12,
                             fill=th.accent)
        _text(im, (x0 + BOX_W / 2, cy), _fit(champion, 22, "bold", BOX_W - 24), 22,
              th.background, "bold", "mm")
    return _png(im, th)


def _champion(rounds: list[Mapping[str, Any]]) -> str | None:
    final = rounds[-1]["matches"]
    if len(final) != 1 or not final[0].get("winner") or rounds[-1].get("stage") != "final":
        return None
    m = final[0]
    for slot in (m.get("a"), m.get("b")):
        if slot and slot.get("id") == m["winner"]:
            return str(slot.get("name"))
    return None


def _connect(dr: ImageDraw.ImageDraw, th: Theme, x_from: float, kids: list[float],
             x_to: float, cy: float) -> None:
    """Elbow lines from the feeding boxes' right edges to this box's left edge."""
    mid = (x_from + x_to) / 2
    for ky in kids:
        dr.line([(x_from, ky), (mid, ky), (mid, cy), (x_to, cy)], fill=th.frame_light,
                width=3, joint="curve")


def _match_box(im: Image.Image, dr: ImageDraw.ImageDraw, th: Theme, lang: str,
               m: Mapping[str, Any], x0: float, y0: float, box_h: int) -> None:
    status = str(m.get("status", "pending"))
    winner = m.get("winner")
    live = status == "pending"
    dr.rounded_rectangle((x0, y0, x0 + BOX_W, y0 + box_h), 10,
                         fill=th.strip_active if live else th.strip,
                         outline=th.accent if live else th.frame, width=2)
    dr.line([(x0 + 10, y0 + SLOT + 1), (x0 + BOX_W - 10, y0 + SLOT + 1)], fill=th.frame,
            width=1)
    score = m.get("score") or [0, 0]
    # a walkover marks who forfeited; a result without a winner is a double forfeit
    forfeit = status == "done" and (bool(m.get("walkover")) or winner is None)
    show_score = status == "done" and not forfeit and any(score)
    feeders = m.get("from") or []
    for k, key in enumerate(("a", "b")):
        slot = m.get(key)
        sy = y0 + 1 + k * SLOT
        cy = sy + SLOT / 2
        won = slot is not None and winner is not None and slot.get("id") == winner
        decided = status in ("done", "bye")
        if won:
            dr.rounded_rectangle((x0 + 3, sy + 5, x0 + 9, sy + SLOT - 5), 3, fill=th.accent)
        right = x0 + BOX_W - 10
        if show_score:
            txt = str(int(score[k]))
            _text(im, (right, cy), txt, TEXT, th.accent if won else th.muted,
                  "bold" if won else "regular", "rm")
            right -= 30
        elif forfeit and slot is not None and not won:
            # the player who forfeited (both, when nobody won)
            word = _w(lang, "forfeit")
            _text(im, (right, cy), word, SMALL, th.warn, "bold", "rm")
            right -= text_width(word, SMALL, "bold") + 8
        if slot is None:
            if key == "b" and m.get("bye"):
                text, weight, colour = _w(lang, "bye"), "italic", th.muted
            elif len(feeders) == 2:
                text, weight, colour = _w(lang, "winner_of", id=feeders[k]), "italic", th.muted
            else:
                text, weight, colour = "–", "regular", th.muted
        else:
            text = str(slot.get("name") or slot.get("id") or "?")
            seed = slot.get("seed")
            if slot.get("withdrawn"):
                text += f" ({_w(lang, 'withdrawn')})"
            weight = "bold" if won else "medium"
            colour = th.muted if decided and not won else th.text
            if seed:
                _text(im, (x0 + 26, cy), str(seed), SMALL, th.muted, "regular", "mm")
        if status == "cancelled" and k == 1:
            word = _w(lang, "cancelled")
            _text(im, (right, cy), word, SMALL, th.muted, "italic", "rm")
            right -= text_width(word, SMALL, "italic") + 8
        text = _fit(text, TEXT, weight, right - (x0 + 42))
        _text(im, (x0 + 42, cy), text, TEXT, colour, weight, "lm")
