"""The plain-text presenter: a whole game of bräde, two members, played through the
game service's use-cases and shown as lines of text, with no Discord (nor SimCord) at
all: a second front end needs nothing of the use-cases but their outcomes."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.config import Settings
from bot.delivery.plain import Control, PlainText
from bot.i18n import t
from bot.service.games import GameService
from bot.service.model import Ctx, Post, Reply
from bot.store import Store

GUILD, CHANNEL = 1, 100
ALICE, BOB = 11, 12
NAMES = {ALICE: "Alice", BOB: "Bob"}


def offered(reply: Reply, plain: PlainText) -> tuple[list[Control], int | None]:
    """What the outcome offers the player to act next, and who that is: the picker's
    new state first, else the newest post that offers something."""
    posts: list[Post] = [p for p in (reply.picker, *reversed(reply.posts)) if p is not None]
    for post in posts:
        controls = plain.controls(post)
        if controls:
            return controls, post.mentions[0] if post.mentions else None
    return [], None


def press(games: GameService, c: Control) -> Callable[[Ctx], Awaitable[Reply]]:
    """The use-case a control asks for (what a front end's own command parsing does)."""
    g, v, a = c.game_id, c.version, c.arg
    return {"accept": lambda x: games.accept(x, g, v),
            "roll": lambda x: games.roll(x, game_id=g, version=v),
            "roll1": lambda x: games.roll(x, one_die=True, game_id=g, version=v),
            "pick": lambda x: games.pick(x, g, v, a),
            "ok": lambda x: games.confirm(x, g, v, a),
            "again": lambda x: games.again(x, g, v, a),
            "back": lambda x: games.again(x, g, v, preview=False),
            "pasch": lambda x: games.name(x, a, game_id=g, version=v)}[c.action]


async def test_a_whole_game_of_brade_in_plain_text(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "brade.sqlite3")
    seeds = itertools.count(7)
    games = GameService(store, Settings(), clock=lambda: 1_800_000_000.0,
                        seed_source=lambda: next(seeds), agent=None)
    for uid, name in NAMES.items():
        games.players.note(GUILD, uid, name, None)
    plain = PlainText(lambda uid: NAMES.get(uid, str(uid)))
    try:
        def acting(uid: int) -> Ctx:
            return Ctx(uid, CHANNEL, GUILD, "en-US", "en-US")

        reply = await games.act(acting(ALICE), lambda c: games.new_game(c, BOB,
                                                                        rules="talisman"))
        said = plain.lines(reply)
        who: int | None = BOB  # the challenge is Bob's to accept
        for _ in range(3000):
            controls, mentioned = offered(reply, plain)
            if any(p.final for p in reply.posts) or not controls:
                break  # the game is over (its last board offers a rematch)
            who = mentioned or who
            choice = next((c for c in controls if c.action in ("accept", "roll", "ok")),
                          None) or next(c for c in controls if c.action in ("pick", "pasch"))
            assert who is not None
            reply = await games.act(acting(who), press(games, choice))
            said += plain.lines(reply)
        async with store.read() as tx:
            row = await tx.last_game(CHANNEL)
        assert row is not None and row.status == "over"
        text = "\n".join(said)
        assert t("start", "en", white="White (@Alice)", black="Black (@Bob)",
                 rules="talisman") in text
        assert "<@" not in text and "\x1e" not in text  # names, no Discord markup
        last = reply.posts[-1]
        assert last.final and said[-1] == f"  ({t('btn.rematch', 'en')})"
        assert said[-2].startswith("[") and said[-2].endswith("]")  # the last board, in words
        assert any(" wins" in line for line in said), said[-5:]
        assert sum(line.startswith("White (@Alice) played") for line in said) >= 10
    finally:
        await store.close()
