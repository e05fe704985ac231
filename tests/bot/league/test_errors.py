"""League errors (bot.league.errors): every text in both languages with the same
placeholders, the format named in the reader's language, and an error that is a
``ValueError`` the bot can show as it is."""

from __future__ import annotations

import string

import pytest

from bot.league.errors import FORMAT_NAMES, MESSAGES, LeagueError, render


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_text_has_both_languages_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    assert set(entry) == {"en", "sv"}
    assert fields(entry["en"]) == fields(entry["sv"])
    assert entry["en"] != entry["sv"]


def test_the_format_is_named_in_the_readers_language() -> None:
    en = render("league.too_few", "en", format="round_robin", minimum=3, count=2)
    sv = render("league.too_few", "sv-SE", format="round_robin", minimum=3, count=2)
    assert FORMAT_NAMES["round_robin"]["en"] in en and "round_robin" not in en
    assert FORMAT_NAMES["round_robin"]["sv"] in sv and "3" in sv and "2" in sv


def test_unknown_keys_and_missing_parameters_never_raise() -> None:
    assert render("league.no_such_text", "sv") == "league.no_such_text"
    # A missing parameter shows the template rather than failing the answer.
    assert render("league.full", "en") == MESSAGES["league.full"]["en"]


def test_an_error_carries_its_key_and_speaks_both_languages() -> None:
    error = LeagueError("league.already_joined", name="Anna")
    assert isinstance(error, ValueError) and error.key == "league.already_joined"
    assert str(error) == "Anna is already registered."
    assert error.message("sv") == "Anna är redan anmäld."
    assert error.message("en-GB") == str(error)
