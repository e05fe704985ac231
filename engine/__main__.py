"""Command-line interface: ``python -m engine legal|selfplay|play|arena|replay|verify``.

``legal`` is a contract other tools rely on (issue 7): its JSON shape must not change.
``play`` is the quickest way to try the engine: a game in the terminal, in English or
Swedish, that says in words why a roll is forfeited and how a game was won.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import rules as registry
from engine.ascii_board import draw
from engine.dice import format_dice, parse_dice, roll_name
from engine.errors import EngineError
from engine.explain import forfeit_reason
from engine.game import Game
from engine.generators import legal_turns
from engine.messages import explain_outcome
from engine.notation import format_turn
from engine.position import Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn
from engine.words import side_name

if TYPE_CHECKING:  # the AI and the record format load only when a command needs them
    from engine.ai import Agent
    from engine.record import RecordTurn


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
                turns = legal_turns(rules, pos, parse_dice(dice_text))
                print(json.dumps({"turns": [t.to_json() for t in turns]}, ensure_ascii=False))
            except EngineError as e:
                print(json.dumps({"error": e.key, "message": str(e)}, ensure_ascii=False))
        return 0
    if args.position is None or args.dice is None:
        print("legal needs --position and --dice (or --batch)", file=sys.stderr)
        return 2
    pos = rules.parse_position(args.position)
    turns = legal_turns(rules, pos, parse_dice(args.dice))
    if args.json:
        print(json.dumps({"turns": [t.to_json() for t in turns]}, ensure_ascii=False))
    else:
        for t in turns:
            extra = f"  [{t.outcome.kind} {t.outcome.points}]" if t.outcome else ""
            print(f"{t.text}\t{t.position.format()}{extra}")
    return 0


def play_random_game(rules_name: str, rng: random.Random, max_turns: int = 20000) -> Game:
    """A game between two random players (selfplay, property tests, benchmarks)."""
    game = Game.new(rules_name, seed=rng.getrandbits(64))
    game.opening()
    puff = game.rules.die_by_die
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


#: What the terminal game and replay say, in English and Swedish.
_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "intro": "You play {side} ({mark}) against {opponent}. Each player counts the points "
                 "along their own path: your numbers are next to the points, your "
                 "opponent's outside them, and every play is written in its player's own "
                 "numbers. Type a number from the list or a move like 1/7 7/12; q quits.",
        "random": "a random player",
        "teka": "Teka: White {w}, Black {b}. {side} starts.",
        "rolls": "{side} rolls {name} ({dice}).",
        "choose": "Generalpasch: play the roll as which pasch? Choices: {choices}",
        "choose_prompt": "choice (number): ",
        "plays": "  {side} plays {moves}.",
        "more": "  ... and {n} more; type the move.",
        "prompt": "your play (number or move, q to quit): ",
        "again": "Another game? (y/n): ",
        "yes": "y",
        "rolls_one": "{side} may roll one die (y/n): ",
        "header": "{white} (white) – {black} (black), {rules}, {n} turns",
        "position": "position: {text}",
        "result": "result: {text}",
        "to_play": "unfinished: {side} to play {dice}",
        "to_roll": "unfinished: {side} to roll",
    },
    "sv": {
        "intro": "Du spelar {side} ({mark}) mot {opponent}. Var spelare räknar tungorna längs "
                 "sin egen väg: dina nummer står närmast tungorna, motståndarens utanför, "
                 "och varje drag skrivs i sin spelares egna nummer. Skriv ett nummer ur "
                 "listan eller ett drag som 1/7 7/12; q avslutar.",
        "random": "en slumpspelare",
        "teka": "Teka: Vit {w}, Svart {b}. {side} börjar.",
        "rolls": "{side} slår {name} ({dice}).",
        "choose": "Generalpasch: vilken pasch ska slaget spelas som? Val: {choices}",
        "choose_prompt": "val (nummer): ",
        "plays": "  {side} spelar {moves}.",
        "more": "  ... och {n} till; skriv draget.",
        "prompt": "ditt drag (nummer eller drag, q avslutar): ",
        "again": "Ett parti till? (j/n): ",
        "yes": "j",
        "rolls_one": "{side} får slå med en tärning (j/n): ",
        "header": "{white} (vit) – {black} (svart), {rules}, {n} drag",
        "position": "ställning: {text}",
        "result": "resultat: {text}",
        "to_play": "oavslutat: {side} ska spela {dice}",
        "to_roll": "oavslutat: {side} ska slå",
    },
}

_LIST = 30  # plays listed for the human; the rest can be typed


class _Quit(Exception):
    """The player typed q or closed standard input."""


def _say(lang: str, key: str, **params: object) -> str:
    return _TEXTS[lang][key].format(**params)


def _ask(prompt: str) -> str:
    try:
        text = input(prompt).strip()
    except EOFError:
        raise _Quit from None
    if text.lower() in ("q", "quit", "avsluta"):
        raise _Quit
    return text


def _play(args: argparse.Namespace) -> int:
    """A human at the terminal against a random or AI player, as many games as wanted."""
    rules = registry.get(args.rules, args.option or ())
    lang = args.lang
    human = Side(args.side)
    agent = None
    if args.opponent != "random":
        from engine.ai import get_agent

        agent = get_agent(args.opponent)
    seed = args.seed
    print(_say(lang, "intro", side=side_name(human, lang).lower(),
               mark="O" if human is Side.WHITE else "X",
               opponent=_say(lang, "random") if agent is None else args.opponent))
    try:
        while True:
            _one_game(rules, human, agent, seed, lang)
            if _ask(_say(lang, "again")).lower()[:1] not in ("y", "j"):
                return 0
            seed = None if seed is None else seed + 1
    except _Quit:
        return 0


def _one_game(rules: RuleSet, human: Side, agent: Agent | None, seed: int | None,
              lang: str) -> None:
    game = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    w, b = game.opening()
    print(_say(lang, "teka", w=w, b=b, side=side_name(game.turn, lang)))
    puff = rules.die_by_die
    if game.phase == "move" and game.dice:  # backgammon: the teka dice are the first roll
        print(draw(game.position, perspective=human, lang=lang, both=True))
        print(_say(lang, "rolls", side=side_name(game.turn, lang), name=roll_name(game.dice),
                   dice=format_dice(game.dice, "–")))
    while not game.is_over:
        side = game.turn
        if game.phase == "roll":
            print(draw(game.position, perspective=human, lang=lang, both=True))
            before = game.position
            owed = bool(game.history[side].onedie_owed)
            one = owed
            if not owed and game.one_die_available() and side is human:
                one = _ask(_say(lang, "rolls_one", side=side_name(side, lang))).lower()[:1] \
                    in ("y", "j")
            game.roll(one_die=one)
            dice = tuple(game.dice or next(e["dice"] for e in reversed(game.events)
                                           if e["type"] == "roll"))
            print(_say(lang, "rolls", side=side_name(side, lang), name=roll_name(dice),
                       dice=format_dice(dice, "–")))
            if game.events[-1]["type"] == "forfeit":
                print("  " + forfeit_reason(before, dice, lang))
                continue
        if game.phase == "choose":
            choices = game.roll_choices
            if side is human:
                listed = ", ".join(f"{i}. {roll_name(c)} ({format_dice(c, '–')})"
                                   for i, c in enumerate(choices, 1))
                print(_say(lang, "choose", choices=listed))
                pick = _ask(_say(lang, "choose_prompt"))
                while not (pick.isdigit() and 1 <= int(pick) <= len(choices)):
                    pick = _ask(_say(lang, "choose_prompt"))
                chosen = choices[int(pick) - 1]
            else:
                chosen = rng.choice(choices)
            before = game.position
            game.choose_roll(chosen)
            if game.phase != "move":  # the chosen pasch had no legal play
                print("  " + forfeit_reason(before, chosen, lang))
                continue
        assert game.dice is not None
        dice = game.dice
        if side is human:
            turns = game.legal_turns
            for i, t in enumerate(turns[:_LIST], 1):
                print(f"  {i:>2}. {format_turn(t, lang)}")
            if len(turns) > _LIST:
                print(_say(lang, "more", n=len(turns) - _LIST))
            while True:
                text = _ask(_say(lang, "prompt"))
                try:
                    if text.isdigit() and 1 <= int(text) <= min(len(turns), _LIST):
                        game.play_turn(turns[int(text) - 1])
                    else:
                        game.play(text)
                    break
                except EngineError as e:
                    print("  " + e.message(lang))
        else:
            if agent is not None:
                # the engine's own player: a puff pasch's play need not be listed first
                turn = game.apply_generated(agent.choose(rules, game.position, dice, rng))
            elif puff:
                # A later pasch can have tens of thousands of plays: walk one at random.
                from engine.puff import random_turn

                turn = game.apply_generated(random_turn(rules, game.position, dice, rng))
            else:
                turn = game.play_turn(rng.choice(game.legal_turns))
            # in its own numbering, as players write plays (the board prints both)
            print(_say(lang, "plays", side=side_name(side, lang),
                       moves=format_turn(turn, lang)))
    print(draw(game.position, perspective=human, lang=lang, both=True))
    assert game.outcome is not None
    print(explain_outcome(game.outcome, lang, rules.family))


def _result(game: Game, lang: str) -> str:
    """The end of a replayed record in words, or who is to act in an unfinished one."""
    if game.outcome is not None:
        return explain_outcome(game.outcome, lang, game.rules.family)
    who = side_name(game.turn, lang).lower()
    if game.phase == "move" and game.dice:
        return _say(lang, "to_play", side=who, dice=format_dice(game.dice, "-"))
    return _say(lang, "to_roll", side=who)


def _replay(args: argparse.Namespace) -> int:
    """Replay a game record (docs/league.md) and print its end, in the chosen language."""
    from engine.record import parse, print_error, read_text, replay

    lang = args.lang
    text = read_text(args.file, lang)
    if text is None:
        return 2
    view = Side(args.perspective)

    def show(game: Game, t: RecordTurn, played: Turn | None) -> None:
        last = game.last_play()
        moves = str(last["moves"]) if last else ""
        if lang == "sv":
            moves = re.sub(r"/off\b", "/ut", moves)
        print(f"{t.number}. {side_name(t.side, lang).lower()} {format_dice(t.dice)} {moves}")
        print(draw(game.position, perspective=view, lang=lang))
        print()

    try:
        rec = parse(text)
        game = replay(rec, on_turn=show if args.verbose else None)
    except EngineError as e:
        print_error(e, lang)
        return 2
    print(_say(lang, "header", white=rec.white, black=rec.black, rules=game.rules.name,
               n=game.turn_count))
    print(draw(game.position, perspective=view, lang=lang))
    print(_say(lang, "position", text=game.position.format()))
    print(_say(lang, "result", text=_result(game, lang)))
    return 0


def _verify(args: argparse.Namespace) -> int:
    """Check a finished game's dice against its seed and commitment (docs/dice.md):
    0 when every roll follows, 1 when one does not (or the game cannot be checked), 2
    when the record cannot be read or replayed."""
    from engine.record import print_error, read_text
    from engine.verify import verify

    text = read_text(args.file, args.lang)
    if text is None:
        return 2
    try:
        verdict = verify(text, seed=args.seed, expected=args.commitment)
    except EngineError as e:
        print_error(e, args.lang)
        return 2
    print(verdict.message(args.lang))
    return 0 if verdict.ok else 1


def _arena(argv: Sequence[str]) -> int:
    from engine.ai.arena import main as arena_main

    return int(arena_main(list(argv)) or 0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine",
        description="The bräde and puff rules engine from the command line. "
                    "'python -m engine SUBCOMMAND --help' tells more about each.")
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
    pl.add_argument("--lang", choices=["en", "sv"], default="en",
                    help="language of everything the game says (sv: svenska)")
    pl.set_defaults(func=_play)

    rp = sub.add_parser("replay", help="replay a game record and print its end and result",
                        description="Replay a game record (docs/league.md) and print the "
                                    "final position and the result.")
    rp.add_argument("file", help="the record (a text file; '-' reads standard input)")
    rp.add_argument("--verbose", "-v", action="store_true", help="print every position")
    rp.add_argument("--perspective", choices=["white", "black"], default="white",
                    help="whose numbering the boards use")
    rp.add_argument("--lang", choices=["en", "sv"], default="en",
                    help="language of the output and of error messages")
    rp.set_defaults(func=_replay)

    vf = sub.add_parser("verify", help="check a finished game's dice against its seed",
                        description="Check that every roll of a finished game's record "
                                    "follows from its seed, and that the seed matches the "
                                    "commitment the game showed before its first roll "
                                    "(docs/dice.md).")
    vf.add_argument("file", help="the game's record, as /watch export gives it ('-': "
                                 "standard input)")
    vf.add_argument("--seed", help="the seed, when the record does not name it")
    vf.add_argument("--commitment", help="the commitment from the game's first message: "
                                         "the record's must be the same")
    vf.add_argument("--lang", choices=["en", "sv"], default="en",
                    help="language of the answer")
    vf.set_defaults(func=_verify)

    # arena parses its own arguments (python -m engine arena --help lists them)
    sub.add_parser("arena", add_help=False,
                   help="AI against AI: win rates and points with confidence intervals")

    from engine import analyse_cli  # analyse GAME.txt [--lang sv]: engine/analyse_cli.py

    analyse_cli.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "arena":
        return _arena(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
