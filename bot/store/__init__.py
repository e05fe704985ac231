"""All SQL of the bot: an aiosqlite database in WAL mode with numbered migrations."""

from bot.store.db import Store, StoreError, Tx, run_to_end
from bot.store.rows import GameRow, GuildSettings

__all__ = ["GameRow", "GuildSettings", "Store", "StoreError", "Tx", "run_to_end"]
