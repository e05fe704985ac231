"""A game's turns as text: one line per turn, the teka and the result, and the seed of
each finished game's dice (docs/dice.md).

Used by ``/brade history`` (this channel's game) and ``/watch history`` (any game).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import outcome_text, play_words, side_name, t
from bot.service.games.core import ENDED
from bot.store import GameRow
from engine.dice import format_dice
from engine.game import Game
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
            if e.get("seed"):  # the game is over: its dice's seed is public
                lines.append(t("history.seed", lang, seed=e["seed"]))
    return lines


def dice_lines(row: GameRow, events: list[dict[str, Any]], lang: str) -> list[str]:
    """After the moves, what the row's last game says about its dice that its events do
    not: an aborted game's seed, a running game's commitment (never its seed), that a
    game from before fair dice has none; and, once any seed is shown, how to check it."""
    state = row.state or {}
    if not state.get("game"):
        return []
    game = Game.from_json(state["game"])
    lines = []
    shown = any(e.get("type") in ENDINGS and e.get("seed") for e in events)
    if game.commitment is None:
        if game.is_over or row.status in ENDED:
            lines.append(t("history.no_commitment", lang))
    elif not game.is_over and row.status in ENDED:
        lines.append(t("history.seed", lang, seed=game.reveal()))  # aborted
        shown = True
    elif not game.is_over:
        lines.append(t("history.commitment", lang, commitment=game.commitment))
    if shown:
        lines.append(t("history.verify", lang, id=row.id))
    return lines
