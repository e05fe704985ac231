"""Board pictures: ``render_board(position, rules, ...) -> PNG bytes`` (issue 2).

A board a player acts on is drawn for that player: ``render_board(..., perspective=side,
dice=roll, dice_side=side, last_turn=turn, lang="sv")`` puts ``side`` at the bottom, labels
the points in its numbering and writes the last turn in that numbering and language.

Imports the engine, never the bot; returns bytes, never a Discord object.
"""

from render.board import Score, render_board, render_image
from render.bracket import render_bracket, render_standings
from render.layout import LAYOUT, Layout, checker_center, point_center
from render.replay import render_replay
from render.themes import THEMES, Theme

__all__ = ["LAYOUT", "THEMES", "Layout", "Score", "Theme", "checker_center", "point_center",
           "render_board", "render_bracket", "render_image", "render_replay",
           "render_standings"]
