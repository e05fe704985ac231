"""The string tables (bot/i18n/en.py, sv.py and each feature's module, merged in
``bot.i18n.TABLES``): every text in both languages takes the same placeholders, so a
reply never shows a raw ``{name}`` nor drops a value in one language.  (That both
languages have every key is in tests/bot/test_foundations.py.)"""

from __future__ import annotations

import importlib
import string

import pytest

from bot.i18n import FEATURES, TABLES, en, sv


def fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name}


def tables() -> list[tuple[str, dict[str, str], dict[str, str]]]:
    out = [("en.py/sv.py", en.MESSAGES, sv.MESSAGES)]
    for name in FEATURES:
        module = importlib.import_module(f"bot.i18n.{name}")
        out.append((f"{name}.py", module.EN, module.SV))
    return out


@pytest.mark.parametrize(("where", "english", "swedish"), tables(),
                         ids=[where for where, _, _ in tables()])
def test_each_table_has_both_languages_with_the_same_placeholders(
        where: str, english: dict[str, str], swedish: dict[str, str]) -> None:
    assert set(english) == set(swedish), set(english) ^ set(swedish)
    differ = {k: (fields(english[k]), fields(swedish[k])) for k in english
              if fields(english[k]) != fields(swedish[k])}
    assert differ == {}, where


def test_the_merged_tables_hold_every_tables_keys() -> None:
    for _, english, swedish in tables():
        assert set(english) <= set(TABLES["en"]) and set(swedish) <= set(TABLES["sv"])
