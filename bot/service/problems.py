"""Problems (issue 24), Discord-free: show one, judge an answer, rate both, the daily one.

A problem is a position from the engine's problem sets (``engine.ai.problem_set``): the
roll, every legal play and the points each loses against the best, judged by the
engine's analysis.  A member sees one privately (``show``), answers with a play written
as in a game (``answer``: the engine's lenient parser, ``engine.notation``), and hears
whether it was the best, how many points theirs loses and the problem's theme.

**One open problem.**  A member answers the problem shown to them last and not yet
answered; ``/brade problem`` shows that one again rather than another, so nobody skips a
hard one for an easier.  Each problem is shown to a member once per server (the
attempt's key), and a server's daily problems are never handed out as practice.

**Ratings** (docs/problems.md).  Every answer is a game between the member and the
problem, rated with the league's OpenSkill model (``bot.league.ratings``): solving it is a
win for the member, missing it a win for the problem.  A member has a problem rating per
server; a problem has one difficulty across all servers (it is the same problem
everywhere), which starts from a prior (``prior``: the less the second-best play loses,
the harder) and then moves with the answers.  The next problem is one of the ``CLOSEST``
unseen problems whose difficulty is nearest the member's rating.

**The daily problem.**  A server with a problem channel gets one problem a day there at
its hour (UTC), posted by the process that owns the guild.  The day's row is inserted
before the post (``ProblemRepository.claim_daily``): its key lets exactly one process, of any
number that scan at once, post it; like a reminder, it is not repeated should the post
fail.  Anyone answers it privately; the next day's post says how many solved it and names
the longest runs of daily problems solved in a row.
"""

from __future__ import annotations

import asyncio
import logging
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.i18n import play_words, resolve_lang, side_name, t
from bot.league.ratings import MU, SIGMA, Rating, rate_game
from bot.service.games import GameService
from bot.service.model import BoardSpec, Ctx, PickControls, UserError
from bot.service.ratings import shown_rating
from bot.store import Attempt, Conflict, Daily, Solver
from engine import rules as rules_registry
from engine.ai import problem_set
from engine.ai.problem_set import Problem, ProblemSet
from engine.dice import format_dice, roll_name
from engine.errors import EngineError
from engine.notation import format_turn
from engine.plays import suggest
from engine.position import Side
from engine.turn import Turn
from engine.words import number

log = logging.getLogger(__name__)

#: The next problem is drawn from this many unseen ones nearest the member's rating.
CLOSEST = 5
#: The hour (UTC) a daily problem is posted when a server names only its channel.
DAILY_HOUR = 12
#: Streaks named in a daily post.
STREAKS = 3
#: The problems of a server whose ruleset has none.
FALLBACK_RULES = "talisman"
#: How far the prior difficulty moves with the second-best play's loss (see ``prior``).
PRIOR_SPREAD = 300.0


@dataclass(frozen=True)
class Answer:
    """What the answer picture needs (``render.problem.render_answer``'s arguments)."""

    problem: Problem
    best: Turn
    theirs: Turn | None  # None: the answer was the best play
    captions: tuple[str, ...]
    mover: Side
    lang: str
    theme: str
    names: tuple[str, str]


@dataclass
class ProblemReply:
    """A private answer: text, and either the problem's board or the answer's picture;
    with the problem shown, the picker's controls (``bot.service.problem_picker``).
    ``picked``: what a press on the picker made of the problem shown (the presenter
    shows it on the pressed message); ``same_position``: the position shown is
    unchanged (no new picture)."""

    text: str
    lang: str
    board: BoardSpec | None = None
    answer: Answer | None = None
    problem: Problem | None = None
    controls: PickControls | None = None
    picked: bool = False
    same_position: bool = False


#: The server key of problems solved in a direct message with the bot (issue 36), and of
#: the daily problem sent by direct message.
DIRECT = 0


@dataclass
class DailyPost:
    """A daily problem to post: where, what, and the day its button opens."""

    guild_id: int
    channel_id: int
    day: str
    text: str
    board: BoardSpec
    button: str


def prior(p: Problem) -> Rating:
    """A problem's difficulty before anyone has answered it: the league's newcomer,
    harder the less the second-best play loses (0.2 points: +90, 0.5: ±0, 1 or more:
    −150), since a close second is easier to pick by mistake."""
    return Rating(MU + PRIOR_SPREAD * (0.5 - min(p.margin, 1.0)), SIGMA)


def day_of(now: float) -> str:
    """The UTC day of an epoch time, as the daily rows store it."""
    return datetime.fromtimestamp(now, UTC).date().isoformat()


class ProblemService:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store
        self._repo = games.repos.problems

    # -- problem sets -------------------------------------------------------------------

    @staticmethod
    def available() -> list[str]:
        return problem_set.available()

    async def problems(self, rules_id: str) -> ProblemSet:
        """A shipped set, read once (in a thread: the file is a few hundred kB)."""
        ps = await asyncio.to_thread(problem_set.shipped, rules_id)
        if ps is None:
            raise UserError("problem.no_set", rules=rules_id,
                            known=", ".join(self.available()))
        return ps

    async def _rules_for(self, guild_id: int | None, asked: str | None) -> str:
        """The ruleset whose problems to give: the one asked for (refused without a set),
        else the server's (its base ruleset: options change no problem), else talisman."""
        if asked is not None:
            try:
                rid = rules_registry.get(asked).id
            except EngineError:
                rid = asked.strip().lower()
            if rid not in self.available():
                raise UserError("problem.no_set", rules=asked,
                                known=", ".join(self.available()))
            return rid
        s = await self.games.settings(guild_id)
        try:
            rid = rules_registry.get(s.rules or self.games.default_rules).id
        except EngineError:
            rid = FALLBACK_RULES
        return rid if rid in self.available() else FALLBACK_RULES

    async def opened(self, ctx: Ctx) -> tuple[Attempt, Problem] | None:
        """The member's open problem (the last shown and not answered) and its attempt."""
        return await self._open(_scope(ctx), ctx.user_id)

    async def _open(self, guild_id: int, user_id: int) -> tuple[Attempt, Problem] | None:
        async with self.store.read() as tx:
            a = await self._repo.open_attempt(tx, guild_id, user_id)
        if a is None:
            return None
        p = await asyncio.to_thread(problem_set.find, a.problem_id)
        if p is None:  # a set made again without it: never blocks the member
            log.warning("open problem %s is in no shipped set", a.problem_id)
            return None
        return a, p

    # -- showing ------------------------------------------------------------------------

    async def show(self, ctx: Ctx, rules: str | None = None) -> ProblemReply:
        """The member's open problem again, else a new one that fits their rating."""
        personal, _ = await self.games.langs(ctx)
        guild = _scope(ctx)
        now = self.games.clock()
        opened = await self._open(guild, ctx.user_id)
        if opened is not None:
            a, p = opened
            note = t("problem.again", personal)
            asked = await self._rules_for(guild, rules) if rules is not None else p.rules
            if asked != p.rules:
                note = t("problem.other_rules", personal, rules=asked)
            return await self.view(ctx, p, personal, note=note, day=a.day)
        rid = await self._rules_for(guild, rules)
        ps = await self.problems(rid)
        async with self.store.read() as tx:
            seen = await self._repo.seen(tx, guild, ctx.user_id) | await self._repo.daily_ids(tx, guild)
            me = await self._repo.solver(tx, guild, ctx.user_id)
            known = await self._repo.difficulties(tx, rid + "-")
        unseen = [p for p in ps.problems if p.id not in seen]
        if not unseen:
            raise UserError("problem.all_done", rules=rid, known=", ".join(
                r for r in self.available() if r != rid) or "–")
        mine = me.rating if me is not None else Rating()
        p = _nearest(unseen, known, mine.mu, f"{guild}:{ctx.user_id}:{len(seen)}")
        async with self.store.transaction() as tx:
            await self._repo.show(tx, guild, ctx.user_id, p.id, None, now)
        return await self.view(ctx, p, personal, difficulty=known.get(p.id) or prior(p))

    async def open_daily(self, ctx: Ctx, day: str) -> ProblemReply:
        """The daily problem of ``day`` (its post's button), privately: to answer, or the
        member's answer when they have given one."""
        personal, _ = await self.games.langs(ctx)
        guild = _scope(ctx)
        async with self.store.read() as tx:
            d = await self._repo.daily(tx, guild, day)
            a = await self._repo.attempt(tx, guild, ctx.user_id, d.problem_id) if d else None
        p = await asyncio.to_thread(problem_set.find, d.problem_id) if d else None
        if d is None or p is None:
            raise UserError("problem.no_daily")
        if a is not None and a.answered_at is not None:
            verdict = (t("problem.verdict.right", personal) if a.correct else
                       t("problem.verdict.wrong", personal, loss=number(a.loss or 0.0,
                                                                       personal)))
            return ProblemReply(t("problem.answered", personal, day=day, play=play_words(
                a.answer or "-", personal), verdict=verdict), personal)
        async with self.store.transaction() as tx:
            await self._repo.show(tx, guild, ctx.user_id, p.id, day, self.games.clock())
        return await self.view(ctx, p, personal, day=day)

    async def view(self, ctx: Ctx, p: Problem, lang: str, *, note: str | None = None,
                   day: str | None = None, difficulty: Rating | None = None) -> ProblemReply:
        """The problem as its member sees it: its heading, the roll and its board, from
        the mover's side (the picker's controls are added by ``problem_picker``)."""
        pos = p.board()
        rules = p.ruleset
        if day is not None:
            head = t("problem.daily_head", lang, day=day, title=rules.title, rules=p.rules)
        else:
            if difficulty is None:
                async with self.store.read() as tx:
                    difficulty = (await self._repo.difficulties(tx, p.id)).get(p.id) or prior(p)
            head = t("problem.head", lang, id=p.id, title=rules.title, rules=p.rules,
                     difficulty=shown_rating(difficulty, lang))
        text = "\n".join(x for x in (note, head, t(
            "problem.to_play", lang, side=side_name(pos.turn, lang).lower(),
            dice=format_dice(p.dice, "–"), name=roll_name(p.dice))) if x)
        board = BoardSpec(pos, rules, dice=p.dice, perspective=pos.turn, lang=lang,
                          names=_names(pos.turn, lang), mover=pos.turn,
                          theme=await self.games.board_theme(ctx.guild_id, ctx.user_id))
        return ProblemReply(text, lang, board=board, problem=p)

    async def suggestions(self, ctx: Ctx, typed: str) -> list[str]:
        """Autocomplete for an answer: the open problem's legal plays matching ``typed``,
        in an order that gives nothing away (neither the analysis' nor the engine's
        cheap one, which put the best play first in most problems)."""
        opened = await self._open(_scope(ctx), ctx.user_id)
        if opened is None:
            return []
        p = opened[1]
        # a fixed shuffle: the first suggestion is no hint of the answer (issue 37; even
        # the notation's order would be one, the best play starting low more often)
        return [x.text for x in suggest(p.ruleset, p.board(), p.dice, typed or "", 25,
                                        order="shuffled")]

    # -- answering ----------------------------------------------------------------------

    async def answer(self, ctx: Ctx, text: str) -> ProblemReply:
        """Judge the member's play for their open problem, rate both, say how it went.
        A play that cannot be read or is not legal is refused by the engine's own
        message (``MoveError``) before anything is written."""
        personal, _ = await self.games.langs(ctx)
        guild = _scope(ctx)
        opened = await self._open(guild, ctx.user_id)
        if opened is None:
            raise UserError("problem.none")
        a, p = opened
        turn, loss, best, correct = await asyncio.to_thread(p.judge, text)
        now = self.games.clock()
        try:
            async with self.store.transaction() as tx:
                if not await self._repo.answer(tx, a, turn.text, loss, correct, 0.0, now):
                    raise UserError("problem.none")  # answered meanwhile (another press)
                me = await self._repo.lock_solver(tx, guild, ctx.user_id, now)
                difficulty = await self._repo.lock_difficulty(tx, p.id, prior(p), now)
                mine, theirs = rate_game(me.rating, difficulty, correct)
                me2 = _streak(Solver(mine, me.streak, me.streak_day, me.best_streak),
                              a.day, correct,
                              (await self._repo.previous_daily(tx, guild, a.day)) if a.day else None)
                await self._repo.save_solver(tx, guild, ctx.user_id, me2, now)
                await self._repo.save_difficulty(tx, p.id, theirs, now)
                delta = mine.mu - me.rating.mu
                await self._repo.answer_delta(tx, a, delta)
        except Conflict:
            raise UserError("conflict") from None
        log.info("problem %s answered by %s: %s (%.3f lost)", p.id, ctx.user_id,
                 "right" if correct else "wrong", loss)
        theme = await self.games.board_theme(ctx.guild_id, ctx.user_id)
        return self._answered(p, turn, best, loss, correct, me2, delta, personal, theme)

    def _answered(self, p: Problem, turn: Turn, best: Turn, loss: float, correct: bool,
                  me: Solver, delta: float, lang: str, theme: str) -> ProblemReply:
        mover = p.board().turn
        best_text = format_turn(best, lang)
        lines = [t("problem.right", lang, play=best_text) if correct else t(
            "problem.wrong", lang, play=format_turn(turn, lang), loss=number(loss, lang),
            best=best_text)]
        if p.theme:
            lines.append(t(f"problem.theme.{p.theme}", lang))
        lines.append(t("problem.rating", lang, rating=shown_rating(me.rating, lang),
                       delta=number(delta, lang, digits=0, sign=True)))
        if me.streak and me.streak_day is not None and correct:
            lines.append(t("problem.streak", lang, n=me.streak))
        lines.append(t("problem.next", lang))
        if correct:
            captions: tuple[str, ...] = (t("problem.caption.right", lang, play=best_text),)
        else:
            captions = (t("problem.caption.yours", lang, play=format_turn(turn, lang),
                          loss=number(loss, lang)),
                        t("problem.caption.best", lang, play=best_text))
        picture = Answer(p, best, None if correct else turn, captions, mover, lang,
                         theme,
                         _names(mover, lang))
        return ProblemReply("\n".join(lines), lang, answer=picture)

    # -- settings and the profile -------------------------------------------------------

    async def configure(self, ctx: Ctx, *, channel_id: int | None = None,
                        hour: int | None = None, daily: bool | None = None) -> str:
        """The server's daily problem (the command layer checks Manage Server)."""
        personal, _ = await self.games.langs(ctx)
        guild = _guild(ctx)
        if hour is not None and not 0 <= hour <= 23:
            raise UserError("problem.hour")
        async with self.store.transaction() as tx:
            if daily is False:
                await self._repo.clear_channel(tx, guild)
                return t("problem.settings.off", personal)
            where = await self._repo.set_channel(tx, guild, channel_id, hour, DAILY_HOUR)
        if where is None:
            raise UserError("problem.channel_first")
        return t("problem.settings.on", personal, channel=where[0], hour=f"{where[1]:02d}",
                 rules=await self._rules_for(guild, None))

    async def profile_lines(self, guild_id: int, user_id: int, lang: str) -> list[str]:
        """The member's problem line for ``/rating profile`` (none before a first answer)."""
        async with self.store.read() as tx:
            me = await self._repo.solver(tx, guild_id, user_id)
            recent = await self._repo.last_days(tx, guild_id, 2)
        if me is None:
            return []
        # a run is alive while its last day is the server's latest daily problem, or the
        # one before (today's may not be answered yet)
        run = me.streak if me.streak_day in recent else 0
        return [t("problem.profile", lang, rating=shown_rating(me.rating, lang), solved=me.solved,
                  total=me.solved + me.failed, streak=run, best=me.best_streak)]

    # -- the daily problem --------------------------------------------------------------

    async def due_dailies(self, guild_locale: Callable[[int], str | None] = lambda g: None,
                          ) -> list[DailyPost]:
        """Today's daily problem of every server of this process whose hour has come and
        that has none yet, each claimed by this process before it is returned."""
        now = self.games.clock()
        today = day_of(now)
        hour = datetime.fromtimestamp(now, UTC).hour
        async with self.store.read() as tx:
            servers = await self._repo.channels(tx)
        out = []
        for guild, channel_id, at in servers:
            if not self.games.owns(guild) or hour < at:
                continue
            async with self.store.read() as tx:
                if await self._repo.daily(tx, guild, today) is not None:
                    continue
            try:
                post = await self._daily(guild, channel_id, today, now, guild_locale(guild))
            except Exception:  # one server's trouble never stops the others' problems
                log.exception("could not make the daily problem of guild %s", guild)
                continue
            if post is not None:
                out.append(post)
        return out

    async def _daily(self, guild: int, channel_id: int, day: str, now: float,
                     locale: str | None) -> DailyPost | None:
        s = await self.games.settings(guild)
        lang = resolve_lang(s.lang, None, locale)
        rid = await self._rules_for(guild, None)
        ps = await self.problems(rid)
        async with self.store.read() as tx:
            used = await self._repo.daily_ids(tx, guild)
            mus = await self._repo.solver_mus(tx, guild)
            known = await self._repo.difficulties(tx, rid + "-")
            before = await self._repo.previous_daily(tx, guild, day)
            results = await self._repo.day_results(tx, guild, before.day) if before else (0, 0)
            streaks = await self._repo.best_streaks(tx, guild, before.day, STREAKS) if before else []
        unused = [p for p in ps.problems if p.id not in used] or list(ps.problems)
        p = _nearest(unused, known, statistics.median(mus) if mus else MU, f"{guild}:{day}")
        try:
            async with self.store.transaction() as tx:
                if not await self._repo.claim_daily(tx, guild, day, p.id, channel_id, now):
                    return None  # another process has it
        except Conflict:
            return None
        pos = p.board()
        button = t("problem.daily.button", lang)
        lines = [t("problem.daily.post", lang, day=day, title=p.ruleset.title, rules=p.rules,
                   side=side_name(pos.turn, lang), dice=format_dice(p.dice, "–"),
                   name=roll_name(p.dice), button=button)]
        if before is not None:
            answered, solved = results
            lines.append(t("problem.daily.yesterday", lang, day=before.day, solved=solved,
                           answered=answered) if answered else
                         t("problem.daily.nobody", lang, day=before.day))
            if streaks:
                await self.games.players.resolve(guild, [u for u, _ in streaks])
                names = ", ".join(f"{self.games.display_name(guild, u, lang)} {n}"
                                  for u, n in streaks)
                lines.append(t("problem.daily.streaks", lang, list=names))
        board = BoardSpec(pos, p.ruleset, dice=p.dice, perspective=pos.turn, lang=lang,
                          mover=pos.turn, theme=await self.games.board_theme(guild, 0))
        return DailyPost(guild, channel_id, day, "\n".join(lines), board, button)

    async def direct_daily(self, lang: str) -> DailyPost | None:
        """Today's daily problem for the members who asked for it by direct message
        (issue 36), in ``lang``: one problem a day for all of them (server key
        ``DIRECT``), chosen and claimed as a server's is, from ``DAILY_HOUR`` UTC on;
        None before that hour, or when it cannot be had."""
        now = self.games.clock()
        today = day_of(now)
        if datetime.fromtimestamp(now, UTC).hour < DAILY_HOUR:
            return None
        async with self.store.read() as tx:
            d = await self._repo.daily(tx, DIRECT, today)
        if d is None:  # the first subscriber of the day claims it
            await self._daily(DIRECT, 0, today, now, None)
            async with self.store.read() as tx:
                d = await self._repo.daily(tx, DIRECT, today)
        p = await asyncio.to_thread(problem_set.find, d.problem_id) if d else None
        if p is None:
            return None
        pos = p.board()
        button = t("problem.daily.button", lang)
        text = t("problem.daily.post", lang, day=today, title=p.ruleset.title, rules=p.rules,
                 side=side_name(pos.turn, lang), dice=format_dice(p.dice, "–"),
                 name=roll_name(p.dice), button=button)
        board = BoardSpec(pos, p.ruleset, dice=p.dice, perspective=pos.turn, lang=lang,
                          mover=pos.turn)
        return DailyPost(DIRECT, 0, today, text, board, button)

    async def posted(self, post: DailyPost, message_id: int) -> None:
        async with self.store.transaction() as tx:
            await self._repo.posted(tx, post.guild_id, post.day, message_id)


# -- helpers ----------------------------------------------------------------------------------


def _scope(ctx: Ctx) -> int:
    """Whose problems and ratings: the server's, or, in a direct message with the bot
    (issue 36), the direct messages' own (stored under server 0)."""
    return ctx.guild_id or DIRECT


def _guild(ctx: Ctx) -> int:
    if ctx.guild_id is None:
        raise UserError("settings.guild_only")
    return ctx.guild_id


def _names(mover: Side, lang: str) -> tuple[str, str]:
    """The strips' names, (white, black): the solver and the opponent."""
    me, other = t("problem.you", lang), t("problem.opponent", lang)
    return (me, other) if mover is Side.WHITE else (other, me)


def _nearest(problems: list[Problem], known: dict[str, Rating], target: float,
             seed: str) -> Problem:
    """One of the ``CLOSEST`` problems whose difficulty is nearest ``target`` (chosen by
    ``seed``, so the same member does not always get the very nearest first)."""
    def distance(p: Problem) -> tuple[float, str]:
        return abs((known.get(p.id) or prior(p)).mu - target), p.id

    near = sorted(problems, key=distance)[:CLOSEST]
    return near[random.Random(seed).randrange(len(near))]


def _streak(me: Solver, day: str | None, correct: bool,
            before: Daily | None) -> Solver:
    """The member's run of daily problems solved after answering ``day``'s: one more
    when they solved the server's previous daily problem too, else one; a miss ends it.
    Practice problems (``day`` None) leave it alone."""
    if day is None:
        return me
    if not correct:
        return Solver(me.rating, 0, me.streak_day, me.best_streak)
    run = me.streak + 1 if before is not None and me.streak_day == before.day else 1
    return Solver(me.rating, run, day, max(me.best_streak, run))


__all__ = ["Answer", "DailyPost", "ProblemReply", "ProblemService", "day_of", "prior"]
