"""The benchmarks' own machinery, where a mistake would report a wrong figure or miss a
broken database: the invariants' audit on both stores (a rating applied twice, a gap in
an event log), the message-policy invariant (one message with live buttons per game, its
newest board), the fault soak on PostgreSQL, ``bot_load``'s arithmetic for combining
several processes, and its driver going on when a player finds no Roll button."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks import bot_load
from benchmarks.bot_load import Phase, Sampler, combined, share
from benchmarks.fault_soak import Soak, parse
from benchmarks.invariants import Posted, audit, check_live_buttons, posted
from bot.store.dialect import to_postgres
from engine.game import Game
from engine.position import Side
from tests.bot.helpers import (
    Db,
    db_exec,
    db_rows,
    game_row,
    play_turns,
    resigned_game,
    roll_until_move,
    start_game,
)


async def test_audit_sees_a_rating_applied_twice(simcord_env, db_path: Db) -> None:
    _, _, bob, row = await resigned_game(simcord_env, db_path)
    assert db_rows(db_path, "SELECT game_id FROM rated_games") == [(row["id"],)]
    assert audit(db_path) == []
    db_exec(db_path, "UPDATE ratings SET games = games + 1, wins = wins + 1 "
                     "WHERE user_id = ?", (bob.id,))
    found = audit(db_path)
    assert len(found) == 1 and f"member {bob.id}" in found[0], found
    assert "the rating counts 2 games (2 won, 0 lost), the applied games 1 (1 won" in found[0]


async def test_audit_sees_a_gap_in_an_event_log(simcord_env, db_path: Db) -> None:
    _, _, _, row = await resigned_game(simcord_env, db_path)
    db_exec(db_path, "DELETE FROM events WHERE game_id = ? AND seq = 2", (row["id"],))
    found = audit(db_path)
    assert any(f"game {row['id']}: event numbers [1, 3" in v for v in found), found


async def test_small_fault_soak_on_postgresql(pg_url: str, monkeypatch) -> None:
    """tests/bot/test_faults_soak.py's soak on PostgreSQL: cancelled commands (a statement
    cut off mid-flight), Discord errors and restarts keep every invariant there too."""
    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    args = parse(["--commands", "200", "--slots", "4", "--restart-every", "60",
                  "--seed", "5"])
    report = await Soak(args, pg_url).run()
    assert report.commands == 200 and report.restarts >= 2
    assert "cancel" in report.faults, report.faults
    assert report.violations == [], report.violations


def test_placeholders_numbered_for_postgresql() -> None:
    assert to_postgres("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == \
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    assert to_postgres("SELECT 1") == "SELECT 1"


def test_games_and_turns_split_evenly() -> None:
    for total, parts in ((200, 2), (201, 2), (7, 3), (5, 5)):
        shares = [share(total, parts, k) for k in range(parts)]
        assert sum(shares) == total and max(shares) - min(shares) <= 1


def _phase(started: float, ended: float, turns: list[float], sent: list[float]) -> Phase:
    return Phase("saturated", 0.0, len(turns), latencies=[0.1 * (i + 1) for i in range(len(sent))],
                 sent=sent, done=len(turns), counted=len(turns), seconds=ended - started,
                 loop_cpu=1.0, process_cpu=1.0, started=started, ended=ended,
                 turn_times=turns)


def test_processes_combined_over_their_common_window() -> None:
    # process 0 plays 10.0–14.0, process 1 11.0–15.0: the common window is 11.0–14.0
    a = _phase(10.0, 14.0, [10.5, 11.5, 12.5, 13.5], sent=[10.2, 11.2, 13.9])
    b = _phase(11.0, 15.0, [11.5, 12.0, 14.5, 14.9], sent=[11.1, 14.5])
    lines, rate = combined([a, b], [3, 3], Sampler(None))
    assert rate == pytest.approx(5 / 3)
    # turns in 11–14: 3 of process 0, 2 of process 1 → 5 in 3 s
    assert "5 turns in the common 3.0 s = 1.7 turns/s" in lines[0], lines[0]
    assert "process 0 1.0, process 1 0.7" in lines[0]
    # plays sent in the window: 11.2 and 13.9 of process 0, 11.1 of process 1
    assert "(3 plays)" in lines[0]
    assert lines[-1].startswith("target saturated: ≥ 50 turns/s: MISSED (1.7)")
    apart, none = combined([_phase(0.0, 1.0, [0.5], [0.1]), _phase(2.0, 3.0, [2.5], [2.1])],
                           [1, 1], Sampler(None))
    assert apart == ["saturated: the processes' phases did not overlap (no common window)"]
    assert none == 0.0


def test_typed_and_tapped_turns_side_by_side_with_issue_47s_targets() -> None:
    """``--by both``: each phase's figures typed → by taps, the ratios and the targets
    met or missed (all CPU counts the board workers', which the loop's does not)."""
    typed = Phase("saturated", 0.0, 100, counted=100, seconds=2.0, loop_cpu=0.6,
                  harness_cpu=0.1, regions={"driver": 0.05, "parse READY": 0.02},
                  worker_cpu=1.4, boards=200, latencies=[0.05, 0.1], gc_counts=[200, 20, 1])
    tapped = Phase("saturated", 0.0, 100, counted=100, seconds=2.1, loop_cpu=0.9,
                   harness_cpu=0.36, regions={"driver": 0.1},
                   worker_cpu=2.1, boards=300, reused=100, latencies=[0.07, 0.2],
                   preview_latencies=[0.03, 0.04], by="picker", gc_counts=[300, 30, 2])
    lines = bot_load.compare([typed], [tapped])
    text = "\n".join(lines)
    assert "turns/s 50.0 → 47.6 (0.95×)" in text
    assert "event-loop CPU a turn 6.0 → 9.0 ms (1.50×), the bot's share 5.0 → 5.4 ms (1.08×" \
        in text
    assert ("where the loop's CPU went, ms a turn: the bot's handlers, asyncio and the rest "
            "5.30 → 8.00; driver 0.50 → 1.00; parse READY 0.20 → 0.00") in text
    assert "board workers' CPU a turn 14.0 → 21.0 ms" in text
    assert ("all CPU a turn (loop and workers) 20.0 → 30.0 ms (1.50×), the bot's 19.0 → "
            "26.4 ms (1.39×)") in text
    assert "boards drawn a turn 2.00 → 3.00 (reused 0.00 → 1.00)" in text
    assert "young collections a turn 2.0 → 3.0" in text
    assert ("targets: turns/s ≥ 0.9×: met; the bot's loop CPU ≤ 1.1×: met (the whole "
            "loop's, SimCord and the driver in it: MISSED); the bot's CPU ≤ 1.2×: MISSED "
            "(with the whole loop: MISSED); boards ≤ 2 a tapped turn: MISSED") in text
    paced = [dataclasses.replace(p, name="paced", think=1.0) for p in (typed, tapped)]
    assert "choice→preview p99 ≤ 150 ms: met" in "\n".join(bot_load.compare(*map(list, (
        [paced[0]], [paced[1]]))))


def test_rounds_pool_into_totals_over_totals_and_only_the_pool_is_judged() -> None:
    """``--rounds``: each way's rounds add up (CPU over turns, not a mean of ratios),
    their samples join, and a single round's lines carry no verdict."""
    one = Phase("saturated", 0.0, 100, counted=100, seconds=2.0, loop_cpu=0.6,
                latencies=[0.1], gc_counts=[10, 1, 0], load_before=0.5, load_after=1.0)
    two = Phase("saturated", 0.0, 100, counted=300, seconds=4.0, loop_cpu=1.2,
                latencies=[0.2, 0.3], gc_counts=[30, 2, 1], load_before=1.5, load_after=2.0)
    both = bot_load.pooled([one, two])
    assert (both.counted, both.seconds, both.loop_cpu) == (400, 6.0, pytest.approx(1.8))
    assert both.latencies == [0.1, 0.2, 0.3] and both.gc_counts == [40, 3, 1]
    assert (both.load_before, both.load_after) == (0.5, 2.0)
    assert one.counted == 100 and one.latencies == [0.1]  # the rounds stay as they were
    assert "Python calls" not in "\n".join(bot_load.compare([one], [two]))  # no profile
    one.calls, two.calls = 100_000, 390_000
    assert bot_load.pooled([one, two]).calls == 490_000
    text = "\n".join(bot_load.compare([one], [two], "round 1", judge=False))
    assert "Python calls a turn on the loop 1,000 → 1,300 (1.30×" in text
    assert "typed vs by taps (round 1; a typed play sends the command alone" in text
    assert "targets" not in text
    assert "event-loop CPU a turn 6.0 → 4.0 ms (0.67×)" in text


def test_rounds_are_for_both_ways(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["bot_load.py", "--rounds", "2"])
    with pytest.raises(SystemExit) as stop:
        bot_load.main()
    assert stop.value.code == 2 and "--rounds" in capsys.readouterr().err


def test_both_ways_need_a_fresh_database(monkeypatch, capsys, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "argv", ["bot_load.py", "--by", "both", "--db",
                                      str(tmp_path / "x.sqlite3")])
    with pytest.raises(SystemExit) as stop:
        bot_load.main()
    assert stop.value.code == 2 and "fresh database" in capsys.readouterr().err


def test_several_processes_need_postgresql(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["bot_load.py", "--processes", "2", "--games", "4"])
    with pytest.raises(SystemExit) as stop:
        bot_load.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs PostgreSQL" in err


# -- the message policy: one message with live buttons, the newest board (issue 26) -------

def _roll_row(version: int = 4, black: int = 22) -> dict[str, Any]:
    """An active game whose white player (id 11) is to roll."""
    game = Game.new("talisman", seed=3, starter=Side.WHITE)
    assert (game.phase, game.turn) == ("roll", Side.WHITE)
    return {"id": 7, "version": version, "status": "active", "white": 11, "black": black,
            "game": game}


def test_live_buttons_on_the_newest_board_only() -> None:
    row = _roll_row()
    old = Posted(100, True, ())
    roll = Posted(101, True, (("roll", 7, 4),))
    assert check_live_buttons(row, [old, roll]) == []
    # a stray older board that kept its buttons (a roll's swap that ran late stripped
    # the new board instead): both facts are reported
    found = check_live_buttons(row, [Posted(100, True, (("roll", 7, 3),)),
                                     Posted(101, True, ())])
    assert found == ["game 7: message 100 carries its buttons, but its newest board is 101",
                     "game 7: the player to roll finds no Roll button (version 4) on the "
                     "newest board 101"], found
    # no button anywhere: the issue's symptom
    assert check_live_buttons(row, [old, Posted(101, True, ())]) == [
        "game 7: the player to roll finds no Roll button (version 4) on the newest board "
        "101 nor anywhere else"]
    # buttons of an older version on the newest board answer "already made"
    assert check_live_buttons(row, [old, Posted(101, True, (("roll", 7, 3),))]) == [
        "game 7: the player to roll finds no Roll button (version 4) on the newest board 101 "
        "nor anywhere else",
        "game 7: the newest board 101 has buttons of version 3, the game is at version 4"]
    # another game's buttons, a challenge's, text and the computer's turn are not this
    # game's live board
    assert check_live_buttons(row, [Posted(99, False, (("accept", 8, 0),)),
                                    Posted(100, True, (("rematch", 6, 9),)), roll]) == []
    assert check_live_buttons(_roll_row() | {"white": 0}, [old]) == []
    # not checked: a game that is not active, a channel that shows no board yet
    assert check_live_buttons(row | {"status": "over"}, [Posted(1, True, ())]) == []
    assert check_live_buttons(row, [Posted(5, False, ())]) == []


def _checked(env: Any, db: Db, channel_id: int) -> list[str]:
    row = game_row(db, channel_id)
    assert row is not None
    row = row | {"white": row["white_id"], "black": row["black_id"]}
    return check_live_buttons(row, posted(env.backend.messages[channel_id].values()))


async def test_live_buttons_read_from_simcord(simcord_env, db_path: Db) -> None:
    """A game played through the bot keeps the policy; a newest board that lost its
    buttons, or an older board that kept them, is seen in SimCord's messages."""
    _, ch, members = await start_game(simcord_env)
    await play_turns(simcord_env, ch, db_path, members, 2)
    assert _checked(simcord_env, db_path, ch.id) == []
    await roll_until_move(simcord_env, ch, db_path, members)
    assert _checked(simcord_env, db_path, ch.id) == []  # the rolled board, its plays
    stored = simcord_env.backend.messages[ch.id]
    boards = sorted((m for m in stored.values() if m.attachments), key=lambda m: m.id)
    row = game_row(db_path, ch.id)
    boards[0].components = [{"type": 1, "components": [
        {"type": 2, "custom_id": f"brade:roll:{row['id']}:1:", "label": "Roll"}]}]
    found = _checked(simcord_env, db_path, ch.id)
    assert found == [f"game {row['id']}: message {boards[0].id} carries its buttons, but "
                     f"its newest board is {boards[-1].id}"], found


async def test_fault_soak_sees_boards_that_keep_their_buttons(tmp_path: Path,
                                                              monkeypatch) -> None:
    """The soak checks the policy after every command: with the live-board record lost
    (every swap forgets the previous board), older boards keep their buttons and the
    soak reports it."""
    from bot.service.posts import LivePosts

    async def forgetful(self: LivePosts, game_id: int, new: Any) -> None:
        return None

    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    monkeypatch.setattr(LivePosts, "swap_board", forgetful)
    args = parse(["--no-faults", "--commands", "40", "--slots", "2", "--seed", "2"])
    report = await Soak(args, tmp_path / "soak.sqlite3").run()
    stray = [v for v in report.violations if "carries its buttons, but its newest" in v
             or "carry its buttons, but its newest" in v]
    assert stray, report.violations
    assert report.buttons_checked >= 30 and report.buttons_games


def test_load_driver_never_takes_a_pressed_message_for_its_answer() -> None:
    """SimCord stores a message before its creation reaches the driver's watch, so a
    player may press a Roll button on a message whose creation the driver sees only
    afterwards.  That creation is newer than the newest board the driver knew, and it
    carries a picture: it was counted as the roll's answer (a forfeit), and the next press
    found no picker on a board not yet rolled (a failure seen under CI's load)."""
    driver = bot_load.Driver.__new__(bot_load.Driver)
    driver.phase = Phase("saturated", 0.0, 10)
    driver.newest, driver.roll_message, driver.picker_message = {7: 159}, {}, {}
    driver.clicked_text, driver.clicked_components, driver.heap = {7: "press Roll"}, {}, []
    driver.pending = {7: ("roll", 0.0, 166, 159)}  # pressed 166 before its creation came
    roll = [{"type": 1, "components": [{"type": 2, "custom_id": "brade:roll:2:20:"}]}]
    driver._seen("MESSAGE_CREATE", 7, {"id": "166", "content": "press Roll",
                                       "attachments": [{"id": 1}], "components": roll})
    assert driver.pending and driver.phase.done == 0 and not driver.phase.forfeits
    assert driver.newest[7] == 166 and driver.roll_message[7] == 166


def test_load_driver_counts_a_play_made_at_once_as_a_turn() -> None:
    """The roll's only play, tapped, is played at once: the board tapped on loses its
    picker (an edit), and the next board is the answer, a turn.  The driver took that
    edit for a narrowed menu and never counted the turn (7% of the turns by taps in a
    run, read against the database)."""
    driver = bot_load.Driver.__new__(bot_load.Driver)
    driver.phase = Phase("saturated", 0.0, 10)
    driver.newest, driver.roll_message, driver.picker_message = {7: 40}, {}, {}
    driver.clicked_text, driver.heap, driver.finishing = {}, [], False
    pick = [{"type": 1, "components": [{"type": 2, "custom_id": "brade:pick:2:9:a"}]}]
    driver.clicked_components = {7: json.dumps(pick)}
    driver.pending = {7: ("choose", 0.0, 40, 40)}
    driver._seen("MESSAGE_UPDATE", 7, {"id": "40", "content": "White rolls …",
                                       "attachments": [{"id": 1}], "components": []})
    assert driver.pending and not driver.phase.menu_latencies
    driver._think = lambda: 0.0  # type: ignore[method-assign]
    driver._seen("MESSAGE_CREATE", 7, {"id": "41", "content": "White played …",
                                       "attachments": [{"id": 2}], "components": []})
    assert not driver.pending and driver.phase.done == 1 and len(driver.phase.latencies) == 1


async def test_load_driver_counts_the_boards_of_tapped_turns(tmp_path: Path,
                                                             monkeypatch) -> None:
    """By taps, a phase counts the boards drawn and those answered with the picture kept:
    a roll's, a preview's and the next board a turn (forfeits and single plays fewer;
    the roll's board a preview goes back to is not drawn again), about three a turn,
    never the double a board drawn twice would make."""
    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    phase = Phase("saturated", 0.0, 20)
    [done] = await bot_load.run(2, [phase], tmp_path / "load.sqlite3", by="picker")
    assert done.done >= 20 and done.refusals == 0 and not done.no_picker
    assert done.preview_latencies and done.boards >= done.done
    assert done.boards <= 4 * done.done  # with the turns in flight when the clock stopped
    # over whole turns (those in flight played out after the clock): the roll's board
    # and the preview, which Confirm's board is (issue 47); a play that wins draws three
    assert done.whole_turns >= done.done and done.boards_a_turn() <= 2.1, (
        done.whole_boards, done.whole_turns)
    assert done.worker_cpu == 0.0  # no workers: drawn in threads
    assert "boards drawn" in done.summary(2)
    # the loop's CPU split: the simulated Discord's and the driver's, the bot's parsing
    assert 0 < done.harness_cpu < done.loop_cpu and 0 < done.bot_cpu() < done.loop_cpu
    assert {"driver", "simcord dispatch", "parse INTERACTION_CREATE"} <= set(done.regions)
    assert "the bot's share" in done.summary(2)


async def test_load_driver_counts_a_player_without_a_roll_button(tmp_path: Path,
                                                                 monkeypatch) -> None:
    """No board carries a Roll button: the driver counts each time the player to roll
    finds none, types /brade roll instead and goes on (it stopped with StopIteration)."""
    import bot.delivery.games

    def without_roll(buttons: list, menu: Any = None) -> Any:
        return make_view([b for b in buttons if b.action not in ("roll", "roll1")], menu)

    make_view = bot.delivery.games.make_view
    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    # every view a game posts is made in bot/delivery/games.py
    monkeypatch.setattr(bot.delivery.games, "make_view", without_roll)
    phase = Phase("saturated", 0.0, 12)
    [done] = await bot_load.run(2, [phase], tmp_path / "load.sqlite3")
    assert done.done >= 12 and done.refusals == 0
    assert len(done.no_button) >= 12 and set(done.no_button) <= {1, 2}, done.no_button
    assert len(done.roll_latencies) >= len(done.no_button) - 2
    assert "the player to roll found no Roll button" in done.summary(2)


def test_a_typed_play_is_typed_in_as_a_discord_client_asks_for_suggestions() -> None:
    """``--typed-autocomplete K``: what the play's option holds at each of the K requests
    the member's client sends before the command: nothing typed yet, then more of it."""
    def typing(k: int) -> list[str]:
        return bot_load.Driver.typing(SimpleNamespace(typed_autocomplete=k), "13/7 13/10")

    assert typing(0) == []
    assert typing(1) == [""]
    assert typing(3) == ["", "13/", "13/7 1"]


async def test_load_driver_sends_the_autocomplete_requests_before_a_typed_play(
        tmp_path: Path, monkeypatch) -> None:
    """By typing, each play is preceded by the autocomplete requests a Discord client
    sends for its option, and the bot answers them with plays (they are counted, not
    taken for commands or refusals)."""
    import simcord
    from simcord.enums import InteractionType

    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    envs: list[Any] = []
    real = simcord.Env

    def kept(*args: Any, **kwargs: Any) -> Any:
        envs.append(real(*args, **kwargs))
        return envs[-1]

    monkeypatch.setattr(bot_load.simcord, "Env", kept)
    phase = Phase("saturated", 0.0, 12, by="typed")
    [done] = await bot_load.run(2, [phase], tmp_path / "load.sqlite3", by="typed",
                                typed_autocomplete=2)
    assert done.done >= 12 and done.refusals == 0
    records = list(envs[0].backend.interactions.values())
    asked = [r for r in records
             if r.type == InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE]
    commands = [r for r in records if r.type == InteractionType.APPLICATION_COMMAND]
    assert asked and len(asked) <= 2 * len(commands)
    assert done.autocompletes >= 2 * 12 and done.autocompletes <= len(asked)
    assert all(r.autocomplete_choices is not None for r in asked)  # every one answered
    offered = [r for r in asked if r.autocomplete_choices]
    assert len(offered) >= len(asked) // 2, (len(offered), len(asked))
    assert "autocomplete requests" in done.requests_text()


class Ticks:
    """A CPU clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_harness_share_nests_and_hands_the_bots_parsing_back() -> None:
    """``SplitClock``: time in a harness region is the harness's, time in a bot region
    nested inside it (discord.py parsing an event SimCord delivers) is the bot's again,
    and a harness region inside that (a REST request the bot makes) the harness's."""
    from benchmarks.harness_cpu import SplitClock

    ticks = Ticks()
    clock = SplitClock(ticks)
    ticks.now = 1.0  # the bot's, outside any region
    clock.enter(True, "gateway")
    ticks.now = 3.0  # 2 s of the harness's
    clock.enter(False, "parse")
    ticks.now = 7.0  # 4 s of the bot's
    with clock.region(label="rest"):
        ticks.now = 8.0  # 1 s of the harness's
    ticks.now = 8.5  # the bot's
    clock.leave()
    ticks.now = 9.0  # the harness's again
    clock.leave()
    ticks.now = 20.0  # the bot's
    assert clock.harness == pytest.approx(3.5)
    assert clock.spent == pytest.approx({"gateway": 2.5, "parse": 4.5, "rest": 1.0})


def test_the_harness_share_charges_each_event_and_route_where_it_belongs() -> None:
    """``install``: SimCord's routes are the harness's; each gateway parser is the bot's,
    with the event's JSON decoded as the real gateway makes the bot do; ``undo`` puts
    the originals back."""
    from benchmarks.harness_cpu import SplitClock, install

    ticks = Ticks()
    clock = SplitClock(ticks)
    parsed: list[Any] = []

    def parse_ready(payload: Any) -> None:
        ticks.now += 2.0  # the bot's parsing
        parsed.append(payload)

    def dispatch(*args: Any, **kwargs: Any) -> str:
        ticks.now += 5.0  # SimCord serving a request
        return "served"

    state = SimpleNamespace(parsers={"READY": parse_ready})
    router = SimpleNamespace(dispatch=dispatch, parse_form=lambda *a: None)
    undo = install(clock, state, router)
    assert router.dispatch("GET", "/x") == "served"
    deliver = clock.wrap(lambda event, payload: state.parsers[event](payload))
    deliver("READY", {"v": 10})
    assert parsed == [{"v": 10}] and clock.events == 1
    assert clock.harness == pytest.approx(5.0)
    assert clock.spent["parse READY"] == pytest.approx(2.0)
    undo()
    assert router.dispatch is dispatch and state.parsers == {"READY": parse_ready}


def test_the_speed_probe_times_its_work_on_the_clock_it_is_given() -> None:
    """``SpeedProbe``: each sample is the work's CPU on the given clock; the mean is the
    phase's speed, and CPU over it is probe units (none sampled: 0, not free)."""
    from benchmarks.speed_probe import SpeedProbe, in_units

    ticks = Ticks()
    costs = iter([0.002, 0.004])

    def work() -> None:
        ticks.now += next(costs)

    probe = SpeedProbe(clock=ticks, work=work)
    assert probe.mean() == 0.0 and in_units(1.0, probe.mean()) == 0.0
    assert probe.sample() == pytest.approx(0.002)
    probe.sample()
    assert probe.samples == pytest.approx([0.002, 0.004])
    assert probe.mean() == pytest.approx(0.003)
    assert in_units(0.03, probe.mean()) == pytest.approx(10.0)


def test_the_speed_probes_work_is_the_same_work_every_sample() -> None:
    """``ReferenceWork``: the interpreter-bound half and the memory-bound half; the reads
    walk the shuffled cells a stretch at a time and come round again."""
    from benchmarks.speed_probe import ReferenceWork, ScatteredReads, compute_work

    reads = ScatteredReads(size=8, steps=4, seed=1)
    assert sorted(reads.cells) != list(reads.cells) and len(set(reads.cells)) == 8
    first, second = reads(), reads()
    assert first + second == sum(reads.cells) and reads() == first
    assert compute_work() == compute_work()
    assert ReferenceWork(reads=lambda: 5)() == compute_work() + 5


async def test_the_speed_probe_samples_until_it_is_cancelled() -> None:
    import asyncio

    from benchmarks.speed_probe import SpeedProbe

    probe = SpeedProbe(work=lambda: None, every=0.001)
    task = asyncio.get_running_loop().create_task(probe.run())
    while len(probe.samples) < 3:
        await asyncio.sleep(0.001)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    taken = len(probe.samples)
    await asyncio.sleep(0.005)
    assert len(probe.samples) == taken


def test_the_bots_share_is_also_set_side_by_side_at_equal_speed() -> None:
    """A tapped phase that ran on a slowed machine: its CPU a turn is 1.5× the typed one's,
    but the probe took 1.5× as long too, so at equal speed the two are even; the pool
    adds each round's units, each set against its own speed."""
    typed = Phase("saturated", 0.0, 100, counted=100, seconds=2.0, loop_cpu=0.6,
                  harness_cpu=0.1, probe=[0.0004, 0.0004], bot_units=0.5 / 0.0004)
    tapped = Phase("saturated", 0.0, 100, counted=100, seconds=2.0, loop_cpu=0.85,
                   harness_cpu=0.1, probe=[0.0006], bot_units=0.75 / 0.0006, by="picker")
    text = "\n".join(bot_load.compare([typed], [tapped]))
    assert "the bot's share 5.0 → 7.5 ms (1.50×" in text
    assert ("at equal speed: the bot's share 12.5 → 12.5 probes a turn (1.00×; its CPU ÷ "
            "the speed probe's mean, which was 0.40 → 0.60 ms") in text
    assert "the bot's loop CPU ≤ 1.1×: MISSED" in text
    assert "the bot's loop CPU at equal speed ≤ 1.1×: met" in text
    assert "speed probe 0.40 ms a sample (2 samples), the bot's share 12.5 probes a turn" \
        in typed.summary(10)
    both = bot_load.pooled([typed, typed])
    assert both.bot_units == pytest.approx(2500.0) and len(both.probe) == 4
    unprobed = dataclasses.replace(typed, probe=[], bot_units=0.0)
    assert "equal speed" not in "\n".join(bot_load.compare([unprobed], [tapped]))
