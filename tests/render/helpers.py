"""Reading the pictures back in render tests: decode a PNG, compare colours, count the
pixels of a colour in a box."""

from __future__ import annotations

import io
from collections.abc import Iterator

from PIL import Image

RGB = tuple[int, int, int]


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def dist(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def count_near(im: Image.Image, box: tuple[float, ...], colour: RGB, tol: float = 30) -> int:
    """Pixels of ``im`` in ``box`` within ``tol`` of ``colour``."""
    crop = im.crop(tuple(round(v) for v in box))
    pixels = crop.get_flattened_data() if hasattr(crop, "get_flattened_data") \
        else crop.getdata()  # Pillow before 12.1
    return sum(1 for px in pixels if dist(px, colour) < tol)


def decode_frames(data: bytes) -> Iterator[Image.Image]:
    """The frames of an encoded replay (GIF or APNG), as RGB images."""
    with Image.open(io.BytesIO(data)) as im:
        for n in range(getattr(im, "n_frames", 1)):
            im.seek(n)
            yield im.convert("RGB")
