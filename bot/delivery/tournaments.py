"""A tournament's ``Outcome`` carried out in Discord: answers, notices, match threads.

``TournamentService`` decides (bot/service/tournaments): what the organiser or player is
told, which notices go to the tournament's channel (with a standings table or bracket
drawn by the board workers, and the organiser's walkover buttons after a deadline),
which match threads end and which open.  The tournaments cog runs the services in the
order an ``Outcome`` asks for; every message, thread and archive is made here, each act
of the bot's own through ``Rights.attempt`` so a missing right reaches the admins.
"""

from __future__ import annotations

import io
import logging
from functools import partial
from typing import Any

import discord

from bot.delivery import answers, threads
from bot.delivery.games import GamePresenter, mentioning
from bot.delivery.mentions import on_discord, rendered
from bot.i18n import t
from bot.permissions import Rights, to_post
from bot.service.model import Reply
from bot.service.pictures import RenderPool
from bot.service.text import BUTTONS, DESCRIPTION_LIMIT, clip, shorten
from bot.service.tournaments import MatchToOpen, Notice, Outcome, Picture, WithdrawChoice
from bot.views import WalkoverButton, WithdrawButton, layout
from render.bracket import render_bracket, render_standings

log = logging.getLogger(__name__)


def _confirm_view(choice: WithdrawChoice) -> discord.ui.View:
    view = layout()
    view.add_item(WithdrawButton(choice.tournament_id, choice.user, label=choice.label))
    return view


def _view(notice: Notice) -> discord.ui.View | None:
    if not notice.choices:
        return None
    view = layout()
    for c in notice.choices[:BUTTONS]:
        view.add_item(WalkoverButton(c.tournament_id, c.pairing, c.winner, label=c.label))
    return view


async def _file(pictures: RenderPool, picture: Picture) -> discord.File:
    """The picture drawn by the board workers (never on the event loop), with its alt
    text."""
    draw = render_bracket if picture.kind == "bracket" else render_standings
    png = await pictures.draw(draw, picture.tournament, lang=picture.lang)
    return discord.File(io.BytesIO(png), filename=f"{picture.kind}.png",
                        description=describe_picture(picture))


def describe_picture(picture: Picture) -> str:
    """A standings table or bracket in words, for a screen reader: each player's place
    and score, or each round's matches and winners (at most 1,024 characters)."""
    tr, lang = picture.tournament, picture.lang
    if picture.kind == "bracket":
        rounds = []
        for r in tr.bracket()["rounds"]:
            said = []
            for m in r["matches"]:
                a, b = (m[k]["name"] if m[k] else t("alt.pending", lang) for k in ("a", "b"))
                winner = next((m[k]["name"] for k in ("a", "b")
                               if m[k] and m[k]["id"] == m["winner"]), None)
                said.append(t("alt.bye", lang, who=a) if m["bye"] else
                            t("alt.won", lang, a=a, b=b, winner=winner) if winner else
                            t("alt.match", lang, a=a, b=b))
            rounds.append(t("alt.round", lang, n=r["number"]) + " " + ", ".join(said) + ".")
        text = " ".join([t("alt.bracket", lang, name=tr.name), *rounds])
    else:
        rows = [t("alt.row", lang, place=s.place, name=s.name, score=f"{s.score:g}")
                for s in tr.standings()]
        text = t("alt.standings", lang, name=tr.name) + " " + "; ".join(rows) + "."
    return shorten(text, DESCRIPTION_LIMIT)


class Courier:
    """Carries a tournament's outcomes out; one per bot, made at start-up."""

    def __init__(self, client: discord.Client, rights: Rights, delivery: GamePresenter) -> None:
        self.client = client
        self.rights = rights
        #: A match's game is posted, and its last board retired, as every game's is.
        self.delivery = delivery

    async def present(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """The answer to the command: its public posts (the first with the picture, if
        any), then the private note; or the private note alone, with the "withdraw"
        button when the member must confirm."""
        reply: Reply = rendered(outcome.reply)
        response = interaction.response
        if reply.posts:
            text = reply.posts[0].text
            if outcome.picture is not None:
                await response.defer(thinking=True)
                file = await _file(self.delivery.pictures, outcome.picture)
                await interaction.followup.send(clip(text), file=file)
            else:
                await response.send_message(clip(text), allowed_mentions=mentioning(
                    reply.posts[0].mentions))
            for post in reply.posts[1:]:
                await interaction.followup.send(clip(post.text),
                                                allowed_mentions=mentioning(post.mentions))
            if reply.private:
                await interaction.followup.send(reply.private, ephemeral=True)
        elif reply.private:
            extra: dict[str, Any] = {}
            if outcome.confirm is not None:
                extra["view"] = _confirm_view(outcome.confirm)
            await answers.send_private(interaction, reply.private, **extra)

    async def notify(self, notice: Notice) -> None:
        """A notice in the tournament's channel: a round, a result, the standings."""
        channel = self.client.get_channel(notice.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("tournament channel %s is gone", notice.channel_id)
            return
        kwargs: dict[str, Any] = {"allowed_mentions": mentioning(notice.mentions)}
        view = _view(notice)
        if view is not None:
            kwargs["view"] = view
        if notice.picture is not None:
            kwargs["file"] = await _file(self.delivery.pictures, notice.picture)
        try:  # a missing right is told to the server's admins (bot/permissions.py)
            await self.rights.attempt(
                channel, "tournament.notice", to_post(channel, board="file" in kwargs),
                partial(channel.send, clip(on_discord(notice.text)), **kwargs))
        except discord.HTTPException:
            log.warning("could not post in channel %s", notice.channel_id)

    async def end_thread(self, thread: discord.Thread, text: str,
                         stopped: Reply | None) -> None:
        """A match decided other than by its game: the thread says what happened and is
        archived.  When a game was stopped, ``stopped`` says it (``text``, its final
        board and the seed of its dice, docs/dice.md) and takes the buttons off the
        game's last board."""
        if stopped is not None and stopped.game_id is not None and stopped.posts:
            await self.rights.attempt(thread, "tournament.post",
                                      to_post(thread, board=True),
                                      partial(self.delivery.post, thread, stopped))
        else:
            await self.rights.attempt(thread, "tournament.post", to_post(thread), partial(
                thread.send, on_discord(text), allowed_mentions=mentioning(())))
        await threads.archive(self.rights, thread)

    async def match_thread(self, m: MatchToOpen) -> tuple[discord.Thread, bool] | None:
        """The match's thread: its own again (reopened, a restarted match) or a new one
        in the tournament's channel; with whether it is new.  None when there is no
        channel to open it in, or a right is missing (the admins are told; the organiser
        can restart the match)."""
        channel = self.client.get_channel(m.channel_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament channel %s is not a text channel", m.channel_id)
            return None
        existing = await threads.find_thread(self.client, m.thread_id) if m.thread_id else None
        if existing is not None:
            await threads.reopen(existing)  # archived at the abort
            return existing, False
        made = await threads.open_thread_for(self.rights, channel, m.thread_name,
                                             "tournament.thread")
        return (made, True) if made is not None else None

    async def introduce(self, thread: discord.Thread, m: MatchToOpen) -> bool:
        """The match's first words in its thread, naming both players; whether posted."""
        return await self.rights.attempt(
            thread, "tournament.post", to_post(thread, board=True),
            partial(thread.send, on_discord(m.intro), allowed_mentions=mentioning(
                (m.white_id, m.black_id)))) is not None

    async def pressed(self, interaction: discord.Interaction, text: str | None) -> None:
        """A tournament button answered on its own message: its text (if any), no
        buttons."""
        await answers.on_pressed(interaction, text=text)
