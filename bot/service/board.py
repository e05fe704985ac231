"""The one place the bot calls the renderer, so the call can be run off the event loop."""

from __future__ import annotations

import asyncio

from bot.service.model import BoardSpec
from render import render_board


def render_png(spec: BoardSpec) -> bytes:
    """PNG bytes of ``spec``; blocking, so callers on the loop use ``render_async``."""
    return render_board(spec.position, spec.rules, dice=spec.dice, last_turn=spec.last_turn,
                        last_mover=spec.mover, dice_side=spec.mover,
                        perspective=spec.perspective, lang=spec.lang, names=spec.names,
                        score=spec.score)


async def render_async(spec: BoardSpec) -> bytes:
    return await asyncio.to_thread(render_png, spec)


def warm_up_renderer() -> None:
    """Draw one board so the renderer's cached layers exist before the first player waits."""
    from engine import rules

    r = rules.get(rules.DEFAULT)
    render_png(BoardSpec(r.start(), r, dice=(5, 2)))
