"""The analysis picture (render.review): a valid PNG with the graph, the blunder marked and
the worst mistake drawn twice; both languages; a clean game has no mistake panel."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.ai.analysis import analyse
from engine.dice import roll_name
from render.fonts import log_text, text_width, wrap
from render.review import BLUNDER_RGB, GRAPH_H, LINE, MARGIN, WIDTH, render_review
from tests.engine.ai.test_analysis import BLUNDER_GAME, best_play_game


@pytest.fixture(scope="module")
def blunder_analysis():
    return analyse(BLUNDER_GAME)


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


def _has_colour(im: Image.Image, box: tuple[int, int, int, int], rgb) -> bool:
    region = im.crop(box)
    return any(c == rgb for _, c in region.getcolors(region.width * region.height))


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_picture_with_graph_and_both_boards(blunder_analysis, lang: str) -> None:
    from render.layout import LAYOUT

    with log_text() as drawn:
        im = _png(render_review(blunder_analysis, lang=lang))
    texts = [t for t, _, _ in drawn]
    assert im.width == WIDTH == LAYOUT.width
    assert im.height > GRAPH_H + 2 * LAYOUT.height  # both boards at full size
    graph = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + 8 * LINE + GRAPH_H)
    assert _has_colour(im, graph, BLUNDER_RGB)  # the blunder's mark on the graph
    # the two boards, one above the other: each a full board's strips and field
    worst = blunder_analysis.worst
    assert texts.count(roll_name(worst.dice)) == 2  # each board's roll just played
    bottom = im.crop((0, im.height - LAYOUT.height - MARGIN, WIDTH, im.height - MARGIN))
    above = im.crop((0, im.height - 2 * LAYOUT.height - MARGIN - LINE - 16, WIDTH,
                     im.height - LAYOUT.height - MARGIN - LINE - 16))
    assert len(bottom.getcolors(1 << 20)) > 50 and bottom.tobytes() != above.tobytes()


def test_the_legend_stands_clear_of_the_graph_and_its_numbers(blunder_analysis) -> None:
    """The legend has a row of its own above the graph; no blunder's number is drawn over
    another label (issue 22: the blunder numbers overlapped the legend)."""
    from render.review import _graph

    with log_text() as drawn:
        _graph(blunder_analysis, "en", WIDTH - 2 * MARGIN, GRAPH_H, (0, 0, 0),
               (255, 255, 255), (128, 128, 128))
    texts = [t for t, _, _ in drawn]
    assert not any("blunder" in t or "doubtful" in t for t in texts)  # not in the graph
    blunders = [d for d in blunder_analysis.decisions if d.verdict == "blunder"]
    assert blunders and all(str(d.number) in texts for d in blunders)


def test_wrap_keeps_lines_within_the_width() -> None:
    text = "Största misstaget: drag 18, Bertil slog 4-2 (kvart dus) och förlorade 1,82 poäng"
    lines = wrap(text, 29, "bold", 600)
    assert len(lines) >= 2 and " ".join(lines) == text
    assert all(text_width(x, 29, "bold") <= 600 for x in lines)


def test_languages_differ_and_output_is_deterministic(blunder_analysis) -> None:
    sv = render_review(blunder_analysis, lang="sv")
    assert sv == render_review(blunder_analysis, lang="sv")
    assert sv != render_review(blunder_analysis, lang="en")
    with pytest.raises(ValueError):
        render_review(blunder_analysis, lang="de")


def test_a_game_without_mistakes_has_no_board_panel(blunder_analysis) -> None:
    clean = analyse(best_play_game("talisman", 8, seed=5))
    assert clean.worst is None
    small = _png(render_review(clean, lang="en"))
    big = _png(render_review(blunder_analysis, lang="en"))
    assert small.width == big.width and small.height < big.height - 300
