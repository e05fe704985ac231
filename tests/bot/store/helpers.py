"""What the store tests share: a game row made in one transaction."""

from __future__ import annotations

from typing import Any

NOW = 1_800_000_000.0
GUILD, CHANNEL, ALICE, BOB, CAROL = 1, 5, 11, 12, 13


async def new_game(store: Any, channel: int = CHANNEL, *, status: str = "active",
                   white: int = ALICE, black: int = BOB, guild: int | None = GUILD,
                   now: float = NOW, state: dict[str, Any] | None = None, **kw: Any) -> int:
    """A game row (``state`` defaults to a stand-in; the store never reads inside it)."""
    async with store.transaction() as tx:
        return await tx.insert_game(guild_id=guild, channel_id=channel, status=status,
                                    rules="talisman", white_id=white, black_id=black,
                                    match_length=1, seed=2**62 - 1,
                                    state={"n": 0} if state is None else state, now=now,
                                    **kw)
