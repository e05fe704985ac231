"""Tournament pictures: the standings table and the bracket, as PNG bytes (issue 6).

The renderer may not import the bot, so both functions take plain data — the dicts
``Tournament.bracket()`` and ``Standing.to_json()`` give (docs/league.md) — or any object
with ``bracket()`` and ``standings()`` methods, such as a ``Tournament`` itself.  Pure
functions: the same data gives the same bytes, in any thread.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import encode
from render.fonts import draw_text, font, text_width
from render.texts import LANGS, describe_rules
from render.themes import RGB, Theme, get_theme

WORDS: dict[str, dict[str, str]] = {
    "sv": {
        "single_elimination": "Utslagsturnering",
        "round_robin": "Alla mot alla",
        "swiss": "Schweizersystem",
        "registration": "anmälan pågår",
        "running": "omgång {n} av {total}",
        "paused": "pausad i omgång {n} av {total}",
        "finished": "avslutad",
        "match_to": "match till {n}",
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
        "matches": "Matcher",
        "points": "± partip.",
        "seed": "Seed",
        "out_in": "Utslagen",
        "still_in": "kvar",
        "champion": "Mästare",
        "winner_of": "vinnare {id}",
        "bye": "frilott",
        "walkover": "WO",
        "withdrawn": "utgått",
        "final": "Final",
        "semifinal": "Semifinal",
        "quarterfinal": "Kvartsfinal",
        "round": "Omgång {n}",
        "playing": "spelas",
        "cancelled": "inställd",
        "no_players": "Inga spelare än",
        "tiebreak_note": "Särskiljning: {a}, sedan {b}",
    },
    "en": {
        "single_elimination": "Single elimination",
        "round_robin": "Round robin",
        "swiss": "Swiss",
        "registration": "registration open",
        "running": "round {n} of {total}",
        "paused": "paused in round {n} of {total}",
        "finished": "finished",
        "match_to": "match to {n}",
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
        "matches": "Matches",
        "points": "± game pts",
        "seed": "Seed",
        "out_in": "Out in",
        "still_in": "still in",
        "champion": "Champion",
        "winner_of": "winner of {id}",
        "bye": "bye",
        "walkover": "WO",
        "withdrawn": "withdrawn",
        "final": "Final",
        "semifinal": "Semifinal",
        "quarterfinal": "Quarterfinal",
        "round": "Round {n}",
        "playing": "playing",
        "cancelled": "cancelled",
        "no_players": "No players yet",
        "tiebreak_note": "Tie-breaks: {a}, then {b}",
    },
}

_TIEBREAK_NAMES = {
    "sv": {"buchholz": "Buchholz", "median_buchholz": "Median-Buchholz"},
    "en": {"buchholz": "Buchholz", "median_buchholz": "Median-Buchholz"},
}

PAD = 28  # canvas edge to content
ROW = 50  # standings row height
SLOT = 38  # one player's line in a bracket box
BOX_W = 290  # bracket box width
COL_GAP = 64  # between bracket columns (room for the connectors)
MATCH_GAP = 22  # between boxes of the first round


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


def _subtitle(info: Mapping[str, Any], lang: str) -> str:
    parts = []
    fmt = str(info.get("format", ""))
    if fmt in WORDS[lang]:
        parts.append(_w(lang, fmt))
    state = str(info.get("state", ""))
    total = info.get("total_rounds") or "?"
    if state in ("running", "paused"):
        parts.append(_w(lang, state, n=info.get("current", 0), total=total))
    elif state in ("registration", "finished"):
        parts.append(_w(lang, state))
    rules = info.get("rules")
    if rules:
        from engine.position import Geometry

        parts.append(describe_rules(str(rules), Geometry.BRADE, lang).title)
    if info.get("match_length"):
        parts.append(_w(lang, "match_to", n=info["match_length"]))
    return " · ".join(parts)


# -- standings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Col:
    key: str
    title: str
    width: int
    align: str  # "l" | "r" | "m"


def render_standings(tournament_dict_or_obj: object, *, lang: str = "sv",
                     theme: str | Theme = "classic", finished: bool | None = None) -> bytes:
    """The standings as a PNG table: place, player, score, tie-breaks, record, matches.

    Takes a ``Tournament`` (anything with ``standings()``, and ``bracket()`` for the
    heading) or a dict with ``standings`` (``Standing.to_json()`` rows, in order) plus
    optionally the keys of ``Tournament.bracket()`` and ``tiebreak``.  Swiss shows the
    chosen tie-break first and then the other one; round robin Sonneborn–Berger; a
    knockout the seed and the round each player went out in.

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

    cols = [_Col("place", _w(lang, "place"), 64, "m"),
            _Col("name", _w(lang, "player"), 330, "l")]
    if fmt == "single_elimination":
        cols += [_Col("seed", _w(lang, "seed"), 90, "r"),
                 _Col("won_lost", _w(lang, "won_lost"), 100, "r"),
                 _Col("out", _w(lang, "out_in"), 190, "r")]
    else:
        cols.append(_Col("score", _w(lang, "score"), 100, "r"))
        if fmt == "round_robin":
            cols.append(_Col("sonneborn_berger", _w(lang, "sonneborn_berger"), 100, "r"))
        else:
            cols += [_Col(tiebreak, _w(lang, tiebreak), 140, "r"),
                     _Col(other, _w(lang, other), 140, "r")]
        cols.append(_Col("won_lost", _w(lang, "won_lost"), 100, "r"))
    cols += [_Col("played", _w(lang, "matches"), 120, "r"),
             _Col("points", _w(lang, "points"), 140, "r")]

    table_w = sum(c.width for c in cols)
    width = table_w + 2 * PAD
    head_h = 150
    note_h = 44 if fmt == "swiss" else 0
    body_rows = max(1, len(rows))
    height = head_h + ROW + body_rows * ROW + note_h + PAD
    im = Image.new("RGB", (width, height), th.background)
    dr = ImageDraw.Draw(im)

    if finished is None:
        finished = info.get("state") == "finished"
    title = str(info.get("name") or _w(lang, "standings"))
    draw_text(im, (PAD, PAD), _fit(title, 40, "bold", table_w), 40, th.text, "bold", "la")
    kind = _w(lang, "final_standings" if finished else "standings")
    sub = " · ".join(x for x in (kind, _subtitle(info, lang)) if x)
    draw_text(im, (PAD, PAD + 62), _fit(sub, 22, "regular", table_w), 22, th.muted,
              "regular", "la")

    # header row
    y = head_h
    dr.rounded_rectangle((PAD, y, PAD + table_w, y + ROW - 6), 10, fill=th.strip_active)
    x = PAD
    for c in cols:
        colour = th.accent if c.key == tiebreak else th.text
        _cell(im, c, x, y + (ROW - 6) / 2, c.title, 20, "bold", colour)
        x += c.width
    y += ROW
    if not rows:
        draw_text(im, (PAD + table_w / 2, y + ROW / 2), _w(lang, "no_players"), 24,
                  th.muted, "italic", "mm")
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
                    dr.ellipse((x + c.width / 2 - 17, cy - 17, x + c.width / 2 + 17, cy + 17),
                               fill=ring)
                    _cell(im, c, x, cy, str(place), 22, "bold", th.background)
                else:
                    _cell(im, c, x, cy, str(place), 22, "bold", ink)
            elif c.key == "name":
                name = str(r.get("name") or r.get("player") or "?")
                if withdrawn:
                    name += f" ({_w(lang, 'withdrawn')})"
                _cell(im, c, x, cy, _fit(name, 24, "medium", c.width - 16), 24, "medium", ink)
            else:
                text = _value(r, c.key, lang, stages, finished)
                weight = "bold" if c.key in ("score", "won_lost") else "regular"
                colour = ink if c.key != other else th.muted
                _cell(im, c, x, cy, text, 24, weight, colour)
            x += c.width
        y += ROW
    if note_h:
        names = _TIEBREAK_NAMES[lang]
        note = _w(lang, "tiebreak_note", a=names[tiebreak], b=names[other])
        draw_text(im, (PAD, y + 14), note, 19, th.muted, "regular", "la")
    return _png(im, th)


def _value(r: Mapping[str, Any], key: str, lang: str, stages: Mapping[int, Any],
           finished: bool) -> str:
    if key == "won_lost":
        return f"{int(r.get('wins', 0))}–{int(r.get('losses', 0))}"
    if key == "played":
        return str(int(r.get("played", 0)))
    if key == "points":
        d = int(r.get("points_for", 0)) - int(r.get("points_against", 0))
        return f"+{d}" if d > 0 else "±0" if d == 0 else f"−{-d}"
    if key == "seed":
        return str(int(r.get("seed", 0)) or "–")
    if key == "out":
        rnd = r.get("eliminated_in")
        if rnd is None:
            return _w(lang, "champion" if finished else "still_in")
        stage = stages.get(int(rnd))
        return _w(lang, stage) if stage in ("final", "semifinal", "quarterfinal") \
            else _w(lang, "round", n=rnd)
    return _num(float(r.get(key, 0) or 0))


def _cell(im: Image.Image, c: _Col, x: float, cy: float, text: str, size: int,
          weight: str, colour: RGB) -> None:
    if c.align == "l":
        draw_text(im, (x + 14, cy), text, size, colour, weight, "lm")
    elif c.align == "r":
        draw_text(im, (x + c.width - 14, cy), text, size, colour, weight, "rm")
    else:
        draw_text(im, (x + c.width / 2, cy), text, size, colour, weight, "mm")


# -- bracket -----------------------------------------------------------------------------------


def render_bracket(bracket_dict: object, *, lang: str = "sv",
                   theme: str | Theme = "classic") -> bytes:
    """The bracket as a PNG: one column per round, each match a box of two lines.

    Takes ``Tournament.bracket()``'s dict (or the tournament).  In a knockout each box
    is joined to the match its winner goes on to; winners are bold with an accent bar,
    losers muted, a bye shows "frilott"/"bye", a match not yet paired names the matches
    that feed it, and a finished knockout ends in a champion box.  Swiss and round-robin
    brackets show the same boxes per round, without connectors.
    """
    th = _check(lang, theme)
    b = _bracket_of(bracket_dict)
    rounds = [r for r in b.get("rounds", ()) if r.get("matches")]
    knockout = b.get("format") == "single_elimination"
    first = max((len(r["matches"]) for r in rounds), default=0) if not knockout \
        else (len(rounds[0]["matches"]) if rounds else 0)
    box_h = 2 * SLOT + 2
    pitch = box_h + MATCH_GAP
    champion = _champion(rounds) if knockout and b.get("state") == "finished" else None
    n_cols = len(rounds) + (1 if champion else 0)
    head_h = 150
    width = max(2 * PAD + n_cols * BOX_W + max(0, n_cols - 1) * COL_GAP, 640)
    height = head_h + 44 + max(1, first) * pitch + PAD
    im = Image.new("RGB", (width, height), th.background)
    dr = ImageDraw.Draw(im)

    title = str(b.get("name") or _w(lang, "bracket"))
    draw_text(im, (PAD, PAD), _fit(title, 40, "bold", width - 2 * PAD), 40, th.text,
              "bold", "la")
    kind = _w(lang, "bracket" if knockout else "pairings")
    sub = " · ".join(x for x in (kind, _subtitle(b, lang)) if x)
    draw_text(im, (PAD, PAD + 62), _fit(sub, 22, "regular", width - 2 * PAD), 22, th.muted,
              "regular", "la")
    if not rounds:
        draw_text(im, (width / 2, head_h + 60), _w(lang, "no_players"), 24, th.muted,
                  "italic", "mm")
        return _png(im, th)

    top = head_h + 44
    centres: list[list[float]] = []
    for ci, r in enumerate(rounds):
        x0 = PAD + ci * (BOX_W + COL_GAP)
        stage = r.get("stage")
        head = _w(lang, stage) if stage in ("final", "semifinal", "quarterfinal") \
            else _w(lang, "round", n=r.get("number", ci + 1))
        colour = th.accent if r.get("current") and b.get("state") != "finished" else th.muted
        draw_text(im, (x0 + BOX_W / 2, head_h + 14), head, 22, colour, "bold", "mm")
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
    if champion is not None:
        x0 = PAD + len(rounds) * (BOX_W + COL_GAP)
        cy = centres[-1][0]
        _connect(dr, th, x0 - COL_GAP, [cy], x0, cy)
        draw_text(im, (x0 + BOX_W / 2, head_h + 14), _w(lang, "champion"), 22, th.accent,
                  "bold", "mm")
        dr.rounded_rectangle((x0, cy - SLOT / 2 - 6, x0 + BOX_W, cy + SLOT / 2 + 6), 12,
                             fill=th.accent)
        draw_text(im, (x0 + BOX_W / 2, cy), _fit(champion, 26, "bold", BOX_W - 24), 26,
                  th.background, "bold", "mm")
    return _png(im, th)


def _champion(rounds: list[Mapping[str, Any]]) -> str | None:
    final = rounds[-1]["matches"]
    if len(final) != 1 or not final[0].get("winner"):
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
    show_score = status == "done" and not m.get("walkover") and any(score)
    feeders = m.get("from") or []
    for k, key in enumerate(("a", "b")):
        slot = m.get(key)
        sy = y0 + 1 + k * SLOT
        cy = sy + SLOT / 2
        won = slot is not None and winner is not None and slot.get("id") == winner
        decided = status in ("done", "bye")
        if won:
            dr.rounded_rectangle((x0 + 3, sy + 5, x0 + 9, sy + SLOT - 5), 3, fill=th.accent)
        right = x0 + BOX_W - 12
        if show_score:
            txt = str(int(score[k]))
            draw_text(im, (right, cy), txt, 22, th.accent if won else th.muted,
                      "bold" if won else "regular", "rm")
            right -= 34
        elif k == 1 and m.get("walkover") and status == "done":
            draw_text(im, (right, cy), _w(lang, "walkover"), 18, th.warn, "bold", "rm")
            right -= 40
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
                draw_text(im, (x0 + 30, cy), str(seed), 17, th.muted, "regular", "mm")
        if status == "cancelled" and k == 1:
            draw_text(im, (right, cy), _w(lang, "cancelled"), 16, th.muted, "italic", "rm")
            right -= text_width(_w(lang, "cancelled"), 16, "italic") + 10
        text = _fit(text, 22, weight, right - (x0 + 46))
        draw_text(im, (x0 + 46, cy), text, 22, colour, weight, "lm")
