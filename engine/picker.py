"""The play picker's menus (issue 37): any legal play of a roll within four choices.

A member plays by choosing from menus of at most ``WIDTH`` options (Discord's select
menus hold 25).  A roll's plays are listed once, in the neutral order
(``engine.plays.listing``: by their steps as written, which says nothing about which
play is better); at most 25 are one menu of plays.  More (a later puff pasch has up to
about 250,000) are narrowed: a menu splits a stretch of the list into at most 25
stretches, and choosing one opens the menu of that stretch, until a stretch is one play.

A stretch is split where its plays part: by the first step in which they differ (at the
top, the first checker's move), so an option reads "6/7 …", the plays that begin so.
More than 25 such groups are packed, whole, into at most 25 stretches of neighbouring
groups ("1/2 … – 1/5 …"); a group too large for the choices left is cut into equal
stretches of the list instead.  Every stretch holds at most ``WIDTH ** (choices left)``
plays, so with four choices 25⁴ = 390,625 plays can be reached.

A problem's picker (``shuffle``: the roll's seed) lists a menu of single plays in a fixed
shuffle instead (``engine.plays.shuffle_key``, as a problem's suggestions): sorted by the
notation, the best play of a problem comes first far more often than chance would put it
there (issue 46).  A larger roll's menus still split by the plays' first steps, in the
notation's order (which checker moves first is the member's own choice to make); only
the plays within a stretch are shuffled.

A menu is named by its *path*: one letter per choice made so far (``a`` … ``y``, the
option's index).  It is found again from the list alone (``Picker.follow``), so a
picker needs only its game, the game's version and the path, which fit in a Discord
custom id and survive a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.plays import shuffle_key

#: Options in one menu (Discord's select menus hold 25).
WIDTH = 25
#: Menu choices that reach any play of a roll with up to ``WIDTH ** DEPTH`` plays.
DEPTH = 4
#: One letter per option index, for a path.
LETTERS = "abcdefghijklmnopqrstuvwxy"


@dataclass(frozen=True)
class Stretch:
    """Plays ``lo`` … ``hi - 1`` of the list; ``group``: every play of it begins with
    the words its plays share, and they are all such plays of the menu it is in (its
    option reads "6/7 …"); otherwise the option names its first and last play."""

    lo: int
    hi: int
    group: bool = False

    @property
    def size(self) -> int:
        return self.hi - self.lo

    @property
    def play(self) -> bool:
        return self.hi - self.lo == 1


class Picker:
    """A roll's plays (``plays.listing``'s texts, in its order) and their menus."""

    def __init__(self, plays: Sequence[str], shuffle: str | None = None) -> None:
        self.plays = list(plays)
        #: The seed of the fixed shuffle a menu of single plays is listed in (a problem's
        #: roll); None: in the list's own order (a game's, the notation's).
        self.shuffle = shuffle
        #: Menus made so far, by (lo, hi, choices left): a picker made elsewhere (a
        #: worker process) carries its top menu with it, the one costly to make.
        self._menus: dict[tuple[int, int, int], list[Stretch]] = {}

    def words(self, i: int) -> tuple[str, ...]:
        """Play ``i``'s steps as written."""
        return tuple(self.plays[i].split())

    def __len__(self) -> int:
        return len(self.plays)

    @property
    def whole(self) -> Stretch:
        return Stretch(0, len(self.plays))

    # -- the menus ---------------------------------------------------------------------

    def options(self, stretch: Stretch, left: int = DEPTH) -> list[Stretch]:
        """The options of the menu of ``stretch`` with ``left`` choices to go (this one
        included): at most ``WIDTH``, each at most ``WIDTH ** (left - 1)`` plays."""
        key = (stretch.lo, stretch.hi, left)
        got = self._menus.get(key)
        if got is None:
            got = self._menus[key] = self._split(stretch, left)
        return got

    def _split(self, s: Stretch, left: int) -> list[Stretch]:
        n = s.size
        if n <= WIDTH:
            single = [Stretch(i, i + 1) for i in range(s.lo, s.hi)]
            seed = self.shuffle
            if seed is not None:
                single.sort(key=lambda x: shuffle_key(seed, self.plays[x.lo]))
            return single
        cap = WIDTH ** (left - 1) if left > 1 else n  # past DEPTH: as many as it takes
        groups = self._groups(s)
        if len(groups) <= WIDTH and max(g.size for g in groups) <= cap:
            return groups
        packed = _pack(groups, cap)
        if packed is not None:
            return packed
        return _cut(s, -(-n // WIDTH))

    def _groups(self, s: Stretch) -> list[Stretch]:
        """``s`` cut where its plays' first differing step changes."""
        k = self.shared(s)
        out = []
        start = s.lo
        at = ""
        for i in range(s.lo, s.hi):
            words = self.plays[i].split(maxsplit=k + 1)
            w = words[k] if len(words) > k else ""
            if i == s.lo:
                at = w
                continue
            if w != at:
                out.append(Stretch(start, i, True))
                start, at = i, w
        out.append(Stretch(start, s.hi, True))
        return out

    def shared(self, s: Stretch) -> int:
        """How many steps every play of ``s`` begins with (the list is sorted, so its
        first and last play tell)."""
        a, b = self.words(s.lo), self.words(s.hi - 1)
        k = 0
        while k < len(a) and k < len(b) and a[k] == b[k]:
            k += 1
        return k

    def follow(self, path: str) -> tuple[Stretch, int]:
        """The stretch ``path`` names, and the choices left at its menu; ValueError for
        a path this list has no menu for (a picker of another roll)."""
        s, left = self.whole, DEPTH
        for n, letter in enumerate(path):
            index = LETTERS.find(letter)
            if (n and s.play) or index < 0:  # a play chosen is no menu
                raise ValueError(f"no menu at {path!r}")
            opts = self.options(s, left)
            if index >= len(opts):
                raise ValueError(f"no option {letter!r} at {path!r}")
            s, left = opts[index], max(1, left - 1)
        return s, left

    # -- what an option says -----------------------------------------------------------

    def label(self, s: Stretch) -> str:
        """What an option says, in the records' notation (``20/off``): a play's text; a
        group's shared first steps ("6/7 7/8 …"); a stretch's first and last play, each
        cut after the first step in which they differ ("1/2 1/3 … – 1/5 …").  ``…``
        marks a play cut short."""
        if s.play:
            return self.plays[s.lo]
        k = self.shared(s)
        if s.group and k:
            return _cut_words(self.words(s.lo), k)
        return (f"{_cut_words(self.words(s.lo), k + 1)} – "
                f"{_cut_words(self.words(s.hi - 1), k + 1)}")


def _cut_words(words: tuple[str, ...], n: int) -> str:
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def _cut(s: Stretch, size: int) -> list[Stretch]:
    """``s`` in equal stretches of ``size`` plays (the last one shorter)."""
    return [Stretch(a, min(a + size, s.hi)) for a in range(s.lo, s.hi, size)]


def _pack(groups: list[Stretch], cap: int) -> list[Stretch] | None:
    """At most ``WIDTH`` stretches of at most ``cap`` plays each, as even as the groups
    allow: neighbouring whole groups packed together, a group too large cut in equal
    parts (its parts stand alone); None when that takes more than ``WIDTH``."""
    n = groups[-1].hi - groups[0].lo

    def packing(limit: int) -> list[Stretch]:
        out: list[Stretch] = []
        run: list[Stretch] = []  # whole groups waiting to be packed together

        def close() -> None:
            if run:
                out.append(run[0] if len(run) == 1 else Stretch(run[0].lo, run[-1].hi))
                run.clear()

        size = 0
        for g in groups:
            if g.size > limit:
                close()
                out.extend(_cut(g, -(-g.size // -(-g.size // limit))))
                size = 0
                continue
            if run and size + g.size > limit:
                close()
                size = 0
            run.append(g)
            size += g.size
        close()
        return out

    low, high = -(-n // WIDTH), cap
    if low > high or len(packing(high)) > WIDTH:
        return None
    while low < high:  # the smallest limit that needs at most WIDTH stretches
        mid = (low + high) // 2
        if len(packing(mid)) <= WIDTH:
            high = mid
        else:
            low = mid + 1
    return packing(low)


__all__ = ["DEPTH", "LETTERS", "WIDTH", "Picker", "Stretch"]
