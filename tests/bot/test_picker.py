"""Playing by tapping (issue 37): whole games with the play picker, the play previewed
before it counts, and the picker's refusals.

Whole games are played by taps only after ``/brade new`` and Accept: Roll, the picker's
buttons and menu choices, Confirm.  Each turn's taps are counted (Roll included), and so
are the turn's REST requests that count against Discord's global rate limit (all but
interaction callbacks and the interaction webhook's follow-ups and edits): a turn played
by taps answers on the board's own message and posts the next board as a follow-up, so
it makes none.  The channel stays the game's record: every play once, in order, and no
preview left behind.
"""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import dataclass, field
from typing import Any

import pytest
import simcord

from bot.i18n import side_name, t
from bot.service.listing import Pickers
from bot.service.pictures import RenderPool, render_png
from engine import plays
from engine.position import Side
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    db_dicts,
    game_row,
    pngs,
    recent,
    server,
    snapshot,
    start_game,
)
from tests.bot.test_channel_record import assert_in_order, channel, players_of, record_lines

#: A talisman roll with 111 plays (2–2 from a spread position): a menu that narrows.
MANY = ("white=1x9,5,6,10,14,21,22 black=barx2,1x9,3,5,6,8 turn=white", (2, 2))


@pytest.fixture
def simcord_bot(db_path):
    return make_bot(db_path, seed=37)


# -- driving the picker --------------------------------------------------------------------


def controls(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def with_control(env: simcord.Env, ch: simcord.ChannelHandle, *prefixes: str) -> Any:
    """The newest message carrying a control whose custom id starts with a prefix."""
    for message in recent(env, ch, 12):
        if any((getattr(c, "custom_id", None) or "").startswith(prefixes)
               for c in controls(message)):
            return message
    raise AssertionError(f"no message with a control {prefixes}")


def control(message: Any, prefix: str) -> Any | None:
    return next((c for c in controls(message)
                 if (getattr(c, "custom_id", None) or "").startswith(prefix)), None)


def stored(env: simcord.Env, ch: simcord.ChannelHandle, message_id: int) -> Any:
    return env.backend.get_message(ch.id, message_id)


def fresh(env: simcord.Env, ch: simcord.ChannelHandle, message: Any) -> Any:
    """``message`` as it stands now, as discord.py reads it."""
    from simcord.results import to_discord_message

    return to_discord_message(env, stored(env, ch, message.id))


async def choose(env: simcord.Env, ch: simcord.ChannelHandle, who: simcord.MemberActor,
                 message: Any, index: int = 0) -> Any:
    """``who`` chooses the option at ``index`` (from the end when negative) in each menu
    of ``message`` until a play is chosen; the message as it stands then (the preview)."""
    while (menu := control(message, "brademenu:")) is not None:
        r = await who.select(message, [menu.options[index].value], custom_id=menu.custom_id)
        assert not r.ephemeral, r.response.content
        message = fresh(env, ch, message)
    return message


@dataclass
class Tally:
    """What the turns played by taps cost: taps, REST requests, and those of them that
    count against Discord's global rate limit."""

    taps: list[int] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)
    limited: list[list[str]] = field(default_factory=list)
    plays: list[int] = field(default_factory=list)  # each turn's number of legal plays
    steps: list[int] = field(default_factory=list)  # each play's steps
    #: Puff's generalpasch: each roll named by a tap, as (rolled, played as).
    named: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)

    def report(self, what: str) -> str:
        taps = self.taps
        return (f"{what}: {len(taps)} turns by taps; taps per turn median "
                f"{statistics.median(taps)}, mean {statistics.mean(taps):.2f}, max "
                f"{max(taps)}, histogram {dict(sorted(_count(taps).items()))}; REST requests "
                f"per turn {statistics.mean(self.requests):.2f}, under the global limit "
                f"{sum(len(x) for x in self.limited) / len(taps):.2f}; most plays in a "
                f"roll {max(self.plays, default=0)}")


def _count(xs: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


def limited(requests: list[Any]) -> list[str]:
    """The requests that count against the global rate limit: not an interaction's
    callback, nor its webhook (follow-ups, edits of the original response)."""
    return [f"{r.method} {r.path}" for r in requests
            if not r.path.startswith(("/interactions/", "/webhooks/"))]


async def tap_turn(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                   players: dict[int, simcord.MemberActor], rng: random.Random,
                   tally: Tally) -> None:
    """The player to act plays one turn by taps: Roll (unless the bot rolled for them),
    then the picker (a random option at each menu), then Confirm when it is shown."""
    row = game_row(db, ch.id)
    game = row["game"]
    gid, turns = row["id"], game.turn_count
    mover = players[row["white_id"] if game.turn is Side.WHITE else row["black_id"]]
    before = len(env.http_requests)
    taps = 0
    while True:
        row = game_row(db, ch.id)
        game, version = row["game"], row["version"]
        if row["status"] != "active" or game.turn_count > turns:
            break
        assert taps < 10, "a turn that never ends"
        if game.phase == "roll":
            action = "roll1" if game.history[game.turn].onedie_owed else "roll"
            cid = f"brade:{action}:{gid}:{version}:"
            r = await mover.click(with_control(env, ch, cid), custom_id=cid)
        elif game.phase == "choose":  # a generalpasch: the roll as rolled or a pasch
            message = with_control(env, ch, f"brade:pasch:{gid}:{version}:")
            pasch = rng.choice([c for c in controls(message)
                                if c.custom_id.startswith("brade:pasch:")])
            r = await mover.click(message, custom_id=pasch.custom_id)
            tally.named.append((tuple(game.dice), tuple(int(x) for x in
                                                        pasch.custom_id.rsplit(":", 1)[1])))
        else:
            if taps == 0 or not tally.plays or len(tally.plays) < len(tally.taps) + 1:
                tally.plays.append(len(plays.listing(game.rules, game.position, game.dice)))
            message = with_control(env, ch, f"brademenu:{gid}:{version}:",
                                   f"brade:pick:{gid}:{version}:", f"brade:ok:{gid}:{version}:")
            ok, menu = control(message, "brade:ok:"), control(message, "brademenu:")
            if ok is not None:
                r = await mover.click(message, custom_id=ok.custom_id)
            elif menu is not None:
                value = rng.choice(menu.options).value
                r = await mover.select(message, [value], custom_id=menu.custom_id)
            else:
                pick = rng.choice([c for c in controls(message)
                                   if c.custom_id.startswith("brade:pick:")])
                r = await mover.click(message, custom_id=pick.custom_id)
        assert not r.ephemeral, r.response.content
        taps += 1
    after = game_row(db, ch.id)["game"]
    last = after.last_play() if after.turn_count > turns else None
    if last is not None and last["type"] == "play":
        tally.steps.append(len(str(last["moves"]).split()))
    requests = env.http_requests[before:]
    tally.taps.append(taps)
    tally.requests.append(len(requests))
    tally.limited.append(limited(requests))


async def tap_to_end(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                     members: list[simcord.MemberActor], rng: random.Random,
                     tally: Tally, max_turns: int = 1500) -> dict[str, Any]:
    players = {m.id: m for m in members}
    for _ in range(max_turns):
        row = game_row(db, ch.id)
        if row["status"] != "active":
            return row
        await tap_turn(env, ch, db, players, rng, tally)
    raise AssertionError("the game did not end")


def assert_the_channel_is_the_record(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                                     row: dict[str, Any], lang: str,
                                     computer: str = "") -> None:
    messages = channel(env, ch)
    text = "\n".join(m.content for m in messages)
    lines = record_lines(db, row["id"], players_of(row), lang, computer=computer,
                         rules=row["game"].rules)
    assert len(lines) == row["game"].turn_count
    assert_in_order(text, lines)
    for line in lines:  # every play once
        assert text.count(line) >= 1
    assert "👁️" not in text  # no preview is left to be mistaken for a play
    assert all(not m.components for m in messages[:-1])
    labels = [c.label for c in controls(messages[-1])]
    assert labels == [t("btn.rematch", lang)]


# -- 1. whole games by taps --------------------------------------------------------------


@pytest.mark.parametrize(("locale", "lang"), [("sv-SE", "sv"), (None, "en")])
async def test_two_members_play_a_whole_game_by_taps(simcord_env: simcord.Env, db_path,
                                                     locale: str | None, lang: str) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, locale=locale)
    rng = random.Random(37 if lang == "sv" else 38)
    tally = Tally()
    row = await tap_to_end(env, ch, db_path, members[:2], rng, tally)
    assert row["status"] == "over"
    print(tally.report(f"two members, {lang}"))
    assert statistics.median(tally.taps) <= 3 and max(tally.taps) <= 6, tally.taps
    assert max(tally.plays) > 3  # the menu was met, not only buttons
    assert not any(tally.limited), [x for x in tally.limited if x]
    assert_the_channel_is_the_record(env, ch, db_path, row, lang)


async def test_roll_for_me_and_no_confirmation_save_taps(simcord_env: simcord.Env,
                                                        db_path) -> None:
    """Bob switched confirmation off and asked the bot to roll for him (before the
    game): a turn of his is one tap when its roll has a play or a few, and the channel
    says the bot rolled."""
    env = simcord_env
    _guild, ch, _, (alice, bob) = server(env, "alice", "bob")
    r = await bob.slash(ch, "brade settings", confirm=False, roll_for_me=True)
    assert r.ephemeral and "counts at once" in r.response.content
    assert "Roll for me is on" in r.response.content
    offer = (await alice.slash(ch, "brade new", opponent=bob)).response
    await bob.click(offer, label="Accept")
    rng = random.Random(5)
    tallies = {alice.id: Tally(), bob.id: Tally()}
    players = {alice.id: alice, bob.id: bob}
    for _ in range(1500):
        row = game_row(db_path, ch.id)
        if row["status"] != "active":
            break
        game = row["game"]
        who = row["white_id"] if game.turn is Side.WHITE else row["black_id"]
        await tap_turn(env, ch, db_path, players, rng, tallies[who])
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    for member, tally in tallies.items():
        print(tally.report("alice (defaults)" if member == alice.id
                           else "bob (no confirmation, roll for me)"))
    mine = tallies[bob.id].taps
    assert statistics.median(mine) <= 2 and max(mine) <= 5, mine
    assert statistics.median(tallies[alice.id].taps) <= 3
    text = "\n".join(m.content for m in channel(env, ch))
    assert text.count(t("roll.auto", "en")) >= len(mine) // 2
    assert not any(x for tally in tallies.values() for x in tally.limited)
    assert_the_channel_is_the_record(env, ch, db_path, row, "en")


@pytest.fixture
def puff_bot(db_path):
    return make_bot(db_path, seed=3)


@pytest.mark.simcord(settle_timeout=120.0)
async def test_puff_lang_against_the_computer_by_taps_meets_a_later_pasch(
        db_path, puff_bot) -> None:
    env = simcord.Env(puff_bot, settle_timeout=120.0)
    await env.start()
    try:
        _, ch, _, (alice,) = server(env, "alice")
        await alice.slash(ch, "brade new", ruleset="puff-lang", level="nybörjare")
        rng = random.Random(11)
        tally = Tally()
        row = await tap_to_end(env, ch, db_path, [alice], rng, tally)
        assert row["status"] == "over"
        print(tally.report("puff-lang against the computer"))
        assert max(tally.steps) == 8, "a later pasch: eight steps"
        assert max(tally.plays) > 25 ** 2, "a roll narrowed in more than two menus"
        assert statistics.median(tally.taps) <= 3 and max(tally.taps) <= 6, tally.taps
        assert not any(tally.limited), [x for x in tally.limited if x]
        assert_the_channel_is_the_record(env, ch, db_path, row, "en",
                                         computer="Computer")
        env.raise_errors()
    finally:
        await env.shutdown()


# -- 2. the preview -------------------------------------------------------------------------


async def set_roll(env: simcord.Env, db: Db, ch: simcord.ChannelHandle, text: str,
                   dice: tuple[int, int], *, restart: bool = False) -> dict[str, Any]:
    """Put the game behind the bot (as a restart would load it) at ``text`` with
    ``dice`` to play, keeping its version, and show its board."""
    row = game_row(db, ch.id)
    state = json.loads(row["state"])
    state["game"].update(position=text, phase="move", dice=list(dice))
    db_exec_state(db, row["id"], state)
    service = env.bot.services.games
    service.table.cache.clear()
    service.pickers = Pickers(lister=service.pickers.lister)
    return game_row(db, ch.id)


def db_exec_state(db: Db, game_id: int, state: dict[str, Any]) -> None:
    from tests.bot.helpers import db_exec

    db_exec(db, "UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))


async def many_plays(env: simcord.Env, db_path, *, locale: str | None = None) -> tuple:
    """A game between Alice (White, to move) and Bob with ``MANY`` to play, its board
    posted by ``/brade show``: the channel, Alice, Bob, Carol and the board's message."""
    _, ch, members = await start_game(env, locale=locale)
    alice, bob, carol = members
    row = game_row(db_path, ch.id)
    white = alice if row["white_id"] == alice.id else bob
    black = bob if white is alice else alice
    await set_roll(env, db_path, ch, *MANY)
    await white.slash(ch, "brade show")
    return ch, white, black, carol, recent(env, ch, 1)[0]


async def test_a_chosen_play_is_shown_before_it_counts(simcord_env: simcord.Env, db_path,
                                                       specs, simcord_bot) -> None:
    env = simcord_env
    ch, white, _black, _, board = await many_plays(env, db_path)
    row = game_row(db_path, ch.id)
    listed = plays.listing(row["game"].rules, row["game"].position, row["game"].dice)
    assert len(listed) == 111
    menu = control(board, "brademenu:")
    assert menu is not None and len(menu.options) <= 25
    assert "111 legal plays" in board.content and "menu" in board.content
    labels = [o.label for o in menu.options]
    assert len(set(labels)) == len(labels) and labels[0].startswith("1/3")
    before, drawn = snapshot(db_path), len(specs)
    rolled = pngs(env, board)

    # narrowing: the same message, the same picture, a narrower menu and a way back
    group = next(i for i, o in enumerate(menu.options) if o.description)
    r = await white.select(board, [menu.options[group].value], custom_id=menu.custom_id)
    assert not r.ephemeral
    narrowed = stored(env, ch, board.id)
    assert narrowed.content == board.content  # the prompt holds for every menu
    assert len(specs) == drawn  # nothing drawn: the picture stays
    now = recent(env, ch, 1)[0]
    inner = control(now, "brademenu:")
    assert inner is not None and inner.custom_id.endswith(":" + "abcdefgh"[group])
    shared = menu.options[group].label.removesuffix(" …")
    assert all(o.label.startswith(shared) for o in inner.options)
    assert control(now, "brade:back:") is not None
    await white.click(now, custom_id=control(now, "brade:back:").custom_id)
    now = fresh(env, ch, now)
    assert control(now, "brademenu:").custom_id == menu.custom_id  # all plays again
    assert len(specs) == drawn

    # a play chosen: previewed on the board, nothing saved
    preview = await choose(env, ch, white, now, group)
    assert "Preview, not played yet" in preview.content
    assert [c.label for c in controls(preview)] == ["Confirm", "Choose again"]
    spec = specs[-1]
    # drawn as the board Confirm will post (issue 47): the play beside its roll, small,
    # and the next player's turn badge; nothing saved
    assert spec.dice is None and spec.last_dice == (2, 2) and spec.mover is Side.WHITE
    assert spec.last_turn is not None and spec.last_turn.outcome is None
    assert spec.position.turn is Side.BLACK
    assert snapshot(db_path) == before
    previewed = pngs(env, preview)

    # choose again: the roll's board back, the whole menu again
    await white.click(preview, label="Choose again")
    again = fresh(env, ch, preview)
    assert "Preview" not in again.content and control(again, "brademenu:").custom_id \
        == menu.custom_id
    # the roll's board as it was, its picture kept (bot/service/pictures.py): not drawn
    assert pngs(env, again) == rolled != pngs(env, preview)
    assert specs[-1] == spec
    assert snapshot(db_path) == before

    # the preview again, confirmed: the message goes back to the roll, the play follows
    now = await choose(env, ch, white, again, -1)
    chosen = now.content
    spec, previewed, drawn = specs[-1], pngs(env, now), len(specs)
    # the player thinks long: the board workers' store has forgotten the preview, and
    # Confirm still sends the preview's picture rather than drawing it again
    simcord_bot.renderer._kept.clear()
    version = game_row(db_path, ch.id)["version"]
    await white.click(now, label="Confirm")
    row = game_row(db_path, ch.id)
    assert row["version"] > version
    last = row["game"].last_play()
    assert last["type"] == "play" and f"`{last['moves']}`" in chosen
    old = stored(env, ch, board.id)
    assert not old.components and "Preview" not in old.content
    newest = recent(env, ch, 1)[0]
    assert newest.id != board.id and f"`{last['moves']}`" in newest.content
    assert specs[-1].last_turn.text == last["moves"]  # the next board shows the play
    # what players see is what a drawing from scratch gives (issue 47): the board after
    # Confirm, which is the preview's picture (drawn once), and the roll's board the
    # preview went back to (kept, not drawn again)
    assert specs[-1] == spec and len(specs) == drawn  # nothing drawn by Confirm
    assert pngs(env, newest) == [render_png(spec)] == previewed
    assert [env.backend.cdn.get(a["url"]) for a in old.attachments] == rolled


async def test_a_single_play_and_few_plays_are_buttons(simcord_env: simcord.Env,
                                                       db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    row = game_row(db_path, ch.id)
    by_id = {m.id: m for m in members}
    white = by_id[row["white_id"]]
    await set_roll(env, db_path, ch, "white=24x2,offx13 black=1x15 turn=white", (6, 5))
    await white.slash(ch, "brade show")
    board = recent(env, ch, 1)[0]
    assert "Only one play is possible" in board.content
    assert [c.label for c in controls(board)] == ["Play 24/off 24/off"]
    await white.click(board, label="Play 24/off 24/off")  # one tap: no preview
    row = game_row(db_path, ch.id)
    assert row["status"] == "over" and row["game"].outcome.winner is Side.WHITE


async def test_a_few_plays_are_buttons_and_previewed_in_swedish(simcord_env: simcord.Env,
                                                                 db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, locale="sv-SE")
    row = game_row(db_path, ch.id)
    white = {m.id: m for m in members}[row["white_id"]]
    await set_roll(env, db_path, ch, "white=19x2,offx13 black=1x15 turn=white", (4, 2))
    await white.slash(ch, "brade show")
    board = recent(env, ch, 1)[0]
    assert "2 tillåtna drag: tryck på ditt" in board.content
    # in the neutral order, the Swedish word for off
    assert [c.label for c in controls(board)] == ["Spela 19/23 19/21", "Spela 19/23 23/ut"]
    before = snapshot(db_path)
    await white.click(board, label="Spela 19/23 23/ut")
    preview = stored(env, ch, board.id)
    assert "Förhandsvisning, inte spelat än:" in preview.content
    assert "`19/23 23/ut`" in preview.content
    assert snapshot(db_path) == before
    await white.click(recent(env, ch, 1)[0], label="Bekräfta")
    assert game_row(db_path, ch.id)["game"].last_play()["moves"] == "19/23 23/off"


# -- 3. the picker refuses politely ---------------------------------------------------------


async def test_a_strangers_tap_on_the_picker_changes_nothing(simcord_env: simcord.Env,
                                                             db_path) -> None:
    env = simcord_env
    ch, white, black, carol, board = await many_plays(env, db_path, locale="sv-SE")
    menu = control(board, "brademenu:")
    before, shown = snapshot(db_path), stored(env, ch, board.id).content
    for who in (carol, black):
        r = await who.select(board, [menu.options[0].value], custom_id=menu.custom_id)
        assert r.ephemeral
        assert r.response.content in (t("err.not_player", "sv"),
                                      t("err.not_your_turn", "sv", who=white.mention))
    preview = await choose(env, ch, white, board)
    shown = preview.content
    for label in ("Bekräfta", "Välj om"):
        r = await carol.click(preview, label=label)
        assert r.ephemeral and r.response.content == t("err.not_player", "sv")
    assert fresh(env, ch, preview).content == shown
    assert snapshot(db_path) == before


@pytest.mark.parametrize("shown", ["menu", "preview"])
async def test_a_stale_picker_answers_politely_and_changes_nothing(
        simcord_env: simcord.Env, db_path, shown: str) -> None:
    """The game moved on (a play typed) while the picker stayed on screen (Discord
    refused to take it off): its menu and its Confirm say so and change nothing."""
    env = simcord_env
    ch, white, _, _, board = await many_plays(env, db_path)
    menu = control(board, "brademenu:")
    if shown == "preview":
        board = await choose(env, ch, white, board)
    row = game_row(db_path, ch.id)
    typed = plays.listing(row["game"].rules, row["game"].position, row["game"].dice)[5]
    env.inject_error("PATCH", "/channels/*/messages/*", times=1)  # the strip fails
    r = await white.slash(ch, "brade move", play=typed)
    assert not r.ephemeral
    old = fresh(env, ch, board)
    assert controls(old), "the stale picker is still on screen"
    before = snapshot(db_path)
    if shown == "menu":
        r = await white.select(old, [menu.options[2].value], custom_id=menu.custom_id)
        assert r.ephemeral and r.response.content == t("err.stale", "en")
    else:
        for label in ("Confirm", "Choose again"):
            r = await white.click(old, label=label)
            assert r.ephemeral and r.response.content == t("err.stale", "en")
    assert snapshot(db_path) == before
    assert fresh(env, ch, board).content == old.content


async def test_a_picker_from_before_a_restart_still_plays_its_play(
        simcord_env: simcord.Env, db_path) -> None:
    """Everything the picker needs is in its custom id: after a restart (nothing kept in
    memory) the menu narrows, the preview is drawn, and Confirm plays the play shown."""
    env = simcord_env
    ch, white, _, _, board = await many_plays(env, db_path)
    menu = control(board, "brademenu:")
    await env.restart_bot(make_bot(db_path, seed=38))
    assert menu is not None
    now = await choose(env, ch, white, board, -1)
    assert now.content.count("legal plays") == 0  # the old prompt gave way to the preview
    previewed = now.content.split("`")[-2]
    await env.restart_bot(make_bot(db_path, seed=39))
    before = game_row(db_path, ch.id)
    await white.click(now, label="Confirm")
    row = game_row(db_path, ch.id)
    assert row["version"] == before["version"] + 1
    assert row["game"].last_play()["moves"] == previewed
    assert "Preview" not in stored(env, ch, board.id).content


async def test_confirming_a_play_no_longer_legal_changes_nothing(simcord_env: simcord.Env,
                                                                 db_path) -> None:
    env = simcord_env
    ch, white, _, _, board = await many_plays(env, db_path)
    preview = await choose(env, ch, white, board)
    # behind the bot, the roll becomes another one (the same version): the play shown
    # is no longer a play of it, found by the picker kept or made again after a restart
    row = game_row(db_path, ch.id)
    state = json.loads(row["state"])
    state["game"]["dice"] = [6, 5]
    db_exec_state(db_path, row["id"], state)
    env.bot.services.games.table.cache.clear()
    before = snapshot(db_path)
    r = await white.click(preview, label="Confirm")
    assert r.ephemeral and r.response.content == t("err.pick.gone", "en")
    await env.restart_bot(make_bot(db_path, seed=38))
    r = await white.click(preview, label="Confirm")
    assert r.ephemeral and r.response.content == t("err.pick.gone", "en")
    assert snapshot(db_path) == before


async def test_a_preview_overtaken_by_a_typed_play_leaves_no_trace(
        simcord_env: simcord.Env, db_path, specs) -> None:
    """A preview on screen, the player types another play: the old board loses its
    controls and its preview, picture included; the channel shows only the play made."""
    env = simcord_env
    ch, white, _, _, board = await many_plays(env, db_path)
    await choose(env, ch, white, board)
    shown = specs[-1]
    row = game_row(db_path, ch.id)
    other = plays.listing(row["game"].rules, row["game"].position, row["game"].dice)[-1]
    r = await white.slash(ch, "brade move", play=other)
    assert not r.ephemeral
    old = stored(env, ch, board.id)
    assert not old.components and "Preview" not in old.content
    redrawn = [s for s in specs if s.last_turn != shown.last_turn and s.dice == (2, 2)]
    assert redrawn, "the old board drawn again without the preview's play"


# -- 4. settings and hints -----------------------------------------------------------------


async def test_play_settings_are_kept_per_member(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    guild, ch, _, (alice, bob) = server(env, "alice", "bob")
    r = await alice.slash(ch, "brade settings", confirm=False)
    assert r.ephemeral and t("settings.confirm_off", "en") in r.response.content
    r = await alice.slash(ch, "brade settings", roll_for_me=True)
    assert t("settings.roll_on", "en") in r.response.content
    rows = db_dicts(db_path, "SELECT user_id, confirm_plays, roll_for_me FROM players "
                    "WHERE guild_id = ? AND user_id = ?", (guild.id, alice.id))
    assert [(x["confirm_plays"], x["roll_for_me"]) for x in rows] == [(0, 1)]
    await env.restart_bot(make_bot(db_path, seed=40))
    service = env.bot.services.games
    await service.players.resolve(guild.id, [alice.id, bob.id])
    assert not service.players.confirms(guild.id, alice.id)
    assert service.players.rolls_for(guild.id, alice.id)
    assert service.players.confirms(guild.id, bob.id)  # the defaults
    assert not service.players.rolls_for(guild.id, bob.id)


async def test_roll_for_me_leaves_a_choice_to_the_player(simcord_env: simcord.Env,
                                                         db_path) -> None:
    """Under ``one_die`` a roll that could be one die is a choice (B-36): the bot does
    not roll for the member then."""
    env = simcord_env
    _guild, ch, _, (alice, bob) = server(env, "alice", "bob")
    for who in (alice, bob):
        await who.slash(ch, "brade settings", roll_for_me=True)
    offer = (await alice.slash(ch, "brade new", opponent=bob, ruleset="classic+one_die"))
    await bob.click(offer.response, label="Accept")
    row = game_row(db_path, ch.id)
    assert row["game"].phase == "move"  # the starter's first roll, made for them
    assert t("roll.auto", "en") in recent(env, ch, 1)[0].content
    service = env.bot.services.games
    lg = service.table.unpack(await _row(service, row["id"]))
    assert service.rolling.rolls_for(lg) is False  # a roll to play: nothing to roll
    game = lg.game
    game.phase, game.dice = "roll", None
    # where one die may be rolled (a beautiful game within one die), it is left to them
    from engine.game import can_finish_beautiful_with_one

    me = game.position.side(game.turn)
    assert service.rolling.rolls_for(lg) is not can_finish_beautiful_with_one(me)


async def _row(service: Any, game_id: int) -> Any:
    async with service.store.read() as tx:
        return await tx.game(game_id)


# -- 5. a forfeited roll (issue 30) ---------------------------------------------------------


async def _lose_a_roll(env: simcord.Env, ch: simcord.ChannelHandle, db_path: Db,
                       players: dict[int, Any], side: str) -> None:
    """The position made such that the roll of ``side`` (to roll) has no legal play:
    one checker on the bar against a closed board (backgammon)."""
    row = game_row(db_path, ch.id)
    other = "black" if side == "white" else "white"
    state = json.loads(row["state"])
    state["game"]["position"] = (f"{side}=barx1,7x14 {other}=1x3,19x2,20x2,21x2,22x2,23x2,"
                                 f"24x2 turn={side}")
    db_exec_state(db_path, row["id"], state)
    env.bot.services.games.table.cache.clear()


@pytest.mark.parametrize(("locale", "lang"), [("sv-SE", "sv"), (None, "en")])
async def test_a_lost_roll_joins_its_message_and_the_next_turn_is_a_new_pinged_message(
        simcord_env: simcord.Env, db_path, locale: str | None, lang: str, specs) -> None:
    """Issues 30 and 46: the lost roll, named, is added to the message with the last
    play, whose board keeps that play drawn (its arrows) beside the lost dice; the next
    player's turn is a NEW message that pings them (Discord notifies no mention added by
    an edit), with the Roll button.  Two lost rolls in a row: two messages, one per
    player turn, never piled up in one."""
    env = simcord_env
    _, ch, members = await start_game(env, locale=locale, rules="backgammon")
    players = {m.id: m for m in members}
    tally = Tally()
    for _ in range(3):  # a few turns, so a play is on the board
        await tap_turn(env, ch, db_path, players, random.Random(1), tally)
    row = game_row(db_path, ch.id)
    assert row["game"].phase == "roll"
    side = row["game"].turn.value
    other = "black" if side == "white" else "white"
    await _lose_a_roll(env, ch, db_path, players, side)
    mover, waiting = players[row[f"{side}_id"]], players[row[f"{other}_id"]]
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    message = with_control(env, ch, cid)
    said, count = message.content, len(channel(env, ch))
    drawn = len(specs)
    await mover.click(message, custom_id=cid)
    after = stored(env, ch, message.id)
    kept = said.rsplit("\n", 1)[0]  # the play it reported, without the old prompt
    assert after.content.startswith(kept)
    assert after.content.rstrip().endswith(t("roll.forfeit", lang))  # no prompt now
    assert not after.components  # its buttons are spent
    # its board: the play before (arrows) beside the lost dice, in the roller's half
    lost = specs[drawn]
    assert lost.last_turn is not None and lost.last_turn.steps
    assert lost.dice is not None and lost.dice_side is Side(side)
    # the next player's turn: one new message, which pings them
    now = channel(env, ch)
    assert len(now) == count + 1
    turn = stored(env, ch, now[-1].id)
    assert turn.id != message.id and turn.edited_timestamp is None
    assert turn.ping_user_ids == [waiting.id]
    row = game_row(db_path, ch.id)
    assert row["game"].turn.value == other and row["game"].phase == "roll"
    assert turn.content.rstrip().endswith(t("to_roll", lang, who=waiting.mention,
                                            side=side_name(Side(other), lang)))
    assert control(now[-1], f"brade:roll:{row['id']}:{row['version']}:")
    # the other player's roll is lost too: it joins that message, and the turn passes to
    # a third message, pinging the first player; nothing piles up
    await _lose_a_roll(env, ch, db_path, players, other)
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    await waiting.click(fresh(env, ch, now[-1]), custom_id=cid)
    again = channel(env, ch)
    assert len(again) == count + 2
    assert stored(env, ch, turn.id).content.count(t("roll.forfeit", lang)) == 1
    assert stored(env, ch, again[-1].id).ping_user_ids == [mover.id]
    assert t("roll.forfeit", lang) not in again[-1].content


async def test_a_turn_by_taps_draws_two_boards(simcord_env: simcord.Env, db_path,
                                               specs) -> None:
    """Roll (the roll's board), a play chosen (its preview), Confirm (the next board,
    which is the preview's picture): two boards a turn, as a typed turn draws (issue
    47); the message goes back to the roll's board as it was drawn, not drawn again."""
    env = simcord_env
    _, ch, members = await start_game(env)
    players = {m.id: m for m in members}
    for _ in range(12):
        row = game_row(db_path, ch.id)
        drawn, turns = len(specs), row["game"].turn_count
        asked = len(env.http_requests)
        await tap_turn(env, ch, db_path, players, random.Random(2), Tally())
        after = game_row(db_path, ch.id)["game"]
        said = [str(r.json) for r in env.http_requests[asked:]]
        previewed = any("Preview, not played yet" in x for x in said)
        if after.turn_count == turns + 1 and previewed and after.phase == "roll":
            # the roll's board, the preview; Confirm's board is the preview's picture
            # (the next player rolls: no roll for them drawn in this turn)
            assert len(specs) - drawn == 2, [s.last_turn for s in specs[drawn:]]
            return
    raise AssertionError("no turn was previewed")


def _answers(requests: list[Any]) -> list[tuple[str, Any]]:
    """The bot's answers to presses among ``requests``: each interaction callback by
    its type (6: deferred, 7: the pressed message changed), and each later edit of an
    answer ("@original")."""
    out: list[tuple[str, Any]] = []
    for r in requests:
        if r.path.endswith("/callback"):
            body = r.json if isinstance(r.json, dict) else {}
            out.append(("callback", body.get("type")))
        elif r.method == "PATCH" and r.path.endswith("/messages/@original"):
            out.append(("edit", None))
    return out


async def _previewed_turn(env: simcord.Env, db_path: Any,
                          began: list[int] | None = None) -> list[tuple[str, Any]]:
    """Turns by taps until one is previewed; that turn's answers to its presses (and in
    ``began``, the count of the bot's requests before that turn)."""
    _, ch, members = await start_game(env)
    players = {m.id: m for m in members}
    for _ in range(12):
        turns = game_row(db_path, ch.id)["game"].turn_count
        asked = len(env.http_requests)
        await tap_turn(env, ch, db_path, players, random.Random(2), Tally())
        requests = env.http_requests[asked:]
        after = game_row(db_path, ch.id)["game"]
        if after.turn_count == turns + 1 and after.phase == "roll" and \
                any("Preview, not played yet" in str(r.json) for r in requests):
            if began is not None:
                began.append(asked)
            return _answers(requests)
    raise AssertionError("no turn was previewed")


async def test_each_press_of_a_tapped_turn_is_answered_by_its_own_edit(
        simcord_env: simcord.Env, db_path) -> None:
    """Roll, the chosen play, Confirm: each press changes the message it was made on,
    and that change is its answer, one call (Discord's "update message"), not a
    deferral and an edit after it (issue 47: the event loop's work a tapped turn)."""
    answers = await _previewed_turn(simcord_env, db_path)
    assert answers == [("callback", 7)] * 3, answers


async def test_only_a_press_that_changed_the_game_looks_for_your_turn_letters(
        simcord_env: simcord.Env, db_path) -> None:
    """The "your turn" letters are looked for after Roll and after Confirm, not after
    the choice that only previews the play (it saved nothing): one look-up less a
    tapped turn (issue 47)."""
    presenter = simcord_env.bot.delivery
    looked: list[int] = []
    real = presenter.after_turn
    assert real is not None

    async def counted(channel_id: int) -> None:
        looked.append(len(simcord_env.http_requests))  # when, by the bot's requests
        await real(channel_id)

    presenter.after_turn = counted
    began: list[int] = []
    answers = await _previewed_turn(simcord_env, db_path, began)
    assert answers == [("callback", 7)] * 3, answers
    # the previewed turn's presses: Roll (looked), the choice (not), Confirm (looked)
    assert len([n for n in looked if n > began[0]]) == 2, (looked, began)


async def test_a_press_is_deferred_first_when_the_board_workers_are_behind(
        simcord_env: simcord.Env, db_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board workers behind (``RenderPool.keeps_up``): each press is acknowledged
    at once and its message edited once its pictures are drawn; the turn ends as it
    would."""
    monkeypatch.setattr(RenderPool, "keeps_up", lambda self: False)
    answers = await _previewed_turn(simcord_env, db_path)
    assert answers == [("callback", 6), ("edit", None)] * 3, answers


async def test_a_press_answered_too_late_still_changes_its_message_and_the_turn_goes_on(
        simcord_env: simcord.Env, db_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord stops waiting for a press's answer after 3 s.  When the pictures take
    longer than ``RenderPool.keeps_up`` foresaw, the press shows as failed to its
    member, but its change was saved: the bot edits its own message without the
    interaction, posts what follows in the channel, and the turn is played out."""
    env = simcord_env
    _, ch, members = await start_game(env)
    players = {m.id: m for m in members}
    real = RenderPool.render
    late = [1]  # the next picture drawn comes after Discord's 3 s

    async def slow(self: RenderPool, spec: Any) -> bytes:
        if late:
            late.pop()
            env.backend.advance_clock(5)
        return await real(self, spec)

    monkeypatch.setattr(RenderPool, "render", slow)
    row = game_row(db_path, ch.id)
    turns = row["game"].turn_count
    asked = len(env.http_requests)
    await tap_turn(env, ch, db_path, players, random.Random(3), Tally())
    assert not late
    requests = env.http_requests[asked:]
    # the roll's answer came too late, so its message was edited by the bot itself
    own_edits = [r for r in requests if r.method == "PATCH"
                 and r.path.startswith(f"/channels/{ch.id}/messages/")]
    assert own_edits, [(r.method, r.path) for r in requests]
    assert any(isinstance(r.json, dict) and "attachments" in r.json for r in own_edits)
    after = game_row(db_path, ch.id)["game"]
    assert after.turn_count > turns
    # the turn is on the record: the newest board carries the next player's Roll
    assert with_control(env, ch, f"brade:roll:{row['id']}:", f"brade:roll1:{row['id']}:")
