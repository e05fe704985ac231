"""The texts a picture draws, listed for the legibility tests (render/text_record.py)."""

from __future__ import annotations

import io

from PIL import Image

from render.text_record import TextRecord


def test_a_recording_lists_each_text_drawn_with_its_size() -> None:
    texts = TextRecord("test_texts")
    im = Image.new("RGB", (200, 60), (0, 0, 0))
    texts.draw(im, (2, 2), "before", 20, (255, 255, 255))  # nobody listens: not listed
    with texts.recording() as seen:
        texts.draw(im, (2, 2), "Vasa", 24, (255, 255, 255))
        texts.draw(im, (2, 30), "", 24, (255, 255, 255))  # nothing drawn, nothing listed
        texts.draw(im, (2, 30), "2–1", 20, (255, 255, 255), "bold")
    assert seen == [("Vasa", 24), ("2–1", 20)]
    assert im.getbbox() is not None  # the texts were drawn too


def test_two_families_record_apart() -> None:
    a, b = TextRecord("a_texts"), TextRecord("b_texts")
    im = Image.new("RGB", (100, 40))
    with a.recording() as seen_a, b.recording() as seen_b:
        a.draw(im, (0, 0), "table", 20, (255, 255, 255))
    assert seen_a == [("table", 20)] and seen_b == []


def test_drawn_gives_the_pictures_size_and_its_texts() -> None:
    texts = TextRecord("drawn_texts")

    def render(word: object, *, width: int) -> bytes:
        im = Image.new("RGB", (width, 40))
        texts.draw(im, (2, 2), str(word), 22, (255, 255, 255))
        out = io.BytesIO()
        im.save(out, "PNG")
        return out.getvalue()

    assert texts.drawn(render, "Lund", width=120) == ((120, 40), [("Lund", 22)])
