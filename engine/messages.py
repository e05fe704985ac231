"""English and Swedish texts for every engine error key (the bot reuses them), and a
finished game in words; the game's own words in them come from ``engine.words``."""

from __future__ import annotations

from typing import Any

from engine.words import lang_of, points_unit, side_name, win_name

MESSAGES: dict[str, dict[str, str]] = {
    "position.empty": {"en": "The position text is empty.",
                       "sv": "Ställningstexten är tom."},
    "position.bad_field": {"en": "'{field}' is not a key=value field.",
                           "sv": "'{field}' är inte ett fält på formen nyckel=värde."},
    "position.unknown_key": {"en": "Unknown key '{key}' in the position text.",
                             "sv": "Okänd nyckel '{key}' i ställningstexten."},
    "position.repeated_key": {"en": "The key '{key}' appears twice.",
                              "sv": "Nyckeln '{key}' förekommer två gånger."},
    "position.missing_key": {"en": "The position text lacks '{key}='.",
                             "sv": "Ställningstexten saknar '{key}='."},
    "position.side_empty": {"en": "No checkers listed for {side}.",
                            "sv": "Inga brickor angivna för {side}."},
    "position.bad_item": {"en": "'{item}' in {side}'s checkers is not a point or point x count.",
                          "sv": "'{item}' bland {side}s brickor är varken tunga eller tunga x antal."},
    "position.unknown_point": {"en": "{side} has checkers on point {point}, which does not exist (1–24, bar, off).",
                               "sv": "{side} har brickor på tunga {point}, som inte finns (1–24, bar, off)."},
    "position.bad_count": {"en": "'{item}' has a count below one.",
                           "sv": "'{item}' har ett antal under ett."},
    "position.repeated_point": {"en": "{side} lists point {point} twice.",
                                "sv": "{side} anger tunga {point} två gånger."},
    "position.wrong_total": {"en": "{side} has {total} checkers; each side has 15.",
                             "sv": "{side} har {total} brickor; varje sida har 15."},
    "position.both_colours": {"en": "Both colours stand on one point (white's {white}, black's {black}).",
                              "sv": "Båda färgerna står på samma tunga (vits {white}, svarts {black})."},
    "position.bad_value": {"en": "'{value}' is not a valid value for '{key}'.",
                           "sv": "'{value}' är inte ett giltigt värde för '{key}'."},
    "position.bad_column": {"en": "{side} has no double-six column on point 7.",
                            "sv": "{side} har ingen dubbelsexkolonn på tunga 7."},
    "rules.unknown": {"en": "Unknown ruleset '{name}'. Known: {known}.",
                      "sv": "Okänd regeluppsättning '{name}'. Kända: {known}."},
    "rules.unknown_option": {"en": "The ruleset {name} has no option '{option}'. Options: {known}.",
                             "sv": "Regeluppsättningen {name} har inget tillval '{option}'. Tillval: {known}."},
    "dice.bad": {"en": "'{text}' is not a roll; write it like 5-2.",
                 "sv": "'{text}' är inget slag; skriv det som 5-2."},
    "dice.bad_seed": {"en": "A dice seed is 64 hexadecimal digits (32 bytes).",
                      "sv": "Ett tärningsfrö är 64 hexadecimala siffror (32 byte)."},
    "dice.scripted": {"en": "A replayed game's dice are not stored.",
                      "sv": "Ett återspelat partis tärningar sparas inte."},
    "move.unparsable": {"en": "I cannot read '{text}' as a move. Write steps like 1/7 7/12, bar/5 or 20/off.",
                        "sv": "Jag kan inte läsa '{text}' som ett drag. Skriv steg som 1/7 7/12, bar/5 eller 20/ut."},
    "move.illegal": {"en": "'{text}' is not a legal play for this roll.",
                     "sv": "'{text}' är inget tillåtet drag för det här slaget."},
    "move.ambiguous": {"en": "'{text}' could mean more than one play: {options}. Please write the steps out.",
                       "sv": "'{text}' kan betyda flera drag: {options}. Skriv ut stegen."},
    "move.blocked": {"en": "'{text}' is not legal: point {point} is blocked.",
                     "sv": "'{text}' är inte tillåtet: tunga {point} är blockerad."},
    "move.enter_first": {"en": "'{text}' is not legal: you must enter from the bar first.",
                         "sv": "'{text}' är inte tillåtet: du måste spela in från baren först."},
    "move.use_both": {"en": "'{text}' is not legal: you must use both dice.",
                      "sv": "'{text}' är inte tillåtet: du måste använda båda tärningarna."},
    "move.use_more": {"en": "'{text}' is not legal: you must use as much of the roll as possible.",
                      "sv": "'{text}' är inte tillåtet: du måste utnyttja så stor del av slaget som möjligt."},
    "move.use_higher": {"en": "'{text}' is not legal: when only one die can be used, it must be the higher.",
                        "sv": "'{text}' är inte tillåtet: kan bara en tärning användas måste det vara den högsta."},
    "move.no_checker": {"en": "'{text}' is not legal: you have no checker on {point}.",
                        "sv": "'{text}' är inte tillåtet: du har ingen bricka på {point}."},
    "move.no_die": {"en": "'{text}' is not legal: no die of this roll moves from {frm} to {to}.",
                    "sv": "'{text}' är inte tillåtet: ingen tärning i slaget flyttar från {frm} till {to}."},
    "move.no_band": {"en": "'{text}' is not legal: you may not make a band on point {point}.",
                     "sv": "'{text}' är inte tillåtet: du får inte lägga band på tunga {point}."},
    "move.no_bearoff": {"en": "'{text}' is not legal: you cannot bear off that checker now.",
                        "sv": "'{text}' är inte tillåtet: du får inte spela hem den brickan nu."},
    "move.forfeit_only": {"en": "There is no legal play for this roll; it is forfeited.",
                          "sv": "Slaget kan inte användas och fåtas."},
    "move.must_play": {"en": "'-' is not legal: you can move, so you must.",
                       "sv": "'-' är inte tillåtet: du kan flytta och måste därför göra det."},
    "game.over": {"en": "The game is over.", "sv": "Partiet är slut."},
    "game.not_your_turn": {"en": "It is not your turn.", "sv": "Det är inte din tur."},
    "game.roll_first": {"en": "Roll the dice first.", "sv": "Slå tärningarna först."},
    "game.already_rolled": {"en": "You have already rolled.", "sv": "Du har redan slagit."},
    "game.opening_pending": {"en": "The opening roll (teka) has not been made yet.",
                             "sv": "Tekningen har inte gjorts än."},
    "game.no_choice": {"en": "There is no roll to choose now.",
                       "sv": "Det finns inget slag att välja nu."},
    "game.bad_choice": {"en": "{dice} is not one of the choices for this roll.",
                        "sv": "{dice} är inte ett av valen för det här slaget."},
    "game.choose_first": {"en": "Choose how to play the generalpasch roll first.",
                          "sv": "Välj först hur generalpaschen ska spelas."},
    "game.cannot_resign": {"en": "You may not resign: {reason}.",
                           "sv": "Du får inte ge upp: {reason}."},
    "game.one_die_unavailable": {"en": "You may not roll one die now.",
                                 "sv": "Du får inte slå med en tärning nu."},
    "game.one_die_owed": {"en": "You must roll one die ({n} more one-die rolls owed).",
                          "sv": "Du måste slå med en tärning ({n} enkeltärningsslag kvar)."},
    "game.bad_json": {"en": "The stored game could not be read: {problem}.",
                      "sv": "Det sparade partiet kunde inte läsas: {problem}."},
    "match.bad_length": {"en": "A match is an odd number of games; {length} is not.",
                         "sv": "En match spelas i ett udda antal partier; {length} är inte udda."},
    # English readers get the condition itself; the Swedish names are the players' own.
    "resign.janband": {"en": "earlier in this game you had two or more checkers together on "
                             "one of your points 13 to 24 (in Swedish, janbandet)",
                       "sv": "du har haft band i ditt tredje eller fjärde kvarter (janbandet)"},
    "resign.janblotta": {"en": "earlier in this game you had seven single checkers on the "
                               "board, or six while two or more still stood on your point 1 "
                               "(in Swedish, the janblotta)",
                         "sv": "du har haft janblottan ute"},
    "resign.forced": {"en": "this roll forces you to break a resignation condition",
                      "sv": "slaget tvingar dig att bryta mot villkoren för att ge upp"},
    "ai.unknown": {"en": "There is no computer player called '{name}'. Levels: {known}.",
                   "sv": "Det finns ingen datorspelare som heter '{name}'. Nivåer: {known}."},
    "ai.no_turns": {"en": "The computer found no legal play here.",
                    "sv": "Datorn hittade inget tillåtet drag här."},
    # Why a roll was forfeited, in words (a player sees these, so no rule ids).
    "forfeit.bar": {"en": "{side} has {checkers} to enter, and no entry point is open for {dice}; the roll is forfeited.",
                    "sv": "{side} har {checkers} att spela in, och ingen ingång är öppen för {dice}; slaget fåtas."},
    "checkers_1": {"en": "1 checker", "sv": "1 bricka"},
    "checkers_n": {"en": "{n} checkers", "sv": "{n} brickor"},
    "forfeit.blocked": {"en": "None of {side}'s checkers can move {dice}: every point they would reach is closed; the roll is forfeited.",
                        "sv": "Ingen av {side}s brickor kan flytta {dice}: varje tunga de skulle nå är stängd; slaget fåtas."},
    # How a game was won, in words: "<winner> wins: <kind>, <how>. <n> point(s)."
    "win.line": {"en": "{side} wins: {kind} – {how}.{munk} {points}.",
                 "sv": "{side} vinner: {kind} – {how}.{munk} {points}."},
    "win.munk": {"en": " With munk: the loser still had a checker on the bar, one point more.",
                 "sv": " Med munk: förloraren hade en bricka kvar bland de slagna, en poäng till."},
    "win.puff_2": {"en": " Double: the loser still had a checker on their first six points.",
                   "sv": " Dubbelt: förloraren hade kvar en bricka på sina första sex tungor."},
    "win.puff_3": {"en": " Triple: the loser still had a checker on the bar.",
                   "sv": " Tredubbelt: förloraren hade kvar en bricka på baren."},
    "win.hemspel": {"en": "bore off all fifteen checkers first",
                    "sv": "spelade hem alla femton brickor först"},
    "win.enkelt-kronspel": {"en": "three checkers on each of their points 20 to 24",
                            "sv": "tre brickor på var och en av sina tungor 20 till 24"},
    "win.dubbelt-kronspel": {"en": "five checkers on each of their points 22, 23 and 24",
                             "sv": "fem brickor på var och en av sina tungor 22, 23 och 24"},
    "win.trappspel": {"en": "three, five and seven checkers on their points 22, 23 and 24",
                      "sv": "tre, fem och sju brickor på sina tungor 22, 23 och 24"},
    "win.uppspel": {"en": "all fifteen checkers on their point 24",
                    "sv": "alla femton brickor på sin tunga 24"},
    "win.kejsarspel": {"en": "seven checkers each on their 23 and 24 and a roll that brings the fifteenth to both",
                       "sv": "sju brickor vardera på 23 och 24 och ett slag som för den femtonde till båda"},
    "win.jan": {"en": "the opponent can never enter all their checkers: more to enter than open entry points",
                "sv": "motspelaren kan aldrig spela in alla sina brickor: fler att spela in än lediga ingångar"},
    "win.sprangjan": {"en": "a burst band left the opponent more checkers to enter than open entry points",
                      "sv": "ett sprängt band gav motspelaren fler brickor att spela in än lediga ingångar"},
    "win.resign": {"en": "the opponent gave up", "sv": "motspelaren gav upp"},
    "win.torn": {"en": "all fifteen checkers on one point", "sv": "alla femton brickor på en tunga"},
    "win.gasmarsch": {"en": "fifteen points in a row with one checker on each",
                      "sv": "femton tungor i rad med en bricka på varje"},
    "win.single": {"en": "bore off all fifteen checkers first",
                   "sv": "spelade hem alla femton brickor först"},
    "win.gammon": {"en": "bore off all fifteen before the opponent bore off any",
                   "sv": "spelade hem alla femton innan motspelaren spelat hem någon"},
    "win.backgammon": {"en": "bore off all fifteen while the opponent, with none off, still had a checker on the bar or in the winner's home board",
                       "sv": "spelade hem alla femton medan motspelaren, utan någon hemspelad, hade en bricka kvar bland de slagna eller i vinnarens hemkvarter"},
}

def explain_outcome(outcome: Any, lang: str = "en", family: str | None = None) -> str:
    """A finished game in words: who won, how, and for how many points.

    ``outcome`` is an ``engine.turn.Outcome`` (kind, points, munk, winner); with the
    ruleset's ``family`` a puff hemspel also says why it counts double or triple.
    """
    lang = lang_of(lang)
    kind = str(outcome.kind)
    name = win_name(kind, lang)
    n = int(outcome.points)
    points = f"{n} {points_unit(n, lang)}"
    munk = MESSAGES["win.munk"][lang] if outcome.munk else ""
    if family == "puff" and kind == "hemspel" and n in (2, 3):
        munk = MESSAGES[f"win.puff_{n}"][lang]
    how = MESSAGES.get(f"win.{kind}", {}).get(lang, name)
    text = render_message("win.line", lang, side=side_name(outcome.winner, lang), kind=name,
                          how=how, munk=munk, points=points)
    return text


def render_message(key: str, lang: str = "en", /, **params: Any) -> str:
    """The text for ``key`` in ``lang`` (Swedish for any ``sv*`` locale, else English)."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    template = entry[lang_of(lang)]
    # A parameter may itself be a message key (a resignation reason, say): translate it too.
    params = {k: render_message(v, lang) if isinstance(v, str) and v in MESSAGES else v
              for k, v in params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template
