"""``alt_text``: what a board picture shows, in words, for a member using a screen reader.

Discord reads an attachment's description aloud in place of the picture; it may be at
most 1,024 characters.  The text is made from the same arguments as ``render_board``
(a bot passes both the same values) in the reader's language: the ruleset and match,
the result or whose turn it is and the roll to play, the play just made with its roll
(in its mover's own numbering, as the message writes it), warnings the board points out,
and each side's checkers point by point in that side's own numbering, with those on the
bar and borne off.  When everything does not fit, the least needed goes first (the pip
counts, the warnings), and the checkers are never cut in the middle of a point.

A pure function, like the renderer.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import format_dice, roll_name
from engine.notation import format_turn
from engine.position import BAR, OFF, Position, Side
from engine.turn import Turn
from render.analysis import holds_iron_bands, infer_mover, jan_danger
from render.board import DEFAULT, player_names
from render.options import BoardOptions, Result
from render.texts import ALT, LANGS, describe_rules, jan_nouns, result_lines, side_name

LIMIT = 1024  # Discord's limit on an attachment's description
NAME_MAX = 40  # a longer name is cut, so the board's own content always has room


def alt_text(position: Position, options: BoardOptions = DEFAULT, *,
             limit: int = LIMIT) -> str:
    """The board's description (see the module doc), at most ``limit`` characters.

    Takes the options ``render_board`` draws with; those that change only how the
    picture looks (``perspective``, ``numbers``, ``theme``, ``layout``) are not read.
    """
    o = options
    lang, names, fallback_names = o.lang, o.names, o.fallback_names
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    words = ALT[lang]
    info = describe_rules(o.rules, position.geometry, lang)
    who_names = player_names(names, fallback_names, lang)
    given = bool(names) or bool(fallback_names)

    def who(side: Side) -> str:
        plain = side_name(lang, side)
        name = who_names[side]
        if len(name) > NAME_MAX:  # Discord's names are at most 32 characters
            name = name[:NAME_MAX - 1] + "…"
        return words["side"].format(side=plain, name=name) if given else plain

    dice, last_dice, last_turn, result, stopped = (o.dice, o.last_dice, o.last_turn,
                                                   o.result, o.stopped)
    mover = o.last_mover or (
        infer_mover(position, last_turn) if last_turn is not None else None)
    if result is None and last_turn is not None and last_turn.outcome is not None:
        result = Result(last_turn.outcome)
    thrower = o.dice_side or position.turn
    to_play = dice if dice and result is None and not stopped and thrower is position.turn \
        else None
    past_dice = last_dice
    if dice and to_play is None and past_dice is None and (mover is None or mover is thrower):
        past_dice, mover = dice, mover or thrower

    head = [info.title + "."]
    match = o.score
    if match is not None and match.length:
        head.append(words["match"].format(n=match.length, white=who(Side.WHITE),
                                          black=who(Side.BLACK), a=match.white,
                                          b=match.black))
    if result is not None:
        head.append(". ".join(result_lines(lang, result.outcome, who_names, result.match,
                                           result.match_over)) + ".")
    last = _last(words, lang, mover, past_dice, last_turn, who)
    if last:
        head.append(last)
    if stopped and result is None:
        head.append(words["stopped"])
    elif result is None:
        side = position.turn
        if to_play:
            key = "one_die" if len(to_play) == 1 else "to_play"
            head.append(words[key].format(who=who(side), dice=format_dice(to_play, "–"),
                                          roll=roll_name(to_play)))
        else:
            head.append(words["to_roll"].format(who=who(side)))
    warnings = []
    for side in Side if result is None and not stopped else ():  # a finished game warns
        # of nothing
        danger = jan_danger(position, side, info.family)
        if danger:
            entries, hit = jan_nouns(lang, danger.free, danger.bar)
            warnings.append(words["jan"].format(who=who(side), free=danger.free,
                                                bar=danger.bar, entries=entries, hit=hit))
        if holds_iron_bands(position, side, info.family):
            warnings.append(words["iron"].format(who=who(side)))
    pips = [words["pips"].format(side=side_name(lang, s), n=position.pips(s)) for s in Side]
    checkers = [_checkers(words, lang, position, s, info.family) for s in Side]
    # the least needed first to go: pip counts, then warnings
    for parts in ([*head, *checkers, *warnings, *pips], [*head, *checkers, *warnings],
                  [*head, *checkers]):
        text = " ".join(parts)
        if len(text) <= limit:
            return text
    return _cut(" ".join([*head, *checkers]), limit)


def _last(words: dict[str, str], lang: str, mover: Side | None,
          dice: tuple[int, ...] | None, turn: Turn | None, who: Callable[[Side], str]) -> str:
    if mover is None or (dice is None and turn is None):
        return ""
    if turn is None:
        assert dice is not None
        return words["rolled"].format(who=who(mover), dice=format_dice(dice, "–"),
                                      roll=roll_name(dice))
    play = format_turn(turn, lang)
    play = play.replace("!", words["burst"]).replace("*", words["hit"])
    if dice is None:
        return words["last_no_dice"].format(who=who(mover), play=play)
    key = "forfeit" if turn.is_forfeit else "last"
    return words[key].format(who=who(mover), dice=format_dice(dice, "–"),
                             roll=roll_name(dice), play=play)


def _checkers(words: dict[str, str], lang: str, position: Position, side: Side,
              family: str) -> str:
    """A side's checkers by its own point numbers: "1: 3, 6: 2, …, 2 slagna, 4 utspelade"."""
    counts = position.side(side)
    parts = [f"{p}: {counts[p]}" for p in range(1, 25) if counts[p]]
    if counts[BAR]:
        key = "bar_puff" if family == "puff" else "bar_1" if counts[BAR] == 1 else "bar"
        parts.append(words[key].format(n=counts[BAR]))
    if counts[OFF]:
        parts.append(words["off"].format(n=counts[OFF]))
    name = side_name(lang, side)
    return words["checkers"].format(side=name, side_l=name.lower(),
                                    points=", ".join(parts) or words["none"])


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    at = cut.rfind(", ")
    return (cut[:at] if at > limit // 2 else cut) + "…"
