"""Example boards for the README and for eyeballing changes: ``python -m render gallery DIR``.

Every scene is fixed (hand-set positions, or self-play from a fixed seed), so the gallery
is the same on every run.  Puff positions are built with the puff geometries directly;
the renderer needs no puff ruleset for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

from engine.dice import Dice, roll
from engine.generators import legal_turns
from engine.position import Geometry, Position, Side
from engine.turn import Outcome, Step, Turn
from render.board import render_board
from render.options import BoardOptions, Result, Score


def _selfplay(ruleset: str, seed: int,
              want: Callable[[Turn, int], bool]) -> tuple[Turn, Dice, Side]:
    """The first turn of seeded random self-play that ``want`` accepts."""
    from engine import rules as registry

    rules = registry.get(ruleset)
    rng = random.Random(seed)
    pos = rules.start()
    for n in range(3000):
        dice = roll(rng)
        turns = legal_turns(rules, pos, dice)
        t = rng.choice(turns)
        if want(t, n):
            return t, dice, pos.turn
        if t.outcome:
            pos = rules.start()
        else:
            pos = t.position
    raise RuntimeError("no such turn in 3000 plies")


def _hits(t: Turn, n: int) -> bool:
    return n >= 10 and any(s.hit for s in t.steps) and len(t.steps) >= 2 and not t.outcome


def _bursts(t: Turn, n: int) -> bool:
    return any(s.burst for s in t.steps) and not t.outcome


def scenes() -> Iterator[tuple[str, dict]]:
    """(file name, render_board keyword arguments) for each gallery board."""
    g = Geometry
    start = Position.start(g.BRADE)
    yield "brade-start.png", dict(position=start, rules="talisman", dice=(5, 2),
                                  names=("Anna", "Björn"))
    yield "brade-start-contrast-black.png", dict(position=start, rules="talisman",
                                                 dice=(6, 1), theme="contrast",
                                                 perspective=Side.BLACK, lang="en",
                                                 names=("Anna", "Björn"))

    t, dice, mover = _selfplay("talisman", 11, _hits)
    mid = dict(position=t.position, rules="talisman", dice=dice, dice_side=mover,
               last_turn=t, names=("Åsa Öberg", "Erik Ärlig"), score=(2, 3, 7),
               numbers="both")
    yield "brade-midgame-hits.png", mid
    yield "brade-midgame-hits-black-en.png", {**mid, "perspective": Side.BLACK, "lang": "en"}
    yield "brade-midgame-hits-contrast.png", {**mid, "theme": "contrast"}
    # Erik has rolled: his roll to play beside Åsa's roll just played and her arrows
    yield "brade-midgame-rolled.png", {**mid, "dice": (6, 4), "dice_side": None,
                                       "last_dice": dice}
    # the game's last board: the result and the last play with its dice, no turn
    yield "brade-final.png", {**mid, "dice": None, "last_dice": dice, "score": (7, 3, 7),
                              "result": Result(Outcome("resign", 2, False, mover),
                                               Score(7, 3, 7), match_over=True)}
    # names in other scripts (Noto fallback fonts, right to left), one unreadable one
    yield "brade-names-scripts.png", {**mid, "names": ("שלום 🎲", "محمد علي"),
                                      "lang": "en", "theme": "contrast"}

    t, dice, mover = _selfplay("talisman", 166, _bursts)
    yield "brade-burst.png", dict(position=t.position, rules="talisman", dice=dice,
                                  dice_side=mover, last_turn=t)

    t, dice, mover = _selfplay("talisman", 5, lambda t, n: t.outcome is not None
                               and t.outcome.kind == "jan")
    yield "brade-jan-finish.png", dict(position=t.position, rules="talisman", dice=dice,
                                       dice_side=mover, last_turn=t, names=("Anna", "Björn"))

    # A blockade: white bands on its own 19–24 are black's 7–12 in a row (B-10), and black
    # with two on the bar and only two entry points left — jan danger (B-33).
    blockade = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                              "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    yield "brade-blockade.png", dict(position=blockade, rules="talisman", dice=(3, 3),
                                     names=("Vit", "Svart"))
    yield "brade-blockade-contrast-black.png", dict(position=blockade, rules="talisman",
                                                    dice=(3, 3), theme="contrast",
                                                    perspective=Side.BLACK)

    bearoff = Position.parse("white=19,20x2,21x2,22x3,24x2,offx5 "
                             "black=18,20x3,21x2,23x4,24,offx4 turn=black")
    step = (Step(23, 25, 2), Step(19, 25, 6))
    yield "brade-bearoff.png", dict(position=bearoff, rules="talisman", dice=(6, 2),
                                    dice_side=Side.WHITE, last_mover=Side.WHITE,
                                    last_turn=Turn(step, bearoff),
                                    score=(6, 6, 7), lang="en")

    # the top player bears off by the board's left edge (black's home, bottom left)
    home = Position.parse("white=19,20x2,21x2,22x3,24x2,offx5 "
                          "black=19x2,20x3,21x2,22,23x2,offx5 turn=white")
    yield "brade-bearoff-black.png", dict(position=home, rules="talisman", dice=(6, 3),
                                          dice_side=Side.BLACK, last_mover=Side.BLACK,
                                          last_turn=Turn((Step(20, 25, 6), Step(22, 25, 3)),
                                                         home),
                                          names=("Åsa", "Computer"), lang="en")

    bg = Position.parse("white=1x2,12x3,14x2,17x3,19x3,20x2 black=1,7,12x5,17x3,19x3,20x2 "
                        "turn=black", g.BACKGAMMON)
    yield "backgammon.png", dict(position=bg, rules="backgammon", dice=(4, 2), lang="en",
                                 dice_side=Side.WHITE, last_mover=Side.WHITE,
                                 last_turn=Turn((Step(12, 14, 2), Step(10, 14, 4)), bg))

    yield "puff-lang-start.png", dict(position=Position.start(g.LANG), rules="puff-lang",
                                      dice=(5, 5))
    kon = Position.parse("white=bar,2x2,3,6x3,8,9x2,11x2,16x3 black=barx2,1x2,4,5x3,7,"
                         "10x2,12x2,15,20 turn=black", g.KONTRAR)
    yield "puff-kontrar.png", dict(position=kon, rules="puff-kontrar", dice=(4, 4),
                                   dice_side=Side.BLACK, names=("Greta", "Hans"),
                                   last_mover=Side.WHITE,
                                   last_turn=Turn((Step(12, 16, 4, hit=True),), kon))
    yield "puff-kontrar-black-contrast.png", dict(position=kon, rules="puff-kontrar",
                                                  dice=(4, 4), dice_side=Side.BLACK,
                                                  perspective=Side.BLACK, theme="contrast",
                                                  lang="en", last_mover=Side.WHITE,
                                                  last_turn=Turn((Step(12, 16, 4, hit=True),),
                                                                 kon))
    dk = Position.parse("white=barx4,1x2,2,4x2,6,7x2,10,12x2 black=barx6,2x2,4,5x2,13x2,14,15 "
                        "turn=white", g.DUBBEL_KONTRAR)
    yield "puff-dubbel-kontrar.png", dict(position=dk, rules="puff-dubbel-kontrar",
                                          dice=(6, 2))
    yield "puff-dubbel-kontrar-black.png", dict(position=dk, rules="puff-dubbel-kontrar",
                                                dice=(6, 2), perspective=Side.BLACK,
                                                lang="en")


def scene_png(scene: dict) -> bytes:
    """A scene's board: its ``position``, drawn with the rest as ``BoardOptions.of``."""
    options = dict(scene)
    return render_board(options.pop("position"), BoardOptions.of(**options))


def write_gallery(outdir: str | Path) -> list[Path]:
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, kwargs in scenes():
        path = out / name
        path.write_bytes(scene_png(kwargs))
        written.append(path)
    return written
