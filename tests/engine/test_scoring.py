"""Points per way of winning and scoring table (engine.scoring; docs/rules.md, "Points")."""

from __future__ import annotations

import pytest

from engine.scoring import VACKERT, catch_up_value, jan_value, points


@pytest.mark.parametrize(("table", "kind", "munk", "expected"), [
    ("ww", "hemspel", False, (1, 0)), ("ww", "hemspel", True, (2, 0)),
    ("ww", "jan", False, (2, 0)), ("ww", "sprangjan", False, (4, 0)),
    ("ny1", "resign", False, (1, 1)), ("ny1", "trappspel", True, (2, -1)),
    ("ny2", "jan", False, (7, 0)), ("ny2", "sprangjan", False, (11, 0)),
    ("classic", "uppspel", False, (3, 0)), ("classic", "trappspel", True, (3, 0)),
    ("vasa", "jan", False, (4, 0)), ("games", "sprangjan", False, (1, 0)),
    ("bg", "gammon", False, (2, 0)), ("bg", "backgammon", False, (3, 0)),
    ("bh_traditional", "kejsarspel", False, (2, 0)),
])
def test_the_table_of_points(table: str, kind: str, munk: bool,
                             expected: tuple[int, int]) -> None:
    assert points(table, kind, munk) == expected


def test_every_beautiful_game_counts_alike_in_the_seed_tables() -> None:
    for table in ("ww", "ny1", "ny2"):
        assert {points(table, k) for k in VACKERT} == {points(table, "hemspel")}


def test_an_unknown_kind_is_an_error() -> None:
    with pytest.raises(KeyError):
        points("classic", "gammon")


def test_what_the_trailer_may_hope_for() -> None:
    """M-2: a jan per remaining game where the table has jan, else its largest win."""
    assert jan_value("ww") == 2 and jan_value("classic") == 4
    assert catch_up_value("ww") == 2
    assert catch_up_value("bg") == 3 and catch_up_value("puff") == 4
