"""Checking a finished game's dice against its seed: ``python -m engine verify FILE``.

The record of a game played with fair dice (docs/league.md) names the game's
commitment, and once the game is over its seed (docs/dice.md).  The check is what anyone
could do by hand: SHA-256 of the seed is the commitment (and the commitment is the one
the member copied from the game's first message, when they give it); every recorded roll,
in order and die by die in the order written, is the next dice the derivation draws from
the seed (a record writes each roll's dice in the order drawn); and the record replays rule
by rule.  A check that fails names why, and for the dice the first roll that differs,
before the record's legality is looked at: a changed roll usually makes the play after it
illegal too, and the roll is the news.

A record from before fair dice has no commitment: it is said so, and not checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import rules as registry
from engine.dice import SEED_BYTES, FairDice, commitment
from engine.errors import EngineError
from engine.messages import MESSAGES, render_message
from engine.position import Side
from engine.record import Record, parse, recorded_rolls, replay
from engine.words import side_name

_VERIFY_MESSAGES: dict[str, dict[str, str]] = {
    "verify.ok": {
        "en": "OK: all {rolls} rolls ({dice} dice, the teka included) follow from the seed, "
              "and the seed matches the commitment {commitment}.",
        "sv": "OK: alla {rolls} slag ({dice} tärningar, tekningen medräknad) följer av fröet, "
              "och fröet stämmer med åtagandet {commitment}."},
    "verify.no_commitment": {
        "en": "This game has no dice commitment: it was played before brade committed to its "
              "dice, so its rolls cannot be checked.",
        "sv": "Partiet har inget tärningsåtagande: det spelades innan brade förband sig vid "
              "sina tärningar, så dess slag kan inte kontrolleras."},
    "verify.no_seed": {
        "en": "The record names no seed: a game's seed is revealed when the game ends. "
              "Give it with --seed once it is.",
        "sv": "Protokollet anger inget frö: ett partis frö visas när partiet är slut. "
              "Ange det med --seed när det är det."},
    "verify.bad_seed": {
        "en": "The seed '{seed}' is not 64 hexadecimal digits.",
        "sv": "Fröet '{seed}' är inte 64 hexadecimala siffror."},
    "verify.other_commitment": {
        "en": "The record's commitment {found} is not the one given, {expected}.",
        "sv": "Protokollets åtagande {found} är inte det angivna, {expected}."},
    "verify.seed_mismatch": {
        "en": "The seed does not match the commitment: its SHA-256 is {found}, the "
              "commitment {expected}.",
        "sv": "Fröet stämmer inte med åtagandet: dess SHA-256 är {found}, åtagandet "
              "{expected}."},
    "verify.teka_mismatch": {
        "en": "Line {line}: teka round {n} is {found} (White's die first), but the seed "
              "gives {expected}.",
        "sv": "Rad {line}: tekningens omgång {n} är {found} (Vits tärning först), men "
              "fröet ger {expected}."},
    "verify.order_mismatch": {
        "en": "Line {line}: turn {turn} ({side}) writes {found}, but the seed draws {expected} "
              "in that order, and a record writes each roll's dice in the order drawn.",
        "sv": "Rad {line}: drag {turn} ({side}) skriver {found}, men fröet drar {expected} i "
              "den ordningen, och ett protokoll skriver slagets tärningar i dragen ordning."},
    "verify.roll_mismatch": {
        "en": "Line {line}: turn {turn} ({side}) says {found}, but the seed gives {expected}.",
        "sv": "Rad {line}: drag {turn} ({side}) säger {found}, men fröet ger {expected}."},
}
MESSAGES.update(_VERIFY_MESSAGES)


@dataclass(frozen=True)
class Verdict:
    """What the check found: ``ok``, and why in words (``message``).  ``rolls`` and
    ``dice`` count what was checked."""

    ok: bool
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    rolls: int = 0
    dice: int = 0

    def message(self, lang: str = "en") -> str:
        params = dict(self.params)
        if isinstance(params.get("side"), Side):
            params["side"] = side_name(params["side"], lang).lower()
        return render_message(self.key, lang, **params)


def verify(record: Record | str, *, seed: str | None = None,
           expected: str | None = None) -> Verdict:
    """Check ``record``'s dice against its seed (or ``seed``) and commitment (which must
    be ``expected`` when given).  A record that cannot be read or replayed raises the
    RecordError that names its line."""
    rec = parse(record) if isinstance(record, str) else record
    registry.get(rec.rules)  # an unknown ruleset is named before anything else
    committed = rec.tags.get("Commitment", "").strip().lower()
    if not committed:
        return Verdict(False, "verify.no_commitment")
    if expected and expected.strip().lower() != committed:
        return Verdict(False, "verify.other_commitment",
                       {"found": committed, "expected": expected.strip().lower()})
    seed_text = (seed or rec.tags.get("Seed", "")).strip().lower()
    if not seed_text:
        return Verdict(False, "verify.no_seed")
    try:
        dice = FairDice(seed_text)
    except EngineError:
        return Verdict(False, "verify.bad_seed", {"seed": seed_text[:2 * SEED_BYTES + 8]})
    if commitment(dice.seed) != committed:
        return Verdict(False, "verify.seed_mismatch",
                       {"found": commitment(dice.seed), "expected": committed})
    mismatch = _first_mismatch(rec, dice)
    if mismatch is not None:
        return mismatch
    replay(rec)  # the dice are right: now every play must be legal where it stands
    rolls = [r for r in recorded_rolls(rec) if r.drawn]
    n, drawn = len(rolls), sum(r.drawn for r in rolls)
    return Verdict(True, "verify.ok", {"commitment": committed, "rolls": n, "dice": drawn},
                   n, drawn)


def _first_mismatch(rec: Record, dice: FairDice) -> Verdict | None:
    """The first recorded roll that is not the next dice of the seed, in words."""
    rules = registry.get(rec.rules)
    general = tuple(sorted(rec.teka[-1], reverse=True)) if rec.teka else None
    teka_round = 0
    for r in recorded_rolls(rec):
        if not r.drawn:
            continue  # backgammon's opening roll: the teka's dice, checked there
        drawn = tuple(dice.die() for _ in range(r.drawn))
        if r.what == "teka":
            teka_round += 1
            if drawn != tuple(r.dice):
                return Verdict(False, "verify.teka_mismatch", {
                    "line": r.line, "n": teka_round, "found": _pair(r.dice),
                    "expected": _pair(drawn)})
            continue
        if drawn == tuple(r.dice):
            continue
        if sorted(drawn) == sorted(r.dice):  # the right dice, written in another order
            return Verdict(False, "verify.order_mismatch", {
                "line": r.line, "turn": r.what, "side": r.side,
                "found": _pair(r.dice), "expected": _pair(drawn)})
        # Puff's generalpasch: the roller who rolls the opening combination may play it
        # as any pasch (docs/rules.md, "Puff options"); the record keeps the pasch chosen.
        chosen = ("generalpasch" in rules.options and general is not None
                  and tuple(sorted(drawn, reverse=True)) == general
                  and len(r.dice) == 2 and r.dice[0] == r.dice[1])
        if not chosen:
            return Verdict(False, "verify.roll_mismatch", {
                "line": r.line, "turn": r.what, "side": r.side,
                "found": _pair(r.dice), "expected": _pair(drawn)})
    return None


def _pair(dice: tuple[int, ...]) -> str:
    """Dice as the record writes them, in the order drawn (a teka round: White's die,
    then Black's)."""
    return "-".join(str(d) for d in dice)
