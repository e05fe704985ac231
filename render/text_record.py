"""Every text a picture draws, listed on request: what the legibility tests read.

A picture of tables and lists (a tournament's bracket or standings, a team league's
table or fixture) draws each of its texts through one ``TextRecord``; a test wraps the
drawing in ``recording()`` and gets every (text, font size) drawn, to hold each to the
smallest size a phone shows legibly.  A ``ContextVar`` keeps concurrent drawings (the
board workers' threads) apart, and costs nothing when nobody listens.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image

from render.fonts import draw_text
from render.themes import RGB


class TextRecord:
    """One picture family's texts: ``draw`` them, ``recording`` lists them."""

    def __init__(self, name: str) -> None:
        self._seen: ContextVar[list[tuple[str, int]] | None] = ContextVar(name, default=None)

    def draw(self, im: Image.Image, xy: tuple[float, float], text: str, size: int,
             fill: RGB, weight: str = "regular", anchor: str = "la") -> None:
        """``render.fonts.draw_text``, noting the text and its size for a listener."""
        seen = self._seen.get()
        if seen is not None and text:
            seen.append((text, size))
        draw_text(im, xy, text, size, fill, weight, anchor)

    @contextmanager
    def recording(self) -> Iterator[list[tuple[str, int]]]:
        """Every (text, font size) drawn in this context meanwhile."""
        seen: list[tuple[str, int]] = []
        token = self._seen.set(seen)
        try:
            yield seen
        finally:
            self._seen.reset(token)

    def drawn(self, render: Callable[..., bytes], data: object,
              **kw: Any) -> tuple[tuple[int, int], list[tuple[str, int]]]:
        """The picture ``render`` makes of ``data``: its size, and every (text, font size)
        it drew, what the legibility tests hold to the smallest size a phone shows."""
        with self.recording() as seen:
            png = render(data, **kw)
        with Image.open(io.BytesIO(png)) as im:
            return im.size, list(seen)
