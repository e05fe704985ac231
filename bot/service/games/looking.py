"""Looking at a game without changing anything (``Showing``): the board again, the rules,
a hint, autocomplete's plays, and the help text (the game's record is
``SpectateService.history``'s; a tournament's lookups are bot/service/tournaments/
looking.py's)."""

from __future__ import annotations

import asyncio

from bot.i18n import play_words, t
from bot.service.ai import Agent
from bot.service.games.boards import Boards, dice_text, rolled_as
from bot.service.games.core import Loaded, Table
from bot.service.match_words import standing
from bot.service.model import Button, Ctx, Reply, UserError
from engine import rules as rules_registry
from engine.position import Side


class Showing:
    """Answers that change nothing."""

    def __init__(self, table: Table, boards: Boards, agent: Agent | None) -> None:
        """``agent`` ranks the plays of a hint (None: the engine's cheap order)."""
        self.table = table
        self.boards = boards
        self.agent = agent
        #: The computer's ranking of a roll's plays, by game and version (``ranked``).
        self._ranks: dict[tuple[int, int], list[str]] = {}

    async def show(self, ctx: Ctx) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.store.read() as tx:
            row = await tx.live_game(ctx.channel_id) or await tx.last_game(ctx.channel_id)
        if row is None or not (row.state or {}).get("game"):
            raise UserError("game.none")
        await self.table.know(row)
        lg = self.table.unpack(row)
        game = lg.game
        if row.status == "active" and not game.is_over:
            text = t("show", public, white=self.boards.who(lg, Side.WHITE, public),
                     black=self.boards.who(lg, Side.BLACK, public), rules=row.rules)
            if lg.match.length > 1:
                text += "\n" + standing(lg.match, lambda s: self.boards.who(lg, s, public), public)
            rolled = rolled_as(game)
            if rolled is not None:  # a generalpasch named: the roll, and what it is played as
                text += "\n" + self.boards.rolled(lg, game.turn, rolled, public)
                text += "\n" + self.boards.named(lg, game.turn, rolled, game.dice or (), public)
            elif game.phase in ("move", "choose") and game.dice:
                text += "\n" + self.boards.rolled(lg, game.turn, game.dice, public)
        else:
            text = t("show.over", public, white=self.boards.who(lg, Side.WHITE, public),
                     black=self.boards.who(lg, Side.BLACK, public), rules=row.rules)
            if game.outcome is not None:
                text += "\n" + self.boards.win_text(lg, public)
        await self.boards.ready(lg)
        post = self.boards.board_post(lg, public, text)
        return Reply(lang=personal, posts=[post], game_id=row.id, version=row.version)

    async def rules_info(self, ctx: Ctx, rules: str | None = None) -> Reply:
        personal, _ = await self.table.langs(ctx)
        name = rules
        if name is None:
            async with self.table.store.read() as tx:
                row = await tx.live_game(ctx.channel_id)
            s = await self.table.settings(ctx.guild_id)
            name = row.rules if row else (s.rules or self.table.default_rules)
        r = rules_registry.get(name)
        return Reply(lang=personal, private=t("rules.summary", personal, title=r.title,
                                              name=r.name, text=t(f"rules.{r.id}", personal)))

    async def hint(self, ctx: Ctx) -> Reply:
        personal, _ = await self.table.langs(ctx)
        lg = await self.table.live(ctx)
        self.table.mover_check(lg, ctx)
        if lg.row.tournament_id is not None:
            raise UserError("hint.tournament")
        if lg.row.league_id is not None:
            raise UserError("hint.league")
        if lg.row.rated:  # two members, for the ratings: the computer's opinion would play
            raise UserError("hint.rated")
        if lg.game.phase == "choose" and lg.game.dice:  # a generalpasch to name first
            raise UserError("game.name_first", dice=dice_text(lg.game.dice))
        if lg.game.phase != "move":
            raise UserError("game.roll_first")
        ranked, by_ai = await self.ranked(lg)
        top = "\n".join(f"{i + 1}. `{play_words(x, personal)}`" for i, x in enumerate(ranked[:3]))
        key = "hint.ai" if by_ai else "hint.simple"  # never claim a heuristic is the AI's
        return Reply(lang=personal, private=t(key, personal) + "\n" + top)

    async def ranked(self, lg: Loaded) -> tuple[list[str], bool]:
        """Plays best first, and whether the AI ranked them: the AI's ranking (searched in
        its worker) when it answers in time, else the engine's cheap order."""
        key = (lg.row.id, lg.row.version)
        if self.agent is not None and key not in self._ranks:
            try:
                g = lg.game
                texts = await asyncio.wait_for(self.agent.rank(
                    g.rules.name, g.position.format(), g.dice or (), ), timeout=2.0)
                self._ranks = {k: v for k, v in self._ranks.items() if k[0] != lg.row.id}
                self._ranks[key] = texts
            except Exception:  # a slow or failing AI falls back to the heuristic
                self._ranks[key] = []
        order = self._ranks.get(key) or []
        if order:
            return order, True
        return [x.text for x in lg.game.suggest("", 3, order="best")], False

    async def suggestions(self, ctx: Ctx, typed: str) -> list[str]:
        """Autocomplete for /move: legal plays matching ``typed``, at most 25, in the
        neutral order (a member's choices are not ranked for them, issue 37)."""
        async with self.table.store.read() as tx:
            row = await tx.live_game(ctx.channel_id)
        if row is None or row.status != "active":
            return []
        lg = self.table.unpack(row)
        game = lg.game
        if game.phase == "choose" and lg.side_of(ctx.user_id) is game.turn:
            # a generalpasch to name: the roll as rolled, then every pasch
            return [dice_text(d).replace("–", "-") for d in game.roll_choices
                    if (typed or "").strip() in dice_text(d).replace("–", "-")]
        if game.phase != "move" or lg.side_of(ctx.user_id) is not game.turn:
            return []
        self.table.cache[row.id] = (row.version, game)
        # Never waits on the AI worker (Discord gives autocomplete 3 s, the worker takes
        # ~2 s to start): the engine walks just enough plays, in its cheap order.
        return [x.text for x in game.suggest(typed or "", 25)]

    async def help(self, ctx: Ctx) -> Reply:
        personal, _ = await self.table.langs(ctx)
        return Reply(lang=personal, private=help_text(personal))


def help_text(lang: str) -> str:
    """How to play here."""
    return t("help", lang)


def welcome(lang: str) -> tuple[str, list[Button]]:
    """A member's first game's welcome (issue 46): a few lines, so that on a phone the
    game's board and its **Roll** above it stay in sight, and a button that turns it into
    the whole help (``help_text``), for that member alone."""
    return t("help.first", lang), [Button("help", 0, 0, t("btn.help", lang), "primary")]
