"""Every text the bot's pictures show is legible where Discord shows them, on a phone too
(issue 46; issue 37 held only boards and problems to it, issue 22 the rest to a desktop):
shown 320 px wide, what a phone draws a picture at, a text's capitals are at least 8 px
tall.  The renderer records every string it draws (``render.fonts.log_text``, and the
tournament pictures' ``drawn_texts``) with its size; each is checked against the width
of the picture it is drawn on, over every picture the bot posts: boards with every
element the board can show, a problem as posted and its answers, standings and brackets
of every format, the analysis picture and a replay's frames, the first among them."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.game import Game
from engine.position import Geometry, Position, Side
from engine.turn import Outcome, Step, Turn
from render import render_board
from render.board import BOTH, Result, Score, board_layout
from render.fonts import PHONE, cap_height, legible, log_text, smallest_legible
from render.gallery import scene_png, scenes
from render.layout import DIE, LAYOUT, PAST_DIE
from render.options import BoardOptions
from render.static import base_layer
from render.texts import LANGS, all_strings

SHOWN, CAP = PHONE  # every picture: 320 px wide on a phone, capitals 8 px
#: The tallest a picture is shown (SimCord's preview, like Discord, draws a taller one
#: narrower): a picture shown 320 px wide is at most this tall, or its texts shrink.
TALLEST = 720


def shown_whole_width(width: int, height: int) -> bool:
    """Whether a picture ``width`` × ``height`` is shown a phone's 320 px wide, not
    narrower for its height."""
    return height * min(SHOWN, width) / width <= TALLEST


def shown_cap(size: int, width: int, shown: int = SHOWN) -> float:
    """Capital height of ``size`` text when a picture ``width`` wide is shown ``shown``
    wide (a phone's 320 px unless told; a narrower picture at its own size)."""
    return min(cap_height(size, w) for w in ("regular", "medium", "bold")) * \
        min(shown, width) / width


def _extra_scenes():
    """Boards with what the gallery lacks: both numberings, a result, the column, jan
    danger and järnbanden, a lone die, counts on the bar and on bands, names in other
    scripts, the roll just played beside the roll to play."""
    jan = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx6,1x6,2,3,4 turn=black")
    column = Position.parse("white=1x13,7x2 black=1x15 column=white turn=black")
    mid = Position.parse("white=bar,3,5,14x2,15x2,16x2,17x2,19x2,20,off "
                         "black=1x4,6,9x2,10x2,13x2,16,18x2,off turn=black")
    played = Turn((Step(10, 13, 3), Step(13, 17, 4, hit=True)), mid)
    double = Turn((Step(14, 16, 2), Step(14, 16, 2), Step(15, 17, 2), Step(15, 17, 2)), mid)
    for lang in LANGS:
        yield dict(position=jan, rules="talisman", dice=(4,), lang=lang, numbers=BOTH,
                   names=("Åsa Öberg-Lindqvist", "Erik Ärlig"), score=(12, 11, 13))
        yield dict(position=column, rules="talisman", lang=lang, numbers=Side.BLACK)
        yield dict(position=mid, rules="talisman", dice=(6, 4), last_turn=played,
                   last_dice=(4, 3), last_mover=Side.WHITE, lang=lang, numbers=BOTH,
                   names=("שלום עליכם 🎲", "محمد علي"))
        yield dict(position=mid, rules="talisman", dice=(2, 2), dice_side=Side.WHITE,
                   last_turn=double, last_mover=Side.WHITE, lang=lang)
        for kind in ("resign", "hemspel", "gammon"):
            yield dict(position=mid, rules="talisman", last_turn=played,
                       last_mover=Side.WHITE, lang=lang, names=("Åsa", "Erik"),
                       result=Result(Outcome(kind, 2, True, Side.WHITE), Score(7, 3, 7), True))
        yield dict(position=mid, rules="talisman", lang=lang,
                   result=Result(Outcome("jan", 1, False, Side.BLACK), Score(1, 4, 7)))
        # the last board: the result, and the last play (a pasch, written as chains)
        yield dict(position=mid, rules="talisman", lang=lang, last_turn=double,
                   last_dice=(2, 2), last_mover=Side.WHITE, numbers=BOTH, score=(3, 1, 3),
                   names=("Åsa Öberg-Lindqvist", "Erik Ärlig"),
                   result=Result(Outcome("hemspel", 1, True, Side.WHITE), Score(3, 1, 3),
                                 True))
    # a problem as the bot posts it: the mover's roll, from the mover's side
    from engine.ai.problem_set import shipped

    ps = shipped("talisman")
    assert ps is not None
    for p in ps.problems[:3]:
        pos = p.board()
        yield dict(position=pos, rules=p.ruleset, dice=p.dice, perspective=pos.turn,
                   last_mover=pos.turn, lang="sv")


def _all_scenes():
    for _, kw in scenes():
        yield kw
    yield from _extra_scenes()


def test_the_rule_can_fail() -> None:
    # the old board's 14 px tray word on a 1,202 px picture was 3.7 px tall at 320 px
    assert shown_cap(14, 1202) < CAP
    # issue 22's smallest text (29 px on 1,040) was 6.5 px on a phone: the analysis's
    # words before issue 46
    assert shown_cap(29, 1040) < CAP
    # the standings' 17 px headings on a 728 px table: 5.3 px (issue 46 measured 5–6)
    assert shown_cap(17, 728) < CAP and not legible(17, 728)
    assert shown_cap(LAYOUT.text, LAYOUT.width) >= CAP and legible(LAYOUT.text, LAYOUT.width)
    assert shown_cap(LAYOUT.text - 1, LAYOUT.width) < CAP  # the smallest that passes
    assert smallest_legible(LAYOUT.width, *PHONE) == smallest_legible(LAYOUT.width) \
        == LAYOUT.text
    # issue 37's rule (10 px at 400) is the same ratio: the boards kept their sizes
    assert smallest_legible(LAYOUT.width, 400, 10.0) == LAYOUT.text
    # a picture narrower than a phone's width is shown at its own size
    assert legible(10, 200) and not legible(9, 200)
    # the renderer's own shape rule is this test's: issue 46's 16-player table (1,448 px
    # on 560) was too tall; a 600 px picture may be 1,350 tall, a narrow one 720
    from render.fonts import shown_whole

    for size in ((560, 1448), (600, 1350), (600, 1351), (200, 720), (200, 721)):
        assert shown_whole(*size) == shown_whole_width(*size), size
    assert not shown_whole(560, 1448) and shown_whole(600, 1350)


def test_every_text_on_every_board_is_legible_at_320_px() -> None:
    base_layer.cache_clear()  # the point numbers are drawn (and logged) with it
    seen: set[str] = set()
    for kw in _all_scenes():
        width = board_layout(kw.get("numbers"), kw.get("perspective", Side.WHITE)).width
        with log_text() as drawn:
            scene_png(kw)
        assert drawn
        small = {(text, size) for text, size, _ in drawn if shown_cap(size, width) < CAP}
        assert not small, kw
        seen.update(text for text, _, _ in drawn)
    # the scenes do show the board's words: names, pips, the turn, the roll, the result
    for word in ("Åsa", "drar", "to play", "sinkadus", "kolumn", "janfara", "vinner",
                 "Erik gav upp · 2 poäng", "13", "24"):
        assert any(word in s for s in seen), word


def test_every_label_of_the_board_has_a_legible_size() -> None:
    """The table's strings (every label, roll name and result word) are all drawn at the
    board's sizes, which all pass: the smallest is ``Layout.text``."""
    layout = LAYOUT.with_rulers(2)
    assert layout.width == LAYOUT.width  # a second row of numbers only adds height
    for size in (LAYOUT.text, LAYOUT.name_text, LAYOUT.big_text):
        assert shown_cap(size, LAYOUT.width) >= CAP
    assert all(all_strings())


def test_dice_are_large_enough_to_read() -> None:
    # the roll to play: a die about 17 px wide at 320 px; the roll just played 12 px
    assert DIE * SHOWN / LAYOUT.width >= 16
    assert PAST_DIE * SHOWN / LAYOUT.width >= 12


def test_analysis_picture_is_legible_at_320_px() -> None:
    from engine.ai.analysis import analyse
    from render.review import WIDTH, render_review
    from tests.engine.ai.test_analysis import BLUNDER_GAME

    a = analyse(BLUNDER_GAME)
    for lang in LANGS:
        with log_text() as drawn:
            png = render_review(a, lang=lang)
        assert len(drawn) > 40
        # short enough to be shown 320 px wide (issue 46: 2,660 px tall, it was shown
        # about 270 px wide in SimCord's preview, its texts 6.7 px)
        assert shown_whole_width(*Image.open(io.BytesIO(png)).size)
        assert {(t, s) for t, s, _ in drawn if shown_cap(s, WIDTH) < CAP} == set()


@pytest.mark.parametrize("lang", LANGS)
def test_replay_frames_are_legible_at_320_px(lang: str) -> None:
    from engine import rules as registry
    from render.replay import render_replay

    g = Game.new(registry.get("talisman"), seed=3)
    g.opening()
    for _ in range(6):
        g.roll()
        if g.phase == "move":
            g.play_turn(g.legal_turns[0])
    with log_text() as drawn:
        render_replay(g, lang=lang, names=("Åsa", "Erik"), max_bytes=50_000_000)
    # frames are drawn at full size, board-wide, and reduced as a whole; the first
    # frame's title card among them
    assert any(t == info for t, _, _ in drawn for info in ("REPLAY", "REPRIS"))
    assert {(t, s) for t, s, _ in drawn if shown_cap(s, LAYOUT.width) < CAP} == set()


def test_geometries_and_perspectives_share_the_layout() -> None:
    for geometry in Geometry:
        pos = Position.start(geometry)
        for side in Side:
            with log_text() as drawn:
                render_board(pos, BoardOptions.of(None, perspective=side, numbers=BOTH, dice=(3, 1)))
            assert min(s for _, s, _ in drawn) >= LAYOUT.text


@pytest.mark.parametrize("lang", LANGS)
def test_problem_answer_pictures_are_legible_at_320_px(lang: str) -> None:
    """A problem's answer (issue 24): the solver's play above the best, or the best alone,
    each board at full size under its caption, the whole short enough to be shown 550 px
    wide on a desktop, and every text legible on a phone (320 px wide, issue 46); a
    caption too long for one line wraps rather than shrinking below the board's smallest
    text."""
    from engine.ai.problem_set import shipped
    from render.problem import SHOWN_H, SHOWN_W, TEXT, WIDTH, caption_lines, render_answer

    ps = shipped("talisman")
    assert ps is not None
    p = next(q for q in ps.problems if q.dice[0] == q.dice[1])  # a pasch: four steps
    best, theirs = (p.judge(text)[0] for text in (p.best, p.plays[-1][0]))
    long = f"Your play: {' · '.join([theirs.text] * 4)} loses 0.52 points"
    assert len(caption_lines(long)[1]) > 1  # wrapped, not shrunk
    names = ("Åsa Öberg-Lindqvist", "Erik")
    for captions, other in (((f"Yours: {theirs.text} (−0.52)", f"Best: {best.text}"), theirs),
                            ((long, f"Best: {best.text}"), theirs),
                            ((f"Yours, the best: {best.text}",), None)):
        with log_text() as drawn:
            png = render_answer(p.ruleset, p.dice, p.board().turn, best, other, captions,
                                lang=lang, names=names)
        im = Image.open(io.BytesIO(png))
        # shown at full width: not so tall that Discord shows it narrower
        assert im.width == WIDTH and im.height * SHOWN_W / im.width <= SHOWN_H, im.size
        assert shown_whole_width(im.width, im.height)
        assert {c for c in captions if c != long} <= {t for t, _, _ in drawn}
        assert min(s for _, s, _ in drawn) >= TEXT
        assert {(t, s) for t, s, _ in drawn if shown_cap(s, WIDTH) < CAP} == set()


@pytest.mark.parametrize("lang", LANGS)
def test_standings_and_brackets_are_legible_at_320_px(lang: str) -> None:
    """Issue 46: the standings table's texts were 5–6 px at a phone's width, its subtitle
    4–5.  Every picture of every format (knockouts of 4 to 32, running and finished, an
    unplayed final, Swiss of 6, 16 and 32, round robin of 6 and 16, long names) holds
    every text to the phone, and is short enough to be shown its full width there (a
    16-player table was 1,448 px tall on 560: shown about 280 px wide, capitals 7.4 px)."""
    from render.bracket import drawn_texts, render_bracket, render_standings
    from tests.render.test_bracket import _pictures

    checked = 0
    sizes = set()
    for label, t in _pictures():
        for render in (render_standings, render_bracket):
            width, texts = drawn_texts(render, t, lang=lang)
            png = render(t, lang=lang)
            size = Image.open(io.BytesIO(png)).size
            assert shown_whole_width(*size), (label, render.__name__, size)
            sizes.add((len(t.players), size[1]))
            assert texts, (label, render.__name__)
            small = [(text, size) for text, size in texts if shown_cap(size, width) < CAP]
            assert not small, (label, render.__name__, width, small[:3])
            checked += len(texts)
    assert checked > 500
    assert {n for n, _ in sizes} >= {16, 32}  # the large fields are among them
