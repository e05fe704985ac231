"""Command-line interface: ``python -m engine legal|selfplay|play|arena|replay``.

``legal`` is a contract other tools rely on (issue 7): its JSON shape must not change.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence

from engine import rules as registry
from engine.ascii_board import draw
from engine.dice import format_dice, parse_dice, roll_name
from engine.errors import EngineError
from engine.game import Game
from engine.position import Side


def _legal(args: argparse.Namespace) -> int:
    rules = registry.get(args.rules, args.option or ())
    if args.batch:
        for line in sys.stdin:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            pos_text, _, dice_text = line.partition("\t")
            try:
                pos = rules.parse_position(pos_text)
                turns = rules.legal_turns(pos, parse_dice(dice_text))
                print(json.dumps({"turns": [t.to_json() for t in turns]}, ensure_ascii=False))
            except EngineError as e:
                print(json.dumps({"error": e.key, "message": str(e)}, ensure_ascii=False))
        return 0
    if args.position is None or args.dice is None:
        print("legal needs --position and --dice (or --batch)", file=sys.stderr)
        return 2
    pos = rules.parse_position(args.position)
    turns = rules.legal_turns(pos, parse_dice(args.dice))
    if args.json:
        print(json.dumps({"turns": [t.to_json() for t in turns]}, ensure_ascii=False))
    else:
        for t in turns:
            extra = f"  [{t.outcome.kind} {t.outcome.points}]" if t.outcome else ""
            print(f"{t.text}\t{t.position.format()}{extra}")
    return 0


def play_random_game(rules_name: str, rng: random.Random, max_turns: int = 20000) -> Game:
    """A game between two random players (selfplay, property tests, benchmarks)."""
    game = Game.new(rules_name, rng=random.Random(rng.getrandbits(64)))
    game.opening()
    puff = game.rules.family == "puff"
    while not game.is_over and game.turn_count < max_turns:
        if game.phase == "roll":
            game.roll(one_die=bool(game.history[game.turn].onedie_owed))
        if game.phase == "choose":
            game.choose_roll(rng.choice(game.roll_choices))
        if game.phase == "move":
            if puff:
                # A later pasch can have tens of thousands of results: walk one at random.
                from engine.puff import random_turn

                assert game.dice is not None
                game.apply_generated(random_turn(game.rules, game.position, game.dice, rng))
            else:
                game.play_turn(rng.choice(game.legal_turns))
    return game


def _selfplay(args: argparse.Namespace) -> int:
    name = registry.get(args.rules, args.option or ()).name
    rng = random.Random(args.seed)
    kinds: Counter[str] = Counter()
    munk = 0
    lengths: list[int] = []
    pts: list[int] = []
    wins: Counter[str] = Counter()
    unfinished = 0
    for _ in range(args.games):
        g = play_random_game(name, rng)
        lengths.append(g.turn_count)
        if g.outcome is None:
            unfinished += 1
            continue
        kinds[g.outcome.kind] += 1
        munk += g.outcome.munk
        pts.append(g.outcome.points)
        wins[g.outcome.winner.value] += 1
    n = args.games
    print(f"ruleset {name}: {n} games, seed {args.seed}")
    print(f"turns per game: mean {statistics.mean(lengths):.1f}, median "
          f"{statistics.median(lengths):.0f}, min {min(lengths)}, max {max(lengths)}")
    for kind, c in kinds.most_common():
        print(f"  {kind:<18} {c:>7}  {100 * c / n:6.2f}%")
    print(f"  {'(with munk)':<18} {munk:>7}  {100 * munk / n:6.2f}%")
    if unfinished:
        print(f"  {'unfinished':<18} {unfinished:>7}  {100 * unfinished / n:6.2f}%")
    if pts:
        print(f"points per game: mean {statistics.mean(pts):.3f}; wins white "
              f"{wins['white']}, black {wins['black']}")
        spread = Counter(pts)
        print("points: " + ", ".join(f"{p} in {100 * c / n:.2f}%"
                                     for p, c in sorted(spread.items())))
    return 0


def _play(args: argparse.Namespace) -> int:
    """A human at the terminal against a random or AI player."""
    rules = registry.get(args.rules, args.option or ())
    game = Game.new(rules, seed=args.seed)
    human = Side(args.side)
    agent = None
    if args.opponent != "random":
        from engine.ai import get_agent  # type: ignore[import-not-found]

        agent = get_agent(args.opponent)
    rng = random.Random(args.seed)
    w, b = game.opening()
    print(f"Teka: white {w}, black {b} — {game.turn.value} starts.")
    while not game.is_over:
        print(draw(game.position, perspective=human))
        side = game.turn
        if game.phase == "roll":
            game.roll(one_die=bool(game.history[side].onedie_owed))
        last = game.events[-1] if game.events[-1]["type"] != "roll" else None
        roll_ev = next(e for e in reversed(game.events) if e["type"] == "roll")
        dice = tuple(roll_ev["dice"])
        print(f"{side.value} rolls {roll_name(dice)} ({format_dice(dice, '–')})")
        if last is not None and last["type"] == "forfeit":
            print("  no legal play: the roll is forfeited")
            continue
        if side is human:
            turns = game.legal_turns
            for i, t in enumerate(turns[:30], 1):
                print(f"  {i:>2}. {t.text}")
            while True:
                try:
                    text = input("your play (number or notation, q to quit): ").strip()
                except EOFError:
                    return 0
                if text == "q":
                    return 0
                try:
                    if text.isdigit() and 1 <= int(text) <= len(turns):
                        game.play_turn(turns[int(text) - 1])
                    else:
                        game.play(text)
                    break
                except EngineError as e:
                    print(f"  {e}")
        else:
            turns = game.legal_turns
            turn = agent.choose(rules, game.position, dice, rng) if agent else rng.choice(turns)
            game.play_turn(turn)
            print(f"  {side.value} plays {turn.text}")
    print(draw(game.position, perspective=human))
    o = game.outcome
    assert o is not None
    print(f"{o.winner.value} wins: {o.kind}{' with munk' if o.munk else ''}, {o.points} point(s)")
    return 0


def _arena(argv: Sequence[str]) -> int:
    from engine.ai.arena import main as arena_main  # type: ignore[import-not-found]

    return int(arena_main(list(argv)) or 0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)

    def rules_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--rules", default=registry.DEFAULT,
                        help="ruleset id, optionally with +options (e.g. classic+easy_reentry)")
        sp.add_argument("--option", action="append", help="switch on a ruleset option")

    lg = sub.add_parser("legal", help="list the legal turns for a position and roll")
    rules_args(lg)
    lg.add_argument("--position")
    lg.add_argument("--dice")
    lg.add_argument("--json", action="store_true")
    lg.add_argument("--batch", action="store_true",
                    help="read POSITION<TAB>D1-D2 lines from stdin, print one JSON per line")
    lg.set_defaults(func=_legal)

    sp = sub.add_parser("selfplay", help="random self-play statistics")
    rules_args(sp)
    sp.add_argument("--games", type=int, default=1000)
    sp.add_argument("--seed", type=int, default=1)
    sp.set_defaults(func=_selfplay)

    pl = sub.add_parser("play", help="play in the terminal against a random or AI player")
    rules_args(pl)
    pl.add_argument("--side", choices=["white", "black"], default="white")
    pl.add_argument("--opponent", default="random",
                    help="random, or an AI level (nybörjare, gesäll, mästare)")
    pl.add_argument("--seed", type=int, default=None)
    pl.set_defaults(func=_play)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "arena":
        return _arena(argv[1:])
    if argv and argv[0] == "replay":
        from engine.record import main as replay_main  # type: ignore[import-not-found]

        return int(replay_main(argv[1:]) or 0)
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
