"""The shipped problem sets (engine.ai.problem_set): read back as written, found by id,
and every answer judged against the stored plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai.problem_set import ProblemSet, available, find, read, shipped, write
from engine.errors import MoveError


def test_the_shipped_sets_and_an_id_that_names_nothing() -> None:
    ids = available()
    assert "talisman" in ids and "vasa" in ids
    ps = shipped("talisman")
    assert ps is not None and ps.rules == "talisman" and ps.problems
    first = ps.problems[0]
    assert find(first.id) == first and ps.by_id(first.id) is first
    assert find("talisman-999999") is None and find("nonsense") is None
    assert shipped("no-such-rules") is None


def test_a_set_survives_writing_and_reading(tmp_path: Path) -> None:
    ps = shipped("talisman")
    assert ps is not None
    few = ProblemSet(ps.rules, ps.problems[:3], {"note": "test"})
    write(tmp_path / "few.json", few)
    again = read(tmp_path / "few.json")
    assert again.problems == few.problems and again.made == {"note": "test"}
    assert len((tmp_path / "few.json").read_text().splitlines()) == 3 + 4  # a line each


def test_answers_are_judged_by_the_position_they_leave() -> None:
    ps = shipped("talisman")
    assert ps is not None
    p = ps.problems[0]
    best = p.judge(p.best)
    assert best.right and best.loss == 0.0
    worst_text, worst_loss = p.plays[-1]
    worst = p.judge(worst_text)
    assert worst.loss == worst_loss and (worst.right is (worst_loss == 0.0))
    with pytest.raises(MoveError):
        p.judge("24/1")
