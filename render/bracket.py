"""Tournament pictures: the standings table and the bracket, as PNG bytes (issue 6).

The renderer may not import the bot, so both functions take plain data — the dicts
``Tournament.bracket()`` and ``Standing.to_json()`` give (docs/league.md) — or any object
with ``bracket()`` and ``standings()`` methods, such as a ``Tournament`` itself.  Pure
functions: the same data gives the same bytes, in any thread.

Legible where Discord shows them, on a phone too: a phone shows an attached picture only
about 320 px wide, and every capital must then be at least 8 px tall
(``render.fonts.PHONE``, issue 46).  So the pictures are laid out narrow rather than
drawn wide and shrunk: the table takes two lines a row (place, name and score large; the
tie-breaks, the record and the game points, each named, under them) instead of a column
each, and a bracket shows at most ``MAX_COLUMNS`` rounds side by side (the current one
and its neighbour; the text beside the picture lists every round).  Short enough, too,
that a phone shows the picture its whole 320 px wide (``render.fonts.shown_whole``): a
larger field's table takes a wider, tighter shape (16 players: every figure on one line
under the name; 32: one line a row), and a round too long for one column of boxes is
shown alone in two.  ``drawn_texts``
reports every text a picture draws with its font size, for the test that holds each one
to that rule.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import encode
from render.fonts import font, shown_whole, text_width
from render.text_record import TextRecord
from render.texts import LANGS, describe_rules
from render.themes import RGB, Theme, get_theme

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
        "round_shown": "Rond {a} av {total} visas.",
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
        "round_shown": "Round {a} of {total} shown.",
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

# Sizes (px at the picture's own scale).  The widest picture is a two-column bracket,
# 2 * PAD + 2 * BOX_W + COL_GAP = 590 px: shown 320 px wide on a phone, a capital of the
# smallest text (SMALL, 20 px: capitals 15 px) is 8.1 px tall (render.fonts.legible).
PAD = 20  # canvas edge to content
LINE = 34  # a standings row's first line: place, name, score
LINE2 = 28  # each further line of a row: the tie-breaks, the record, the game points
HEADER = LINE + 2  # the standings' header strip
ROW_GAP = 12  # a row's padding: 6 above its first line, 6 below its last
NOTE_GAP = 12  # above the order note
DETAIL = 14  # the further lines' indent: under the place, so that one line holds them
SLOT = 40  # one player's line in a bracket box
BOX_W = 260  # bracket box width
COL_GAP = 30  # between bracket columns (room for the connectors)
MATCH_GAP = 18  # between boxes of the first round
MAX_COLUMNS = 2  # bracket rounds side by side
MIN_WIDTH = 560  # the standings' width; room for the title and the subtitle
WIDE = 600  # a large field's standings: the widest whose SMALL text a phone still reads
TIGHT_GAP = 4  # a large field's row padding
ONE_LINE = 32  # a row of the largest fields: place, name, one figure and the score
HEAD = 134  # title and two subtitle lines above the table or the round headings
TITLE = 32
SUB = 20
SMALL = 20
TEXT = 24

#: Every text of these pictures goes through ``_text`` (``drawn_texts`` listens).
_TEXTS = TextRecord("bracket_texts")
_text = _TEXTS.draw


def drawn_texts(render: Callable[..., bytes], data: object,
                **kw: Any) -> tuple[int, list[tuple[str, int]]]:
    """The picture's width and every (text, font size) ``render`` draws for ``data``:
    what the legibility test holds to ``MIN_SHOWN_PX`` at ``SHOWN_WIDTH``."""
    (width, _), seen = _TEXTS.drawn(render, data, **kw)
    return width, seen


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


def _heading(im: Image.Image, b: Mapping[str, Any], width: int, th: Theme, lang: str,
             knockout: bool) -> None:
    """A bracket's title and, under it, what it shows (bracket or pairings) and the
    tournament's words: the same in every shape of the picture."""
    title = str(b.get("name") or _w(lang, "bracket"))
    _text(im, (PAD, PAD), _fit(title, TITLE, "bold", width - 2 * PAD), TITLE, th.text,
          "bold", "la")
    kind = _w(lang, "bracket" if knockout else "pairings")
    _subtitle_lines(im, [kind, *_subtitle(b, lang)], width - 2 * PAD, th.muted)


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
        _text(im, (PAD, PAD + 46 + 30 * i), _fit(line, SUB, "regular", width), SUB, colour,
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


def render_standings(tournament_dict_or_obj: object, *, lang: str = "sv",
                     theme: str | Theme = "classic", finished: bool | None = None) -> bytes:
    """The standings as a PNG table, two lines a row: the place, the player and the score
    (a knockout: how far each got) large; under them, named, what orders equal scores,
    the won–lost record and the game-point difference.

    Takes a ``Tournament`` (anything with ``standings()``, and ``bracket()`` for the
    heading) or a dict with ``standings`` (``Standing.to_json()`` rows, in order) plus
    optionally the keys of ``Tournament.bracket()`` and ``tiebreak``.  Swiss shows the
    chosen tie-break first and then the other one; round robin Sonneborn–Berger; a
    knockout the seed and how far each player got (champion, runner-up, the round they
    went out in).  Below a Swiss or round robin table a note names the order: score,
    then each tie-break in turn.  Narrow enough to be read on a phone (issue 46): a
    column per figure made the table too wide for it.

    And short enough that a phone shows it its full width (``render.fonts.shown_whole``):
    a field too large for that table (16 players) takes ``WIDE`` px, its rows closer
    together and every figure on one line; a larger one still (32) one line a row, with
    only the first figure (the seed, or the first tie-break) in a column of its own
    beside the score, named in the header.  The first of these shapes that fits is drawn.

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
    knockout = fmt == "single_elimination"
    # what the second line names, in order: a knockout's seed, else the tie-breaks
    if knockout:
        details = ["seed", "won_lost", "points"]
    elif fmt == "round_robin":
        details = ["sonneborn_berger", "won_lost", "points"]
    else:
        details = [tiebreak, other, "won_lost", "points"]
    right_key = "out" if knockout else "score"
    order = _criteria(fmt, tiebreak)
    if finished is None:
        finished = info.get("state") == "finished" and not info.get("cancelled")
    firsts = sum(1 for r in rows if int(r.get("place") or 0) == 1)
    values = [_value(r, right_key, lang, stages, finished, shared=firsts > 1) for r in rows]

    # the shapes, from the roomiest: (width, row padding, figures under the name)
    for width, gap, under in ((MIN_WIDTH, ROW_GAP, True), (WIDE, TIGHT_GAP, True),
                              (WIDE, 0, False)):
        inner = width - 2 * PAD
        planned = []
        for i, r in enumerate(rows):
            items = [f"{_w(lang, k)} {_value(r, k, lang, stages, finished)}" for k in details]
            planned.append((i, r, _join_lines(items, SMALL, inner - 2 * DETAIL)
                            if under else []))
        note_lines: list[str] = []
        if order:
            crit = ", ".join(_w(lang, f"crit.{k}") for k in order)
            note_lines = _join_lines(_w(lang, "order", criteria=crit).split(" "), SMALL,
                                     inner, sep=" ")
        note_h = NOTE_GAP + LINE2 * len(note_lines) if note_lines else 0
        heights = [row_height(len(lines), gap) if under else ONE_LINE
                   for _, _, lines in planned]
        body = sum(heights) if rows else row_height(0)
        height = HEAD + HEADER + 6 + body + note_h + PAD
        if shown_whole(width, height):
            break
    im = Image.new("RGB", (width, height), th.background)
    dr = ImageDraw.Draw(im)

    title = str(info.get("name") or _w(lang, "standings"))
    _text(im, (PAD, PAD), _fit(title, TITLE, "bold", inner), TITLE, th.text, "bold", "la")
    kind = _w(lang, "final_standings" if finished else "standings")
    _subtitle_lines(im, [kind, *_subtitle(info, lang)], inner, th.muted)

    # the header: the place, the player and what the big number on the right is (and,
    # one line a row, what the figure beside it is)
    name_x = PAD + 56  # right of the place's ring
    right = PAD + inner - 12
    y = HEAD
    dr.rounded_rectangle((PAD, y, PAD + inner, y + HEADER), 10, fill=th.strip_active)
    cy = y + HEADER / 2
    _text(im, (PAD + 28, cy), _w(lang, "place"), SMALL, th.text, "bold", "mm")
    _text(im, (name_x, cy), _w(lang, "player"), SMALL, th.text, "bold", "lm")
    right_title = _w(lang, "result" if knockout else "score")
    _text(im, (right, cy), right_title, SMALL, th.accent if order else th.text, "bold", "rm")
    figure_x = right  # the right edge of the one figure beside the score
    if not under:
        value_w = max([text_width(v, TEXT, "bold") for v in values]
                      + [text_width(right_title, SMALL, "bold")])
        figure_x = right - value_w - 20
        _text(im, (figure_x, cy), _w(lang, details[0]), SMALL, th.text, "bold", "rm")
    y += HEADER + 6
    if not rows:
        _text(im, (PAD + inner / 2, y + LINE / 2), _w(lang, "no_players"), TEXT, th.muted,
              "italic", "mm")
    for (i, r, lines), row_h, value in zip(planned, heights, values, strict=True):
        if i % 2 == 0:
            dr.rounded_rectangle((PAD, y, PAD + inner, y + row_h - (4 if under else 2)),
                                 8 if under else 6, fill=th.strip)
        place = int(r.get("place") or i + 1)
        withdrawn = bool(r.get("withdrawn"))
        ink = th.muted if withdrawn else th.text
        cy = y + gap / 2 + LINE / 2 if under else y + (row_h - 2) / 2
        px = PAD + 28
        if place <= 3 and not withdrawn and finished:
            ring = (th.accent, th.muted, th.frame_light)[place - 1]
            radius = 18 if under else ONE_LINE / 2 - 2
            dr.ellipse((px - radius, cy - radius, px + radius, cy + radius), fill=ring)
            _text(im, (px, cy), str(place), TEXT, th.background, "bold", "mm")
        else:
            _text(im, (px, cy), str(place), TEXT, ink, "bold", "mm")
        value_w = text_width(value, TEXT, "bold")
        _text(im, (right, cy), value, TEXT, ink, "bold", "rm")
        end = right - value_w
        if not under:
            figure = _value(r, details[0], lang, stages, finished)
            _text(im, (figure_x, cy), figure, SMALL, th.muted, "regular", "rm")
            end = figure_x - max(text_width(_w(lang, details[0]), SMALL, "bold"),
                                 text_width(figure, SMALL))
        name = str(r.get("name") or r.get("player") or "?")
        if withdrawn:
            name += f" ({_w(lang, 'withdrawn')})"
        room = end - 16 - name_x
        _text(im, (name_x, cy), _fit(name, TEXT, "medium", room), TEXT, ink,
              "medium", "lm")
        ly = y + gap / 2 + LINE
        for line in lines:
            _text(im, (PAD + DETAIL, ly + LINE2 / 2), line, SMALL, th.muted, "regular", "lm")
            ly += LINE2
        y += row_h
    if note_lines:
        y += NOTE_GAP
        for line in note_lines:
            _text(im, (PAD, y + LINE2 / 2), line, SMALL, th.muted, "regular", "lm")
            y += LINE2
    return _png(im, th)


def row_height(details: int, gap: int = ROW_GAP) -> int:
    """A standings row's height with ``details`` lines under its first, ``gap`` its
    padding (half above its first line, half below its last)."""
    return LINE + LINE2 * details + gap


def _join_lines(items: Sequence[str], size: int, width: float, sep: str = " · ") -> list[str]:
    """``items`` joined by ``sep`` on as few lines as fit ``width`` (an item too wide for
    a line of its own is cut)."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}{sep}{item}" if lines else item
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return [_fit(x, size, "regular", width) for x in lines]


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
    if rounds and not shown_whole(width, height):
        # too tall for a phone to show whole (a round of 16 matches): that one round,
        # its matches in two columns (a knockout's current round, else the latest)
        one = next((r for r in rounds if r.get("current") and not finished),
                   rounds[0] if knockout and not finished else rounds[-1])
        return _one_round(one, every, b, th, lang, knockout)
    im = Image.new("RGB", (width, round(height)), th.background)
    dr = ImageDraw.Draw(im)

    _heading(im, b, width, th, lang, knockout)
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
        _text(im, (x0 + BOX_W / 2, cy), _fit(champion, 26, "bold", BOX_W - 24), 26,
              th.background, "bold", "mm")
    return _png(im, th)


def _one_round(r: Mapping[str, Any], every: list[Mapping[str, Any]], b: Mapping[str, Any],
               th: Theme, lang: str, knockout: bool) -> bytes:
    """One round of a large field: its matches in two columns under one heading, the
    first half on the left, so that a phone shows the picture its full width; a line
    under them says which round of how many this is."""
    matches = list(r["matches"])
    half = (len(matches) + 1) // 2
    box_h = 2 * SLOT + 2
    pitch = box_h + MATCH_GAP
    width = max(2 * PAD + 2 * BOX_W + COL_GAP, MIN_WIDTH)
    top = HEAD + 36
    foot_h = 34 if len(every) > 1 else 0
    im = Image.new("RGB", (width, top + half * pitch + foot_h + PAD), th.background)
    dr = ImageDraw.Draw(im)
    _heading(im, b, width, th, lang, knockout)
    stage = r.get("stage")
    number = r.get("number", every.index(r) + 1)
    head = _w(lang, stage) if stage in ("final", "semifinal", "quarterfinal") \
        else _w(lang, "round", n=number)
    finished = b.get("state") == "finished"
    colour = th.accent if r.get("current") and not finished else th.muted
    _text(im, (width / 2, HEAD + 10), head, SUB, colour, "bold", "mm")
    for mi, m in enumerate(matches):
        x0 = PAD + (mi // half) * (BOX_W + COL_GAP)
        _match_box(im, dr, th, lang, m, x0, top + (mi % half) * pitch, box_h)
    if foot_h:
        note = _w(lang, "round_shown", a=number, total=len(every))
        _text(im, (PAD, im.height - PAD - foot_h + 12),
              _fit(note, SMALL, "regular", width - 2 * PAD), SMALL, th.muted, "regular", "la")
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
