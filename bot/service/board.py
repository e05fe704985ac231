"""The one place the bot calls the renderer, so the call can be run off the event loop."""

from __future__ import annotations

import asyncio

from bot.service.model import BoardSpec


def render_png(spec: BoardSpec) -> bytes:
    """PNG bytes of ``spec`` (blocking; call through ``render_async``)."""
    try:
        from render import render_board  # type: ignore[attr-defined]
    except ImportError:  # the renderer has not landed yet: a plain stand-in picture
        return _stand_in(spec)
    return render_board(spec.position, spec.rules, dice=spec.dice, last_turn=spec.last_turn,
                        perspective=spec.perspective, lang=spec.lang,
                        names=spec.names, score=spec.score)


async def render_async(spec: BoardSpec) -> bytes:
    return await asyncio.to_thread(render_png, spec)


def _stand_in(spec: BoardSpec) -> bytes:
    import io

    from PIL import Image, ImageDraw

    img = Image.new("RGB", (480, 120), (222, 196, 150))
    ImageDraw.Draw(img).text((8, 8), spec.position.format()[:80], fill=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()
