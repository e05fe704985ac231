"""A game's record as text (bot.service.history): the teka, a line per turn in the
reader's words, the result and, once over, the dice's seed; a match game by game; the
dice lines a record ends with; pages cut between lines, a match's heading repeated."""

from __future__ import annotations

import random

from bot.i18n import outcome_text, play_words, points_unit, side_name, t
from bot.service.history import (
    dice_lines,
    game_heading,
    history_lines,
    paginate,
    record_lines,
    split_games,
)
from bot.store import GameRow
from engine.dice import LegacyDice
from engine.game import Game
from tests.bot.service.helpers import at


def played(turns: int, *, seed: int = 3) -> Game:
    """A game of ``turns`` played turns (the first legal play each time)."""
    game = Game.new("talisman", seed=seed)
    game.opening()
    while game.turn_count < turns:
        game.roll()
        if game.phase == "move":
            game.play_turn(game.legal_turns[0])
    return game


def row(game: Game | None, status: str = "active", match_length: int = 1) -> GameRow:
    state = {"game": game.to_json()} if game is not None else None
    return GameRow(9, 1, 100, status, "talisman", 11, 12, match_length, 0, state, 3, 0.0,
                   0.0, 0, None, None)


def test_a_turn_a_line_in_the_readers_words() -> None:
    game = played(3)
    lines = history_lines(game.events, "sv")
    teka = game.events[0]
    assert lines[0] == t("history.teka", "sv", w=teka["white"], b=teka["black"])
    turns = [e for e in game.events if e["type"] in ("play", "forfeit")]
    assert len(lines) == 1 + len(turns)
    first = turns[0]
    words = t("history.no_play", "sv") if first["type"] == "forfeit" \
        else play_words(first["moves"], "sv")
    assert lines[1].startswith("1. ") and lines[1].endswith(f": {words}")


def test_the_end_and_its_seed() -> None:
    game = played(2)
    game.resign(game.turn)
    lines = history_lines(game.events, "en")
    assert lines[-1] == t("history.seed", "en", seed=game.reveal())
    o = game.outcome
    assert o is not None
    assert lines[-2] == t("history.end", "en", who=side_name(o.winner, "en"),
                          how=outcome_text(o.kind, o.munk, "en"), points=o.points,
                          unit=points_unit(o.points, "en"))


def test_a_match_is_split_game_by_game() -> None:
    one, two = played(2, seed=1), played(1, seed=2)
    one.resign(one.turn)
    events = [{"type": "offer"}, *one.events, {"type": "abort_request"}, *two.events]
    parts = split_games(events)
    assert [len(p) for p in parts] == [len(one.events), len(two.events)]
    lines = record_lines("head", "talisman", "active", events, "en")
    assert lines[:2] == ["head", t("history.head", "en", rules="talisman")]
    assert lines[2] == game_heading(1, "en") and game_heading(2, "en") in lines


def test_how_a_record_stands() -> None:
    lines = record_lines("head", "talisman", "aborted", [{"type": "offer"}], "en")
    assert lines[-2:] == [t("history.aborted", "en"), t("history.empty", "en")]
    assert len(record_lines("h", "talisman", "active", played(1).events, "en")) == 4


def test_the_dice_lines_of_a_running_an_aborted_and_an_old_game() -> None:
    running = played(1)
    assert dice_lines(row(running), running.events, "en") == [
        t("history.commitment", "en", commitment=running.commitment)]
    assert running.reveal() not in "".join(dice_lines(row(running), running.events, "en"))
    assert dice_lines(row(running, "aborted"), running.events, "en") == [
        t("history.seed", "en", seed=running.reveal()), t("history.verify", "en", id=9)]
    over = played(1)
    over.resign(over.turn)  # its seed is in its events already: only how to check it
    assert dice_lines(row(over, "over"), over.events, "en") == [
        t("history.verify", "en", id=9)]
    old = Game.new("talisman", source=LegacyDice(random.Random(1)))
    old.opening()
    assert dice_lines(row(old), old.events, "en") == []
    assert dice_lines(row(old, "aborted"), old.events, "en") == [
        t("history.no_commitment", "en")]
    assert dice_lines(row(None, "declined"), [], "en") == []


def test_pages_are_cut_between_lines_and_fill_from_the_first() -> None:
    lines = [f"{n}. White 6–5: 1/7 1/6" for n in range(1, 40)]
    pages = paginate(lines, 100)
    assert [line for page in pages for line in page] == lines
    assert all(len("\n".join(page)) <= 100 for page in pages)
    assert all(len("\n".join([*page, lines[0]])) > 100 for page in pages[:-1])
    long = paginate(["x" * 300], 100)
    assert long == [["x" * 99 + "…"]]


def test_a_page_inside_a_game_of_a_match_starts_with_its_heading() -> None:
    heads = [game_heading(1, "en"), game_heading(2, "en")]
    lines = [heads[0], *(f"turn {n:02d} of game one" for n in range(10)), heads[1],
             *(f"turn {n:02d} of game two" for n in range(10))]
    pages = paginate(lines, 120, frozenset(heads))
    assert len(pages) > 2
    for page in pages:
        assert page[0] in heads and len("\n".join(page)) <= 120
    assert sum(page.count(heads[1]) for page in pages) >= 2  # repeated on a later page


def test_a_game_at_a_position_has_its_own_record() -> None:
    game = at("talisman", "white=24,offx14 black=1x15 turn=white", rolls=((2, 1),))
    game.roll()
    game.play_turn(game.legal_turns[0])
    lines = history_lines(game.events, "en")
    assert lines[-3].endswith(play_words("24/off", "en")) and game.is_over
