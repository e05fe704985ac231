"""What a game tells about its dice (docs/dice.md): its commitment in its first message,
its seed in its last.

The seed decides every roll, so it is said only by a game that is over (won, given up,
claimed, closed idle) or aborted, and the commitment, which gives nothing away, from the
start.  A game of a match has its own seed: the message that ends one game reveals that
game's seed, and the next game's first message commits to the next.  Games stored
before fair dice have no commitment and say nothing here.
"""

from __future__ import annotations

from bot.i18n import t
from bot.store import GameRow
from engine.game import Game


def commitment_line(game: Game, lang: str) -> str:
    """The first message's line: the commitment ("" for a game without one)."""
    c = game.commitment
    return t("dice.commitment", lang, commitment=c) if c else ""


def seed_line(row: GameRow, game: Game, number: int, lang: str) -> str:
    """The last message's line: the seed and how to check it ("" without a commitment).
    ``number``: the game's number in its row's match (1 for a single game)."""
    seed = game.reveal()
    if seed is None:
        return ""
    n = t("dice.number", lang, n=number) if row.match_length > 1 else ""
    return t("dice.seed", lang, seed=seed, id=row.id, number=n)


def joined(*parts: str) -> str:
    """Lines of a message, the empty ones left out."""
    return "\n".join(p for p in parts if p)
