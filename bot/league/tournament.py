"""A tournament as a value: registration → running (⇄ paused) → finished.

Discord-free and SQL-free: the bot loads a ``Tournament`` from its JSON, calls one
method per command or per finished match, saves ``to_json()`` and acts on the returned
``Change`` list (open threads for a new round, announce walkovers and the end).  A
scheduler polls ``poll(now)`` for reminders and walkovers that have fallen due.  Every
method that depends on time takes ``now``; nothing here reads a clock.

Rounds are opened one at a time in every format, so each round has one deadline: a
knockout round needs the previous winners, a Swiss round the previous scores, and a
round robin's schedule (fixed at the start) is opened round by round to match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.league import pairing as pair
from bot.league.errors import LeagueError
from bot.league.model import (
    Change,
    DueEvent,
    Format,
    Pairing,
    Player,
    Round,
    State,
    Status,
    _dt,
    _iso,
)
from bot.league.standings import TIEBREAKS, Standing, order, tally
from engine import rules as rules_registry
from engine.errors import EngineError
from engine.match import Match
from engine.position import Side
from engine.scoring import VACKERT, catch_up_value, points

JSON_VERSION = 1
MIN_PLAYERS = 2
_KINDS = ("hemspel", *VACKERT, "resign", "jan", "sprangjan")


def most_points_per_game(rules: str) -> int:
    """The most one game of ``rules`` can score (its table's best win, munk included):
    an organiser's match score above ``length`` times this is a typing error."""
    table = rules_registry.get(rules).scoring
    values = [catch_up_value(table)]  # the top value where a table has no jan
    for kind in _KINDS:
        for munk in (False, True):
            try:
                values.append(points(table, kind, munk)[0])
            except KeyError:
                continue
    return max(values)


@dataclass
class Tournament:
    id: str
    name: str
    format: Format
    organiser: str
    rules: str = "talisman"
    match_length: int = 3
    max_players: int | None = None
    swiss_rounds: int | None = None
    tiebreak: str = "buchholz"
    round_time: timedelta | None = None
    reminder_before: timedelta | None = None
    state: State = State.REGISTRATION
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    current: int = 0  # the open round's number; 0 before the start
    created_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    paused_at: datetime | None = None
    cancelled: bool = False  # called off before the start: finished without a result

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def create(cls, id: str, name: str, format: Format | str, organiser: str, *,
               rules: str = "talisman", match_length: int = 3,
               max_players: int | None = None, swiss_rounds: int | None = None,
               tiebreak: str = "buchholz", round_time: timedelta | None = None,
               reminder_before: timedelta | None = None,
               now: datetime | None = None) -> Tournament:
        """Validate the settings (the ruleset through the engine's registry)."""
        try:
            fmt = Format(format)
        except ValueError:
            raise LeagueError("league.bad_format", value=str(format)) from None
        name = (name or "").strip()
        if not name or len(name) > 100:
            raise LeagueError("league.bad_setting", value=name, setting="name")
        try:
            rules = rules_registry.get(rules).name
        except EngineError:
            raise LeagueError("league.bad_setting", value=rules, setting="ruleset") from None
        if match_length < 1 or match_length % 2 == 0:
            raise LeagueError("league.bad_setting", value=match_length, setting="match length")
        if max_players is not None and max_players < MIN_PLAYERS:
            raise LeagueError("league.bad_setting", value=max_players, setting="player limit")
        if fmt is Format.SWISS:
            if swiss_rounds is None or swiss_rounds < 1:
                raise LeagueError("league.bad_setting", value=swiss_rounds,
                                  setting="number of Swiss rounds")
        else:
            swiss_rounds = None
        if tiebreak not in TIEBREAKS:
            raise LeagueError("league.bad_setting", value=tiebreak, setting="tie-break")
        if round_time is not None and round_time <= timedelta(0):
            raise LeagueError("league.bad_setting", value=round_time, setting="round deadline")
        if reminder_before is not None and reminder_before < timedelta(0):
            raise LeagueError("league.bad_setting", value=reminder_before, setting="reminder")
        return cls(str(id), name, fmt, str(organiser), rules, match_length, max_players,
                   swiss_rounds, tiebreak, round_time, reminder_before, created_at=now)

    # -- looking things up ----------------------------------------------------------------
    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise LeagueError("league.not_player")

    def has_player(self, player_id: str) -> bool:
        return any(p.id == player_id for p in self.players)

    def pairing(self, pairing_id: str) -> Pairing:
        for r in self.rounds:
            for m in r.pairings:
                if m.id == pairing_id:
                    return m
        raise LeagueError("league.no_pairing", pairing=pairing_id)

    def find_ref(self, ref: str) -> Pairing | None:
        """The pairing whose ``ref`` the bot set (its thread or match id)."""
        return next((m for r in self.rounds for m in r.pairings if m.ref == ref), None)

    def set_ref(self, pairing_id: str, ref: str | None) -> None:
        self.pairing(pairing_id).ref = ref

    @property
    def round(self) -> Round | None:
        """The open round (None before the start)."""
        return self.rounds[self.current - 1] if self.current else None

    def pending(self) -> list[Pairing]:
        """Matches of the open round still to be played."""
        r = self.round
        return [m for m in r.pairings if m.status is Status.PENDING] if r else []

    def pending_for(self, player_id: str) -> Pairing | None:
        return next((m for m in self.pending() if player_id in m.players), None)

    def pairings(self) -> list[Pairing]:
        return [m for r in self.rounds for m in r.pairings]

    @property
    def total_rounds(self) -> int | None:
        """Rounds the tournament will have (known once it starts; Swiss: as chosen)."""
        if self.format is Format.SWISS:
            return self.swiss_rounds
        if self.state is State.REGISTRATION:
            return None
        if self.format is Format.ROUND_ROBIN:
            return len(self.rounds)
        return (pair.bracket_size(len(self.players)) - 1).bit_length()

    @property
    def champion(self) -> str | None:
        """The winner of a finished tournament; None when it was cancelled, or when a
        knockout ended before its final was decided (those still in share first place)."""
        if self.state is not State.FINISHED or self.cancelled:
            return None
        if self.format is Format.SINGLE_ELIMINATION:
            last = self.rounds[-1] if self.rounds else None
            if last is None or last.number != self.total_rounds or len(last.pairings) != 1:
                return None
            final = last.pairings[0]
            return final.winner if final.decided else None
        table = self.standings()
        return table[0].player if table else None

    def is_organiser(self, user_id: str) -> bool:
        """The creator; the bot adds "or has Manage Server" from Discord's side."""
        return str(user_id) == self.organiser

    # -- registration ---------------------------------------------------------------------
    def join(self, player_id: str, name: str, rating: float = 1500.0) -> Player:
        if self.state is not State.REGISTRATION:
            raise LeagueError("league.not_registration")
        if self.has_player(str(player_id)):
            raise LeagueError("league.already_joined", name=name)
        if self.max_players is not None and len(self.players) >= self.max_players:
            raise LeagueError("league.full", limit=self.max_players)
        p = Player(str(player_id), name, float(rating))
        self.players.append(p)
        return p

    def leave(self, player_id: str) -> None:
        """Leave before the start; afterwards a player withdraws (``remove_player``)."""
        if self.state is not State.REGISTRATION:
            raise LeagueError("league.not_registration")
        self.players.remove(self.player(str(player_id)))

    def start(self, now: datetime, ratings: Mapping[str, float] | None = None) -> list[Change]:
        """Seed by rating (``ratings`` overrides those given at join), pair round one."""
        if self.state is not State.REGISTRATION:
            raise LeagueError("league.not_registration")
        n = len(self.players)
        if n < MIN_PLAYERS:
            raise LeagueError("league.too_few", format=self.format.value, minimum=MIN_PLAYERS,
                              count=n)
        if self.format is Format.SWISS:
            assert self.swiss_rounds is not None
            most = pair.swiss_max_rounds(n)
            if self.swiss_rounds > most:
                raise LeagueError("league.too_many_rounds", rounds=self.swiss_rounds,
                                  count=n, maximum=most)
        for p in self.players:
            if ratings and p.id in ratings:
                p.rating = float(ratings[p.id])
        joined = {p.id: i for i, p in enumerate(self.players)}
        ranked = sorted(self.players, key=lambda p: (-p.rating, joined[p.id]))
        for seed, p in enumerate(ranked, 1):
            p.seed = seed
        ids = [p.id for p in ranked]
        self.state = State.RUNNING
        self.started_at = now
        if self.format is Format.SINGLE_ELIMINATION:
            self.rounds = [self._round(1, pair.knockout_first_round(ids))]
        elif self.format is Format.ROUND_ROBIN:
            self.rounds = [self._round(i, pairs)
                           for i, pairs in enumerate(pair.round_robin(ids), 1)]
        else:
            self.rounds = [self._round(1, self._swiss_pairs())]
        return self._open(1, now)

    # -- results --------------------------------------------------------------------------
    def report(self, pairing_id: str, winner: str, now: datetime, *, a_points: int = 0,
               b_points: int = 0) -> list[Change]:
        """A match of the open round has finished (the bot calls this automatically)."""
        m = self._current_pairing(pairing_id)
        if m.status is not Status.PENDING:
            raise LeagueError("league.already_decided", pairing=pairing_id)
        self._decide(m, winner, a_points, b_points)
        return self._after_result(now)

    def report_match(self, pairing_id: str, match: Match, a_side: Side,
                     now: datetime) -> list[Change]:
        """``report`` from a finished engine match; ``a_side`` is the colour pairing
        ``a`` had in it.  The match score (game points, M-1) becomes the result's
        score."""
        winner = match.winner
        if winner is None:
            raise LeagueError("league.match_not_over", pairing=pairing_id)
        m = self.pairing(pairing_id)
        if m.b is None:
            raise LeagueError("league.bye", pairing=pairing_id)
        return self.report(pairing_id, m.a if winner is a_side else m.b, now,
                           a_points=match.score(a_side), b_points=match.score(a_side.other))

    def set_result(self, pairing_id: str, winner: str | None, now: datetime, *,
                   a_points: int = 0, b_points: int = 0) -> list[Change]:
        """The organiser sets or corrects a result; ``winner`` None is a double forfeit
        (not in a knockout, where someone must go through); a winner without a score
        wins 1–0.

        Any match of the open round, and a match of the round before while no match of
        the open round has a result (byes and automatic walkovers aside): a typo in the
        result that completed a round can still be put right.  Then a Swiss or knockout
        round is paired again from the corrected result; a match that is paired the
        same again keeps its ``ref`` (its thread and game go on), the others' refs come
        back in a "repaired" change.  A round robin's schedule is fixed, so there the
        correction changes only the standings.
        """
        m = self._correctable(pairing_id)
        if winner is not None and not (a_points or b_points):  # no score given: 1–0
            a_points, b_points = (1, 0) if winner == m.a else (0, 1)
        self.check_score(m, winner, a_points, b_points)
        if m.round == self.current or self.format is Format.ROUND_ROBIN:
            self._decide(m, winner, a_points, b_points, organiser=True)
            return self._after_result(now)
        dropped = self.rounds.pop()
        self.current -= 1
        self._decide(m, winner, a_points, b_points, organiser=True)
        keep = {frozenset(p.players): p.ref for p in dropped.pairings
                if p.ref and not p.is_bye and p.status is Status.PENDING}
        changes = self._after_result(now, keep)
        kept = {p.ref for p in self.round.pairings} if self.round else set()
        closed = tuple(ref for ref in keep.values() if ref not in kept)
        return [Change("repaired", dropped.number, tuple(p.id for p in dropped.pairings),
                       closed), *changes]

    def correctable(self) -> list[Pairing]:
        """The matches ``set_result`` accepts now: the open round's, and the previous
        round's while the open round is untouched (byes aside)."""
        out: list[Pairing] = []
        for m in self.pairings():
            if m.is_bye or m.round not in (self.current, self.current - 1):
                continue
            try:
                self._correctable(m.id)
            except LeagueError:
                continue
            out.append(m)
        return out

    def same_result(self, pairing_id: str, winner: str | None, a_points: int,
                    b_points: int) -> bool:
        """Whether the match already has exactly this result (the organiser entered it
        twice): the bot then changes and announces nothing."""
        m = self.pairing(pairing_id)
        return (m.status is Status.DONE and not m.walkover and m.winner == winner
                and (m.a_points, m.b_points) == (a_points, b_points))

    def check_score(self, m: Pairing, winner: str | None, a_points: int,
                    b_points: int) -> None:
        """An organiser's match score must be one the match could end with: the winner
        ahead, at most ``match_length`` games' worth of the ruleset's best win; a double
        forfeit scores nothing."""
        if m.is_bye:
            raise LeagueError("league.bye", pairing=m.id)
        if winner is None:
            if a_points or b_points:
                raise LeagueError("league.forfeit_score", pairing=m.id)
            return
        if winner not in m.players:
            raise LeagueError("league.not_in_pairing", pairing=m.id)
        won, lost = (a_points, b_points) if winner == m.a else (b_points, a_points)
        per_game = most_points_per_game(self.rules)
        if lost < 0 or won <= lost or won > self.match_length * per_game:
            raise LeagueError("league.implausible_score", won=won, lost=lost,
                              length=self.match_length, most=self.match_length * per_game)

    def confirm_walkover(self, pairing_id: str, winner: str | None,
                         now: datetime) -> list[Change]:
        """After the round's deadline the organiser awards the match to ``winner``
        (None: both forfeit, outside knockouts)."""
        m = self._current_pairing(pairing_id)
        if m.status is not Status.PENDING:
            raise LeagueError("league.already_decided", pairing=pairing_id)
        r = self.rounds[m.round - 1]
        if self.state is State.PAUSED or r.deadline is None or now < r.deadline:
            raise LeagueError("league.not_due", pairing=pairing_id)
        self._decide(m, winner, 0, 0, organiser=True, walkover=True)
        return self._after_result(now)

    def remove_player(self, player_id: str, now: datetime) -> list[Change]:
        """Take a player out (the organiser's removal, a player's own withdrawal, a
        member who left the server); their open and future matches are walkovers for
        the opponents, and Swiss rounds stop pairing them."""
        p = self.player(str(player_id))
        if self.state is State.REGISTRATION:
            self.players.remove(p)
            return []
        if self.state is State.FINISHED:
            raise LeagueError("league.finished")
        if p.withdrawn:
            raise LeagueError("league.already_withdrawn", name=p.name)
        p.withdrawn = True
        changes: list[Change] = []
        m = self.pending_for(p.id)
        if m is not None:
            assert m.b is not None
            self._decide(m, m.opponent(p.id), 0, 0, organiser=True, walkover=True)
            changes.append(Change("walkover", m.round, (m.id,)))
        return changes + self._after_result(now)

    def depart(self, player_ids: Iterable[str]) -> list[Change]:
        """Players found gone from the server just before a round is paired (the bot
        looks everyone up then): withdrawn, so that round does not pair them.  Unlike
        ``remove_player`` a match of theirs still open is left to the action that pairs
        the round, which decides it (the game they finished, or a result the organiser
        sets), so a game played to its end keeps its result."""
        gone = tuple(p for p in dict.fromkeys(str(x) for x in player_ids)
                     if self.has_player(p) and not self.player(p).withdrawn)
        if self.state not in (State.RUNNING, State.PAUSED) or not gone:
            return []
        for p in gone:
            self.player(p).withdrawn = True
        return [Change("departed", self.current or None, players=gone)]

    # -- organiser controls -----------------------------------------------------------------
    def pause(self, now: datetime) -> None:
        if self.state is not State.RUNNING:
            raise LeagueError("league.not_running")
        self.state = State.PAUSED
        self.paused_at = now

    def resume(self, now: datetime) -> list[Change]:
        """Continue; the open round's deadline moves on by the time spent paused."""
        if self.state is not State.PAUSED:
            raise LeagueError("league.not_paused")
        r = self.round
        if r is not None and r.deadline is not None and self.paused_at is not None:
            r.deadline += max(timedelta(0), now - self.paused_at)
        self.state = State.RUNNING
        self.paused_at = None
        return self._after_result(now)

    def finish(self, now: datetime) -> list[Change]:
        """End now (the organiser's "finish"); unplayed matches are cancelled."""
        if self.state is State.FINISHED:
            raise LeagueError("league.finished")
        if self.state is State.REGISTRATION:
            raise LeagueError("league.not_started")
        for m in self.pairings():
            if m.status is Status.PENDING:
                m.status = Status.CANCELLED
        self.rounds = [r for r in self.rounds if r.is_open]
        return self._finish(now)

    def cancel(self, now: datetime) -> list[Change]:
        """Call off a tournament that has not started: it is finished without a result,
        so its name is free for a new one."""
        if self.state is State.FINISHED:
            raise LeagueError("league.finished")
        if self.state is not State.REGISTRATION:
            raise LeagueError("league.started")
        self.state = State.FINISHED
        self.cancelled = True
        self.finished_at = now
        return [Change("cancelled")]

    # -- deadlines ------------------------------------------------------------------------
    def reminder_at(self, r: Round) -> datetime | None:
        if r.deadline is None or self.round_time is None:
            return None
        before = self.reminder_before if self.reminder_before is not None \
            else self.round_time / 4
        return r.deadline - before

    def due(self, now: datetime) -> list[DueEvent]:
        """Reminders and walkovers that have fallen due and were not yet handed out."""
        r = self.round
        if self.state is not State.RUNNING or r is None or r.deadline is None:
            return []
        remind = self.reminder_at(r)
        out: list[DueEvent] = []
        for m in r.pairings:
            if m.status is not Status.PENDING:
                continue
            if now >= r.deadline and not m.walkover_noticed:
                out.append(DueEvent("walkover_due", m.id, r.number, m.players, r.deadline))
            elif remind is not None and now >= remind and not m.reminded \
                    and not m.walkover_noticed:
                out.append(DueEvent("reminder", m.id, r.number, m.players, r.deadline))
        return out

    def poll(self, now: datetime) -> list[DueEvent]:
        """``due(now)``, marking each event handed out so the next poll skips it."""
        events = self.due(now)
        for e in events:
            m = self.pairing(e.pairing)
            if e.kind == "reminder":
                m.reminded = True
            else:
                m.walkover_noticed = True
                m.reminded = True
        return events

    # -- views ----------------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        """The table now.  A bye of the round being played counts once that round is
        complete: between rounds a player who sits out the next round is not shown
        above that round's winners before anyone has played it."""
        r = self.round
        early = r.number if r is not None and not r.complete else None
        counted = [m for m in self.pairings() if not (m.is_bye and m.round == early)]
        return order(tally(self.players, counted, self.format), self.format, self.tiebreak)

    def bracket(self) -> dict[str, Any]:
        """Everything a renderer needs: rounds, matches, players, scores (plain data).

        A knockout lists its later rounds too, with empty slots fed by ``from``.
        """
        names = {p.id: p for p in self.players}

        def slot(pid: str | None) -> dict[str, Any] | None:
            if pid is None:
                return None
            p = names[pid]
            return {"id": p.id, "name": p.name, "seed": p.seed, "withdrawn": p.withdrawn}

        rounds: list[dict[str, Any]] = []
        total = self.total_rounds or len(self.rounds)
        for r in self.rounds:
            rounds.append({
                "number": r.number, "stage": self._stage(r.number, total),
                "open": r.is_open, "current": r.number == self.current,
                "deadline": _iso(r.deadline),
                "matches": [{
                    "id": m.id, "table": m.table, "a": slot(m.a), "b": slot(m.b),
                    "bye": m.is_bye, "status": m.status.value, "winner": m.winner,
                    "score": [m.a_points, m.b_points], "walkover": m.walkover,
                    "from": None} for m in r.pairings]})
        if self.format is Format.SINGLE_ELIMINATION and self.state is not State.FINISHED:
            prev = [m["id"] for m in rounds[-1]["matches"]] if rounds else []
            for number in range(len(self.rounds) + 1, total + 1):
                ids = [f"{number}.{t}" for t in range(1, len(prev) // 2 + 1)]
                rounds.append({
                    "number": number, "stage": self._stage(number, total), "open": False,
                    "current": False, "deadline": None,
                    "matches": [{"id": i, "table": t, "a": None, "b": None, "bye": False,
                                 "status": "scheduled", "winner": None, "score": [0, 0],
                                 "walkover": False, "from": [prev[2 * t - 2], prev[2 * t - 1]]}
                                for t, i in enumerate(ids, 1)]})
                prev = ids
        return {"id": self.id, "name": self.name, "format": self.format.value,
                "state": self.state.value, "rules": self.rules,
                "match_length": self.match_length, "current": self.current,
                "total_rounds": total, "rounds": rounds, "cancelled": self.cancelled}

    def _stage(self, number: int, total: int) -> str | None:
        """"final", "semifinal", "quarterfinal" for the last knockout rounds."""
        if self.format is not Format.SINGLE_ELIMINATION:
            return None
        return {0: "final", 1: "semifinal", 2: "quarterfinal"}.get(total - number)

    # -- storage --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "version": JSON_VERSION, "id": self.id, "name": self.name,
            "format": self.format.value, "organiser": self.organiser, "rules": self.rules,
            "match_length": self.match_length, "max_players": self.max_players,
            "swiss_rounds": self.swiss_rounds, "tiebreak": self.tiebreak,
            "round_time": self.round_time.total_seconds() if self.round_time else None,
            "reminder_before": self.reminder_before.total_seconds()
            if self.reminder_before is not None else None,
            "state": self.state.value, "players": [p.to_json() for p in self.players],
            "rounds": [r.to_json() for r in self.rounds], "current": self.current,
            "created_at": _iso(self.created_at), "started_at": _iso(self.started_at),
            "finished_at": _iso(self.finished_at), "paused_at": _iso(self.paused_at),
            "cancelled": self.cancelled}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Tournament:
        try:
            if d.get("version") != JSON_VERSION:
                raise ValueError(f"unknown version {d.get('version')!r}")
            rt, rb = d.get("round_time"), d.get("reminder_before")
            return cls(
                str(d["id"]), str(d["name"]), Format(d["format"]), str(d["organiser"]),
                str(d.get("rules", "talisman")), int(d.get("match_length", 3)),
                d.get("max_players"), d.get("swiss_rounds"), d.get("tiebreak", "buchholz"),
                timedelta(seconds=rt) if rt is not None else None,
                timedelta(seconds=rb) if rb is not None else None,
                State(d["state"]), [Player.from_json(p) for p in d["players"]],
                [Round.from_json(r) for r in d["rounds"]], int(d.get("current", 0)),
                _dt(d.get("created_at")), _dt(d.get("started_at")),
                _dt(d.get("finished_at")), _dt(d.get("paused_at")),
                bool(d.get("cancelled", False)))
        except (KeyError, TypeError, ValueError) as e:
            raise LeagueError("league.bad_json", problem=str(e) or type(e).__name__) from e

    # -- internals ------------------------------------------------------------------------
    @staticmethod
    def _round(number: int, pairs: list[pair.Pair]) -> Round:
        return Round(number, [Pairing(f"{number}.{t}", number, t, a, b)
                              for t, (a, b) in enumerate(pairs, 1)])

    def _current_pairing(self, pairing_id: str) -> Pairing:
        if self.state is State.FINISHED:
            raise LeagueError("league.finished")
        if self.state is State.REGISTRATION:
            raise LeagueError("league.not_running")
        m = self.pairing(pairing_id)
        if m.round != self.current:
            raise LeagueError("league.not_current", pairing=pairing_id)
        return m

    def _correctable(self, pairing_id: str) -> Pairing:
        """A match of the open round, or of the previous one while the open round is
        untouched (``set_result``)."""
        if self.state is State.FINISHED:
            raise LeagueError("league.finished")
        if self.state is State.REGISTRATION:
            raise LeagueError("league.not_running")
        m = self.pairing(pairing_id)
        if m.is_bye:
            raise LeagueError("league.bye", pairing=pairing_id)
        if m.round == self.current:
            return m
        r = self.round
        if m.round == self.current - 1 and r is not None and all(
                p.status in (Status.PENDING, Status.BYE)
                or (p.walkover and not p.set_by_organiser) for p in r.pairings):
            return m
        raise LeagueError("league.not_correctable", pairing=pairing_id, round=m.round,
                          current=self.current, previous=self.current - 1)

    def _decide(self, m: Pairing, winner: str | None, a_points: int, b_points: int, *,
                organiser: bool = False, walkover: bool = False) -> None:
        if winner is None:
            if self.format is Format.SINGLE_ELIMINATION:
                raise LeagueError("league.need_winner")
        elif winner not in m.players or m.b is None:
            raise LeagueError("league.not_in_pairing", pairing=m.id)
        if min(a_points, b_points) < 0:
            raise LeagueError("league.bad_setting", value=min(a_points, b_points),
                              setting="match score")
        m.status = Status.DONE
        m.winner = winner
        m.a_points, m.b_points = int(a_points), int(b_points)
        m.walkover = walkover
        m.set_by_organiser = organiser

    def _open(self, number: int, now: datetime,
              keep: Mapping[frozenset[str], str | None] | None = None) -> list[Change]:
        """Open round ``number``: settle byes and matches with a removed player.  A
        pairing whose players are a key of ``keep`` takes that ref (a match paired the
        same again after a correction) and needs no new thread."""
        self.current = number
        r = self.rounds[number - 1]
        r.opened_at = now
        r.deadline = now + self.round_time if self.round_time else None
        gone = {p.id for p in self.players if p.withdrawn}
        auto: list[str] = []
        for m in r.pairings:
            if m.is_bye:
                m.status, m.winner = Status.BYE, m.a
            elif m.a in gone or m.b in gone:
                if m.a in gone and m.b in gone and self.format is not Format.SINGLE_ELIMINATION:
                    winner = None
                else:
                    winner = m.b if m.a in gone and m.b not in gone else m.a
                self._decide(m, winner, 0, 0, walkover=True)
                auto.append(m.id)
            elif keep and frozenset(m.players) in keep:
                m.ref = keep[frozenset(m.players)]
        changes = [Change("round_opened", number,
                          tuple(m.id for m in r.pairings
                                if m.status is Status.PENDING and m.ref is None))]
        if auto:
            changes.append(Change("walkover", number, tuple(auto)))
        return changes + self._after_result(now)

    def _after_result(self, now: datetime,
                      keep: Mapping[frozenset[str], str | None] | None = None
                      ) -> list[Change]:
        """Pair the next round, or finish, once the open round is complete."""
        r = self.round
        if self.state is not State.RUNNING or r is None or not r.complete:
            return []
        if self.format is Format.SINGLE_ELIMINATION:
            # Every match of a complete knockout round has a winner (_decide refuses none
            # there, byes go to their player), so the filter drops nothing: it tells the
            # types.
            winners = [m.winner for m in r.pairings if m.winner is not None]
            if len(winners) == 1:
                return self._finish(now)
            nxt: list[pair.Pair] = [(winners[i], winners[i + 1])
                                    for i in range(0, len(winners), 2)]
            self.rounds.append(self._round(r.number + 1, nxt))
            return self._open(r.number + 1, now, keep)
        if self.format is Format.ROUND_ROBIN:
            if r.number < len(self.rounds):
                return self._open(r.number + 1, now)
            return self._finish(now)
        active = [p for p in self.players if not p.withdrawn]
        assert self.swiss_rounds is not None
        if r.number >= self.swiss_rounds or len(active) < 2:
            return self._finish(now)
        self.rounds.append(self._round(r.number + 1, self._swiss_pairs()))
        return self._open(r.number + 1, now, keep)

    def _swiss_pairs(self) -> list[pair.Pair]:
        # Pairing order is score, then seed (the Dutch system's pairing numbers); the
        # tie-breaks rank the final table, they do not steer the pairings.
        table = tally(self.players, self.pairings(), self.format)
        score = {pid: s.score for pid, s in table.items()}
        ranked = [p.id for p in sorted(self.players, key=lambda p: (-score[p.id], p.seed))
                  if not p.withdrawn]
        met = {frozenset(m.players) for m in self.pairings() if not m.is_bye}
        byes = {m.a for m in self.pairings() if m.is_bye}
        try:
            return pair.swiss_pairs(ranked, score, lambda a, b: frozenset((a, b)) in met,
                                    lambda p: p in byes)
        except pair.NoPairing:
            # Only reachable when withdrawals leave too few fresh opponents: a rematch
            # is better than a stalled tournament.
            return pair.swiss_pairs(ranked, score, lambda a, b: False, lambda p: p in byes)

    def _finish(self, now: datetime) -> list[Change]:
        self.state = State.FINISHED
        self.finished_at = now
        return [Change("finished", self.current or None)]
