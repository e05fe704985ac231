"""The values a tournament action answers with (bot.service.tournaments.outcomes): an
answer starts empty and owns its lists, and the buttons and pictures are values."""

from __future__ import annotations

import dataclasses

import pytest

from bot.league.tournament import Tournament
from bot.service.model import Reply
from bot.service.tournaments import (
    MatchToOpen,
    Notice,
    Outcome,
    Picture,
    ThreadEnd,
    WalkoverChoice,
    WithdrawChoice,
)


def test_an_outcome_starts_with_nothing_to_do_and_owns_its_lists() -> None:
    one, two = Outcome(Reply()), Outcome(Reply())
    assert (one.picture, one.confirm) == (None, None)
    assert one.notices == one.matches == one.stop_threads == []
    one.notices.append(Notice(1, "hello"))
    one.stop_threads.append(ThreadEnd(2, "bye"))
    assert two.notices == [] and two.stop_threads == []
    first, second = Notice(1, "a"), Notice(1, "b")
    first.choices.append(WalkoverChoice(1, "1.1", 0, "Both forfeit"))
    assert second.choices == [] and second.mentions == () and second.picture is None


def test_buttons_and_pictures_are_values() -> None:
    assert WalkoverChoice(1, "1.1", 11, "x") == WalkoverChoice(1, "1.1", 11, "x")
    assert len({WithdrawChoice(1, 11, "x"), WithdrawChoice(1, 11, "x")}) == 1
    tour = Tournament.create("1", "Cup", "round_robin", "10")
    picture = Picture("standings", tour, "sv")
    for frozen, field in ((picture, "lang"), (ThreadEnd(1, "t"), "text"),
                          (WithdrawChoice(1, 11, "x"), "user")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(frozen, field, None)


def test_a_match_to_open_starts_a_new_thread_unless_told_which() -> None:
    new = MatchToOpen(1, "1.1", 5, 100, 11, 12, "talisman", 1, "Cup 1.1: A – B", "intro", "en")
    assert new.thread_id is None
    assert dataclasses.replace(new, thread_id=900).thread_id == 900
