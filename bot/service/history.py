"""A game's turns as text: one line per turn, the teka and the result.

Used by ``/brade history`` (this channel's game) and ``/watch history`` (any game).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import outcome_text, play_words, side_name, t
from engine.dice import format_dice
from engine.position import Side

ENDINGS = ("win", "resign", "abandon")


def history_lines(events: list[dict[str, Any]], lang: str) -> list[str]:
    """One game's turns as text lines (shared with ``/brade history``)."""
    lines = []
    n = 0
    for e in events:
        kind = e.get("type")
        if kind == "teka":
            lines.append(t("history.teka", lang, w=e["white"], b=e["black"]))
        elif kind in ("play", "forfeit"):
            n += 1
            side = side_name(Side(e["side"]), lang)
            dice = format_dice(tuple(e["dice"]), "–") if e.get("dice") else ""
            lines.append(f"{n}. {side} {dice}: {play_words(str(e['moves']), lang)}")
        elif kind in ENDINGS:
            o = e["outcome"]
            lines.append(t("history.end", lang, who=side_name(Side(o["winner"]), lang),
                           how=outcome_text(o["kind"], o["munk"], lang), points=o["points"]))
    return lines
