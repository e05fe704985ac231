"""Looking at tournaments: standings and brackets, the server's list, autocomplete."""

from __future__ import annotations

from bot.i18n import t
from bot.league.model import State
from bot.league.tournament import Tournament
from bot.service.model import Ctx, Post, Reply, UserError
from bot.service.text import CHOICE_LIMIT, CHOICES, clip, plain_name, shown
from bot.service.tournaments.core import TournamentCore
from bot.service.tournaments.outcomes import Outcome, Picture
from bot.service.tournaments.texts import Texts


class Looking:
    """Read-only answers: nothing here changes a tournament."""

    def __init__(self, core: TournamentCore, texts: Texts) -> None:
        self.core = core
        self.texts = texts

    async def show(self, ctx: Ctx, name: str, kind: str) -> Outcome:
        """Standings or bracket: a picture, and a text that names it (the bracket's text
        lists every round, which the picture may not all show)."""
        personal, _ = await self.core.langs(ctx)
        row = await self.core.find(ctx.guild_id, name)
        tour = Tournament.from_json(row.data)
        if kind == "bracket":
            text = self.texts.bracket_text(tour, personal)
        else:
            text = self.texts.standings_text(tour, personal)
        return Outcome(Reply(lang=personal, posts=[Post(text)]),
                       picture=Picture(kind, tour, personal))

    async def listing(self, ctx: Ctx) -> Outcome:
        """``/tournament list``: the server's tournaments, status, players and format."""
        personal, _ = await self.core.langs(ctx)
        if ctx.guild_id is None:
            raise UserError("trn.guild_only")
        async with self.core.store.read() as tx:
            rows = await self.core.rows.of_guild(tx, ctx.guild_id)
        if not rows:
            return Outcome(Reply(lang=personal, private=t("trn.list.none", personal)))
        lines = [t("trn.list.head", personal, n=len(rows))]
        for row in rows:
            tour = Tournament.from_json(row.data)
            lines.append(t("trn.list.line", personal, name=shown(tour.name),
                           state=self.texts.state_text(tour, personal),
                           players=self.texts.players_text(tour, personal),
                           settings=self.texts.settings_text(tour, personal)))
        return Outcome(Reply(lang=personal, private=clip("\n".join(lines))))

    # -- autocomplete ----------------------------------------------------------------------

    async def names(self, guild_id: int | None, typed: str) -> list[str]:
        if guild_id is None:
            return []
        async with self.core.store.read() as tx:
            return await self.core.rows.names(tx, guild_id, typed.strip())


    async def open_matches(self, guild_id: int | None, name: str, typed: str,
                           lang: str, *, results: bool = False) -> list[tuple[str, str]]:
        """(label, pairing id) of the open round's matches; for ``/tournament result``
        (``results``) every match whose result can be set or corrected now, the open
        round's first."""
        tour = await self.core.named(guild_id, name)
        r = tour.round if tour is not None else None
        if tour is None or r is None:
            return []
        if results and tour.state in (State.RUNNING, State.PAUSED):
            matches = sorted(tour.correctable(), key=lambda m: -m.round)
        else:
            matches = [m for m in r.pairings if not m.is_bye]
        out = [(self.texts.pairing_line(tour, m.id, lang, "plain")[:CHOICE_LIMIT], m.id)
               for m in matches]
        return [o for o in out if typed.lower() in o[0].lower()][:CHOICES]

    async def players(self, guild_id: int | None, name: str, typed: str,
                      lang: str) -> list[tuple[str, str]]:
        """(label, player id) of everyone who ever joined, still in first: the organiser
        can remove a member who has already left the server."""
        tour = await self.core.named(guild_id, name)
        if tour is None:
            return []
        gone = " (" + t("trn.withdrawn", lang) + ")"
        out = [(plain_name(p.name, 60) + (gone if p.withdrawn else ""), p.id)
               for p in sorted(tour.players, key=lambda p: p.withdrawn)]
        return [o for o in out if typed.lower() in o[0].lower()][:CHOICES]
