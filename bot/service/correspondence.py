"""Correspondence play (issue 36): a member's games in one list, and "your turn" by
direct message for those who asked.

Bräde between members is often slow, a move in the morning and the answer at night, in
several channels at once.  ``listing`` answers ``/brade games``: the member's live games
(the command layer has already kept only those whose channel they can see), those that
wait for them first.  ``due_turns`` finds the waits a member asked to be told of by
direct message (``/brade settings``: at once, or after N minutes without a move), one
message per wait: a wait is whose turn it is, in which game of the match, after how many
turns (``wait_key``), and it is marked sent before it is sent, so a restart or a second
process never sends it again.  None is sent for a game against the computer, nor to a
member who acted in that game's channel in the last minute (``acted``: they are looking
at it); such a wait is looked at again on the next check.  A member whose direct messages
are closed loses nothing: the failure is recorded once (``undelivered``) and their next
``/brade settings`` says so.

Discord-free like every service: links are plain ``https://discord.com/channels/...``
addresses built from the ids the store keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import t
from bot.service.games import GameService, Loaded
from bot.service.games.boards import duration
from bot.service.model import COMPUTER, Ctx, Reply
from bot.service.text import link, shown
from bot.store import GameRow
from engine import rules as rules_registry
from engine.dice import drawn_dice

#: A member who acted in a game's channel this recently is looking at it: no message.
PRESENT = 60.0
#: ``/brade games`` lists this many games; the rest are counted.
LISTED = 15
#: The longest "after N minutes" (a week).
MAX_MINUTES = 7 * 24 * 60


@dataclass(frozen=True)
class TurnNotice:
    """One "your turn" message to send."""

    user_id: int
    game_id: int
    text: str
    #: The wait it tells of (``wait_key``): one message per wait.
    wait: str = ""


def wait_key(lg: Loaded) -> str:
    """What makes one wait: whose turn, which game of the match, how many turns played."""
    return f"{lg.player(lg.game.turn)}:{len(lg.match.results)}:{lg.game.turn_count}"


class Correspondence:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store
        self._repo = games.repos.notices
        self.clock = games.clock
        #: ``(member, channel) -> when`` they last acted there (this process's memory).
        self._acted: dict[tuple[int, int], float] = {}
        #: Seconds a member counts as looking at a channel they acted in (the load
        #: benchmark sets 0: nobody looks, a message every turn, the most there can be).
        self.present = PRESENT

    def acted(self, user_id: int, channel_id: int) -> None:
        """A member used a command or a button in a channel."""
        now = self.clock()
        self._acted[(user_id, channel_id)] = now
        if len(self._acted) > 50_000:  # forget who acted long ago
            self._acted = {k: v for k, v in self._acted.items() if now - v < PRESENT}

    # -- /brade games -------------------------------------------------------------------

    async def live_games(self, user_id: int) -> list[GameRow]:
        """Every live game and challenge of the member, everywhere."""
        async with self.store.read() as tx:
            return await self._repo.member_games(tx, user_id)

    async def listing(self, ctx: Ctx, rows: list[GameRow],
                      place: Callable[[int | None], str | None] = lambda g: None) -> Reply:
        """``/brade games``: ``rows`` (those the member may see), waiting ones first, each
        with its opponent, rules, score, whose turn, how long it has waited, and a link
        to its newest board.  ``place``: a server's name, for a list from a DM."""
        personal = await self.games.lang_for(ctx)
        if not rows:
            return Reply(lang=personal, private=t(
                "games.none" if ctx.guild_id else "games.none_anywhere", personal))
        async with self.store.read() as tx:
            boards = await self._repo.boards(tx, [r.id for r in rows])
        now = self.clock()
        lines: list[tuple[bool, float, str]] = []
        for row in rows:
            await self.games.players.resolve(row.guild_id, row.players())
            mine, text = self._line(row, ctx.user_id, personal)
            where = boards.get(row.id)
            url = link(row.guild_id, *where) if where else link(row.guild_id, row.channel_id)
            seconds = now - row.updated_at
            # under a minute is no wait worth a number ("waiting 0 s", issue 46)
            waited = t("games.waited", personal, since=duration(seconds, personal)) \
                if seconds >= 60 else t("games.waited.now", personal)
            server = place(row.guild_id) if ctx.guild_id is None else None
            if ctx.guild_id is None and row.guild_id is None:
                server = t("games.here_dm", personal)
            text = t("games.line", personal, text=text, waited=waited, link=url,
                     server=f" · {server}" if server else "")
            lines.append((mine, row.updated_at, text))
        lines.sort(key=lambda x: (not x[0], x[1]))  # theirs first, the longest wait first
        waiting = sum(1 for x in lines if x[0])
        head = t("games.head", personal, n=len(lines), waiting=waiting)
        body = [x[2] for x in lines[:LISTED]]
        if len(lines) > LISTED:
            body.append(t("games.more", personal, n=len(lines) - LISTED))
        return Reply(lang=personal, private="\n".join([head, *body]))

    def _line(self, row: GameRow, me: int, lang: str) -> tuple[bool, str]:
        """(whether it waits for ``me``, what the line says before its wait and link)."""
        other = row.black_id if row.white_id == me else row.white_id
        name = self.games.display_name(row.guild_id, other, lang)
        title = rules_registry.get(row.rules).title
        if row.status == "offered":
            by = (row.state or {}).get("by")
            mine = by is not None and by != me
            return mine, t("games.offer_mine" if mine else "games.offer_theirs", lang,
                           name=name, title=title)
        lg = self.games.table.unpack(row)
        side = lg.side_of(me)
        assert side is not None
        score = ""
        if lg.match.length > 1:
            score = t("games.score", lang, me=lg.match.score(side),
                      them=lg.match.score(side.other), n=lg.match.length)
        mine = not lg.game.is_over and lg.player(lg.game.turn) == me
        if not mine:
            turn = t("games.their_turn", lang, name=name)
        elif lg.game.phase in ("move", "choose") and lg.game.dice:
            turn = t("games.my_move", lang, dice=drawn_dice(lg.game.dice, "–"))
        else:
            turn = t("games.my_roll", lang)
        return mine, t("games.game", lang, name=name, title=title, score=score, turn=turn)

    # -- "your turn" by direct message ----------------------------------------------------

    async def due_turns(self, channel_id: int | None = None, *,
                        names: Callable[[int | None, int], tuple[str | None, str | None]]
                        = lambda g, c: (None, None)) -> list[TurnNotice]:
        """The "your turn" messages due now (of the live game in ``channel_id`` only, or
        of every game of this process), each wait marked sent before it is returned.
        ``names(guild id, channel id)``: the server's and the channel's names, which the
        message gives (issue 46; None where unknown)."""
        async with self.store.read() as tx:
            if channel_id is None:
                rows = await tx.active_games()
            else:
                one = await tx.live_game(channel_id)
                rows = [one] if one is not None and one.status == "active" else []
        rows = [r for r in rows if COMPUTER not in r.players() and self.games.owns(r.guild_id)]
        if not rows:
            return []
        found: list[tuple[GameRow, Loaded, int]] = []
        for row in rows:
            lg = self.games.table.unpack(row)
            if not lg.game.is_over:
                found.append((row, lg, lg.player(lg.game.turn)))
        async with self.store.read() as tx:
            wanted = await self._repo.turn_subscribers(tx, [m for _, _, m in found])
        now = self.clock()
        out: list[TurnNotice] = []
        for row, lg, mover in found:
            if mover not in wanted:
                continue
            after, lang = wanted[mover]
            if now - row.updated_at < after * 60 \
                    or now - self._acted.get((mover, row.channel_id), -1e18) < self.present:
                continue
            wait = wait_key(lg)
            async with self.store.transaction() as tx:
                if not await self._repo.claim_turn_notice(tx, row.id, wait, now):
                    continue  # told already (before a restart, or by another process)
            out.append(TurnNotice(mover, row.id, await self._turn_text(
                row, lg, mover, lang, names(row.guild_id, row.channel_id)), wait))
        return out

    async def _turn_text(self, row: GameRow, lg: Loaded, mover: int, lang: str,
                         names: tuple[str | None, str | None] = (None, None)) -> str:
        """The "your turn" message: the opponent, the server and channel, the rules (no
        brackets inside brackets), the roll waiting, the link to the game's board."""
        other = row.black_id if row.white_id == mover else row.white_id
        await self.games.players.resolve(row.guild_id, row.players())
        async with self.store.read() as tx:
            where = (await self._repo.boards(tx, [row.id])).get(row.id)
        url = link(row.guild_id, *where) if where else link(row.guild_id, row.channel_id)
        roll = ""
        if lg.game.phase in ("move", "choose") and lg.game.dice:
            roll = t("notice.roll", lang, dice=drawn_dice(lg.game.dice, "–"))
        server, channel = names
        place = t("notice.place", lang, server=shown(server), channel=shown(channel)) \
            if server and channel else \
            t("notice.place.server", lang, server=shown(server)) if server else ""
        return t("notice.turn", lang, name=self.games.display_name(row.guild_id, other, lang),
                 place=place, title=rules_registry.get(row.rules).title, roll=roll, link=url)

    # -- the member's settings ----------------------------------------------------------

    async def configure(self, ctx: Ctx, *, turn: str | None = None, minutes: int | None = None,
                        problem: bool | None = None) -> str:
        """``/brade settings``' direct messages: "your turn" (``turn``: off, on, after
        ``minutes``) and the daily problem; what was saved, in the member's language."""
        lang = await self.games.lang_for(ctx)
        if turn is None and minutes is not None:
            turn = "after"
        fields: dict[str, object] = {}
        lines = []
        if turn is not None:
            after = None if turn == "off" else 0 if turn == "on" else max(
                1, min(minutes or 60, MAX_MINUTES))
            fields["turn_after"] = after
            lines.append(t("notice.set.off", lang) if after is None else
                         t("notice.set.on", lang) if after == 0 else
                         t("notice.set.after", lang, since=duration(after * 60, lang)))
        if problem is not None:
            fields["problem_dm"] = problem
            lines.append(t("notice.set.problem_on" if problem else "notice.set.problem_off",
                           lang))
        if fields:
            async with self.store.transaction() as tx:
                await self._repo.set_prefs(tx, ctx.user_id, self.clock(), lang, **fields)
        return "\n".join(lines)

    async def report(self, ctx: Ctx) -> str:
        """A direct message that could not be delivered since the member's last
        ``/brade settings``, said once (then forgotten); else nothing."""
        async with self.store.read() as tx:
            p = await self._repo.prefs(tx, ctx.user_id)
        if p.undelivered is None:
            return ""
        async with self.store.transaction() as tx:
            await self._repo.clear_undelivered(tx, ctx.user_id)
        return t("notice.undelivered", await self.games.lang_for(ctx),
                 since=duration(max(0.0, self.clock() - p.undelivered),
                                await self.games.lang_for(ctx)))

    async def summary(self, ctx: Ctx) -> str:
        """What the member asked to be told by direct message (a settings reply)."""
        lang = await self.games.lang_for(ctx)
        async with self.store.read() as tx:
            p = await self._repo.prefs(tx, ctx.user_id)
        turn = (t("notice.set.off", lang) if p.turn_after is None else
                t("notice.set.on", lang) if p.turn_after == 0 else
                t("notice.set.after", lang, since=duration(p.turn_after * 60, lang)))
        return "\n".join([turn, t("notice.set.problem_on" if p.problem_dm
                                  else "notice.set.problem_off", lang)])

    async def undelivered(self, user_id: int) -> bool:
        """A direct message to the member failed; True the first time until reported."""
        async with self.store.transaction() as tx:
            return await self._repo.mark_undelivered(tx, user_id, self.clock())

    async def problem_subscribers(self) -> list[tuple[int, str]]:
        async with self.store.read() as tx:
            return await self._repo.problem_subscribers(tx)

    async def claim_problem(self, user_id: int, day: str) -> bool:
        async with self.store.transaction() as tx:
            return await self._repo.claim_problem_notice(tx, user_id, day)
