"""A second front end's presenter: a game's outcomes as lines of plain text.

The Discord presenter (``bot.delivery.games``) turns an outcome into messages, edits and
buttons; this one turns the same outcomes into what a terminal, a log or a web page's
live feed would show: what happened, the board described in words (its alt text, the
words a screen reader says), what the player to act may do next, and a note for the
member who acted.  It reads the outcome's values only (``bot.service.model``), and the
use-cases need nothing of it: a new front end is a new presenter.

Members are named by their names (``@Åsa``), never by Discord's mention markup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.delivery.mentions import in_plain
from bot.service.model import Button, Post, Reply
from bot.service.pictures import describe


@dataclass(frozen=True)
class Control:
    """One thing the player to act may do, as the plain front end offers it: a button
    (``action`` on ``game_id`` at ``version``, with its ``arg``) or a menu's option
    (``action`` "pick", ``arg`` the picker's path with the option's letter)."""

    label: str
    action: str
    game_id: int
    version: int
    arg: str = ""


class PlainText:
    """Outcomes as lines of text; ``name`` gives a member's name by id."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name

    def text(self, text: str) -> str:
        """A text of the service's, its members named."""
        return in_plain(text, self.name)

    def post(self, post: Post) -> list[str]:
        """One post: what it says, its board in words, what may be done next."""
        lines = [self.text(post.text)] if post.text else []
        if post.board is not None:
            lines.append(f"[{describe(post.board)}]")
        if post.prompt:
            lines.append(self.text(post.prompt))
        lines += [f"  ({c.label})" for c in self.controls(post)]
        return lines

    def lines(self, reply: Reply) -> list[str]:
        """Everything one outcome says, in order: the challenge answered, the picker's
        new state, the public posts, then the note for the member who acted."""
        out: list[str] = []
        if reply.challenge is not None:
            out += self.post(reply.challenge)
        if reply.picker is not None:
            out += self.post(reply.picker)
        for post in reply.posts:
            out += self.post(post)
        if reply.private:
            out.append(self.text(reply.private))
        return out

    @staticmethod
    def controls(post: Post) -> list[Control]:
        """What the post offers: its buttons, then its menu's options."""
        out = [_control(b) for b in post.buttons]
        if post.menu is not None:
            m = post.menu
            out += [Control(o.label, "pick", m.game_id, m.version, m.path + o.value[:1])
                    for o in m.options]
        return out


def _control(button: Button) -> Control:
    return Control(button.label, button.action, button.game_id, button.version, button.arg)
