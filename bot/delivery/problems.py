"""Problems' pictures, their private messages and the daily problem's post.

Both pictures (the problem's board, the answer's plays beside the best) are drawn by the
board workers, never on the event loop, and go out with their alt text in the reader's
language.  A problem's message carries its picker (issue 46, ``bot.views.problem_view``);
a press is answered on the pressed message: a narrower menu (the picture kept), the
chosen play drawn on the board, or the verdict and its picture, the controls spent.  The daily problem is posted in its channel with its button (``ProblemButton``),
which opens the problem privately for whoever presses it.
"""

from __future__ import annotations

import io
import logging

import discord

from bot.delivery import answers
from bot.delivery.games import board_file
from bot.permissions import Rights, to_post
from bot.service.pictures import RenderPool
from bot.service.problems import DailyPost, ProblemReply
from bot.service.text import MESSAGE_LIMIT, clip, shorten
from bot.views import ProblemButton, layout, problem_view
from render.problem import answer_alt_text, render_answer

log = logging.getLogger(__name__)


async def problem_picture(pictures: RenderPool, reply: ProblemReply) -> discord.File | None:
    """The reply's picture: the problem's board, or the answer's plays."""
    if reply.board is not None:
        return await board_file(pictures, reply.board, "problem.png")
    a = reply.answer
    if a is None:
        return None
    p = a.problem
    png = await pictures.draw(render_answer, p.ruleset, p.dice, a.mover, a.best, a.theirs,
                              a.captions, lang=a.lang, theme=a.theme, names=a.names)
    return discord.File(io.BytesIO(png), filename="answer.png",
                        description=answer_alt_text(p.ruleset, p.dice, a.mover, a.best,
                                                    a.captions, lang=a.lang, names=a.names))


async def show_problem(interaction: discord.Interaction, pictures: RenderPool,
                       reply: ProblemReply) -> None:
    """A problem's reply, privately: a new message after ``/brade problem`` or the daily
    problem's button, else (``reply.picked``, a press on the picker) the pressed
    message rewritten, its picture replaced unless ``same_position``."""
    view = problem_view(reply.controls) if reply.controls is not None else None
    if not reply.picked:
        await answers.show(interaction, clip(reply.text),
                           file=await problem_picture(pictures, reply), view=view)
        return
    kwargs: dict[str, object] = {"content": shorten(reply.text, MESSAGE_LIMIT), "view": view}
    if not reply.same_position:
        file = await problem_picture(pictures, reply)
        kwargs["attachments"] = [file] if file is not None else []
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)  # type: ignore[arg-type]
    else:
        await interaction.response.edit_message(**kwargs)  # type: ignore[arg-type]


def daily_view(post: DailyPost) -> discord.ui.View:
    """The daily problem's one button, "Try it"."""
    view = layout()
    view.add_item(ProblemButton(post.day, label=post.button))
    return view


async def post_daily(client: discord.Client, rights: Rights, pictures: RenderPool,
                     post: DailyPost) -> int | None:
    """The day's problem in its channel; the message's id, or None when it could not be
    posted (a missing right is told to the server's admins, bot/permissions.py)."""
    channel = client.get_channel(post.channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("daily problem: channel %s is not there", post.channel_id)
        return None

    async def send() -> discord.Message:
        return await channel.send(clip(post.text), view=daily_view(post),
                                  file=await board_file(pictures, post.board, "problem.png"),
                                  allowed_mentions=discord.AllowedMentions.none())

    try:
        msg = await rights.attempt(channel, "daily", to_post(channel, board=True), send)
    except discord.HTTPException:
        log.warning("could not post the daily problem in channel %s", post.channel_id)
        return None
    return msg.id if msg is not None else None
