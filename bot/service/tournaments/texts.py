"""What a tournament looks like in words: its settings, players, state, standings,
bracket, pairings and results, in the language asked for."""

from __future__ import annotations

from bot.i18n import t
from bot.league.errors import LeagueError
from bot.league.model import Format, State, Status
from bot.league.tournament import Tournament
from bot.service.text import plain_name, shown
from bot.service.tournaments.words import counted, num


class Texts:
    """The words of a tournament, shared by every part that answers or announces; it
    holds nothing, each text is made from the tournament it is given."""

    def settings_text(self, tour: Tournament, lang: str) -> str:
        parts = [t(f"trn.format.{tour.format.value}", lang)]
        if tour.format is Format.SWISS:
            parts[0] += " " + counted("trn.rounds", lang, tour.swiss_rounds or 0)
            parts.append(t(f"trn.tiebreak.{tour.tiebreak}", lang))
        parts.append(f"`{tour.rules}`")
        parts.append(counted("trn.match_length", lang, tour.match_length))
        if tour.max_players:
            parts.append(t("trn.limit", lang, n=tour.max_players))
        if tour.round_time:
            parts.append(t("trn.deadline", lang,
                           hours=num(tour.round_time.total_seconds() / 3600)))
        return ", ".join(parts)

    @staticmethod
    def players_text(tour: Tournament, lang: str) -> str:
        n = len(tour.players)
        if tour.max_players and tour.state is State.REGISTRATION:
            return t("trn.players.of", lang, n=n, limit=tour.max_players)
        return counted("trn.players", lang, n)

    def state_text(self, tour: Tournament, lang: str) -> str:
        if tour.cancelled:
            return t("trn.state.cancelled", lang)
        if tour.state is State.REGISTRATION:
            return t("trn.state.registration", lang)
        if tour.state is State.FINISHED:
            return t("trn.state.finished", lang)
        key = "trn.state.paused" if tour.state is State.PAUSED else "trn.state.running"
        return t(key, lang, n=tour.current, total=tour.total_rounds or "?")

    def standings_text(self, tour: Tournament, lang: str, *, final: bool = False) -> str:
        """What the text beside a standings picture says: the tournament and its state.
        The table itself is the picture (and its alt text, for a screen reader); the
        message no longer repeats it in a code block (issue 30)."""
        state = self.state_text(tour, lang)
        if tour.state is State.REGISTRATION:
            state += ", " + self.players_text(tour, lang)
        head = t("trn.final_standings" if final else "trn.standings", lang,
                 name=shown(tour.name), state=state)
        if not tour.players:
            return head + "\n" + t("trn.no_players", lang)
        return head

    def bracket_text(self, tour: Tournament, lang: str) -> str:
        head = t("trn.bracket", lang, name=shown(tour.name), state=self.state_text(tour, lang))
        if tour.state is State.REGISTRATION or not tour.rounds:
            return head + "\n" + t("trn.not_started_yet", lang)
        lines = [head]
        for r in tour.rounds:
            if not r.is_open:
                continue
            lines.append(t("trn.round_head", lang, n=r.number))
            for m in r.pairings:
                lines.append("• " + self.pairing_line(tour, m.id, lang))
        return "\n".join(lines)

    def name(self, tour: Tournament, pid: str | None, style: str = "shown") -> str:
        """A player's name as stored at join: escaped for a message (``shown``), plain
        for a label (``plain``)."""
        if pid is None:
            return "—"
        try:
            raw = tour.player(pid).name
        except LeagueError:
            raw = pid
        return plain_name(raw, 40) if style == "plain" else shown(raw, 40)

    def pairing_line(self, tour: Tournament, pid: str, lang: str, style: str = "shown") -> str:
        m = tour.pairing(pid)
        if m.is_bye:
            return t("trn.line.bye", lang, match=m.id, a=self.name(tour, m.a, style))
        base = t("trn.line", lang, match=m.id, a=self.name(tour, m.a, style),
                 b=self.name(tour, m.b, style))
        if m.status is Status.PENDING:
            return base
        if m.status is Status.CANCELLED:
            return base + " — " + t("trn.cancelled", lang)
        return base + " — " + self.result_text(tour, m.id, lang, style)

    def result_text(self, tour: Tournament, pid: str, lang: str, style: str = "shown") -> str:
        m = tour.pairing(pid)
        if m.winner is None:
            return t("trn.double_forfeit", lang)
        loser = m.opponent(m.winner)
        if m.walkover:
            return t("trn.won_walkover", lang, winner=self.name(tour, m.winner, style),
                     loser=self.name(tour, loser, style))
        return t("trn.won", lang, winner=self.name(tour, m.winner, style),
                 loser=self.name(tour, loser, style), w=m.points_of(m.winner),
                 l=m.points_of(loser) if loser else 0)

