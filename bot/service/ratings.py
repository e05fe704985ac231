"""Per-server ratings, the leaderboard and member profiles (issue 6), Discord-free.

A rated game (both players members, ``rated`` chosen at ``/brade new``, tournament games
always) updates both players' OpenSkill states once it is over: ``on_game_end`` is a
``GameService.end_listeners`` entry.  The update and the mark "applied" are written in one
transaction keyed by the game id, so a notice that arrives twice, or a catch-up after a
crash, never counts a game twice.  A match row is one result (its winner), because the
rating measures who wins, not by how much (docs/league.md).

Records by ruleset and ways of winning are counted from the finished game rows each time
(``bot.league.profile``): nothing to keep in step, and every game of a match counts.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

from bot.i18n import TABLES, outcome_text, t
from bot.league.profile import DiceCount, GameSummary, Profile, build_profile, count_dice
from bot.league.ratings import Rating, leaderboard, rate
from bot.service.games import GameService
from bot.service.model import COMPUTER, Ctx, Reply, UserError
from bot.service.text import clip, mention, moment
from bot.store import GameRow, RatedGame
from engine.match import Match
from engine.position import Side
from engine.scoring import VACKERT
from engine.turn import Outcome
from engine.words import number as num
from engine.words import win_name

log = logging.getLogger(__name__)

LEADERBOARD_DEFAULT = 10
LEADERBOARD_MAX = 25
RECENT = 5


def winner_side(row: GameRow) -> Side | None:
    """Who won the row: the match's winner, or the single game's (M-1, M-2)."""
    result = row.result or {}
    m = result.get("match")
    if m:
        match = Match.from_json(m)
        if match.length > 1:
            if match.winner is not None:
                return match.winner
            w, b = match.score(Side.WHITE), match.score(Side.BLACK)
            return None if w == b else Side.WHITE if w > b else Side.BLACK
    o = result.get("outcome")
    return Side(o["winner"]) if o else None


def outcomes_of(row: GameRow) -> list[Outcome]:
    """Every finished game in the row: each game of a match, or the single game."""
    result = row.result or {}
    m = result.get("match")
    if m and m.get("results"):
        return [Outcome.from_json(o) for o in m["results"]]
    o = result.get("outcome")
    return [Outcome.from_json(o)] if o else []


def summaries(row: GameRow, user_id: int) -> list[GameSummary]:
    """``user_id``'s view of every game in a finished row, for ``build_profile``."""
    outs = outcomes_of(row)
    at = datetime.fromtimestamp(row.updated_at, UTC)
    many = len(outs) > 1
    return [GameSummary.of(str(user_id), game_id=f"{row.id}/{n}" if many else str(row.id),
                           rules=row.rules, white=str(row.white_id), black=str(row.black_id),
                           outcome=o, finished_at=at, rated=row.rated)
            for n, o in enumerate(outs, 1)]


#: More lines for a member's profile from another feature (problems): given the server,
#: the member and the language, the lines to add (none when the member has none).
ProfileLines = Callable[[int, int, str], Awaitable[list[str]]]


class RatingService:
    def __init__(self, games: GameService,
                 profile_lines: Sequence[ProfileLines] = ()) -> None:
        """``profile_lines``: other features' lines for a member's profile (the
        problems' rating, ``Services.build``)."""
        self.games = games
        self.store = games.store
        self._repo = games.repos.ratings
        self.profile_lines = tuple(profile_lines)

    # -- applying results ----------------------------------------------------------------

    async def on_game_end(self, row: GameRow) -> bool:
        """Apply a rated game that is over; True if it changed the ratings now."""
        if not _ratable(row):
            return False
        async with self.store.transaction() as tx:
            if await self._repo.is_applied(tx, row.id):
                return False
            fresh = await tx.game(row.id)  # the committed row, not the caller's copy
            if fresh is None or not _ratable(fresh):
                return False
            side = winner_side(fresh)
            guild = fresh.guild_id  # never None here: _ratable asks for a server
            if side is None or guild is None:
                return False
            winner = fresh.white_id if side is Side.WHITE else fresh.black_id
            loser = fresh.black_id if side is Side.WHITE else fresh.white_id
            # Locked until the commit: another game of either player waits, then reads
            # the state this one wrote (a plain read could rate both from the same state).
            locked = await self._repo.lock_ratings(tx, guild, [winner, loser], self.games.clock())
            before = (locked[winner], locked[loser])
            after = rate(*before)
            applied = await self._repo.apply(tx, guild, fresh.id, winner, loser, before, after,
                                      self.games.clock())
        if applied:
            log.info("rated game %s: %s beat %s (%+.0f / %+.0f)", row.id, winner, loser,
                     after[0].mu - before[0].mu, after[1].mu - before[1].mu)
        return applied

    async def catch_up(self) -> int:
        """Apply rated games that ended while no listener ran (a crash after the commit).

        Only this process's guilds (sharded processes each catch up their own; two that
        raced would still apply a game once, by the ``rated_games`` key)."""
        async with self.store.read() as tx:
            rows = await self._repo.unapplied_rated_games(tx)
        n = 0
        for row in rows:
            if not self.games.owns(row.guild_id):
                continue
            n += await self.on_game_end(row)
        return n

    # -- commands ------------------------------------------------------------------------

    async def leaderboard(self, ctx: Ctx, limit: int = LEADERBOARD_DEFAULT) -> Reply:
        personal, _ = await self.games.langs(ctx)
        guild = _guild(ctx)
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise UserError("rating.limit", most=LEADERBOARD_MAX)
        async with self.store.read() as tx:
            ratings = await self._repo.all_ratings(tx, guild)
        if not ratings:
            raise UserError("rating.empty")
        order = leaderboard({str(k): v for k, v in ratings.items()}, limit)
        lines = [t("rating.board.head", personal, n=len(order), total=len(ratings))]
        await self.games.players.resolve(guild, [int(uid) for uid, _ in order])
        for place, (uid, r) in enumerate(order, 1):
            lines.append(t("rating.board.line", personal, place=place,
                           who=self._name(guild, int(uid), personal),
                           rating=shown_rating(r, personal), wins=r.wins, losses=r.losses,
                           games=r.games))
        lines.append(t("rating.board.foot", personal))
        return Reply(lang=personal, private="\n".join(lines))

    async def profile(self, ctx: Ctx, user_id: int | None = None, *,
                      is_bot: bool = False) -> Reply:
        personal, _ = await self.games.langs(ctx)
        guild = _guild(ctx)
        uid = ctx.user_id if user_id is None else user_id
        if is_bot or uid == COMPUTER:
            raise UserError("rating.bot")
        async with self.store.read() as tx:
            rows = await self._repo.finished_games(tx, guild, uid)
            mine = await self._repo.rating(tx, guild, uid)
            everyone = await self._repo.all_ratings(tx, guild) if mine else {}
            changes = await self._repo.rated_games(tx, guild, uid)
            rolled = await self._repo.roll_events(tx, guild, uid)
        extra = [line for lines in self.profile_lines
                 for line in await lines(guild, uid, personal)]
        if not rows and mine is None:
            if not extra:
                raise UserError("rating.no_games", who=mention(uid))
            await self.games.players.resolve(guild, [uid])
            return Reply(lang=personal, private=clip("\n".join(
                [t("rating.profile.head", personal, who=self._name(guild, uid, personal)),
                 *extra])))
        games = [s for row in rows for s in summaries(row, uid)]
        p = build_profile(games, recent=RECENT)
        await self.games.players.resolve(guild, {uid, *(int(g.opponent or 0) for g in p.recent)})
        lines = [t("rating.profile.head", personal, who=self._name(guild, uid, personal))]
        if mine is None:
            lines.append(t("rating.profile.unrated", personal))
        else:
            order = [k for k, _ in leaderboard({str(k): v for k, v in everyone.items()})]
            lines.append(t("rating.profile.rating", personal, rating=shown_rating(mine, personal),
                           place=order.index(str(uid)) + 1, total=len(order),
                           wins=mine.wins, losses=mine.losses, games=mine.games))
        lines.append(_record_line(p, personal))
        lines.append(_ways_line(p, games, personal))
        lines.extend(dice_lines(count_dice(rolled, uid), personal))
        lines.extend(extra)
        if p.recent:
            lines.append(t("rating.profile.recent", personal))
            by_row = {row.id: row for row in rows}
            for g in p.recent:
                lines.append(self._recent_line(g, by_row, changes, uid, personal))
        return Reply(lang=personal, private=clip("\n".join(lines)))

    def _name(self, guild_id: int | None, user_id: int, lang: str) -> str:
        """A member by name (issue 13), never a mention or an id; the computer in words."""
        return self.games.display_name(guild_id, user_id, lang)

    def _recent_line(self, g: GameSummary, rows: dict[int, GameRow],
                     changes: dict[int, RatedGame], uid: int, lang: str) -> str:
        row_id = int(g.game_id.split("/", 1)[0])
        row = rows.get(row_id)
        opp = g.opponent or "0"
        who = self._name(row.guild_id if row else None, int(opp), lang)
        how = outcome_text(g.kind, g.munk, lang)
        text = t("rating.profile.game", lang, id=g.game_id, rules=g.rules, who=who,
                 result=t("rating.won" if g.won else "rating.lost", lang), how=how,
                 points=g.points, when=moment(row.updated_at, "d") if row else "?")
        change = changes.get(row_id)
        last_of_row = row is not None and g.game_id in (str(row_id),
                                                        f"{row_id}/{len(outcomes_of(row))}")
        if change is not None and last_of_row:
            text += t("rating.profile.change", lang, delta=f"{change.change_for(uid):+.0f}")
        return text


def _ratable(row: GameRow) -> bool:
    return (row.status == "over" and row.rated and row.guild_id is not None
            and COMPUTER not in row.players() and row.white_id != row.black_id)


def _guild(ctx: Ctx) -> int:
    if ctx.guild_id is None:
        raise UserError("rating.guild_only")
    return ctx.guild_id


def shown_rating(r: Rating, lang: str) -> str:
    """A rating as a member reads it: the number, and "(provisional)" in words while it
    rests on few games (a bare "1342?" explained nothing: issue 30); a problem's
    difficulty and a member's problem rating are said the same way."""
    return t("rating.provisional" if r.provisional else "rating.value", lang, n=r.display)


def _record_line(p: Profile, lang: str) -> str:
    parts = [f"`{rules}` {w}–{lo}" for rules, (w, lo) in sorted(p.by_rules.items())]
    return t("rating.profile.record", lang, wins=p.wins, losses=p.losses,
             rules=" · ".join(parts) or "–", won=p.points_won, lost=p.points_lost)


def _ways_line(p: Profile, games: list[GameSummary], lang: str) -> str:
    """Every way of winning the profile counts, the beautiful games also kind by kind."""
    kinds = {k: sum(1 for g in games if g.won and g.kind == k) for k in VACKERT}
    detail = ", ".join(f"{_way(k, lang)} {n}" for k, n in kinds.items() if n)
    ways = []
    for way, n in p.ways.items():
        text = f"{_way(way, lang)} {n}"
        if way == "vackert" and detail:
            text += f" ({detail})"
        ways.append(text)
    return t("rating.profile.ways", lang, ways=" · ".join(ways))


def dice_lines(dice: DiceCount, lang: str) -> list[str]:
    """The member's dice against chance: the pasch share of their two-dice rolls and each
    face's share of all their dice, each beside what chance gives, 1/6, with the spread
    chance allows (two standard deviations: about 19 members in 20 stay inside it)."""
    if not dice.dice:
        return []
    lines = []
    if dice.rolls:
        lines.append(t("rating.profile.dice", lang, rolls=dice.rolls, doubles=dice.doubles,
                       share=_pct(dice.doubles / dice.rolls, lang),
                       expected=_pct(1 / 6, lang), spread=_spread(dice.rolls, lang)))
    faces = " · ".join(t("rating.profile.face", lang, face=face, n=n,
                         share=_pct(n / dice.dice, lang))
                       for face, n in enumerate(dice.faces, 1))
    lines.append(t("rating.profile.faces", lang, dice=dice.dice, faces=faces,
                   expected=_pct(1 / 6, lang), spread=_spread(dice.dice, lang)))
    return lines


def _pct(share: float, lang: str) -> str:
    return t("rating.pct", lang, x=num(100 * share, lang, 1))


def _spread(n: int, lang: str) -> str:
    """Two standard deviations of a 1/6 share over ``n`` tries, in percentage points."""
    return num(200 * math.sqrt(5 / 36 / n), lang, 1)


def _way(way: str, lang: str) -> str:
    """A way of winning as a profile counts it: its own plural where it has one
    ("gammons", "beautiful games"), else the way's name (``engine.words``)."""
    key = f"rating.way.{way}"
    return t(key, lang) if key in TABLES[lang] else win_name(way, lang)
