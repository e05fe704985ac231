"""Watching games (issue 6), Discord-free: running games, move lists, records, replays.

A game row holds a whole match; its events table holds every game of it in order, and
``state["game"]`` the current (or last) one.  ``games_of`` splits the engine's events
into the match's games, so each can be listed, exported in ``engine.record``'s format
(docs/league.md) or drawn as an animated replay.  Every export is replayed before it is
handed out, so a record the bot gives away always replays.

Who sees which game follows Discord: a member sees a game only if they can see the
channel (or thread) it is played in, now; its two players always can.  Which channels the
asker can see is Discord's to say, so the command layer hands every lookup a ``Sight``
(``bot.cogs.sight``) and this module filters with it.  A game the asker may not see is
answered exactly like a game that does not exist, so its number reveals nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.i18n import outcome_text, play_words, side_name, t
from bot.service import ai as ai_workers
from bot.service.analysis_queue import AnalysisQueue
from bot.service.games import GameService
from bot.service.games.core import ENDED
from bot.service.history import (
    ENDINGS,
    dice_lines,
    game_heading,
    paginate,
    record_lines,
    split_games,
)
from bot.service.match_words import running
from bot.service.model import COMPUTER, Ctx, Reply, UserError
from bot.service.pictures import RenderPool
from bot.service.text import (
    CHOICE_LIMIT,
    CHOICES,
    DESCRIPTION_LIMIT,
    MESSAGE_LIMIT,
    clip,
    link,
    mention,
    shorten,
)
from bot.service.text import channel as channel_mention
from bot.store import GameRow
from engine import record
from engine import rules as rules_registry
from engine.ai.analysis import GameAnalysis, summarise
from engine.dice import commitment, seed_bytes
from engine.errors import EngineError
from engine.game import Game
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome
from engine.verify import verify
from render.replay import render_replay
from render.review import render_review

log = logging.getLogger(__name__)

#: A turn's line in a record's pages ("12. White 5–2 …").
TURN_LINE = re.compile(r"^\d+\. ")

MAX_LISTED = 8  # about 210 characters a line: the list stays in one message
REPLAY_FORMATS = ("gif", "apng")
REPLAY_MAX_BYTES = 8_000_000  # under Discord's smallest upload limit (10 MB)
ANALYSIS_SLICE = 8  # turns per worker call: the steps of the progress shown
#: Recent games read for the ``game`` autocomplete before the asker's sight filters them.
SUGGESTION_POOL = 100

#: Which of these channel (or thread) ids the asking member can see now.  The command
#: layer answers it from Discord's permissions (``bot.cogs.sight``); the service never
#: sees a Discord object.
Sight = Callable[[Collection[int]], Awaitable[set[int]]]


async def sees_everything(channel_ids: Collection[int]) -> set[int]:
    """A ``Sight`` for callers without Discord (scripts, the service's own tests)."""
    return set(channel_ids)


async def visible_rows(ctx: Ctx, rows: Sequence[GameRow], sight: Sight) -> list[GameRow]:
    """The rows ``ctx``'s member may see, in order: their own games always, others when
    the channel they are played in is visible to them (and to the bot) now."""
    mine = {row.id for row in rows if ctx.user_id in (row.white_id, row.black_id)}
    asked = {row.channel_id for row in rows if row.id not in mine}
    seen = await sight(asked) if asked else set()
    return [row for row in rows if row.id in mine or row.channel_id in seen]


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    #: A picture's alt text (the attachment's description, for screen readers).
    description: str = ""


@dataclass
class FileReply:
    """An answer with a file: the text, the file, and whether it goes to the channel."""

    lang: str
    text: str
    file: Attachment | None = None
    public: bool = False


@dataclass(frozen=True)
class HistoryPage:
    """One page of a game's record: the text, which page of how many, and the game (the
    page buttons carry its id and the page they turn to)."""

    lang: str
    text: str
    game_id: int
    page: int
    pages: int


@dataclass(frozen=True)
class ReplayPlan:
    """A checked request for an animated replay: which game, how, for whom."""

    row: GameRow
    game: Game
    number: int
    count: int
    fmt: str
    lang: str
    public: bool
    asker: int = 0  # who asked: an analysis waits its turn among their others


def jump_url(row: GameRow) -> str:
    return link(row.guild_id, row.channel_id)


def games_of(row: GameRow, events: list[dict[str, Any]]) -> list[Game]:
    """Every game of the row as an engine ``Game``, replayed rule by rule from its events.

    The last game is the stored one itself; earlier games of a match are rebuilt from
    their events through the record format, which also checks them.
    """
    state = row.state or {}
    if not state.get("game"):
        return []
    current = Game.from_json(state["game"])
    parts = split_games(events)
    rules = rules_registry.get(row.rules)
    out = []
    for part in parts[:-1]:
        end = next(e for e in reversed(part) if e["type"] in ENDINGS)
        shell = Game(rules, rules.start(), "over", None, Outcome.from_json(end["outcome"]),
                     list(part))
        out.append(record.replay(record.export(shell, comments=False)))
    out.append(current)
    return out


@dataclass(frozen=True)
class DiceProof:
    """What one game of a row may say about its dice (docs/dice.md): its commitment
    (None for a game from before fair dice) and its seed once the game is over or the
    row was aborted (a decimal seed for a game from before fair dice), else None."""

    commitment: str | None
    seed: str | None


def dice_proofs(row: GameRow, events: list[dict[str, Any]]) -> list[DiceProof]:
    """Each game of the row's proof, in order (as ``games_of`` lists the games).

    A game that ended in the engine carries its seed in its ending event; the row's last
    game is the stored one, whose seed is said only once it is over or aborted.  Games
    from before fair dice had the seed ``games.seed`` + their number − 1: revealed the
    same way, with no commitment to check it by.
    """
    state = row.state or {}
    if not state.get("game"):
        return []
    current = Game.from_json(state["game"])
    parts = split_games(events)
    out = []
    for n, part in enumerate(parts, 1):
        if n < len(parts):
            seed = next(e for e in reversed(part) if e["type"] in ENDINGS).get("seed")
            out.append(DiceProof(commitment(seed_bytes(seed)), seed) if seed
                       else DiceProof(None, str(row.seed + n - 1)))
            continue
        shown = current.is_over or row.status in ENDED
        if current.commitment is None:
            out.append(DiceProof(None, str(row.seed + n - 1) if shown else None))
        else:
            out.append(DiceProof(current.commitment, current.reveal() if shown else None))
    return out


class SpectateService:
    def __init__(self, games: GameService, *,
                 fetch_name: Callable[[int | None, int], Awaitable[str | None]] | None = None,
                 pictures: RenderPool, analyses_per_member: int) -> None:
        self.games = games
        #: Draws the replays and reviews (the board workers).
        self.pictures = pictures
        self.store = games.store
        self._repo = games.repos.spectate
        #: Display names for records and replays; the cog can ask Discord when the
        #: member is not cached (the bot runs without the members intent).
        self.fetch_name = fetch_name
        self._replays = asyncio.Semaphore(1)  # one animation at a time: it takes seconds
        #: One analysis at a time (one analysis worker), members taking turns.
        self.analyses = AnalysisQueue(slots=1, per_member=analyses_per_member)

    # -- finding a game ------------------------------------------------------------------

    async def _find(self, ctx: Ctx, game_id: int | None, channel_id: int | None,
                    sight: Sight) -> tuple[GameRow, list[dict[str, Any]]]:
        """The game asked for, by number or by channel, if the asker may see it; a game
        they may not see is refused with the same words as one that does not exist.
        In a direct message with the bot (issue 36) only the member's own games played
        in DMs are found: another member's never (the sight of a DM is empty), nor a
        server's."""
        async with self.store.read() as tx:
            if game_id is not None:
                row = await tx.game(game_id)
                missing = UserError("watch.unknown", id=game_id)
            else:
                channel = channel_id or ctx.channel_id
                row = await tx.live_game(channel) or await tx.last_game(channel)
                missing = UserError("watch.no_game_in", channel=channel_mention(channel))
            if row is None or row.guild_id != ctx.guild_id:
                raise missing
            events = [e.data for e in await tx.events(row.id)]
        if not await visible_rows(ctx, [row], sight):
            raise missing
        if not (row.state or {}).get("game"):
            raise UserError("watch.not_started", id=row.id)
        return row, events

    async def _name(self, row: GameRow, side: Side, lang: str) -> str:
        uid = row.white_id if side is Side.WHITE else row.black_id
        if uid == COMPUTER:
            return t("watch.computer_name", lang)
        await self.games.players.resolve(row.guild_id, [uid])  # the table, then Discord
        known = self.games.players.name(row.guild_id, uid)
        if known is None and self.fetch_name is not None:
            known = await self.fetch_name(row.guild_id, uid)
        return known or self.games.display_name(row.guild_id, uid, lang)

    @staticmethod
    def _pick(games: list[Game], number: int | None, row: GameRow) -> tuple[int, Game]:
        if number is None:
            return len(games), games[-1]
        if not 1 <= number <= len(games):
            raise UserError("watch.no_such_number", id=row.id, n=number, count=len(games))
        return number, games[number - 1]

    # -- the server's running games ------------------------------------------------------

    async def running(self, ctx: Ctx, sight: Sight) -> Reply:
        personal, _ = await self.games.langs(ctx)
        if ctx.guild_id is None:
            raise UserError("watch.guild_only")
        async with self.store.read() as tx:
            rows = await self._repo.running_games(tx, ctx.guild_id)
        rows = await visible_rows(ctx, rows, sight)
        if not rows:
            raise UserError("watch.none_running")
        lines = [t("watch.list.head", personal, n=len(rows))]
        for row in rows[:MAX_LISTED]:
            lines.append(self._running_line(row, personal))
        if len(rows) > MAX_LISTED:
            lines.append(t("watch.list.more", personal, n=len(rows) - MAX_LISTED))
        lines.append(t("watch.list.foot", personal))
        return Reply(lang=personal, private=clip("\n".join(lines)))

    def _running_line(self, row: GameRow, lang: str) -> str:
        state = row.state or {}
        game = Game.from_json(state["game"])
        match = Match.from_json(state["match"]) if state.get("match") else None
        mover = row.white_id if game.turn is Side.WHITE else row.black_id
        who = _who(mover, lang)
        doing = t("watch.to_move" if game.phase in ("move", "choose") else "watch.to_roll",
                  lang, who=who)
        if match is not None and match.length > 1:
            score = running(match, lang)
        else:
            pos = game.position
            score = t("watch.pips", lang, w=pos.pips(Side.WHITE), b=pos.pips(Side.BLACK))
        return t("watch.list.line", lang, id=row.id, white=_who(row.white_id, lang),
                 black=_who(row.black_id, lang), rules=row.rules, turn=game.turn_count + 1,
                 doing=doing, score=score, url=jump_url(row))

    # -- move history --------------------------------------------------------------------

    async def history(self, ctx: Ctx, game_id: int | None = None,
                      channel_id: int | None = None, page: int | None = None, *,
                      sight: Sight) -> HistoryPage:
        """One page of a game's record (default: the last, the newest turns); the pages
        are cut from the whole record, so every turn since the teka is on one of them."""
        personal, _ = await self.games.langs(ctx)
        row, events = await self._find(ctx, game_id, channel_id, sight)
        # a link in words: a bare URL wraps over lines on a phone (issue 46)
        head = t("watch.history.head", personal, id=row.id, white=_who(row.white_id, personal),
                 black=_who(row.black_id, personal),
                 url=t("watch.history.link", personal, url=jump_url(row)))
        lines = self._record(row, events, head, personal)
        if len("\n".join(lines)) <= MESSAGE_LIMIT:
            return HistoryPage(personal, "\n".join(lines), row.id, 1, 1)
        top = lines[:2]  # who played where, and the ruleset: on every page
        marker = t("watch.history.page", personal, n=999, count=999)
        games = len(split_games(events))
        headings = frozenset(game_heading(k, personal) for k in range(1, games + 1)
                             if games > 1)
        pages = paginate(lines[2:], MESSAGE_LIMIT - len("\n".join(top)) - len(marker) - 2,
                         headings)
        if len(pages) > 1 and not any(TURN_LINE.match(x) for x in pages[-1]):
            # the dice lines alone on the last page: the newest turn goes with them, so
            # the last page always shows where the game stands
            moved = next((i for i in range(len(pages[-2]) - 1, -1, -1)
                          if TURN_LINE.match(pages[-2][i])), None)
            if moved is not None:
                pages[-1].insert(0, pages[-2].pop(moved))
        n = len(pages) if page is None else min(max(1, page), len(pages))
        text = "\n".join([*top, t("watch.history.page", personal, n=n, count=len(pages)),
                          *pages[n - 1]])
        return HistoryPage(personal, text, row.id, n, len(pages))

    @staticmethod
    def _record(row: GameRow, events: list[dict[str, Any]], head: str,
                lang: str) -> list[str]:
        """The move list both answers show, as lines: the pages and the file are cut from
        this one list, so a line added here is in both."""
        return [*record_lines(head, row.rules, row.status, events, lang),
                *dice_lines(row, events, lang)]

    async def history_file(self, ctx: Ctx, game_id: int | None = None,
                           channel_id: int | None = None, *, sight: Sight) -> FileReply:
        """The whole record as a text file, read outside Discord: names instead of
        mentions, no markdown."""
        personal, _ = await self.games.langs(ctx)
        row, events = await self._find(ctx, game_id, channel_id, sight)
        names = [await self._name(row, side, personal) for side in (Side.WHITE, Side.BLACK)]
        head = t("watch.history.head", personal, id=row.id, white=names[0], black=names[1],
                 url=jump_url(row))
        plain = "\n".join(self._record(row, events, head, personal))
        return FileReply(personal, t("watch.history.long", personal, id=row.id,
                                     url=t("watch.history.link", personal, url=jump_url(row))),
                         Attachment(f"brade-{row.id}-history.txt",
                                    (plain.replace("`", "") + "\n").encode()))

    # -- records -------------------------------------------------------------------------

    async def export(self, ctx: Ctx, game_id: int | None = None,
                     channel_id: int | None = None, number: int | None = None,
                     public: bool = False, *, sight: Sight) -> FileReply:
        personal, _ = await self.games.langs(ctx)
        row, events = await self._find(ctx, game_id, channel_id, sight)
        # Replaying records is CPU work (tens of ms for a long puff game, per game of a
        # match): a worker thread, never the event loop.
        games = await asyncio.to_thread(games_of, row, events)
        n, game = self._pick(games, number, row)
        names = (await self._name(row, Side.WHITE, "en"), await self._name(row, Side.BLACK, "en"))
        proof = dice_proofs(row, events)[n - 1]
        text = await asyncio.to_thread(self.record_text, row, game, n, len(games), names, proof)
        name = f"brade-{row.id}" + (f"-{n}" if len(games) > 1 else "") + ".txt"
        key = "watch.export.done" if game.is_over else "watch.export.running"
        note = t(key, personal, id=row.id, n=n, rules=row.rules)
        if proof.commitment and proof.seed:  # its dice can be checked: the bot does
            verdict = await asyncio.to_thread(verify, text)
            if verdict.ok:
                note += "\n" + t("watch.export.matches", personal, rolls=verdict.rolls)
            else:  # a bug or a damaged store, never the player's doing: said as found
                log.error("game %s (%s): its dice do not check out: %s", row.id, n,
                          verdict.message())
                note += "\n" + t("watch.export.mismatch", personal,
                                 why=verdict.message(personal))
            note += " " + t("watch.export.verify", personal)
        return FileReply(personal, note, Attachment(name, text.encode("utf-8")), public)

    @staticmethod
    def record_text(row: GameRow, game: Game, n: int, count: int,
                    names: tuple[str, str], proof: DiceProof) -> str:
        """The game's record (docs/league.md), checked by replaying it before it leaves.
        Its dice's commitment is always in it, the seed only as ``proof`` allows (a game
        still being played must not give its future rolls away)."""
        date = datetime.fromtimestamp(row.created_at, UTC).date()
        event = f"brade #{row.id}" + (f", game {n} of the match" if count > 1 else "")
        tags = {"Site": jump_url(row)}
        if proof.commitment:
            tags["Commitment"] = proof.commitment
        text = record.export(game, white=names[0], black=names[1], date=date,
                             seed=proof.seed, event=event, tags=tags)
        try:
            record.replay(text)
        except EngineError:  # a bug, not the user's doing: say so, keep the evidence
            log.exception("the record of game %s (%s) does not replay:\n%s", row.id, n, text)
            raise UserError("watch.broken", id=row.id) from None
        return text

    # -- animated replay -----------------------------------------------------------------

    async def plan_replay(self, ctx: Ctx, game_id: int | None = None,
                          channel_id: int | None = None, number: int | None = None,
                          fmt: str = "gif", public: bool = False, *,
                          sight: Sight) -> ReplayPlan:
        """Everything the animation needs, checked: refusals come before any waiting."""
        personal, public_lang = await self.games.langs(ctx)
        if fmt not in REPLAY_FORMATS:
            raise UserError("watch.format", formats=", ".join(REPLAY_FORMATS))
        row, events = await self._find(ctx, game_id, channel_id, sight)
        games = await asyncio.to_thread(games_of, row, events)  # replays: a worker
        if number is None:  # the last finished game of the row
            done = [i for i, g in enumerate(games, 1) if g.is_over]
            if not done:
                raise UserError("watch.replay.running", id=row.id)
            number = done[-1]
        n, game = self._pick(games, number, row)
        if not game.is_over:
            raise UserError("watch.replay.running", id=row.id)
        lang = public_lang if public else personal
        return ReplayPlan(row, game, n, len(games), fmt, lang, public, ctx.user_id)

    async def render(self, plan: ReplayPlan) -> FileReply:
        """Draw the planned replay in a board worker (seconds for a long game)."""
        row, game, lang = plan.row, plan.game, plan.lang
        names = (await self._name(row, Side.WHITE, lang), await self._name(row, Side.BLACK, lang))
        async with self._replays:
            data = await self.pictures.draw(render_replay, game, lang=lang, names=names,
                                            fmt=plan.fmt, max_bytes=REPLAY_MAX_BYTES)
        o = game.outcome
        assert o is not None
        text = t("watch.replay.done", lang, id=row.id, n=plan.number,
                 white=_who(row.white_id, lang), black=_who(row.black_id, lang),
                 rules=row.rules, who=side_name(o.winner, lang),
                 how=outcome_text(o.kind, o.munk, lang), points=o.points)
        ext = "png" if plan.fmt == "apng" else "gif"
        name = f"brade-{row.id}" + (f"-{plan.number}" if plan.count > 1 else "") + f".{ext}"
        alt = t("alt.replay", lang, id=row.id, white=names[0], black=names[1],
                turns=game.turn_count, who=names[o.winner is Side.BLACK],
                how=outcome_text(o.kind, o.munk, lang), points=o.points)
        return FileReply(lang, text, Attachment(name, data, alt_text(alt)), plan.public)

    async def replay(self, ctx: Ctx, game_id: int | None = None,
                     channel_id: int | None = None, number: int | None = None,
                     fmt: str = "gif", public: bool = False, *, sight: Sight) -> FileReply:
        return await self.render(await self.plan_replay(ctx, game_id, channel_id, number,
                                                        fmt, public, sight=sight))

    # -- game analysis (engine.ai.analysis, render.review) -------------------------------

    async def plan_analysis(self, ctx: Ctx, game_id: int | None = None,
                            channel_id: int | None = None, number: int | None = None,
                            public: bool = False, *, sight: Sight) -> ReplayPlan:
        """The finished game to analyse, checked like a replay, and the asker's room in
        the analysis queue: refusals come first."""
        try:
            plan = await self.plan_replay(ctx, game_id, channel_id, number, "gif", public,
                                          sight=sight)
        except UserError as error:
            if error.key == "watch.replay.running":
                raise UserError("watch.analyse.running", **error.params) from None
            raise
        self.analyses.check(ctx.user_id)
        return plan

    async def analyse(self, plan: ReplayPlan,
                      progress: Callable[[float], Awaitable[None]] | None = None,
                      queued: Callable[[int], Awaitable[None]] | None = None) -> FileReply:
        """Analyse the planned game in the AI worker, slice by slice (``ANALYSIS_SLICE``
        turns), reporting the fraction done after each; then sum it up in a thread and
        draw the picture in a board worker.

        It first waits its turn in the analysis queue (``analysis_queue``: members take
        turns; ``queued(position)`` hears the asker's place while it waits), and is
        refused there if the asker has as many analyses as allowed already.
        """
        row, game, lang = plan.row, plan.game, plan.lang
        names = (await self._name(row, Side.WHITE, lang), await self._name(row, Side.BLACK, lang))
        text = record.export(game, white=names[0], black=names[1], comments=False)
        agent = self.games.agent
        # no AI worker configured: a thread still keeps the analysis off the event loop
        analyst: ai_workers.Analyst = agent if isinstance(agent, ai_workers.Analyst) \
            else ai_workers.ThreadAgent()
        async with self.analyses.turn(plan.asker, queued):
            prepared = await analyst.analysis_turns(text)
            if prepared is None:
                log.error("game %s (%s) does not replay for analysis:\n%s", row.id,
                          plan.number, text)
                raise UserError("watch.broken", id=row.id)
            rules_name, turns = prepared
            decisions: list = []
            for i in range(0, len(turns), ANALYSIS_SLICE):
                part = turns[i:i + ANALYSIS_SLICE]
                decisions += await analyst.analysis_part(rules_name, part)
                if progress is not None:
                    await progress(len(decisions) / len(turns))
            analysis = await asyncio.to_thread(_summary, text, rules_name, decisions,
                                               game.outcome)
            data = await self.pictures.draw(render_review, analysis, lang=lang)
        lines = [t("watch.analyse.head", lang, id=row.id, n=plan.number,
                   white=_who(row.white_id, lang), black=_who(row.black_id, lang),
                   rules=row.rules)]
        from engine.ai.analysis import BLUNDER, DOUBTFUL
        from engine.words import number as num

        for side in (Side.WHITE, Side.BLACK):
            p = analysis.players[side]
            lines.append(t("watch.analyse.player", lang, name=names[side is Side.BLACK],
                           lost=num(p.total_loss, lang), decisions=p.decisions,
                           blunders=p.blunders, doubtful=p.doubtful,
                           luck=num(p.luck, lang, sign=True)))
        worst = analysis.worst
        if worst is None:
            lines.append(t("watch.analyse.clean", lang))
        else:
            from engine.dice import format_dice

            lines.append(t("watch.analyse.worst", lang, turn=worst.number,
                           name=names[worst.side is Side.BLACK], dice=format_dice(worst.dice),
                           played=play_words(worst.played.text, lang),
                           best=play_words(worst.best.text, lang), loss=num(worst.loss, lang)))
            if worst.best_chances is not None:  # a network of outcome probabilities judged
                from engine.words import chances

                lines.append(t("watch.analyse.chances", lang,
                               chances=chances(worst.best_chances, lang)))
        lines.append(t("watch.analyse.foot", lang, d=num(DOUBTFUL, lang), b=num(BLUNDER, lang)))
        name = f"brade-{row.id}" + (f"-{plan.number}" if plan.count > 1 else "") + "-analys.png"
        alt = " ".join([t("alt.analysis", lang, id=row.id, white=names[0], black=names[1]),
                        *lines[1:-1]])
        return FileReply(lang, clip("\n".join(lines)), Attachment(name, data, alt_text(alt)),
                         plan.public)

    # -- autocomplete --------------------------------------------------------------------

    async def suggestions(self, ctx: Ctx, typed: str, sight: Sight) -> list[tuple[str, int]]:
        """The recent games of the server that the asker may see, as ``(label, id)``, newest
        first, those matching ``typed`` only; at most 25 (Discord's limit)."""
        lang = await self.games.lang_for(ctx)
        async with self.store.read() as tx:
            rows = await (self._repo.recent_games(tx, ctx.guild_id, SUGGESTION_POOL)
                          if ctx.guild_id is not None else  # a DM: the member's own there
                          self._repo.recent_direct_games(tx, ctx.user_id, SUGGESTION_POOL))
        labelled = []
        typed = (typed or "").strip().lower()
        for row in rows:
            label = t("watch.choice", lang, id=row.id,
                      white=_plain_name(self.games, row, Side.WHITE, lang),
                      black=_plain_name(self.games, row, Side.BLACK, lang), rules=row.rules,
                      status=t(f"watch.status.{row.status}", lang))[:CHOICE_LIMIT]
            if not typed or typed in label.lower():  # the cheap filter first
                labelled.append((label, row))
        out: list[tuple[str, int]] = []
        for i in range(0, len(labelled), CHOICES):  # ask about as few channels as will do
            batch = labelled[i:i + CHOICES]
            seen = {r.id for r in await visible_rows(ctx, [r for _, r in batch], sight)}
            out += [(label, row.id) for label, row in batch if row.id in seen]
            if len(out) >= CHOICES:
                break
        return out[:CHOICES]


def _plain_name(games: GameService, row: GameRow, side: Side, lang: str) -> str:
    """A cached name without asking Discord (autocomplete must answer within 3 s)."""
    uid = row.white_id if side is Side.WHITE else row.black_id
    return t("watch.computer_name", lang) if uid == COMPUTER else games.names(row.guild_id, uid)


def _summary(text: str, rules_name: str, decisions: list,
             outcome: Outcome | None) -> GameAnalysis:
    """The analysis summed up (a worker thread: replaying the record is CPU work)."""
    return summarise(record.parse(text), rules_registry.get(rules_name), decisions, outcome)


def _who(user_id: int, lang: str) -> str:
    return t("computer", lang) if user_id == COMPUTER else mention(user_id)


def alt_text(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text`` as a picture's description: plain (no Markdown), at most ``limit``
    characters (Discord's bound for an attachment's description)."""
    return shorten(" ".join(text.replace("**", "").replace("`", "").split()), limit)

