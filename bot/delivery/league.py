"""A league's ``LeagueOutcome`` carried out in Discord: its words, pictures, line-up
menus and board threads (issue 48).

``LeagueService`` (bot/service/league.py) says what happened in its own terms: a
``Said`` with member ids and names as typed.  Here they become text in the reader's
language (``words``: members mentioned, names escaped, dates as Discord timestamps),
the pictures are drawn by the board workers (never on the event loop), the captain's
line-up becomes one select menu a board, and a board's thread is opened or ended —
each act of the bot's own through ``Rights.attempt`` as the tournaments' are, so a
missing right reaches the admins.
"""

from __future__ import annotations

import io
import logging
from datetime import datetime
from functools import partial
from typing import Any

import discord

from bot.delivery import answers, threads
from bot.delivery.games import GamePresenter, mentioning
from bot.delivery.mentions import on_discord
from bot.i18n import t
from bot.permissions import Rights, to_post
from bot.service.league import BoardToOpen, LeagueOutcome, LeaguePicture, LineupChoice, Said
from bot.service.text import (
    CHOICE_LIMIT,
    CHOICES,
    DESCRIPTION_LIMIT,
    THREAD_NAME_LIMIT,
    clip,
    moment,
    plain_name,
    shorten,
    shown,
)
from bot.service.text import mention as member_token
from bot.views import layout
from render.league import render_fixture, render_table

log = logging.getLogger(__name__)

#: A line-up menu's custom id: league, fixture, board (the cog's ``LineupMenu``).
MENU_ID = "bradelg:{league}:{fixture}:{board}"
EMPTY = "-"  # the option that clears a board


def mention(user_id: int | str) -> str:
    """A member as Discord shows them (the league's posts name members by id)."""
    return on_discord(member_token(user_id))


def _when(value: object) -> str:
    """A moment of the league's as Discord shows it (``moment``, rendered here)."""
    return on_discord(moment(value.timestamp())) if isinstance(value, datetime) else ""


def words(said: Said, lang: str) -> str:
    """``said`` in ``lang``: the members mentioned, the typed names escaped."""
    p: dict[str, Any] = {}
    for k, v in said.params.items():
        if k in said.members:
            p[k] = mention(v) if v else t("lg.nobody", lang)
        elif k in said.names:
            p[k] = shown(v) if v is not None else ""
        elif isinstance(v, datetime):
            p[k] = _when(v)
        else:
            p[k] = v
    special = _SPECIAL.get(said.key)
    if special is not None:
        return special(p, lang)
    if "deadline" in p:
        p["when"] = p.pop("deadline")
    return t(f"lg.{said.key}", lang, **p)


def _created(p: dict[str, Any], lang: str) -> str:
    n = p["match_length"]
    return t("lg.created", lang, who=p["who"], league=p["league"], rules=p["rules"],
             boards=p["boards"], length=t("lg.length.one", lang) if n == 1
             else t("lg.length", lang, n=n),
             robin=t("lg.robin.double" if p["double"] else "lg.robin.single", lang),
             hours=p["hours"], win=p["win"], draw=p["draw"], loss=p["loss"],
             rated=t("lg.rated" if p["rated"] else "lg.unrated", lang))


def _schedule(p: dict[str, Any], lang: str) -> str:
    lines = [t("lg.schedule.head", lang, league=p["league"])]
    for number, when, fixtures in p["rounds"]:
        lines.append(t("lg.schedule.round", lang, n=number, when=_when(when)))
        for fid, home, away, _deadline in fixtures:
            lines.append(t("lg.schedule.bye", lang, id=fid, home=shown(home)) if away is None
                         else t("lg.schedule.fixture", lang, id=fid, home=shown(home),
                                away=shown(away)))
    lines.append(t("lg.schedule.lots", lang, teams=", ".join(shown(x) for x in p["lots"])))
    lines.append(t("lg.schedule.captains", lang,
                   who=" ".join(mention(c) for c in p["captains"])))
    return "\n".join(lines)


def _lineups(p: dict[str, Any], lang: str) -> str:
    lines = [t("lg.lineups", lang, fixture=p["fixture"], home=p["home"], away=p["away"])]
    for n, home, away, result in p["boards"]:
        line = t("lg.lineups.board", lang, n=n,
                 home=mention(home) if home else t("lg.nobody", lang),
                 away=mention(away) if away else t("lg.nobody", lang))
        if result is not None:
            line += t("lg.lineups.wo", lang)
        lines.append(line)
    return "\n".join(lines)


def _board(p: dict[str, Any], lang: str, prefix: str = "") -> str:
    key = "lg.board_result" if p["winner"] != t("lg.nobody", lang) else "lg.board_nobody"
    return prefix + t(key, lang, fixture=p["fixture"], board=p["board"], winner=p["winner"],
                      home=p["home"], away=p["away"], score_home=p["score_home"],
                      score_away=p["score_away"],
                      done=t("lg.fixture_done", lang) if p["done"] else ".")


def _mine(p: dict[str, Any], lang: str) -> str:
    if not p["boards"]:
        return t("lg.mine.nothing", lang, league=p["league"])
    lines = [t("lg.mine.head", lang, league=p["league"])]
    for number, fid, board, opponent, result, walkover in p["boards"]:
        said = t(f"lg.mine.{result or 'pending'}", lang)
        if walkover:
            said += t("lg.mine.wo", lang)
        lines.append(t("lg.mine.row", lang, round=number, fixture=fid, board=board,
                       opponent=mention(opponent) if opponent else t("lg.nobody", lang),
                       result=said))
    return "\n".join(lines)


def _saved(p: dict[str, Any], lang: str) -> str:
    if not p["player"]:
        return t("lg.lineup_cleared", lang, board=p["board"], fixture=p["fixture"],
                 team=p["team"])
    return t("lg.lineup_saved", lang, board=p["board"], fixture=p["fixture"],
             player=mention(p["player"]), team=p["team"])


def _reminder(p: dict[str, Any], lang: str) -> str:
    return t("lg.reminder", lang, fixture=p["fixture"], home=p["home"], away=p["away"],
             when=p["deadline"], who=" ".join(mention(c) for c in p["captains"]))


_SPECIAL = {
    "reminder": _reminder,
    "created": _created, "schedule": _schedule, "lineups": _lineups, "board_result": _board,
    "result_set": lambda p, lang: _board(p, lang, t("lg.result_set", lang)),
    "mine": _mine, "lineup_saved": _saved,
}


def pinged(said: Said) -> tuple[int, ...]:
    """The members a post of ``said`` may ping."""
    ids = list(said.pinged())
    if said.key in ("schedule", "reminder"):
        ids += [int(c) for c in said.params["captains"]]
    if said.key == "lineups":
        ids += [int(x) for _n, h, a, _r in said.params["boards"] for x in (h, a) if x]
    return tuple(ids)


def describe(picture: LeaguePicture) -> str:
    """A picture in words, for a screen reader."""
    d, lang = picture.data, picture.lang
    if picture.kind == "table":
        rows = "; ".join(f"{r['place']}. {r['name']} {r['match_points']} ({r['board_points']})"
                         for r in d["rows"])
        text = f"{d['name']}: {rows}."
    else:
        boards = "; ".join(
            t("lg.menu.board", lang, n=b["number"]) + f": {b['home'] or '?'} – "
            f"{b['away'] or '?'}" for b in d["boards"])
        text = f"{d['home']} – {d['away']} {d['score'][0]}–{d['score'][1]}. {boards}."
    return shorten(text, DESCRIPTION_LIMIT)


async def picture_file(delivery: GamePresenter, picture: LeaguePicture) -> discord.File:
    draw = render_table if picture.kind == "table" else render_fixture
    png = await delivery.pictures.draw(draw, picture.data, lang=picture.lang)
    return discord.File(io.BytesIO(png), filename=f"{picture.kind}.png",
                        description=describe(picture))


def lineup_view(choice: LineupChoice, lang: str, menu: type[Any]) -> discord.ui.View:
    """One select menu a board, the team's players its options (``menu``: the cog's
    persistent select, so a tap works after a restart)."""
    view = layout()
    for board, named in choice.boards:
        # Each label begins with the board's number: a menu shows its choice, not its
        # placeholder, once a player is named.
        options = [discord.SelectOption(
            label=plain_name(f"{board} · {name}", CHOICE_LIMIT), value=member,
            default=member == named) for member, name in choice.players][:CHOICES - 1]
        options.append(discord.SelectOption(label=f"{board} · {t('lg.menu.empty', lang)}",
                                            value=EMPTY, default=named is None))
        view.add_item(menu(choice.league_id, choice.fixture, board, options=options,
                           placeholder=t("lg.menu.board", lang, n=board)))
    return view


class LeagueCourier:
    """Carries a league's outcomes out; one per bot."""

    def __init__(self, client: discord.Client, rights: Rights, delivery: GamePresenter) -> None:
        self.client = client
        self.rights = rights
        self.delivery = delivery

    async def answer(self, interaction: discord.Interaction, out: LeagueOutcome,
                     menu: type[Any]) -> None:
        """The command's answer: its public posts in the channel (the first with the
        picture), then the private note (with the line-up menus, or the picture when
        nothing is public)."""
        response = interaction.response
        view = lineup_view(out.menu, out.personal, menu) if out.menu else None
        if out.public:
            # The picture goes with the last post (the table under "the league is over").
            if out.picture is not None:
                await response.defer(thinking=True)
            for i, said in enumerate(out.public):
                kwargs: dict[str, Any] = {"allowed_mentions": mentioning(pinged(said))}
                if out.picture is not None and i == len(out.public) - 1:
                    kwargs["file"] = await picture_file(self.delivery, out.picture)
                text = clip(words(said, out.lang))
                if i == 0 and not response.is_done():
                    await response.send_message(text, **kwargs)
                else:
                    await interaction.followup.send(text, **kwargs)
            if out.private is not None:
                await interaction.followup.send(clip(words(out.private, out.personal)),
                                                ephemeral=True)
            return
        if out.private is None:
            return
        extra: dict[str, Any] = {}
        if view is not None:
            extra["view"] = view
        if out.picture is not None:
            await response.defer(ephemeral=True, thinking=True)
            extra["file"] = await picture_file(self.delivery, out.picture)
        await answers.send_private(interaction, words(out.private, out.personal), **extra)

    async def pressed(self, interaction: discord.Interaction, out: LeagueOutcome,
                      menu: type[Any]) -> None:
        """A tap on a line-up menu: the captain's message says what was saved, its menus
        as they are now (none once both line-ups are in)."""
        view = lineup_view(out.menu, out.personal, menu) if out.menu else None
        text = words(out.private, out.personal) if out.private else None
        await answers.on_pressed(interaction, text=text, view=view)

    async def notify(self, out: LeagueOutcome) -> None:
        """The outcome's public posts in the league's channel (a deadline, a game's end)."""
        if out.channel_id is None or not out.public:
            return
        channel = self.client.get_channel(out.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("league channel %s is gone", out.channel_id)
            return
        for i, said in enumerate(out.public):
            kwargs: dict[str, Any] = {"allowed_mentions": mentioning(pinged(said))}
            if i == len(out.public) - 1 and out.picture is not None:
                kwargs["file"] = await picture_file(self.delivery, out.picture)
            try:
                await self.rights.attempt(
                    channel, "league.notice", to_post(channel, board="file" in kwargs),
                    partial(channel.send, clip(words(said, out.lang)), **kwargs))
            except discord.HTTPException:
                log.warning("could not post in channel %s", out.channel_id)

    async def board_thread(self, board: BoardToOpen) -> discord.Thread | None:
        channel = self.client.get_channel(board.channel_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            log.warning("league channel %s is not a text channel", board.channel_id)
            return None
        name = plain_name(t("lg.thread", board.lang, home=board.home_team,
                            away=board.away_team, n=board.board), THREAD_NAME_LIMIT)
        return await threads.open_thread_for(self.rights, channel, name, "league.thread")

    async def introduce(self, thread: discord.Thread, board: BoardToOpen,
                        league: str) -> bool:
        text = t("lg.intro", board.lang, league=shown(league), fixture=board.fixture,
                 n=board.board, home_player=mention(board.home_id), home=shown(board.home_team),
                 away_player=mention(board.away_id), away=shown(board.away_team))
        return await self.rights.attempt(
            thread, "league.post", to_post(thread, board=True),
            partial(thread.send, text, allowed_mentions=mentioning(
                (board.home_id, board.away_id)))) is not None

    async def end_thread(self, thread: discord.Thread, text: str) -> None:
        await self.rights.attempt(thread, "league.post", to_post(thread), partial(
            thread.send, text, allowed_mentions=mentioning(())))
        await threads.archive(self.rights, thread)
