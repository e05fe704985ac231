"""What a game tells about its dice (bot.service.games.proof, docs/dice.md): the
commitment from its first message, the seed in its last with the game's number in a
match, nothing for a game from before fair dice."""

from __future__ import annotations

import random

from bot.i18n import t
from bot.service.games.proof import commitment_line, joined, seed_line
from bot.store import GameRow
from engine.dice import LegacyDice, commitment
from engine.game import Game


def row(match_length: int = 1) -> GameRow:
    return GameRow(42, 1, 100, "over", "talisman", 11, 12, match_length, 0, None, 3, 0.0,
                   0.0, 0, None, None)


def test_a_fair_game_commits_first_and_reveals_last() -> None:
    game = Game.new("talisman", seed=5)
    assert game.commitment is not None
    first = commitment_line(game, "en")
    assert first == t("dice.commitment", "en", commitment=game.commitment)
    seed = game.reveal()
    assert seed is not None and seed not in first  # the commitment gives nothing away
    assert commitment(bytes.fromhex(seed)) == game.commitment  # the seed proves it
    last = seed_line(row(), game, 1, "en")
    assert last == t("dice.seed", "en", seed=seed, id=42, number="")


def test_a_game_of_a_match_is_named_by_its_number() -> None:
    game = Game.new("talisman", seed=5)
    line = seed_line(row(match_length=3), game, 2, "sv")
    assert line == t("dice.seed", "sv", seed=game.reveal(), id=42,
                     number=t("dice.number", "sv", n=2))


def test_a_game_from_before_fair_dice_says_nothing() -> None:
    game = Game.new("talisman", source=LegacyDice(random.Random(1)))
    assert commitment_line(game, "en") == "" and seed_line(row(), game, 1, "en") == ""


def test_joined_leaves_out_the_empty_lines() -> None:
    assert joined("a", "", "b", "") == "a\nb"
    assert joined("", "") == ""
