"""``python -m engine analyse GAME.txt [--lang sv]``: a game's analysis as a readable report.

The analysis itself is ``engine.ai.analysis``; this module only words it, in English or
Swedish, for players: no rule ids, game terms as players say them, numbers with the
language's decimal mark.  ``report`` is also what anything else printing an analysis as
text should call, so the wording lives in one place.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.ascii_board import draw
from engine.dice import format_dice, roll_name
from engine.errors import EngineError
from engine.notation import format_turn
from engine.position import Side
from engine.record import print_error, read_text
from engine.words import chances, number, points_unit, side_name, win_phrase

if TYPE_CHECKING:
    from engine.ai.analysis import Decision, GameAnalysis, PlayerSummary

LANGS = ("en", "sv")
MAX_LISTED = 12  # doubtful plays and blunders listed, worst first

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Analysis: {white} (white) – {black} (black), {rules}, {n} turns",
        "result": "Result: {winner} won by {how}, {points} {pts}.",
        "unfinished": "The game is not finished; the turns played so far are analysed.",
        "learned": "the learned evaluation (a network trained by self-play)",
        "hand-built": "the hand-built evaluation",
        "judge": "Judged by {judge}, looking one roll ahead, as the strongest computer "
                 "level plays.",
        "explain": "Points lost: the expected points a play gives away against the best "
                   "play. A doubtful play loses {d} or more, a blunder {b} or more. Luck: "
                   "what a roll was worth against the average roll; above zero the dice "
                   "helped. Forced plays and forfeited rolls are not decisions.",
        "decisions": "Decisions", "lost": "Points lost", "mean": "Per decision",
        "doubtful": "Doubtful plays", "blunders": "Blunders", "luck": "Luck (dice)",
        "play_better": "{name} played better: {x} points fewer given away.",
        "play_equal": "Both played equally well.",
        "dice_better": "{name} had the better dice: worth {x} points more.",
        "dice_equal": "The dice were even.",
        "worst": "Biggest mistake: turn {n}, {name} ({colour}) rolled {dice} ({roll}):",
        "played": "  played  {play}   ({loss} points lost)",
        "best": "  best    {play}",
        "before": "  position before the roll: {pos}",
        "chances": "  after the best play: {chances}",
        "none": "Nobody lost a point on play: every decision was the best one.",
        "list": "Doubtful plays and blunders:",
        "line": "  {n:>3}. {name} {dice}: played {played}, best {best}, {loss} lost ({v})",
        "v.doubtful": "doubtful", "v.blunder": "blunder",
        "more": "  …and {n} more.",
        "progress": "analysing… {pct}%",
    },
    "sv": {
        "title": "Analys: {white} (vit) – {black} (svart), {rules}, {n} drag",
        "result": "Resultat: {winner} vann med {how}, {points} {pts}.",
        "unfinished": "Partiet är inte avslutat; dragen hittills är analyserade.",
        "learned": "den inlärda värderingen (ett nätverk tränat genom självspel)",
        "hand-built": "den handbyggda värderingen",
        "judge": "Bedömt med {judge}, som ser ett slag framåt, så som datorns starkaste "
                 "nivå spelar.",
        "explain": "Förlorade poäng: de förväntade poäng ett drag ger bort jämfört med det "
                   "bästa draget. Ett tveksamt drag förlorar {d} eller mer, ett grovt "
                   "misstag {b} eller mer. Tur: vad ett slag var värt jämfört med ett "
                   "genomsnittligt slag; över noll hjälpte tärningarna. Tvingade drag och "
                   "förverkade slag räknas inte som beslut.",
        "decisions": "Beslut", "lost": "Förlorade poäng", "mean": "Per beslut",
        "doubtful": "Tveksamma drag", "blunders": "Grova misstag", "luck": "Tur (tärningar)",
        "play_better": "{name} spelade bättre: {x} poäng mindre bortgivet.",
        "play_equal": "Båda spelade lika bra.",
        "dice_better": "{name} hade bättre tärningar: värda {x} poäng mer.",
        "dice_equal": "Tärningarna var jämna.",
        "worst": "Största misstaget: drag {n}, {name} ({colour}) slog {dice} ({roll}):",
        "played": "  spelat  {play}   ({loss} poäng förlorade)",
        "best": "  bäst    {play}",
        "before": "  ställningen före slaget: {pos}",
        "chances": "  efter det bästa draget: {chances}",
        "none": "Ingen förlorade poäng på spelet: varje beslut var det bästa.",
        "list": "Tveksamma drag och grova misstag:",
        "line": "  {n:>3}. {name} {dice}: spelat {played}, bäst {best}, {loss} förlorade "
                "({v})",
        "v.doubtful": "tveksamt", "v.blunder": "grovt misstag",
        "more": "  …och {n} till.",
        "progress": "analyserar… {pct} %",
    },
}


def words(lang: str) -> dict[str, str]:
    return _WORDS["sv" if lang == "sv" else "en"]


def _name(a: GameAnalysis, side: Side) -> str:
    return a.players[side].name if side in a.players else side.value


def worst_lines(a: GameAnalysis, d: Decision, lang: str) -> list[str]:
    w = words(lang)
    return [w["worst"].format(n=d.number, name=_name(a, d.side), colour=side_name(d.side, lang).lower(),
                              dice=format_dice(d.dice), roll=roll_name(d.dice)),
            w["played"].format(play=format_turn(d.played, lang), loss=number(d.loss, lang)),
            w["best"].format(play=format_turn(d.best, lang)),
            w["before"].format(pos=d.before.format()),
            *([w["chances"].format(chances=chances(d.best_chances, lang))]
              if d.best_chances is not None else [])]


def report(a: GameAnalysis, lang: str = "en", board: bool = True) -> str:
    """The whole analysis as text in ``lang`` ("en" or "sv")."""
    from engine.ai.analysis import BLUNDER, DOUBTFUL

    w = words(lang)
    out = [w["title"].format(white=a.white, black=a.black, rules=a.rules,
                             n=len(a.decisions))]
    o = a.outcome
    if o is None:
        out.append(w["unfinished"])
    else:
        out.append(w["result"].format(
            winner=_name(a, o.winner), how=win_phrase(o.kind, o.munk, lang),
            points=o.points, pts=points_unit(o.points, lang)))
    out.append(w["judge"].format(judge=w[a.evaluator]))
    out.append(w["explain"].format(d=number(DOUBTFUL, lang), b=number(BLUNDER, lang)))
    out.append("")
    pw, pb = a.players[Side.WHITE], a.players[Side.BLACK]
    head = [pw.name, pb.name]
    width = max(14, *(len(h) for h in head)) + 2
    label = max(len(w[k]) for k in ("decisions", "lost", "mean", "doubtful", "blunders",
                                    "luck")) + 2
    out.append(" " * label + "".join(f"{h:>{width}}" for h in head))
    rows: tuple[tuple[str, Callable[[PlayerSummary], str]], ...] = (
            ("decisions", lambda p: str(p.decisions)),
            ("lost", lambda p: number(p.total_loss, lang)),
            ("mean", lambda p: number(p.mean_loss, lang, 3)),
            ("doubtful", lambda p: str(p.doubtful)),
            ("blunders", lambda p: str(p.blunders)),
            ("luck", lambda p: number(p.luck, lang, sign=True)))
    for key, cell in rows:
        out.append(f"{w[key]:<{label}}" + "".join(f"{cell(p):>{width}}" for p in (pw, pb)))
    out.append("")
    gap = pw.total_loss - pb.total_loss
    if abs(gap) < 0.005:
        out.append(w["play_equal"])
    else:
        better = pb if gap > 0 else pw
        out.append(w["play_better"].format(name=better.name, x=number(abs(gap), lang)))
    gap = pw.luck - pb.luck
    if abs(gap) < 0.005:
        out.append(w["dice_equal"])
    else:
        luckier = pw if gap > 0 else pb
        out.append(w["dice_better"].format(name=luckier.name, x=number(abs(gap), lang)))
    out.append("")
    worst = a.worst
    if worst is None:
        out.append(w["none"])
        return "\n".join(out) + "\n"
    out += worst_lines(a, worst, lang)
    if board:
        out.append("")
        out.append(draw(worst.before, perspective=worst.side, lang=lang))
    marked = sorted((d for d in a.decisions if d.verdict), key=lambda d: -d.loss)
    if marked:
        out.append("")
        out.append(w["list"])
        for d in sorted(marked[:MAX_LISTED], key=lambda d: d.number):
            out.append(w["line"].format(n=d.number, name=_name(a, d.side),
                                        dice=format_dice(d.dice),
                                        played=format_turn(d.played, lang),
                                        best=format_turn(d.best, lang), loss=number(d.loss, lang),
                                        v=w[f"v.{d.verdict}"]))
        if len(marked) > MAX_LISTED:
            out.append(w["more"].format(n=len(marked) - MAX_LISTED))
    return "\n".join(out) + "\n"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register ``analyse`` (also spelt ``analyze``) on ``python -m engine``'s parser."""
    p = sub.add_parser("analyse", aliases=["analyze"],
                       help="analyse a recorded game: mistakes, points lost, luck",
                       description="Analyse a recorded game: every decision against the "
                                   "best play, the points lost, and the luck of the dice.")
    p.add_argument("file", help="the game record (a text file; '-' reads standard input)")
    p.add_argument("--lang", choices=LANGS, default="en", help="report language (sv: svenska)")
    p.add_argument("--no-board", action="store_true", help="leave out the text board")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    from engine.ai.analysis import analyse  # numpy and the networks load only when used

    w = words(args.lang)
    text = read_text(args.file, args.lang)
    if text is None:
        return 2
    show = sys.stderr.isatty()

    def progress(fraction: float) -> None:
        if show:
            print("\r" + w["progress"].format(pct=round(100 * fraction)), end="",
                  file=sys.stderr, flush=True)

    try:
        result = analyse(text, progress=progress)
    except EngineError as e:
        if show:
            print(file=sys.stderr)
        print_error(e, args.lang)
        return 2
    if show:
        print(file=sys.stderr)
    print(report(result, args.lang, board=not args.no_board), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.analyse_cli FILE [--lang sv]`` (the same as ``engine analyse``)."""
    p = argparse.ArgumentParser(prog="python -m engine")
    add_parser(p.add_subparsers(dest="cmd", required=True))
    return run(p.parse_args(["analyse", *(sys.argv[1:] if argv is None else argv)]))


if __name__ == "__main__":
    raise SystemExit(main())
