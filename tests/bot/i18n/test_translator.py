"""discord.py's command translation (bot.i18n.translator): Swedish clients get the
Swedish name or description of every string a cog marks for translation, everyone else
the English original; one Swedish text per English string across the feature tables."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any, cast

import pytest
from discord import Locale, app_commands

from bot.i18n import FEATURES, commands
from bot.i18n.translator import SV, BradeTranslator

#: ``_("...")`` in a module that imports ``locale_str as _``: a string sent to Discord.
MARKED = re.compile(r'\b_\(\s*"((?:[^"\\]|\\.)+)"\s*\)')


def marked_strings() -> set[str]:
    found: set[str] = set()
    for path in Path("bot").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "locale_str as _" in text:
            found |= set(MARKED.findall(text))
    return found


async def translate(text: str, locale: Locale) -> str | None:
    context = cast(Any, None)  # the translator does not look at where the string is used
    return await BradeTranslator().translate(app_commands.locale_str(text), locale, context)


async def test_swedish_clients_get_swedish_and_others_the_original() -> None:
    assert await translate("tournament", Locale.swedish) == "turnering"
    assert await translate("Show the board again", Locale.swedish) == "Visa brädet igen"
    for other in (Locale.american_english, Locale.british_english, Locale.german,
                  Locale.norwegian, Locale.finnish):
        assert await translate("tournament", other) is None
    assert await translate("no such string", Locale.swedish) is None


def test_every_string_a_cog_marks_has_a_swedish_text() -> None:
    marked = marked_strings()
    assert len(marked) > 50 and "tournament" in marked  # the search finds the cogs' strings
    assert sorted(marked - set(SV)) == []


def test_the_feature_tables_agree_on_every_shared_english_string() -> None:
    """``SV`` is every table merged: a string in two tables with two Swedish texts would
    silently show one of them."""
    tables = {"commands": commands.SV} | {
        name: importlib.import_module(f"bot.i18n.{name}").COMMANDS_SV for name in FEATURES}
    first: dict[str, tuple[str, str]] = {}
    for name, table in tables.items():
        for english, swedish in table.items():
            where, before = first.setdefault(english, (name, swedish))
            assert before == swedish, (english, where, name)
            assert SV[english] == swedish


@pytest.mark.parametrize(("english", "swedish"), sorted(SV.items()))
def test_names_fit_discord_and_descriptions_its_length(english: str, swedish: str) -> None:
    if re.fullmatch(r"[a-z_]+", english):  # a command or option name
        assert re.fullmatch(r"[-_\w]{1,32}", swedish) and swedish == swedish.lower()
    assert 1 <= len(swedish) <= 100
