"""The small pieces of a tournament's messages (bot.service.tournaments.words): a score
as typed, a player as typed, counts with their singular, times and numbers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import t
from bot.service.model import UserError
from bot.service.text import mention, moment
from bot.service.tournaments.words import (
    counted,
    mention_player,
    num,
    parse_score,
    player_id,
    stamp,
    uid,
)


@pytest.mark.parametrize(("text", "score"), [("3-1", (3, 1)), (" 2 – 0 ", (2, 0)),
                                             ("5:4", (5, 4)), ("0-0", (0, 0))])
def test_a_typed_score_is_read_winner_first(text: str, score: tuple[int, int]) -> None:
    assert parse_score(text, True) == score


def test_no_score_is_one_nil_or_nothing_for_a_double_forfeit() -> None:
    assert parse_score(None, True) == (1, 0)
    assert parse_score("  ", True) == (1, 0)
    assert parse_score("", False) == (0, 0)


@pytest.mark.parametrize("text", ["3", "three-one", "3-1-0", "12345-1", "-1-2"])
def test_a_score_that_is_not_two_numbers_is_refused_by_name(text: str) -> None:
    with pytest.raises(UserError) as e:
        parse_score(text, True)
    assert e.value.key == "trn.bad_score" and e.value.params["score"] == text[:20]


@pytest.mark.parametrize(("text", "pid"), [("123", "123"), ("<@123>", "123"),
                                           ("<@!45> ", "45"), ("Anna", None), ("", None),
                                           (None, None), ("<#123>", None)])
def test_a_player_is_an_id_a_mention_or_nothing(text: str | None, pid: str | None) -> None:
    assert player_id(text) == pid


def test_counted_uses_the_singular_for_one_where_the_table_has_it() -> None:
    assert counted("trn.players", "en", 1) == t("trn.players.one", "en")
    assert counted("trn.players", "sv", 3) == t("trn.players", "sv", n=3) == "3 spelare"
    # No ".one" form: the plain key, with n.
    assert counted("trn.players.of", "en", 1, limit=8) == "1/8 players"


def test_times_numbers_ids_and_mentions() -> None:
    when = datetime(2027, 1, 15, 12, 0, tzinfo=UTC)
    assert stamp(when) == moment(when.timestamp()) == f"\x1et:{int(when.timestamp())}:f\x1f"
    assert stamp(when, "R").endswith(":R\x1f") and stamp(None) == ""
    assert (num(2.0), num(1.5), num(36)) == ("2", "1.5", "36")
    assert (uid("42"), uid(None), uid("")) == (42, 0, 0)
    assert mention_player("42") == mention(42) and mention_player(None) == "—"
