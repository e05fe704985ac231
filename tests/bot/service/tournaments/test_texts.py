"""A tournament in words (bot.service.tournaments.texts): the settings line, the state,
a pairing's line at each status, a result, and the bracket's text, in both languages.
The texts need no store: a tournament is made here with the league's own API."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.i18n import t
from bot.league.model import Status
from bot.league.tournament import Tournament
from bot.service.tournaments.texts import Texts

NOW = datetime(2027, 1, 15, 12, 0, tzinfo=UTC)


@pytest.fixture
def texts() -> Texts:
    return Texts()


def knockout(names: tuple[str, ...] = ("Anna", "Bertil", "Carin", "David"),
             **kw: Any) -> Tournament:
    tour = Tournament.create("1", "Vårcup", "single_elimination", "10", now=NOW, **kw)
    for i, name in enumerate(names, 11):
        tour.join(str(i), name)
    return tour


def test_the_settings_line_names_every_setting_given(texts: Texts) -> None:
    swiss = Tournament.create("1", "Cup", "swiss", "10", swiss_rounds=1, match_length=5,
                              max_players=8, round_time=timedelta(hours=36),
                              tiebreak="median_buchholz")
    assert texts.settings_text(swiss, "en") == (
        "Swiss (1 round), tie-break Median-Buchholz, `talisman`, "
        f"{t('trn.match_length', 'en', n=5)}, at most 8 players, 36 h per round")
    plain = Tournament.create("1", "Cup", "round_robin", "10", match_length=1)
    assert texts.settings_text(plain, "sv") == (
        f"alla-mot-alla, `talisman`, {t('trn.match_length.one', 'sv', n=1)}")


def test_the_players_count_shows_the_limit_only_while_registering(texts: Texts) -> None:
    tour = knockout(max_players=8)
    assert texts.players_text(tour, "en") == "4/8 players"
    tour.start(NOW)
    assert texts.players_text(tour, "sv") == "4 spelare"


def test_the_state_says_which_round_of_how_many(texts: Texts) -> None:
    tour = knockout()
    assert texts.state_text(tour, "en") == t("trn.state.registration", "en")
    tour.start(NOW)
    assert texts.state_text(tour, "en") == t("trn.state.running", "en", n=1, total=2)
    tour.pause(NOW)
    assert texts.state_text(tour, "en") == t("trn.state.paused", "en", n=1, total=2)
    tour.finish(NOW)
    assert texts.state_text(tour, "en") == t("trn.state.finished", "en")
    cancelled = knockout()
    cancelled.cancel(NOW)
    assert texts.state_text(cancelled, "sv") == t("trn.state.cancelled", "sv")


def test_a_pairings_line_at_each_status(texts: Texts) -> None:
    tour = knockout(("Anna", "Bertil", "Carin"))  # three players: the top seed has a bye
    tour.start(NOW)
    first = tour.rounds[0].pairings
    bye = next(m for m in first if m.is_bye)
    match = next(m for m in first if not m.is_bye)
    a, b = (tour.player(p).name for p in match.players)
    assert texts.pairing_line(tour, match.id, "en") == f"{match.id}: {a} – {b}"
    assert texts.pairing_line(tour, bye.id, "en") == (
        f"{bye.id}: {tour.player(bye.a).name} has a bye")
    tour.report(match.id, match.a, NOW, a_points=1, b_points=0)
    assert texts.pairing_line(tour, match.id, "sv") == (
        f"{match.id}: {a} – {b} — {a} vann mot {b} med 1–0")


def test_results_by_walkover_and_double_forfeit(texts: Texts) -> None:
    tour = Tournament.create("1", "Cup", "round_robin", "10", round_time=timedelta(hours=1),
                             now=NOW)
    for i, name in enumerate(("Anna", "Bertil", "Carin", "David"), 11):
        tour.join(str(i), name)
    tour.start(NOW)
    one, two = tour.rounds[0].pairings
    later = NOW + timedelta(hours=2)
    tour.confirm_walkover(one.id, one.b, later)
    tour.confirm_walkover(two.id, None, later)
    assert texts.result_text(tour, one.id, "en") == (
        f"{tour.player(one.b).name} wins against {tour.player(one.a).name} by walkover")
    assert texts.result_text(tour, two.id, "sv") == "båda spelarna förlorar på walkover"
    assert tour.pairing(two.id).status is Status.DONE


def test_names_are_escaped_for_messages_and_plain_for_labels(texts: Texts) -> None:
    tour = knockout(("**Bold**", "B", "C", "D"))
    assert texts.name(tour, "11") == r"\*\*Bold\*\*"
    assert texts.name(tour, "11", "plain") == "Bold"  # no markup in a label
    assert texts.name(tour, None) == "—"
    assert texts.name(tour, "999") == "999"  # not a player: the id


def test_the_bracket_text_lists_the_open_rounds_and_waits_before_the_start(
        texts: Texts) -> None:
    tour = knockout()
    assert texts.bracket_text(tour, "en").endswith("\n" + t("trn.not_started_yet", "en"))
    tour.start(NOW)
    lines = texts.bracket_text(tour, "en").split("\n")
    assert lines[1] == "__Round 1__" and len(lines) == 4  # head, round, two matches
    assert "__Round 2__" not in lines  # not open yet


def test_the_standings_text_names_the_state_and_says_when_nobody_joined(
        texts: Texts) -> None:
    empty = Tournament.create("1", "Cup", "round_robin", "10", max_players=6)
    text = texts.standings_text(empty, "en")
    assert text == (t("trn.standings", "en", name="Cup",
                      state=t("trn.state.registration", "en") + ", 0/6 players")
                    + "\n" + t("trn.no_players", "en"))
    assert texts.standings_text(knockout(), "sv", final=True) == "Slutställning i **Vårcup**:"
