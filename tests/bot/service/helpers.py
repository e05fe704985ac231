"""What the service tests share: the game service over a store, made in one place
(``make_games``), a clock the test moves, members by id, and the few steps most tests
take before the one they check (a challenge accepted, a roll made by whoever is to act,
a position put in place).

Everything here runs the real service and the real store, only without Discord: a
``Ctx`` says who acts where, and the test reads the ``Reply`` and the store's rows.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.config import Settings
from bot.service.ai import DEFAULT_LEVEL, RANK_LEVEL, Agent
from bot.service.games import GameService, Loaded
from bot.service.model import Ctx, Reply, UserError
from bot.store import Database, GameRow
from engine import plays
from engine import rules as registry
from engine.dice import FairDice, draw
from engine.game import Game

GUILD, CHANNEL, OTHER_CHANNEL = 1, 100, 101
#: Two players and a member who plays in none of the tests' games.
ALICE, BOB, STRANGER = 11, 12, 13
NOW = 1_800_000_000.0

# Positions of talisman (docs/rules.md "Position text"), White (Alice) to roll:
#: the start, the teka made;
START = "white=1x15 black=1x15 turn=white"
#: 5–2 has ten plays (a menu of plays);
MANY = "white=1x10,4x2,7x3 black=1x15 turn=white"
#: 4–4 has 49 plays (a menu of stretches to narrow);
WIDE = "white=1x5,4x2,7x2,9x2,11x2,12x2 black=1x15 turn=white"
#: 4–2 (among others) has no legal play (T-4);
STUCK = "white=4x8,2x7 black=5x3,18x3,20x3,10x3,22x3 turn=white"
#: the same with the sides swapped: Black (the computer, against Alice) stuck on 4–2;
STUCK_BLACK = "white=5x3,18x3,20x3,10x3,22x3 black=4x8,2x7 turn=black"
#: one checker left: any roll bears it off and wins;
LAST = "white=24,offx14 black=1x15 turn=white"
#: Black's every checker home but one, four points short of an uppspel (B-31): on
#: Black's turn Black may roll one die (B-36).
ONE_SHORT = "white=1x15 black=24x14,20 turn=white"


class Clock:
    """The service's clock, moved by the test (reminders, claims, lapsing challenges)."""

    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FirstPlay:
    """The computer, quick and foreseeable: it plays the first legal play in the
    engine's neutral order, and ranks the plays in that order reversed (so a test can
    tell its ranking from the engine's own)."""

    def __init__(self) -> None:
        self.chosen: list[str] = []

    async def choose(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                     level: str = DEFAULT_LEVEL) -> str:
        text = self._listed(rules, position, dice)[0]
        self.chosen.append(text)
        return text

    async def rank(self, rules: str, position: str, dice: tuple[int, ...],
                   level: str = RANK_LEVEL) -> list[str]:
        return self._listed(rules, position, dice)[::-1]

    async def name_roll(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                        level: str = DEFAULT_LEVEL) -> tuple[int, ...]:
        """A generalpasch: the highest pasch (the last choice), so a test sees it named."""
        from engine.puff import roll_options

        r = registry.get(rules)
        return roll_options(r, r.parse_position(position), dice)[-1]

    @staticmethod
    def _listed(rules: str, position: str, dice: tuple[int, ...]) -> list[str]:
        r = registry.get(rules)
        return plays.listing(r, r.parse_position(position), dice)


def make_games(store: Database, clock: Clock, *, agent: Agent | None = None,
               owns: Callable[[int | None], bool] = lambda guild_id: True,
               **settings: Any) -> GameService:
    """The game service as the tests use it: seeded dice (each game's seed the next
    of 1, 2, 3, ...), ``clock``, and ``agent`` (None: no computer); ``owns``: whether
    this process runs a guild's shard.  The one place a test constructs it.
    ``settings``: the bot's own (``max_games``, ``remind_after``, ...: bot/config.py's
    ``Settings``)."""
    seeds = itertools.count(1)
    return GameService(store, Settings(**settings), clock=clock,
                       seed_source=lambda: next(seeds), agent=agent, owns=owns)


def ctx(user: int, channel: int = CHANNEL, guild: int | None = GUILD, **kw: Any) -> Ctx:
    """``user`` acting in ``channel`` of ``guild``, in English."""
    return Ctx(user, channel, guild, "en-US", "en-US", **kw)


async def row_of(games: GameService, game_id: int) -> GameRow:
    async with games.store.read() as tx:
        row = await tx.game(game_id)
    assert row is not None
    return row


async def live(games: GameService, channel: int = CHANNEL) -> Loaded:
    """The channel's live game as stored now, unpacked."""
    async with games.store.read() as tx:
        row = await tx.live_game(channel)
    assert row is not None
    return games.table.unpack(row)


async def events(games: GameService, game_id: int) -> list[str]:
    """The kinds of the game's stored events, in order."""
    async with games.store.read() as tx:
        return [e.kind for e in await tx.events(game_id)]


async def started(games: GameService, white: int = ALICE, black: int = BOB,
                  channel: int = CHANNEL, **kw: Any) -> Reply:
    """A game between two members: ``white`` challenges, ``black`` accepts."""
    offer = await games.new_game(ctx(white, channel), black, **kw)
    assert offer.game_id is not None and offer.version is not None
    return await games.accept(ctx(black, channel), offer.game_id, offer.version)


async def alice_to_roll(games: GameService, position: str = START, *,
                        rolls: tuple[tuple[int, ...], ...] = (), game: Game | None = None,
                        channel: int = CHANNEL, **kw: Any) -> GameRow:
    """A game between Alice (White) and Bob (Black) put at ``position``, Alice to roll
    ``rolls`` next (``at``), or at ``game``; its row.  ``kw``: the challenge's own
    (``match_length``, ``rated``)."""
    reply = await started(games, channel=channel, **kw)
    assert reply.game_id is not None
    return await put_game(games, reply.game_id,
                          game or at("talisman", position, rolls=rolls))


async def refused(key: str, call: Awaitable[Any]) -> UserError:
    """``call`` refused politely with the message ``key``."""
    with pytest.raises(UserError) as e:
        await call
    assert e.value.key == key
    return e.value


class Heard:
    """An end-of-game listener (``GameService.end_listeners``) that keeps what it hears."""

    def __init__(self) -> None:
        self.rows: list[GameRow] = []

    async def __call__(self, row: GameRow) -> None:
        self.rows.append(row)


def to_act(lg: Loaded) -> int:
    """The member whose turn it is."""
    return lg.player(lg.game.turn)


async def rolled(games: GameService, channel: int = CHANNEL) -> Loaded:
    """Roll for whoever is to act until a roll leaves plays to choose from (a forfeited
    roll passes the turn, T-4); the game then."""
    for _ in range(20):
        lg = await live(games, channel)
        if lg.game.phase == "move":
            return lg
        await games.roll(ctx(to_act(lg), channel))
    raise AssertionError("twenty rolls and nothing to play")


async def put_game(games: GameService, game_id: int, game: Game) -> GameRow:
    """Store ``game`` as the row's game (a position a test starts from), as a save
    would: a new version, the old one stale."""
    row = await row_of(games, game_id)
    lg = games.table.unpack(row)
    state = {"game": game.to_json(), "match": lg.match.to_json(), "ai": lg.level}
    async with games.store.transaction() as tx:
        new = await tx.update_game(row.id, row.version, now=games.clock(), state=state)
    assert new is not None
    games.table.cache.pop(row.id, None)
    return new


def at(rules: str, position: str, *, rolls: tuple[tuple[int, ...], ...] = ()) -> Game:
    """A game of ``rules`` at ``position`` (its text, docs/rules.md "Position text"),
    its teka made, the side to act to roll; ``rolls``: the next rolls its dice give, in
    order (either order of a roll's two dice), its seed found for them."""
    want = [sorted(r) for r in rolls]
    for seed in range(100_000):
        game = Game.new(rules, seed=seed)
        game.opening()
        source = game.source
        assert isinstance(source, FairDice)
        ahead = FairDice(source.seed, source.drawn)
        if all(sorted(draw(ahead, len(r))) == r for r in want):
            game.position = game.rules.parse_position(position)
            return game
    raise AssertionError(f"no seed gives {rolls}")
