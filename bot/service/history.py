"""A game's record as text: the teka, one line per turn and the result, game by game,
and the seed of each finished game's dice (docs/dice.md).  Every roll is written in the
order its dice were drawn, as the channel and the exported record write it; a
generalpasch roll played as a pasch is written as both ("4–2 as 6–6").

Used by ``/brade history`` (this channel's game) and ``/watch history`` (any game): both
show the whole record, as pages a member can turn when it is longer than one message
(issue 30: a 177-turn game lost its first 98 turns to the message limit), or as a text
file.  ``record_lines`` is the record's one source: the pages and the file are cut from
it, and whatever else a finished record should say is appended to its list.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import outcome_text, play_words, points_unit, side_name, t
from bot.service.games.core import ENDED
from bot.store import GameRow
from engine.dice import drawn_dice
from engine.game import Game
from engine.position import Side

ENDINGS = ("win", "resign", "abandon")
ENGINE_EVENTS = ("teka", "start", "roll", "choose", "play", "forfeit", "win", "resign",
                 "abandon")


def split_games(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The engine's events of a match row, one list per game (a game ends with its result)."""
    out: list[list[dict[str, Any]]] = [[]]
    for e in events:
        if e.get("type") not in ENGINE_EVENTS:
            continue
        out[-1].append(e)
        if e["type"] in ENDINGS:
            out.append([])
    return [g for g in out if g]


def history_lines(events: list[dict[str, Any]], lang: str) -> list[str]:
    """One game's turns as text lines: each play in its mover's own numbering (as the
    engine recorded it), in the reader's words (``20/ut``; a forfeited roll "no play"),
    and the result with its unit."""
    lines = []
    n = 0
    rolled: tuple[int, ...] = ()
    for e in events:
        kind = e.get("type")
        if kind == "teka":
            lines.append(t("history.teka", lang, w=e["white"], b=e["black"]))
        elif kind == "roll":
            rolled = tuple(e["dice"])
        elif kind in ("play", "forfeit"):
            n += 1
            side = side_name(Side(e["side"]), lang)
            played = tuple(e.get("dice") or ())
            dice = drawn_dice(played, "–") if played else ""
            if played and rolled and played != rolled:  # a generalpasch named a pasch
                dice = t("history.named", lang, rolled=drawn_dice(rolled, "–"), named=dice)
            rolled = ()
            play = t("history.no_play", lang) if kind == "forfeit" \
                else play_words(str(e["moves"]), lang)
            lines.append(f"{n}. {side} {dice}: {play}")
        elif kind in ENDINGS:
            o = e["outcome"]
            lines.append(t("history.end", lang, who=side_name(Side(o["winner"]), lang),
                           how=outcome_text(o["kind"], o["munk"], lang), points=o["points"],
                           unit=points_unit(int(o["points"]), lang)))
            if e.get("seed"):  # the game is over: its dice's seed is public
                lines.append(t("history.seed", lang, seed=e["seed"]))
    return lines


def dice_lines(row: GameRow, events: list[dict[str, Any]], lang: str) -> list[str]:
    """After the moves, what the row's last game says about its dice that its events do
    not: an aborted game's seed, a running game's commitment (never its seed), that a
    game from before fair dice has none; and, once any seed is shown, how to check it."""
    state = row.state or {}
    if not state.get("game"):
        return []
    game = Game.from_json(state["game"])
    lines = []
    shown = any(e.get("type") in ENDINGS and e.get("seed") for e in events)
    if game.commitment is None:
        if game.is_over or row.status in ENDED:
            lines.append(t("history.no_commitment", lang))
    elif not game.is_over and row.status in ENDED:
        lines.append(t("history.seed", lang, seed=game.reveal()))  # aborted
        shown = True
    elif not game.is_over:
        lines.append(t("history.commitment", lang, commitment=game.commitment))
    if shown:
        lines.append(t("history.verify", lang, id=row.id))
    return lines


def record_lines(head: str, rules: str, status: str, events: list[dict[str, Any]],
                 lang: str) -> list[str]:
    """The whole record of a game row, a line each: ``head`` (who played where), the
    ruleset, each game of a match under its number, and how it stands (aborted, or no
    turn yet).  A list, so a caller can add to the end of a record."""
    lines = [head, t("history.head", lang, rules=rules)]
    parts = split_games(events)
    for number, part in enumerate(parts, 1):
        if len(parts) > 1:
            lines.append(game_heading(number, lang))
        lines += history_lines(part, lang)
    if status == "aborted":
        lines.append(t("history.aborted", lang))
    if not any(e.get("type") in ("play", "forfeit") for e in events):
        lines.append(t("history.empty", lang))
    return lines


def game_heading(number: int, lang: str) -> str:
    """The line that starts game ``number`` of a match in its record."""
    return t("watch.history.game", lang, n=number)


def paginate(lines: list[str], room: int, headings: frozenset[str] = frozenset()
             ) -> list[list[str]]:
    """``lines`` cut into pages of at most ``room`` characters each (joined by line
    breaks), never inside a line; a line longer than a page (none is: a turn is a few
    dozen characters) is shortened.  A page that begins inside a game of a match starts
    with that game's heading again (``headings``: the lines that start a game).  Filled
    from the first line, so a page keeps its turns while the game goes on and only the
    last page grows."""
    room -= max((len(h) + 1 for h in headings), default=0)  # a repeated heading's room
    pages: list[list[str]] = [[]]
    used = 0
    heading = ""
    for line in lines:
        line = line if len(line) <= room else line[:room - 1] + "…"
        cost = len(line) + (1 if pages[-1] else 0)
        if pages[-1] and used + cost > room:
            pages.append([heading] if heading and line not in headings else [])
            used = len(heading) if pages[-1] else 0
            cost = len(line) + (1 if pages[-1] else 0)
        if line in headings:
            heading = line
        pages[-1].append(line)
        used += cost
    return pages
