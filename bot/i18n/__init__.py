"""Swedish and English for every message, and which of the two a reply uses.

``t(key, lang, **params)`` looks the key up in the bot's texts, then in the engine's
(``engine.messages``: move and game errors), so an engine error key translates here too.
The game's own words (the sides, how a win is said, the unit of points, off as a play
writes it) are the engine's (``engine.words``); ``side_name``, ``outcome_text``,
``points_unit`` and ``play_words`` hand them to the bot.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from bot.i18n import en, sv
from engine import words
from engine.messages import MESSAGES as ENGINE_MESSAGES
from engine.messages import render_message
from engine.position import Side
from engine.words import OFF_WORDS, off_word, points_unit, win_phrase

LANGS = ("sv", "en")

#: Feature text modules (``bot/i18n/<name>.py`` with ``EN``, ``SV`` and ``COMMANDS_SV``
#: dicts), kept apart so each feature's texts live beside each other, not in one huge table.
FEATURES = ("tournaments", "ratings", "spectate", "analysis", "limits", "problems",
            "rights", "picker", "correspondence", "league")


def _tables() -> dict[str, dict[str, str]]:
    tables = {"en": dict(en.MESSAGES), "sv": dict(sv.MESSAGES)}
    for name in FEATURES:
        module = importlib.import_module(f"bot.i18n.{name}")
        for lang, extra in (("en", module.EN), ("sv", module.SV)):
            clash = set(extra) & set(tables[lang])
            if clash:
                raise RuntimeError(f"bot.i18n.{name} redefines {sorted(clash)}")
            tables[lang].update(extra)
    return tables


TABLES = _tables()
_TABLES = TABLES


def lang_of(locale: str | None) -> str | None:
    """"sv" for any Swedish locale, "en" for any English one, None otherwise."""
    if not locale:
        return None
    low = str(locale).lower()
    if low.startswith("sv"):
        return "sv"
    if low.startswith("en"):
        return "en"
    return None


def resolve_lang(setting: str | None, user_locale: str | None,
                 guild_locale: str | None) -> str:
    """The language of a reply.

    A server's explicit setting wins.  Otherwise Swedish if the member's Discord language
    is Swedish or the server's is, else English — Discord reports ``en-US`` for anyone
    who never chose, so English alone is weak evidence against a Swedish server.
    """
    if setting in LANGS:
        return setting
    if lang_of(user_locale) == "sv" or lang_of(guild_locale) == "sv":
        return "sv"
    return "en"


def t(key: str, lang: str, /, **params: Any) -> str:
    table = _TABLES["sv" if lang == "sv" else "en"]
    template = table.get(key)
    if template is None:
        if key in ENGINE_MESSAGES:
            return render_message(key, lang, **params)
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


_OFF = re.compile(rf"\b{OFF_WORDS['en']}\b")


def play_words(text: str, lang: str) -> str:
    """A play already written out (a stored record, a suggestion) in the reader's words:
    ``20/ut`` for a Swedish reader.  Input accepts both, so this is for display only;
    turns themselves go through ``engine.notation.format_turn``."""
    return _OFF.sub(off_word(lang), text)


def side_name(side: Side, lang: str) -> str:
    """"White"/"Vit" (``engine.words``: the game's own words are the engine's)."""
    return words.side_name(side, lang)


def outcome_text(kind: str, munk: bool, lang: str) -> str:
    """How a sentence says a win after "wins by": "a gammon", "hemspel med munk"."""
    return win_phrase(kind, munk, lang)


__all__ = ["LANGS", "TABLES", "lang_of", "outcome_text", "play_words", "points_unit",
           "resolve_lang", "side_name", "t"]
