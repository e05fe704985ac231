"""After a change: the notices for the tournament channel, the matches to open and the
threads to end, worked out from the changes the league reports (``Change``)."""

from __future__ import annotations

from bot.i18n import t
from bot.league.model import Change, Status
from bot.league.standings import decided_by
from bot.league.tournament import Tournament
from bot.service.match_words import terms
from bot.service.text import channel, plain_name, shown
from bot.service.tournaments.outcomes import MatchToOpen, Notice, Outcome, Picture, ThreadEnd
from bot.service.tournaments.texts import Texts
from bot.service.tournaments.words import counted, mention_player, stamp, uid
from bot.store import TournamentRow


class Announcing:
    """Turns a tournament's changes into what the command layer posts."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts

    def apply(self, out: Outcome, row: TournamentRow, tour: Tournament,
               changes: list[Change]) -> None:
        lang = row.lang
        tname = shown(tour.name)
        for c in changes:
            if c.kind == "round_opened":
                r = tour.rounds[(c.round or 1) - 1]
                lines = [t("trn.round_opened", lang, name=tname, n=r.number,
                           total=tour.total_rounds or "?")]
                for m in r.pairings:
                    if m.status is Status.PENDING:
                        lines.append("• " + t("trn.line.mention", lang, match=m.id,
                                              a=mention_player(m.a), b=mention_player(m.b)))
                    elif m.is_bye:
                        lines.append("• " + t("trn.line.bye", lang, match=m.id,
                                              a=mention_player(m.a)))
                if r.deadline:
                    lines.append(t("trn.round_deadline", lang, when=stamp(r.deadline)))
                out.notices.append(Notice(row.channel_id, "\n".join(lines)))
                for pid in c.pairings:
                    m = tour.pairing(pid)
                    assert m.b is not None
                    intro = t("trn.intro", lang, name=tname, n=r.number, match=m.id,
                              a=mention_player(m.a), b=mention_player(m.b), rules=tour.rules,
                              length=counted("trn.a_match", lang, tour.match_length))
                    if tour.match_length > 1:
                        intro += "\n" + terms(tour.match_length, lang)
                    if r.deadline:
                        intro += "\n" + t("trn.intro_deadline", lang, when=stamp(r.deadline),
                                          rel=stamp(r.deadline, "R"))
                    out.matches.append(MatchToOpen(
                        int(tour.id), m.id, row.guild_id, row.channel_id, int(m.a), int(m.b),
                        tour.rules, tour.match_length,
                        plain_name(f"{plain_name(tour.name, 40)} {m.id}: "
                                   f"{self.texts.name(tour, m.a, 'plain')[:25]} – "
                                   f"{self.texts.name(tour, m.b, 'plain')[:25]}"), intro, lang))
            elif c.kind == "repaired":
                out.notices.append(Notice(row.channel_id, t("trn.repaired", lang, name=tname,
                                                             n=c.round)))
                out.stop_threads.extend(ThreadEnd(int(ref), t(
                    "trn.thread.repaired", lang, n=c.round, channel=channel(row.channel_id)))
                    for ref in c.refs)
            elif c.kind == "walkover":
                for pid in c.pairings:
                    out.notices.append(Notice(row.channel_id, t(
                        "trn.auto_walkover", lang, name=tname, match=pid,
                        result=self.texts.result_text(tour, pid, lang))))
            elif c.kind == "departed":
                out.notices.extend(Notice(row.channel_id, t(
                    "trn.left_server", lang, name=tname, player=mention_player(p)))
                    for p in c.players)
            elif c.kind == "finished":
                out.notices.append(self.final_notice(row, tour))

    def final_notice(self, row: TournamentRow, tour: Tournament) -> Notice:
        """The end: the winner (and the tie-break that made them so, when the scores are
        level), or the players sharing first place; the final standings below."""
        lang = row.lang
        champion = tour.champion
        table = tour.standings()
        if champion is None:
            first = [s.player for s in table if s.place == 1]
            names = [mention_player(p) for p in first]
            shared = t("trn.and", lang, a=", ".join(names[:-1]), b=names[-1]) \
                if len(names) > 1 else "".join(names) or "—"
            text = t("trn.finished_shared", lang, name=shown(tour.name), players=shared)
        else:
            text = t("trn.finished", lang, name=shown(tour.name), champion=mention_player(champion))
            if len(table) > 1:
                why = decided_by(table[0], table[1], tour.format, tour.tiebreak)
                if why is not None:
                    text += " " + t("trn.decided_by", lang, first=mention_player(table[0].player),
                                    second=mention_player(table[1].player),
                                    criterion=t(f"trn.criterion.{why}", lang))
        text += "\n" + self.texts.standings_text(tour, lang, final=True)
        return Notice(row.channel_id, text,
                      mentions=(uid(champion),) if champion else (),
                      picture=Picture("standings", tour, lang))
