"""``render_replay``: a whole game as an animated GIF or APNG (issue 6, spectating).

One frame per turn — the board after the turn, with its arrows and dice, drawn by the
same code as ``render_board`` — between a title frame and a final frame that shows the
result and is held longer.  Under every frame a footer counts the turns and fills a
progress bar, so a viewer who sees a frame out of context knows where in the game it is.

Frames are drawn at full size, reduced to ``scale`` (Discord previews about 550 px wide)
and mapped without dithering onto the theme's fixed board palette, so flat areas stay
flat, consecutive frames differ only where a checker moved, and the writers store only
those differences.  Everything is a function of the arguments: no clock, no randomness,
no shared mutable state, so the same game always gives the same bytes and the function
can run in any worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw
from PIL.PngImagePlugin import Blend, Disposal

from engine.dice import Dice
from engine.game import Game
from engine.position import Position, Side
from engine.record import Record, RecordTurn, export, parse
from engine.record import replay as replay_record
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Turn
from render import encode
from render.board import BOTH, board_layout, render_image
from render.fonts import draw_text, fit, smallest_legible, text_width
from render.layout import LAYOUT
from render.options import BoardOptions
from render.texts import LANGS, describe_rules, label, outcome_text, side_name
from render.themes import RGB, Theme, get_theme

FORMATS = ("gif", "apng")
#: The smallest text of the replay's own words (legible on a phone, capitals 8 px shown
#: 320 px wide, ``render.fonts.PHONE``, as every text on the boards in it).
TEXT = smallest_legible(LAYOUT.width)
FOOTER = TEXT + 22  # full-size pixels under the board: turn counter and progress
TITLE_HOLD = 2  # the title frame lasts this many frame times
FINAL_HOLD = 4  # the final frame lasts this many frame times
MIN_FRAME_MS = 20  # browsers show anything shorter in a GIF as 100 ms
MIN_WIDTH = 200  # no rung of the size ladder goes narrower than this

#: The size ladder, tried in order until the file fits ``max_bytes``: (factor on the
#: requested scale, keep every k-th turn; 0 keeps no turn frame, only title and end).
LADDER: tuple[tuple[float, int], ...] = (
    (1.0, 1), (1.0, 2), (0.8, 2), (0.8, 3), (0.64, 4), (0.5, 6), (0.5, 12), (0.4, 0))

_WORDS: dict[str, dict[str, str]] = {
    "sv": {
        "replay": "Repris",
        "players": "{white} ({w}) – {black} ({b})",
        "turns_1": "{n} drag",
        "turns_n": "{n} drag",
        "turn_of": "Drag {n} av {total}",
        "start": "Utgångsställning",
        "end": "Slutställning",
        "now": "Ställningen nu",
        "result": "Resultat",
        "running": "Partiet pågår",
    },
    "en": {
        "replay": "Replay",
        "players": "{white} ({w}) – {black} ({b})",
        "turns_1": "{n} turn",
        "turns_n": "{n} turns",
        "turn_of": "Turn {n} of {total}",
        "start": "Starting position",
        "end": "Final position",
        "now": "Current position",
        "result": "Result",
        "running": "Game in progress",
    },
}

#: Names the exporter writes when it was given none: shown as the language's side names.
_PLACEHOLDER_NAMES = {"", "?", "White", "Black"}


@dataclass(frozen=True)
class ReplayTurn:
    """One turn as the replay draws it: ``turn`` has no steps for a forfeited roll."""

    number: int
    mover: Side
    dice: Dice
    turn: Turn


@dataclass(frozen=True)
class ReplayGame:
    """Everything the frames are drawn from, worked out once by replaying the record."""

    rules: RuleSet
    start: Position  # after the teka: the side to move is the starter
    turns: tuple[ReplayTurn, ...]
    final: Position
    outcome: Outcome | None
    pending_dice: Dice | None  # an unfinished game waiting for the roller to move
    names: tuple[str, str] | None  # from the record's tags, if it named the players
    event: str  # the record's Event and Date, for the title


def render_replay(
    game_or_record: Game | Record | str,
    *,
    perspective: Side = Side.WHITE,
    theme: str | Theme = "classic",
    lang: str = "sv",
    names: object = None,
    fmt: str = "gif",
    frame_ms: int = 900,
    max_bytes: int = 8_000_000,
    scale: float = 0.5,
) -> bytes:
    """An animated replay of a finished or running game, as GIF or APNG bytes.

    ``game_or_record`` is an ``engine.game.Game``, a parsed ``Record`` or a record's text
    (docs/league.md); a record that does not replay raises its ``RecordError``.  A game
    and its exported record give the same bytes.  ``names`` maps sides to player names
    (or is ``(white, black)``); without it a record's White and Black tags are used.

    Frames: a title frame (the starting position under a card naming the ruleset, the
    players and the result), one frame per turn (forfeited rolls included), and a final
    frame with the result card.  Turn frames last ``frame_ms``, the title twice that,
    the final frame four times that.

    Size bound: if the file would exceed ``max_bytes``, the steps of ``LADDER`` are tried
    in order — first keeping only every second turn, then also drawing smaller, and so
    on down to the title and final frames alone at 0.4 × ``scale`` — and the first that
    fits is returned.  The kept turns are every k-th one plus always the last, so the
    choice depends only on the arguments.  The footer still numbers turns as played, so
    a shortened replay shows the gaps.  ValueError if even the last step does not fit.
    """
    if fmt not in FORMATS:
        raise ValueError(f"fmt must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    if not isinstance(frame_ms, int) or frame_ms < MIN_FRAME_MS:
        raise ValueError(f"frame_ms must be a whole number of at least {MIN_FRAME_MS}")
    if not 0 < scale <= 1:
        raise ValueError("scale must be more than 0 and at most 1")
    if max_bytes <= 0:
        raise ValueError("max_bytes must be positive")
    perspective = Side(perspective)
    th = get_theme(theme)
    rg = load(game_or_record)
    if names is None and rg.names is not None:
        names = rg.names
    painter = _Painter(rg, th, lang, perspective, names)

    frames: dict[tuple[int, float], Image.Image] = {}  # (frame index, scale) -> P image
    total = len(rg.turns)
    tried: set[tuple[float, int]] = set()
    for factor, every in LADDER:
        s = min(scale, max(scale * factor, MIN_WIDTH / LAYOUT.width))
        if (s, every) in tried:
            continue
        tried.add((s, every))
        order = _kept(total, every)
        images = []
        for i in order:
            if (i, s) not in frames:
                frames[(i, s)] = _shrink(painter.frame(i), s, th)
            images.append(frames[(i, s)])
        durations = [frame_ms * (TITLE_HOLD if i == -1 else FINAL_HOLD if i == total else 1)
                     for i in order]
        data = _encode(images, durations, fmt, th)
        if len(data) <= max_bytes:
            return data
        # frames of a larger scale are not needed again
        for key in [k for k in frames if k[1] != s]:
            del frames[key]
    raise ValueError(f"the replay does not fit in {max_bytes} bytes even with only its "
                     "first and last frames")


def load(game_or_record: Game | Record | str) -> ReplayGame:
    """What the frames are drawn from: the record replayed once by
    ``engine.record.replay``, whose hooks hand over the start and each turn's ``Turn``
    (for its arrows); a bad record raises its RecordError, naming the line.

    A ``Game`` goes through its own exported record, so a game and its record are drawn
    from identical values.
    """
    if isinstance(game_or_record, Game):
        rec = parse(export(game_or_record, comments=False))
    elif isinstance(game_or_record, Record):
        rec = game_or_record
    elif isinstance(game_or_record, str):
        rec = parse(game_or_record)
    else:
        raise TypeError("expected an engine Game, a Record or a record's text, not "
                        f"{type(game_or_record).__name__}")
    start: list[Position] = []
    turns: list[ReplayTurn] = []
    pending: list[Dice] = []

    def on_turn(game: Game, line: RecordTurn, played: Turn | None) -> None:
        if played is None:
            pending.append(line.dice)
        else:
            turns.append(ReplayTurn(line.number, line.side, line.dice, played))

    # The engine's one replay (a RecordError names the line of a bad record).
    g = replay_record(rec, on_start=lambda game: start.append(game.position),
                      on_turn=on_turn)
    white, black = rec.tags.get("White", ""), rec.tags.get("Black", "")
    named = white not in _PLACEHOLDER_NAMES or black not in _PLACEHOLDER_NAMES
    event = " · ".join(v for v in (rec.tags.get("Event", ""), rec.tags.get("Date", ""))
                       if v and v != "?")
    return ReplayGame(g.rules, start[0], tuple(turns), g.position, g.outcome,
                      pending[0] if pending else None,
                      (white, black) if named else None, event)


def _kept(total: int, every: int) -> list[int]:
    """Frame indices: -1 the title, 0..total-1 the turns, ``total`` the final frame."""
    if every <= 0:
        turns: list[int] = []
    else:
        turns = [i for i in range(total) if (i + 1) % every == 0 or i == total - 1]
    return [-1, *turns, total]


# -- drawing ----------------------------------------------------------------------------------


def _word(lang: str, key: str, **params: object) -> str:
    return _WORDS[lang][key].format(**params)


class _Painter:
    """Draws frame ``i`` of one replay at full size (RGB)."""

    def __init__(self, rg: ReplayGame, theme: Theme, lang: str, perspective: Side,
                 names: object) -> None:
        self.rg = rg
        self.th = theme
        self.lang = lang
        self.view = perspective
        self.names = names
        # both numberings: each play is written in its mover's numbering, as in the channel
        self.kw = {"perspective": perspective, "theme": theme, "lang": lang, "names": names,
                   "numbers": BOTH}
        self.L = board_layout(BOTH, perspective)

    def _player_names(self) -> dict[Side, str]:
        n = self.names
        if isinstance(n, Mapping):
            return {Side(k): str(v) for k, v in n.items() if v}
        if isinstance(n, Sequence) and not isinstance(n, str) and len(n) == 2:
            return {s: str(v) for s, v in zip(Side, n, strict=True) if v}
        return {}

    def frame(self, i: int) -> Image.Image:
        rg, total = self.rg, len(self.rg.turns)
        if i == -1:
            board = render_image(rg.start, BoardOptions.of(rg.rules, **self.kw))
            im = self._with_footer(board, _word(self.lang, "start"), 0.0)
            self._card(im, self._title_lines())
            return im
        if i == total:
            return self._final()
        t = rg.turns[i]
        board = render_image(t.turn.position, BoardOptions.of(rg.rules, dice=t.dice, dice_side=t.mover,
                             last_turn=t.turn, last_mover=t.mover, **self.kw))
        return self._with_footer(board, _word(self.lang, "turn_of", n=t.number, total=total),
                                 (i + 1) / total)

    def _final(self) -> Image.Image:
        rg = self.rg
        last = rg.turns[-1] if rg.turns else None
        if rg.outcome is not None:
            # The last turn drawn as the winning one (a resignation adds the outcome to
            # the turn before it), so the strips show the game as over.
            if last is not None:
                turn, mover = replace(last.turn, outcome=rg.outcome), last.mover
            else:
                turn, mover = Turn((), rg.final, rg.outcome), rg.outcome.winner.other
            board = render_image(rg.final, BoardOptions.of(rg.rules, last_turn=turn, last_mover=mover,
                                 **self.kw))
            caption = _word(self.lang, "end")
        else:
            board = render_image(
                rg.final, BoardOptions.of(rg.rules, dice=rg.pending_dice,
                last_turn=last.turn if last else None, last_mover=last.mover if last else None,
                **self.kw))
            caption = _word(self.lang, "now")
        im = self._with_footer(board, caption, 1.0)
        self._card(im, self._result_lines())
        return im

    # -- pieces -------------------------------------------------------------------------
    def _summary(self) -> str:
        """The result in one line, or who is to play in a running game."""
        o = self.rg.outcome
        if o is not None:
            return outcome_text(self.lang, o.winner, o.kind, o.points, o.munk)
        return label(self.lang, "to_move", side=side_name(self.lang, self.rg.final.turn))

    def _players(self) -> str:
        """"Anna (vit) – Bertil (svart)"; just "Vit – Svart" when nobody is named."""
        got = self._player_names()
        white = side_name(self.lang, Side.WHITE)
        black = side_name(self.lang, Side.BLACK)
        if not got:
            return f"{white} – {black}"
        return _word(self.lang, "players", white=got.get(Side.WHITE, white),
                     black=got.get(Side.BLACK, black), w=white.lower(), b=black.lower())

    def _turns(self) -> str:
        n = len(self.rg.turns)
        return _word(self.lang, "turns_1" if n == 1 else "turns_n", n=n)

    def _title_lines(self) -> list[tuple[str, int, str, RGB]]:
        th = self.th
        info = describe_rules(self.rg.rules, self.rg.start.geometry, self.lang)
        sub = " · ".join(x for x in (self.rg.event, self._turns()) if x)
        return [(_word(self.lang, "replay").upper(), TEXT, "bold", th.accent),
                (info.title, TEXT + 15, "bold", th.text),
                (self._players(), TEXT + 2, "medium", th.text),
                (sub, TEXT, "regular", th.muted),
                (self._summary(), TEXT, "regular", th.muted)]

    def _result_lines(self) -> list[tuple[str, int, str, RGB]]:
        th = self.th
        head = "result" if self.rg.outcome is not None else "running"
        return [(_word(self.lang, head).upper(), TEXT, "bold", th.accent),
                (self._summary(), TEXT + 9, "bold", th.text),
                (self._players(), TEXT, "medium", th.text),
                (self._turns(), TEXT, "regular", th.muted)]

    def _with_footer(self, board: Image.Image, caption: str, progress: float) -> Image.Image:
        """The board with the footer under it: caption left, progress bar right."""
        th = self.th
        # every frame the same size: a won game's board grows by the result's plate, which
        # the replay leaves out (its final frame's card says the result)
        board = board.crop((0, 0, self.L.width, self.L.height))
        im = Image.new("RGB", (board.width, board.height + FOOTER), th.background)
        im.paste(board, (0, 0))
        dr = ImageDraw.Draw(im)
        y0 = board.height
        cy = y0 + FOOTER // 2 - 3
        x0 = LAYOUT.margin
        draw_text(im, (x0 + 4, cy), caption, TEXT, th.text, "bold", "lm")
        bx0 = x0 + max(300, text_width(caption, TEXT, "bold") + 40)
        bx1 = board.width - LAYOUT.margin
        dr.rounded_rectangle((bx0, cy - 9, bx1, cy + 9), 9, fill=th.strip)
        if progress > 0:
            fill_to = bx0 + round((bx1 - bx0) * min(1.0, progress))
            dr.rounded_rectangle((bx0, cy - 9, max(fill_to, bx0 + 18), cy + 9), 9,
                                 fill=th.accent)
        return im

    def _card(self, im: Image.Image, lines: list[tuple[str, int, str, RGB]]) -> None:
        """A card centred on the playing field, one line of text per entry."""
        th = self.th
        lines = [ln for ln in lines if ln[0]]
        gap = 14
        widest = max(text_width(t, size, weight) for t, size, weight, _ in lines)
        limit = LAYOUT.field_w - 60
        w = min(limit, widest + 96)
        h = sum(size for _, size, _, _ in lines) + gap * (len(lines) - 1) + 64
        cx = self.L.field_x + self.L.field_w / 2
        cy = self.L.mid_y
        box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
        dr = ImageDraw.Draw(im)
        dr.rounded_rectangle(box, 22, fill=th.strip, outline=th.accent, width=4)
        y = box[1] + 32
        for text, size, weight, colour in lines:
            text = fit(text, size, weight, w - 48)
            draw_text(im, (cx, y + size / 2), text, size, colour, weight, "mm")
            y += size + gap


# -- encoding ---------------------------------------------------------------------------------


def _shrink(im: Image.Image, scale: float, theme: Theme) -> Image.Image:
    """Reduce to ``scale`` and map onto the theme's board palette (no dithering), with
    the index kept free for transparency moved to its nearest neighbour."""
    size = (max(1, round(im.width * scale)), max(1, round(im.height * scale)))
    k = round(1 / scale)
    if abs(1 / scale - k) < 1e-9:
        small = im.reduce(k) if k > 1 else im  # an exact box filter, and fast
    else:
        small = im.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)
    pal, _, lut = _anim_palette(theme)
    idx = Image.frombytes("L", small.size, encode.indexed(small, theme).tobytes()).point(lut)
    out = Image.frombytes("P", idx.size, idx.tobytes())
    out.putpalette(pal)
    return out


@lru_cache(maxsize=8)
def _anim_palette(theme: Theme) -> tuple[list[int], int, list[int]]:
    """The board palette with one index given up for transparency, and the index map.

    Both writers store a frame as the rectangle that changed since the previous one; with
    a transparent index, the pixels inside it that did not change compress to nearly
    nothing.  The index given up is the learnt colour closest to another palette colour
    (the theme's own exact colours are kept), so the loss is invisible.
    """
    pal = (encode.palette(theme).getpalette() or []) + [0] * 768
    pal = pal[:768]
    cols = [tuple(pal[i:i + 3]) for i in range(0, 768, 3)]
    exact = {getattr(theme, f.name) for f in fields(theme)
             if isinstance(getattr(theme, f.name), tuple)}

    def nearest(i: int) -> tuple[int, int]:
        return min((sum((a - b) ** 2 for a, b in zip(cols[i], cols[j], strict=True)), j)
                   for j in range(256) if j != i)

    best = min((nearest(i)[0], i) for i in range(256) if cols[i] not in exact)[1]
    lut = list(range(256))
    lut[best] = nearest(best)[1]
    sentinel = next(c for c in ((255, 0, 255), (0, 255, 0), (1, 2, 3)) if c not in cols)
    pal[3 * best:3 * best + 3] = sentinel
    return pal, best, lut


def _transparent_deltas(images: list[Image.Image], clear: int) -> Iterator[Image.Image]:
    """Each frame after the first with the pixels equal to the previous frame's set to
    the transparent index (the previous frame stays on screen beneath)."""
    for prev, cur in pairwise(images):
        a = Image.frombytes("L", prev.size, prev.tobytes())
        b = Image.frombytes("L", cur.size, cur.tobytes())
        same = ImageChops.difference(a, b).point([255] + [0] * 255)
        frame = cur.copy()
        frame.paste(clear, mask=same)
        yield frame


def _encode(images: list[Image.Image], durations: list[int], fmt: str,
            theme: Theme) -> bytes:
    clear = _anim_palette(theme)[1]
    first, rest = images[0], list(_transparent_deltas(images, clear))
    buf = io.BytesIO()
    if fmt == "gif":
        first.save(buf, "GIF", save_all=True, append_images=rest, duration=durations, loop=0,
                   optimize=False, transparency=clear, disposal=1)
    else:
        first.save(buf, "PNG", save_all=True, append_images=rest, duration=durations, loop=0,
                   default_image=False, transparency=clear, disposal=Disposal.OP_NONE,
                   blend=Blend.OP_OVER, compress_level=6)
    return buf.getvalue()
