"""The game's own words in Swedish and English, each written once.

What names a thing of the game: the two sides, the ways to win (their names, and how a
sentence says them after "wins by"), munk, the unit a win counts in, and how a play writes
the places off the points (``bar/5``, ``20/off``, Swedish ``20/ut``).  The engine's
messages, its terminal game and analysis report, the pictures (``render``) and the bot
take them from here, so a word changed here changes everywhere a player reads it.  Roll
names live beside the dice (``engine.dice``); the sentences around these words stay with
whoever writes them (the bot's ``bot/i18n``, the pictures' ``render/texts.py``).

Depends on nothing, so the lowest module that needs a word may import it.
"""

from __future__ import annotations

from collections.abc import Sequence

LANGS = ("en", "sv")


def lang_of(lang: str) -> str:
    """"sv" for any Swedish locale ("sv", "sv-SE"), otherwise "en"."""
    return "sv" if lang.lower().startswith("sv") else "en"


# -- the sides ---------------------------------------------------------------------------

SIDES: dict[str, dict[str, str]] = {"en": {"white": "White", "black": "Black"},
                                    "sv": {"white": "Vit", "black": "Svart"}}


def side_name(side: object, lang: str = "en") -> str:
    """"White"/"Vit": a side (an engine ``Side`` or its value) as a player reads it."""
    value = str(getattr(side, "value", side))
    return SIDES[lang_of(lang)].get(value, value)


# -- the ways to win (docs/rules.md, "Outcome kinds") -----------------------------------

#: Names of the ways to win as players say them: Swedish terms stay Swedish in English.
WIN_NAMES: dict[str, tuple[str, str]] = {  # kind -> (sv, en)
    "hemspel": ("hemspel", "hemspel"), "enkelt-kronspel": ("enkelt kronspel", "enkelt kronspel"),
    "dubbelt-kronspel": ("dubbelt kronspel", "dubbelt kronspel"),
    "trappspel": ("trappspel", "trappspel"), "uppspel": ("uppspel", "uppspel"),
    "kejsarspel": ("kejsarspel", "kejsarspel"), "jan": ("jan", "jan"),
    "sprangjan": ("sprängjan", "sprängjan"), "resign": ("uppgivet parti", "resignation"),
    "torn": ("torn", "torn"), "gasmarsch": ("gåsmarsch", "gåsmarsch"),
    "single": ("enkel vinst", "single game"), "gammon": ("gammon", "gammon"),
    "backgammon": ("backgammon", "backgammon"),
}


def win_name(kind: str, lang: str) -> str:
    """A way to win by its name ("enkelt kronspel"); an unknown kind as its id."""
    names = WIN_NAMES.get(kind)
    return names[0 if lang_of(lang) == "sv" else 1] if names else kind


#: How a sentence says a way to win after "wins by" / "vinner med": the channel's result,
#: a game's history, a profile's games, the analysis report.
WIN_PHRASES: dict[str, tuple[str, str]] = {  # kind -> (sv, en)
    # no brackets: the sentences put the points in them ("… wins by hemspel, bearing off
    # first (1 point)"), and brackets twice read badly (issue 30)
    "hemspel": ("hemspel", "hemspel, bearing off first"),
    "enkelt-kronspel": ("vackert spel, enkelt kronspel", "a beautiful game, enkelt kronspel"),
    "dubbelt-kronspel": ("vackert spel, dubbelt kronspel",
                         "a beautiful game, dubbelt kronspel"),
    "trappspel": ("vackert spel, trappspel", "a beautiful game, trappspel"),
    "uppspel": ("vackert spel, uppspel", "a beautiful game, uppspel"),
    "kejsarspel": ("vackert spel, kejsarspel", "a beautiful game, kejsarspel"),
    "jan": ("jan", "jan"), "sprangjan": ("sprängjan", "sprängjan"),
    "resign": ("uppgivet parti", "resignation"),
    "single": ("enkelt parti", "a single game"), "gammon": ("gammon", "a gammon"),
    "backgammon": ("backgammon", "a backgammon"),
    "torn": ("torn", "torn"), "gasmarsch": ("gåsmarsch", "gåsmarsch"),
}

#: Munk (B-32), as a win's phrase adds it: "hemspel with munk".
MUNK: dict[str, str] = {"en": "with munk", "sv": "med munk"}


def win_phrase(kind: str, munk: bool, lang: str) -> str:
    """How a sentence says this win after "wins by": "hemspel, bearing off first, with
    munk"; never in brackets, which the sentences keep for the points."""
    lang = lang_of(lang)
    phrases = WIN_PHRASES.get(kind)
    how = phrases[0 if lang == "sv" else 1] if phrases else kind
    if not munk:
        return how
    return f"{how}, {MUNK[lang]}" if "," in how else f"{how} {MUNK[lang]}"


#: The unit a win counts in, for one and for more.
POINT_UNIT: dict[str, tuple[str, str]] = {"en": ("point", "points"), "sv": ("poäng", "poäng")}


def points_unit(n: int, lang: str) -> str:
    """"point" or "points" (Swedish "poäng" either way) for ``n`` points."""
    one, more = POINT_UNIT[lang_of(lang)]
    return one if n == 1 else more


# -- places in a written play (docs/rules.md, "Move text") ------------------------------

#: The bar as a play writes it, in either language.
BAR_WORD = "bar"
#: Off the board as a play writes it: ``20/off``, Swedish ``20/ut``.
OFF_WORDS: dict[str, str] = {"en": "off", "sv": "ut"}
#: Every word a typed play may use for the bar, and for off (either language's, or "hem").
READ_BAR = ("bar", "b")
READ_OFF = ("off", "ut", "hem")


def off_word(lang: str) -> str:
    """The word a play in ``lang`` writes for off the board."""
    return OFF_WORDS[lang_of(lang)]


def number(x: float, lang: str, digits: int = 2, sign: bool = False) -> str:
    """``x`` with the language's decimal mark (Swedish writes 0,25) and a real minus:
    points lost in the analysis, its text report and the problems."""
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    text = text.replace("-", "−")
    return text.replace(".", ",") if lang == "sv" else text


def percent(x: float, lang: str) -> str:
    """A probability as a whole percentage, "<1" where it rounds to nothing but is not
    nothing (a gammon that can still happen), the space Swedish puts before "%"."""
    v = 100 * x
    text = "<1" if 0 < v < 0.5 else f"{round(v)}"
    return f"{text} %" if lang == "sv" else f"{text}%"


_CHANCES = {
    "en": "wins {0}, a gammon {1}, a backgammon {2} · loses a gammon {3}, a backgammon {4}",
    "sv": "vinner {0}, gammon {1}, backgammon {2} · förlorar gammon {3}, backgammon {4}",
}


def chances(p: Sequence[float], lang: str) -> str:
    """The five outcome probabilities of a backgammon network (``engine.ai.net.OUTCOMES``:
    win, win a gammon, win a backgammon, lose a gammon, lose a backgammon) for one side,
    in words: the analysis shows them beside the expected points."""
    return _CHANCES["sv" if lang == "sv" else "en"].format(*(percent(x, lang) for x in p))


__all__ = ["BAR_WORD", "LANGS", "MUNK", "OFF_WORDS", "POINT_UNIT", "READ_BAR", "READ_OFF",
           "SIDES", "WIN_NAMES", "WIN_PHRASES", "chances", "lang_of", "number", "off_word",
           "percent",
           "points_unit", "side_name", "win_name", "win_phrase"]
