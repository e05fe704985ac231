"""``python -m bot``: read the environment, set up logging, run until stopped."""

from __future__ import annotations

import logging
import sys

from bot.config import Config, ConfigError


def main() -> int:
    try:
        config = Config.from_env()
    except ConfigError as e:
        print(f"brade: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.http").setLevel(max(logging.INFO, logging.getLogger().level))
    from bot.client import BradeBot

    bot = BradeBot(db_path=config.db_path, dev_guild=config.dev_guild,
                   default_rules=config.default_rules, remind_after=config.remind_after,
                   claim_after=config.claim_after)
    logging.getLogger(__name__).info("starting with %s", config)  # repr hides the token
    bot.run(config.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
