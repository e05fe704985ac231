"""The example boards (render.gallery): fixed scenes, each a board ``render_board`` draws
valid, wide and small, every geometry, theme, language and side among them, and
``write_gallery`` writing exactly those boards."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from engine.position import Geometry, Side
from render.gallery import scene_png, scenes, write_gallery

SCENES = list(scenes())


def test_every_scene_is_named_once_and_the_same_each_time() -> None:
    names = [name for name, _ in SCENES]
    assert len(set(names)) == len(names) and all(n.endswith(".png") for n in names)
    again = list(scenes())  # seeded self-play: the same turns every time
    assert [(n, k.get("last_turn"), k["position"]) for n, k in again] == \
        [(n, k.get("last_turn"), k["position"]) for n, k in SCENES]


def test_the_scenes_cover_every_geometry_theme_language_and_side() -> None:
    kinds = [k for _, k in SCENES]
    assert {k["position"].geometry for k in kinds} == set(Geometry)
    assert {k.get("theme", "classic") for k in kinds} >= {"classic", "contrast"}
    assert {k.get("lang", "sv") for k in kinds} == {"sv", "en"}
    assert {k.get("perspective", Side.WHITE) for k in kinds} == set(Side)
    assert any(k.get("result") is not None or k.get("score") for k in kinds)


def test_the_gallery_is_written_valid_wide_and_small(tmp_path: Path) -> None:
    out = tmp_path / "new" / "gallery"
    written = write_gallery(out)
    assert [p.name for p in written] == [name for name, _ in SCENES]
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in written)
    for path in written:
        png = path.read_bytes()
        im = Image.open(io.BytesIO(png))
        assert im.format == "PNG" and im.width >= 1000, path.name
        assert len(png) <= 120 * 1024, (path.name, len(png))
    name, kwargs = SCENES[0]
    assert (out / name).read_bytes() == scene_png(kwargs)
