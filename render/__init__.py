"""Board pictures: ``render_board(position, rules, ...) -> PNG bytes`` (issue 2).

A game's boards hold still (issue 22): ``render_board(position, rules, perspective=side,
numbers="both", ...)`` keeps ``side`` at the bottom for the whole game (against the
computer: the human) and prints both players' numbering, each in its player's colours.
``dice`` thrown by the side to move are the roll to play; the roll just played
(``last_dice``, or ``dice`` thrown by the other side) lies faded in its roller's half with
the play (``last_turn``) in the mover's numbering; ``result=Result(outcome, match_score,
match_over)`` ends the game on the board.  ``fallback_names`` (members' usernames) stand in
for names with characters no font here has.  ``render.alt_text.alt_text`` takes the same
arguments and says what the board shows, for the attachment's description.

Imports the engine, never the bot; returns bytes, never a Discord object.
"""

from render.alt_text import alt_text
from render.board import render_board, render_image
from render.bracket import render_bracket, render_standings
from render.layout import LAYOUT, Layout, checker_center, point_center
from render.options import BOTH, BoardOptions, Result, Score
from render.replay import render_replay
from render.themes import THEMES, Theme

__all__ = [
           "BOTH",
           "LAYOUT",
           "THEMES",
           "BoardOptions",
           "Layout",
           "Result",
           "Score",
           "Theme",
           "alt_text",
           "checker_center",
           "point_center",
           "render_board",
           "render_bracket",
           "render_image",
           "render_replay",
           "render_standings",
]
