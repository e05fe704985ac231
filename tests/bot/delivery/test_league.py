"""The league's presenter (bot/delivery/league.py): a ``Said`` worded in each language
with members mentioned and typed names escaped, the captain's menus one a board, the
pictures described for a screen reader."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.delivery.league import EMPTY, describe, lineup_view, pinged, words
from bot.service.league import LeaguePicture, LineupChoice, Said


def test_members_are_mentioned_and_typed_names_escaped() -> None:
    said = Said("team_added", {"league": "Lig*an*", "team": "<@1> lag", "captain": "42"},
                members=("captain",))
    en, sv = words(said, "en"), words(said, "sv")
    assert "<@42>" in en and "<@42>" in sv
    assert "\\*" in en and "<@1>" not in en  # markdown and a typed mention made harmless
    assert en != sv and "joins" in en and "går med i" in sv
    assert pinged(said) == (42,)


def test_dates_become_discord_timestamps_and_a_schedule_pings_the_captains() -> None:
    when = datetime(2026, 3, 8, 12, tzinfo=UTC)
    said = Said("schedule", {"league": "L", "rounds": [(1, when, [("1.1", "A", "B", when),
                                                                 ("1.2", "C", None, when)])],
                             "lots": ["A", "C", "B"], "captains": ["7", "8"]})
    text = words(said, "en")
    assert f"<t:{int(when.timestamp())}:f>" in text and "**C** has a bye" in text
    assert "<@7> <@8>" in text and pinged(said) == (7, 8)
    assert "frirond" in words(said, "sv")


def test_one_menu_a_board_with_the_empty_choice() -> None:
    choice = LineupChoice(3, "1.2", "t1", ((1, "11"), (2, None), (3, None)),
                          (("10", "Anna"), ("11", "Bertil")), "B")
    view = lineup_view(choice, "sv", _Menu)
    items = view.children
    assert [i.custom_id for i in items] == ["m:3:1.2:1", "m:3:1.2:2", "m:3:1.2:3"]
    first = items[0]
    assert [(o.label, o.value, o.default) for o in first.options] == [
        ("1 · Anna", "10", False), ("1 · Bertil", "11", True), ("1 · ingen än", EMPTY, False)]


def test_pictures_are_described() -> None:
    table = LeaguePicture("table", {"name": "L", "rows": [
        {"place": 1, "name": "A", "match_points": 4, "board_points": 5}]}, "en")
    assert describe(table) == "L: 1. A 4 (5)."
    fixture = LeaguePicture("fixture", {"home": "A", "away": "B", "score": [1, 0],
                                        "boards": [{"number": 1, "home": "x",
                                                    "away": None}]}, "sv")
    assert describe(fixture) == "A – B 1–0. Bord 1: x – ?."


class _Menu:
    """A stand-in for the cog's persistent select: what the view is built from."""

    def __new__(cls, league: int, fixture: str, board: int, *, options, placeholder):
        import discord

        return discord.ui.Select(custom_id=f"m:{league}:{fixture}:{board}", options=options,
                                 placeholder=placeholder)
