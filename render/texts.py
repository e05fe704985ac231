"""Every word the board can show, in Swedish and English, and the ruleset labels.

Kept in one table so a test can draw each string and prove the font has every glyph
(å, ä, ö, the en dash); the game's own words in them (the sides, the ways to win, munk,
the unit of points) come from ``engine.words``, and ``all_strings`` draws those too.  Roll names stay Swedish in both languages: they are the game's
own vocabulary (``docs/rules.md``, "Roll names"), like "sinkadus".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from engine import words
from engine.position import Geometry, Side
from engine.rules.ruleset import Family, RuleSet
from engine.turn import Outcome
from engine.words import MUNK, WIN_NAMES, points_unit, win_name

LANGS = ("sv", "en")

LABELS: dict[str, dict[str, str]] = {
    "sv": {
        "to_move": "{side} drar",
        "turn": "drar",
        "winner": "vinner",
        "pips": "{n} ögon",
        "bar": "slagna",
        "bar_puff": "ute",
        "off": "ute",
        "start": "start",
        "home": "hem",
        "blockade": "blockad {n}",
        "bridge": "bro {n}",
        "prime": "prime {n}",
        "jan_danger": "janfara: {free} {entries} kvar, {bar} {hit}",
        "jan_danger_none": "janfara: {free} {entries} kvar",
        "jan_short": "janfara",
        "iron_bands": "järnbanden",
        "entry_1": "ingång",
        "entry_n": "ingångar",
        "hit_1": "slagen",
        "hit_n": "slagna",
        "then": "sedan",
        "score": "ställning {a}–{b}",
        "score_to": "ställning {a}–{b} (till {n})",
        "last": "senast: {text}",
        "one_die": "en tärning",
        "match": "match om {n} partier",
        "column": "kolumn",
        "wins": "{side} vinner: {kind}{munk} · {n} {points}",
        "no_play": "inget drag",
        "won_by": "{name} vinner",
        "how": "{kind}{munk} · {n} {points}",
        "resigned": "{name} gav upp · {n} {points}",
        "match_score": "{white} {a}–{b} {black} · match om {n} partier",
        "match_won": "{name} vinner matchen {a}–{b}",
    },
    "en": {
        "to_move": "{side} to play",
        "turn": "to play",
        "winner": "wins",
        "pips": "{n} pips",
        "bar": "on bar",
        "bar_puff": "to enter",
        "off": "off",
        "start": "start",
        "home": "home",
        "blockade": "blockade {n}",
        "bridge": "bridge {n}",
        "prime": "prime {n}",
        "jan_danger": "jan danger: {free} {entries} left, {bar} {hit}",
        "jan_danger_none": "jan danger: {free} {entries} left",
        "jan_short": "jan danger",
        "iron_bands": "järnbanden",  # the name players use, like the rolls' names
        "entry_1": "entry point",
        "entry_n": "entry points",
        "hit_1": "on the bar",
        "hit_n": "on the bar",
        "then": "then",
        "score": "score {a}–{b}",
        "score_to": "score {a}–{b} (to {n})",
        "last": "last: {text}",
        "one_die": "one die",
        "match": "match of {n} games",
        "column": "column",
        "wins": "{side} wins: {kind}{munk} · {n} {points}",
        "no_play": "no play",
        "won_by": "{name} wins",
        "how": "{kind}{munk} · {n} {points}",
        "resigned": "{name} resigned · {n} {points}",
        "match_score": "{white} {a}–{b} {black} · match of {n} games",
        "match_won": "{name} wins the match {a}–{b}",
    },
}

#: The words of a board's alt text (``render.alt_text``): what a screen reader says
#: instead of the picture.
ALT: dict[str, dict[str, str]] = {
    "sv": {
        "side": "{side} ({name})",
        "match": "Match om {n} partier, poäng: {white} {a}, {black} {b}.",
        "to_roll": "{who} är på tur och ska slå.",
        "stopped": "Partiet avbröts utan resultat.",
        "to_play": "{who} är på tur och har slagit {dice} ({roll}).",
        "one_die": "{who} är på tur och har slagit en tärning: {dice} ({roll}).",
        "last": "Senast slog {who} {dice} ({roll}) och spelade {play}.",
        "last_no_dice": "Senast spelade {who} {play}.",
        "forfeit": "Senast slog {who} {dice} ({roll}) och kunde inte flytta.",
        "rolled": "{who} slog {dice} ({roll}).",
        "checkers": "{side}s pjäser, i {side_l}s numrering: {points}.",
        "none": "inga på brädet",
        "bar": "{n} slagna",
        "bar_1": "1 slagen",
        "bar_puff": "{n} ute att gå in",
        "off": "{n} utspelade",
        "pips": "{side} har {n} ögon kvar.",
        "hit": " (slår)",
        "burst": " (spränger)",
        "jan": "{who} är i janfara: {free} {entries} kvar, {bar} {hit}.",
        "iron": "{who} håller järnbanden.",
    },
    "en": {
        "side": "{side} ({name})",
        "match": "Match of {n} games, points: {white} {a}, {black} {b}.",
        "to_roll": "{who} is on roll and has not rolled yet.",
        "stopped": "The game was stopped without a result.",
        "to_play": "{who} is on roll and has rolled {dice} ({roll}).",
        "one_die": "{who} is on roll and has rolled one die: {dice} ({roll}).",
        "last": "Last, {who} rolled {dice} ({roll}) and played {play}.",
        "last_no_dice": "Last, {who} played {play}.",
        "forfeit": "Last, {who} rolled {dice} ({roll}) and could not move.",
        "rolled": "{who} rolled {dice} ({roll}).",
        "checkers": "{side}'s checkers, in {side_l}'s numbering: {points}.",
        "none": "none on the board",
        "bar": "{n} on the bar",
        "bar_1": "1 on the bar",
        "bar_puff": "{n} waiting to enter",
        "off": "{n} borne off",
        "pips": "{side} has {n} pips to go.",
        "hit": " (hit)",
        "burst": " (burst)",
        "jan": "{who} is in jan danger: {free} {entries} left, {bar} {hit}.",
        "iron": "{who} holds järnbanden.",
    },
}

_TITLES: dict[str, tuple[str, str]] = {  # id -> (sv, en)
    "talisman": ("Bräde · Lyckans Talisman", "Bräde · Lyckans Talisman"),
    "behrens-helmfrid": ("Bräde · Behrens–Helmfrid", "Bräde · Behrens–Helmfrid"),
    "classic": ("Bräde · klassiska regler", "Bräde · classic rules"),
    "vasa": ("Bräde · Vasaregler", "Bräde · Vasa rules"),
    "backgammon": ("Backgammon", "Backgammon"),
    "puff-lang": ("Lång puff", "Long puff"),
    "puff-kontrar": ("Konträr puff", "Contrary puff"),
    "puff-dubbel-kontrar": ("Dubbel konträr puff", "Double contrary puff"),
}

_GEOMETRY_ID = {
    Geometry.BRADE: "talisman",
    Geometry.BACKGAMMON: "backgammon",
    Geometry.LANG: "puff-lang",
    Geometry.KONTRAR: "puff-kontrar",
    Geometry.DUBBEL_KONTRAR: "puff-dubbel-kontrar",
}

_FAMILY = {Geometry.BRADE: "brade", Geometry.BACKGAMMON: "backgammon"}


def label(lang: str, key: str, **params: object) -> str:
    return LABELS[lang][key].format(**params)


def jan_nouns(lang: str, free: int, bar: int) -> tuple[str, str]:
    """The jan-danger warning's nouns in the right number: entry points and checkers on
    the bar (the board's and the alt text's)."""
    return (LABELS[lang]["entry_1" if free == 1 else "entry_n"],
            LABELS[lang]["hit_1" if bar == 1 else "hit_n"])


def jan_text(lang: str, free: int, bar: int) -> str:
    """The jan-danger warning with its nouns in the right number."""
    entries, hit = jan_nouns(lang, free, bar)
    key = "jan_danger" if bar else "jan_danger_none"
    return label(lang, key, free=free, bar=bar, entries=entries, hit=hit)


def outcome_text(lang: str, winner: Side, kind: str, points: int, munk: bool) -> str:
    return label(lang, "wins", side=side_name(lang, winner), kind=win_name(kind, lang),
                 munk=_munk(lang, munk), n=points, points=points_unit(points, lang))


def _munk(lang: str, munk: bool) -> str:
    return f" {MUNK[lang]}" if munk else ""


class MatchScore(Protocol):
    """A match's score after a game, as ``render.board.Score`` holds it (declared here:
    the board module imports this one)."""

    @property
    def white(self) -> int: ...

    @property
    def black(self) -> int: ...

    @property
    def length(self) -> int | None: ...


def result_lines(lang: str, outcome: Outcome, names: Mapping[Side, str],
                 match: MatchScore | None = None, match_over: bool = False) -> list[str]:
    """The result as a finished game's board writes it, a line each: who won; how and for
    how many points (who resigned, for a resignation); the match score, or who won the
    match.  ``match`` is the score after this game, for a match to a length."""
    winner, kind, n = outcome.winner, outcome.kind, outcome.points

    def who(side: Side) -> str:
        return names.get(side) or side_name(lang, side)

    points = points_unit(n, lang)
    lines = [label(lang, "won_by", name=who(winner))]
    if kind == "resign":
        lines.append(label(lang, "resigned", name=who(winner.other), n=n, points=points))
    else:
        munk = _munk(lang, outcome.munk)
        lines.append(label(lang, "how", kind=win_name(kind, lang), munk=munk, n=n,
                           points=points))
    if match is not None and match.length:
        a, b = match.white, match.black
        if match_over:
            hi, lo = (a, b) if winner is Side.WHITE else (b, a)
            lines.append(label(lang, "match_won", name=who(winner), a=hi, b=lo))
        else:
            lines.append(label(lang, "match_score", white=who(Side.WHITE), black=who(Side.BLACK),
                               a=a, b=b, n=match.length))
    return lines


def side_name(lang: str, side: Side) -> str:
    """The side's name (``engine.words``), in the argument order of this module."""
    return words.side_name(side, lang)


@dataclass(frozen=True)
class RulesInfo:
    """What the board needs to know about the ruleset: a label and two behaviours."""

    id: str
    family: str  # "brade" | "backgammon" | "puff"
    title: str
    blockade_burst: bool


def describe_rules(rules: RuleSet | str | None, geometry: Geometry, lang: str) -> RulesInfo:
    """A ``RuleSet``'s label and behaviours, or a ruleset id's (``"puff-lang+torn"``: a
    bracket names its tournament's rules by id), or (None) the geometry's own game."""
    if isinstance(rules, RuleSet):
        rid, family = rules.id, str(rules.family)
        title = _TITLES[rid][0 if lang == "sv" else 1] if rid in _TITLES else rules.title
        return RulesInfo(rid, family, title, rules.blockade_burst)
    rid = (rules or "").strip().lower().split("+")[0] or _GEOMETRY_ID[geometry]
    family = _FAMILY.get(geometry, "puff")
    title = _TITLES[rid][0 if lang == "sv" else 1] if rid in _TITLES else rid
    return RulesInfo(rid, family, title, family == Family.BRADE)


def all_strings() -> list[str]:
    """Every fixed string (with sample numbers) the board can show, for glyph tests."""
    from engine.dice import FACE_NAMES, roll_name

    out: list[str] = []
    for lang in LANGS:
        for key, text in LABELS[lang].items():
            out.append(text.format(side=side_name(lang, Side.BLACK), n=167, free=2, bar=3,
                                   a=3, b=5, text="13/18* 12/16!", key=key,
                                   entries=LABELS[lang]["entry_n"], hit=LABELS[lang]["hit_n"],
                                   kind="x", munk="", points="p", name="Åsa",
                                   white="Åsa", black="Örjan"))
        out.extend(side_name(lang, side) for side in Side)
        for kind in WIN_NAMES:
            out.append(outcome_text(lang, Side.WHITE, kind, 2, True))
        out.extend(t[0 if lang == "sv" else 1] for t in _TITLES.values())
    for hi in range(1, 7):
        out.append(FACE_NAMES[hi])
        for lo in range(1, hi + 1):
            out.append(f"{roll_name((hi, lo))} ({hi}–{lo})")
    out.append("0123456789 ×2 ×3 ×4 · – …")
    return out
