"""The ``RuleSet`` value: every way the rulesets differ, as data the generators read.

A ruleset is a frozen value, so it can be cached, compared and sent to a worker process.
Its fields name the rule ids of ``docs/rules.md`` they implement.  It depends on nothing
but the board's geometry: the algorithms that read it (``engine.movegen``, ``engine.puff``)
import it, and ``engine.generators`` finds the one that lists a ruleset's plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.position import Geometry, Position, Side


class Family(StrEnum):
    """Which game a ruleset plays; each has its own generator (``engine.generators``)."""

    BRADE = "brade"
    BACKGAMMON = "backgammon"
    PUFF = "puff"


class Usage(StrEnum):
    """How much of the roll must be used."""

    MAX_PIPS = "max_pips"  # B-20: the most pips
    MAX_DICE = "max_dice"  # seed 003 (classic, vasa): the most dice, then the most pips
    BG = "bg"  # backgammon: both dice if possible, else the higher
    PUFF = "puff"  # P-3: die by die, no look-ahead


class Cut(StrEnum):
    """A win that cuts a turn short (none: B-21, every win waits for the full play)."""

    VASA = "vasa"  # vasa: a winning step ends the turn
    CLASSIC_JAN = "classic_jan"  # classic: jan ends the game at the step that makes it
    BH_SPRANGJAN = "bh_sprangjan"  # Behrens–Helmfrid: a burst that makes jan wins at once


@dataclass(frozen=True)
class RuleSet:
    """A ruleset; ``family``, ``usage`` and ``cut`` are enums (``StrEnum``: they equal,
    store and print as their text, and a text given for one is turned into it)."""

    id: str
    family: Family
    geometry: Geometry
    title: str
    #: How the roll must be used (``Usage``).
    usage: Usage = Usage.MAX_PIPS
    #: Bear-off regime: "reduce_rearmost" (B-16), "exact" (Behrens–Helmfrid),
    #: "any_higher" (classic), "rearmost_point" (vasa), "puff" (P-5).
    bearoff: str = "reduce_rearmost"
    binding_ban: bool = True  # B-1, B-2
    blockade_burst: bool = True  # B-10 (runs measured by engine.bands, G-5)
    #: B-11 entry onto a blockade band: "reach_second" (talisman, vasa), "any" (B–H), None.
    entry_blockade: str | None = "reach_second"
    #: B-12 entry burst: "count" (B-12), "all_blocked" (B–H, classic), None.
    entry_burst: str | None = "count"
    max_band_run: int | None = None  # classic: no more than five bands in a row (G-5)
    #: Wins that cut a turn short (``Cut``): None (B-21).
    cut: Cut | None = None
    kejsarspel: bool = False
    #: One-die rule (B-36): None, "three" (talisman, B–H), "n" (classic option).
    one_die: str | None = "three"
    double_six: bool = False
    #: Scoring table: "ww", "ny1", "ny2" (seed 004), "games" (B–H), "classic", "vasa", "bg".
    scoring: str = "ww"
    #: Who may resign: "b35" (B-35 conditions), "any".
    resign: str = "b35"
    options: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        # A ruleset described with texts (an extension's, a test's) gets the enums too.
        object.__setattr__(self, "family", Family(self.family))
        object.__setattr__(self, "usage", Usage(self.usage))
        if self.cut is not None:
            object.__setattr__(self, "cut", Cut(self.cut))

    # -- what the families answer differently ---------------------------------------------
    # Every question the engine asks about a ruleset's family is answered here, once: code
    # reads ``rules.opening_roll_plays`` rather than ``rules.family is Family.BACKGAMMON``,
    # so a new family (or a variant of one) changes these answers, not branches in twenty
    # modules.  Where python-chess's variant boards override methods in a subclass per
    # variant, nothing here is overridden: each answer is a property of this one frozen
    # class, worked out from its fields, so every family's answer to a question is read
    # in one place.

    @property
    def is_brade(self) -> bool:
        """Bräde's own rules hold: jan and the vackert spel (B-31, B-33, B-34), the
        conditions on resigning (B-35), iron bands, the blockade bursts (B-10..B-12)."""
        return self.family is Family.BRADE

    @property
    def higher_die_starts(self) -> bool:
        """T-1: the higher die of the teka starts (puff, backgammon); in bräde the lower."""
        return self.family in (Family.PUFF, Family.BACKGAMMON)

    def teka_starter(self, white_die: int, black_die: int) -> Side:
        """T-1: who starts after a teka of two different dice, by ``higher_die_starts``
        (``Game.opening``, and the arena's and training's games, which play without a
        ``Game``)."""
        return Side.WHITE if (white_die > black_die) == self.higher_die_starts else Side.BLACK

    @property
    def opening_roll_plays(self) -> bool:
        """Backgammon's custom: the teka's two dice are the starter's first roll."""
        return self.family is Family.BACKGAMMON

    @property
    def die_by_die(self) -> bool:
        """P-3: the play is settled die by die with no look-ahead (puff), a pasch up to
        eight steps (P-4): its plays are walked, never listed, and a pasch may be named."""
        return self.family is Family.PUFF

    @property
    def generalpasch(self) -> bool:
        """Puff's generalpasch option: the teka's dice are kept as the general pasch."""
        return self.die_by_die and "generalpasch" in self.options

    @property
    def only_bearing_off_wins(self) -> bool:
        """Backgammon: a game is won only by bearing off the last checker (no jan, no
        vackert spel)."""
        return self.family is Family.BACKGAMMON

    @property
    def name(self) -> str:
        """The id with its options, as ``get`` accepts it back."""
        return "+".join([self.id, *sorted(self.options)])

    def start(self) -> Position:
        return Position.start(self.geometry)

    def parse_position(self, text: str) -> Position:
        return Position.parse(text, self.geometry)
