"""Small helpers shared by the engine tests."""

from __future__ import annotations

from engine import rules as registry
from engine.generators import legal_turns
from engine.turn import Turn


def legal(rules_name: str, position: str, dice: tuple[int, ...]) -> list[Turn]:
    rules = registry.get(rules_name)
    return legal_turns(rules, rules.parse_position(position), dice)


def texts(rules_name: str, position: str, dice: tuple[int, ...]) -> set[str]:
    return {t.text for t in legal(rules_name, position, dice)}


def outcomes(rules_name: str, position: str, dice: tuple[int, ...]) -> dict[str, tuple | None]:
    return {t.text: (t.outcome.kind, t.outcome.points, t.outcome.munk) if t.outcome else None
            for t in legal(rules_name, position, dice)}


# -- a player that steers for a beautiful game (B-31), so that B-36's one-die rolls come ----
# Random play almost never reaches a position where one checker could finish a vackert
# spel; this greedy player, both sides avoiding hits, does in a few seeded games (the fair
# dice tests use talisman with seed 22000: 3 one-die rolls, found by searching seeds).

_FORMS = ([24] * 15, [20] * 3 + [21] * 3 + [22] * 3 + [23] * 3 + [24] * 3,
          [22] * 5 + [23] * 5 + [24] * 5, [22] * 3 + [23] * 5 + [24] * 7)
ONE_DIE_SEED = 22000


def _pips_to_beautiful(me: tuple[int, ...]) -> int:
    """The pips the side still needs to stand as some vackert spel (checkers only move
    forward: the rearmost goes to the rearmost target); huge once a checker is off."""
    from engine.position import BAR, OFF

    if me[OFF]:
        return 10**6
    checkers = [0] * me[BAR] + sorted(p for p in range(1, 25) for _ in range(me[p]))
    best = 10**6
    for form in _FORMS:
        if all(a <= b for a, b in zip(checkers, form, strict=True)):
            best = min(best, sum(b - a for a, b in zip(checkers, form, strict=True)))
    return best


def toward_beautiful(game) -> Turn:  # type: ignore[no-untyped-def]
    """The play of ``game``'s roll that avoids hitting and brings the mover nearest a
    vackert spel, the rear checkers first; ties by the play's text."""
    from engine.position import BAR

    me = game.turn

    def key(t: Turn) -> tuple:
        counts = t.position.side(me)
        spread = sum(counts[p] * (24 - p) ** 2 for p in range(1, 25)) + counts[BAR] * 625
        return ("*" in t.text or "!" in t.text, _pips_to_beautiful(counts), spread, t.text)

    return min(game.legal_turns, key=key)


def wants_one_die(game) -> bool:  # type: ignore[no-untyped-def]
    """Roll one die whenever B-36 allows or demands it."""
    return bool(game.history[game.turn].onedie_owed) or game.one_die_available()


def one_die_game():  # type: ignore[no-untyped-def]
    """The talisman game of ``ONE_DIE_SEED`` played to its end toward a vackert spel,
    rolling one die whenever it may (three one-die rolls): a record with every kind of
    roll, for the dice checkers."""
    from engine.game import Game

    game = Game.new("talisman", seed=ONE_DIE_SEED)
    game.opening()
    while not game.is_over:
        if game.phase == "roll":
            game.roll(one_die=wants_one_die(game))
        if game.phase == "move":
            game.play_turn(toward_beautiful(game))
    return game
