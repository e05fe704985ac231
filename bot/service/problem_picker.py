"""A problem answered by taps (issue 46): the game's play picker on a problem's message.

A problem's private message (``/brade problem``, or the daily problem's button) offers
the roll's legal plays as a game's board does (``engine.picker``, worded by
``bot.service.games.boards``): a button per play when there are at most
``MAX_PLAY_BUTTONS``, else a menu that narrows.  The plays are listed in the neutral
order (``engine.plays.listing``: by their steps as written), never by what the engine
thinks of them, and a menu of single plays in a fixed shuffle (``engine.picker``: sorted
by the notation, the best play came first in 413 of the 900 shipped problems, where
chance is 178), so the choices give nothing away.  A chosen play is drawn on the board
with its arrows (the preview) and counts when the member presses **Confirm**; with
confirmation off (``/brade settings confirm:False``), at once.  ``answer:`` stays for
those who type.

Everything a press needs rides in its custom id (bot/views.py): the member whose problem
it is, the problem and the path of choices.  A press by anyone else gets a polite private
note; a press on a problem no longer open (answered already, by a tap or by typing) is
stale and changes nothing, so a problem is judged and rated once
(``ProblemService.answer`` writes the answer only while the attempt is open).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import replace

from bot.i18n import t
from bot.service.games.boards import MAX_PLAY_BUTTONS, digest, menu_option, play_label
from bot.service.listing import make_picker, stretch_of
from bot.service.model import Ctx, PickButton, PickControls, PickMenu, UserError
from bot.service.problems import ProblemReply, ProblemService
from engine.ai.problem_set import Problem
from engine.picker import LETTERS, Picker
from engine.plays import play_of

#: Problems' pickers kept (a problem's roll has at most about a hundred plays).
KEPT = 256


def shuffle_seed(p: Problem) -> str:
    """The seed of a problem's fixed shuffle: its roll, as its suggestions' (``engine.
    plays.suggest``), so the same play stands in the same place in both."""
    return f"{p.board().format()}|{'-'.join(map(str, p.dice))}|"


class ProblemPicker:
    """The presses on a problem's picker, judged by the problem service."""

    def __init__(self, problems: ProblemService) -> None:
        self.problems = problems
        self.games = problems.games
        self._kept: OrderedDict[str, Picker] = OrderedDict()

    # -- the picker ---------------------------------------------------------------------

    async def picker(self, p: Problem) -> Picker:
        """The problem's plays in the neutral order, listed off the event loop once."""
        got = self._kept.get(p.id)
        if got is None:
            got = await asyncio.to_thread(make_picker, p.ruleset, p.board(), p.dice,
                                          shuffle_seed(p))
            self._kept[p.id] = got
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(p.id)
        return got

    def controls(self, p: Problem, picker: Picker, user_id: int, lang: str,
                 path: str = "") -> tuple[PickControls, str]:
        """The picker at ``path`` on ``user_id``'s problem, and the prompt that says what
        to do (the same at every menu)."""
        n = len(picker)
        prompt = t("problem.pick.one" if n == 1 else "problem.pick.press"
                   if n <= MAX_PLAY_BUTTONS else "problem.pick.choose", lang, n=n)
        if n <= MAX_PLAY_BUTTONS:  # a button each, in the top menu's (shuffled) order
            buttons = tuple(PickButton("pick", play_label(picker.plays[s.lo], lang, "btn.play"),
                                       "primary", LETTERS[i])
                            for i, s in enumerate(picker.options(picker.whole)))
            return PickControls(user_id, p.id, buttons), prompt
        stretch, left = picker.follow(path)
        options = tuple(menu_option(picker, o, LETTERS[i], lang)
                        for i, o in enumerate(picker.options(stretch, left)))
        if path:
            placeholder = t("pick.narrowed", lang, plays=play_label(picker.label(stretch),
                                                                     lang), n=stretch.size)
            back: tuple[PickButton, ...] = (PickButton("back", t("btn.pick_back", lang)),)
        else:
            placeholder, back = t("pick.placeholder", lang, n=n), ()
        return PickControls(user_id, p.id, back, PickMenu(path, placeholder, options)), prompt

    async def offer(self, ctx: Ctx, reply: ProblemReply) -> ProblemReply:
        """A problem's view with its picker: the board, its words and the controls."""
        if reply.problem is None or reply.board is None:
            return reply
        picker = await self.picker(reply.problem)
        controls, prompt = self.controls(reply.problem, picker, ctx.user_id, reply.lang)
        return replace(reply, text=f"{reply.text}\n{prompt}", controls=controls)

    # -- the presses ----------------------------------------------------------------------

    async def _pressed(self, ctx: Ctx, owner: int, problem_id: str
                       ) -> tuple[Problem, Picker, str, str | None]:
        """The open problem a press is about, checked (the presser's own, still open),
        its picker, the presser's language and the problem's day (a daily one's)."""
        lang = await self.games.lang_for(ctx)
        if ctx.user_id != owner:
            raise UserError("problem.not_yours")
        opened = await self.problems.opened(ctx)
        if opened is None or opened[1].id != problem_id:
            raise UserError("problem.stale")
        a, p = opened
        return p, await self.picker(p), lang, a.day

    async def pick(self, ctx: Ctx, owner: int, problem_id: str, path: str) -> ProblemReply:
        """A menu's option or a play's button: a narrower menu, or the chosen play drawn
        on the board before it counts (or judged at once: one play, confirmation off)."""
        p, picker, lang, day = await self._pressed(ctx, owner, problem_id)
        chosen = stretch_of(picker, path, "problem.stale")
        view = await self.problems.view(ctx, p, lang, day=day)
        if not chosen.play:
            controls, prompt = self.controls(p, picker, ctx.user_id, lang, path)
            return replace(view, text=f"{view.text}\n{prompt}", controls=controls,
                           picked=True, same_position=True)
        text = picker.plays[chosen.lo]
        await self.games.players.resolve(ctx.guild_id, [ctx.user_id])
        if len(picker) == 1 or not self.games.players.confirms(ctx.guild_id, ctx.user_id):
            return await self._judged(ctx, text)
        turn = play_of(p.ruleset, p.board(), p.dice, text)
        if turn is None or view.board is None:
            raise UserError("problem.stale")
        side = p.board().turn
        board = replace(view.board, position=turn.position.with_turn(side),
                        last_turn=replace(turn, outcome=None), mover=side, dice=p.dice,
                        dice_side=side)
        buttons = (PickButton("ok", t("btn.pick_ok", lang), "success",
                              f"{path}.{digest(text)}"),
                   PickButton("again", t("btn.pick_again", lang), "secondary", path))
        prompt = t("problem.preview", lang, play=play_label(text, lang))
        return replace(view, text=f"{view.text}\n{prompt}", board=board,
                       controls=PickControls(ctx.user_id, p.id, buttons), picked=True)

    async def confirm(self, ctx: Ctx, owner: int, problem_id: str, arg: str) -> ProblemReply:
        """Confirm: the previewed play is the answer, judged and rated once."""
        _, picker, _, _ = await self._pressed(ctx, owner, problem_id)
        path, _, mark = arg.partition(".")
        chosen = stretch_of(picker, path, "problem.stale")
        text = picker.plays[chosen.lo]
        if not chosen.play or digest(text) != mark:
            raise UserError("problem.stale")
        return await self._judged(ctx, text)

    async def _judged(self, ctx: Ctx, text: str) -> ProblemReply:
        """The answer, judged and rated, shown on the pressed message; a press that lost
        the race to another (a double tap) finds it answered: stale."""
        try:
            reply = await self.problems.answer(ctx, text)
        except UserError as error:
            if error.key == "problem.none":
                raise UserError("problem.stale") from None
            raise
        return replace(reply, picked=True)

    async def again(self, ctx: Ctx, owner: int, problem_id: str) -> ProblemReply:
        """Choose again, or back to every play: the problem's board and its top menu."""
        p, picker, lang, day = await self._pressed(ctx, owner, problem_id)
        view = await self.problems.view(ctx, p, lang, day=day)
        controls, prompt = self.controls(p, picker, ctx.user_id, lang)
        return replace(view, text=f"{view.text}\n{prompt}", controls=controls, picked=True)


__all__ = ["KEPT", "ProblemPicker"]
