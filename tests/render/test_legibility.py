"""Every text the bot's pictures show is legible where Discord shows them.  A board and a
problem's pictures are read on phones too (issue 37): shown 400 px wide, a text's
capitals are at least 10 px tall.  The larger pictures (the analysis, a replay's own
words, standings and brackets) are held to a desktop channel (issue 22): shown 550 px
wide, capitals at least 11 px tall.  The renderer records every string it draws
(``render.fonts.log_text``) with its size; each is checked against the width of the
picture it is drawn on, over boards with every element the board can show, problem
answers, the analysis picture and a replay's frames."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.game import Game
from engine.position import Geometry, Position, Side
from engine.turn import Outcome, Step, Turn
from render import render_board
from render.board import BOTH, Result, Score, board_layout
from render.fonts import DESKTOP, PHONE, cap_height, log_text, smallest_legible
from render.gallery import scenes
from render.layout import DIE, LAYOUT, PAST_DIE
from render.static import base_layer
from render.texts import LANGS, all_strings

SHOWN, CAP = PHONE  # a board, a problem: 400 px wide on a phone, capitals 10 px
DESK_SHOWN, DESK_CAP = DESKTOP  # the larger pictures: 550 px wide, capitals 11 px


def shown_cap(size: int, width: int, shown: int = SHOWN) -> float:
    """Capital height of ``size`` text when a picture ``width`` wide is shown ``shown``
    wide (a phone's 400 px unless told)."""
    return min(cap_height(size, w) for w in ("regular", "medium", "bold")) * shown / width


def desk_cap(size: int, width: int) -> float:
    return shown_cap(size, width, DESK_SHOWN)


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
    # the old board's 14 px tray word on a 1,202 px picture was 4.6 px tall at 550 px
    assert desk_cap(14, 1202) < DESK_CAP
    # issue 22's smallest text (29 px on 1,040) passed at 550 px and was 7.7 px on a phone
    assert desk_cap(29, 1040) >= DESK_CAP and shown_cap(29, 1040) < CAP
    assert shown_cap(LAYOUT.text, LAYOUT.width) >= CAP
    assert shown_cap(LAYOUT.text - 1, LAYOUT.width) < CAP  # the smallest that passes
    assert smallest_legible(LAYOUT.width, *PHONE) == LAYOUT.text
    assert smallest_legible(LAYOUT.width) < LAYOUT.text  # the phone is the stricter rule


def test_every_text_on_every_board_is_legible_at_400_px() -> None:
    base_layer.cache_clear()  # the point numbers are drawn (and logged) with it
    seen: set[str] = set()
    for kw in _all_scenes():
        width = board_layout(kw.get("numbers"), kw.get("perspective", Side.WHITE)).width
        with log_text() as drawn:
            render_board(**kw)
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
    # the roll to play: a die about 21 px wide at 400 px; the roll just played 15 px
    assert DIE * SHOWN / LAYOUT.width >= 20
    assert PAST_DIE * SHOWN / LAYOUT.width >= 15


def test_analysis_picture_is_legible_at_550_px() -> None:
    from engine.ai.analysis import analyse
    from render.review import WIDTH, render_review
    from tests.engine.ai.test_analysis import BLUNDER_GAME

    a = analyse(BLUNDER_GAME)
    for lang in LANGS:
        with log_text() as drawn:
            render_review(a, lang=lang)
        assert len(drawn) > 40
        assert {(t, s) for t, s, _ in drawn if desk_cap(s, WIDTH) < DESK_CAP} == set()


@pytest.mark.parametrize("lang", LANGS)
def test_replay_frames_are_legible_at_550_px(lang: str) -> None:
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
    # frames are drawn at full size, board-wide, and reduced as a whole
    assert {(t, s) for t, s, _ in drawn if desk_cap(s, LAYOUT.width) < DESK_CAP} == set()


def test_geometries_and_perspectives_share_the_layout() -> None:
    for geometry in Geometry:
        pos = Position.start(geometry)
        for side in Side:
            with log_text() as drawn:
                render_board(pos, None, perspective=side, numbers=BOTH, dice=(3, 1))
            assert min(s for _, s, _ in drawn) >= LAYOUT.text


@pytest.mark.parametrize("lang", LANGS)
def test_problem_answer_pictures_are_legible_at_400_px(lang: str) -> None:
    """A problem's answer (issue 24): the solver's play above the best, or the best alone,
    each board at full size under its caption, the whole short enough to be shown 550 px
    wide on a desktop, and every text legible on a phone (400 px wide, issue 37); a
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
        assert {c for c in captions if c != long} <= {t for t, _, _ in drawn}
        assert min(s for _, s, _ in drawn) >= TEXT
        assert {(t, s) for t, s, _ in drawn if shown_cap(s, WIDTH) < CAP} == set()
