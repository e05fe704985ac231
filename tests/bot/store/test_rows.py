"""The rows the store hands out (bot.store.rows): a game row decoded from its columns."""

from __future__ import annotations

import json

import pytest

from bot.store.rows import LIVE, GameRow


def columns(**over: object) -> tuple[object, ...]:
    row = dict(zip(GameRow.COLUMNS, (7, 1, 5, "active", "talisman", 11, 12, 3, 99, None, 4,
                                     1.0, 2.0, 0, None, None, 0, None, None),
                   strict=True))
    row.update(over)
    return tuple(row[c] for c in GameRow.COLUMNS)


def test_json_columns_and_the_rated_flag_are_decoded() -> None:
    row = GameRow.from_sql(columns(state=json.dumps({"turn": 3}), result='{"winner": 11}',
                                   rated=1))
    assert row.state == {"turn": 3} and row.result == {"winner": 11}
    assert row.rated is True and row.players() == (11, 12)


def test_empty_json_columns_are_none() -> None:
    row = GameRow.from_sql(columns(state="", result=None))
    assert row.state is None and row.result is None and row.rated is False


@pytest.mark.parametrize("status", ["offered", "active", "over", "declined", "aborted"])
def test_live_means_offered_or_active(status: str) -> None:
    assert GameRow.from_sql(columns(status=status)).live == (status in LIVE)


def test_a_row_of_the_wrong_width_is_refused() -> None:
    with pytest.raises(ValueError):
        GameRow.from_sql(columns()[:-1])
