"""The analysis picture (render.review): a valid PNG with the graph, the blunder marked and
the worst mistake drawn twice; both languages; a clean game has no mistake panel."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.ai.analysis import analyse
from render.review import BLUNDER_RGB, GRAPH_H, MARGIN, WIDTH, render_review
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
    im = _png(render_review(blunder_analysis, lang=lang))
    assert im.width == WIDTH and im.height > GRAPH_H + 500
    graph = (MARGIN, MARGIN + 70, WIDTH - MARGIN, MARGIN + 70 + GRAPH_H)
    assert _has_colour(im, graph, BLUNDER_RGB)  # the blunder's mark on the graph
    # two boards side by side under the graph: their left and right halves differ
    top = MARGIN + 70 + GRAPH_H + 140
    left = im.crop((MARGIN, top, WIDTH // 2 - 10, im.height - MARGIN))
    right = im.crop((WIDTH // 2 + 10, top, WIDTH - MARGIN, im.height - MARGIN))
    assert left.getbbox() and right.getbbox()
    assert len(left.getcolors(1 << 20)) > 50 and list(left.getdata()) != list(right.getdata())


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
