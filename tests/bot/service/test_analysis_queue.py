"""The analysis queue (issue 25): members take turns, one running each, a cap per member,
places told while waiting; Discord-free (the SimCord side is in
tests/bot/test_analyse_fairness.py)."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.analysis_queue import AnalysisQueue
from bot.service.model import UserError

A, B, C = 1, 2, 3


class Runner:
    """Analyses that each run until released, recording the order they start in."""

    def __init__(self, queue: AnalysisQueue) -> None:
        self.queue = queue
        self.started: list[str] = []
        self.places: dict[str, list[int]] = {}
        self.release: dict[str, asyncio.Event] = {}
        self.tasks: dict[str, asyncio.Task] = {}

    def ask(self, member: int, name: str) -> None:
        self.release[name] = asyncio.Event()
        self.places[name] = []

        async def told(place: int) -> None:
            self.places[name].append(place)

        async def run() -> None:
            async with self.queue.turn(member, told):
                self.started.append(name)
                await self.release[name].wait()

        self.tasks[name] = asyncio.ensure_future(run())

    async def finish(self, name: str) -> None:
        self.release[name].set()
        await self.tasks[name]
        await settle()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_another_member_goes_before_a_flood() -> None:
    q = AnalysisQueue(slots=1, per_member=20)
    r = Runner(q)
    for i in range(1, 11):
        r.ask(A, f"a{i}")
    await settle()
    r.ask(B, "b1")
    await settle()
    assert r.started == ["a1"]
    assert r.places["b1"] == [1]  # told: next in line
    assert [x.member for x in q.waiting()][:2] == [B, A]
    await r.finish("a1")
    assert r.started == ["a1", "b1"]  # one analysis's time, not ten
    assert r.places["b1"] == [1, 0]  # and told when it starts
    await r.finish("b1")
    assert r.started[-1] == "a2"
    for i in range(2, 11):
        await r.finish(f"a{i}")
    assert r.started == ["a1", "b1", *(f"a{i}" for i in range(2, 11))]
    assert q.running == 0 and not q.waiting()


async def test_places_are_told_as_the_queue_moves() -> None:
    q = AnalysisQueue(slots=1, per_member=5)
    r = Runner(q)
    r.ask(A, "a1")
    r.ask(A, "a2")
    r.ask(A, "a3")
    await settle()
    assert r.places["a1"] == [] and r.places["a2"] == [1] and r.places["a3"] == [2]
    r.ask(B, "b1")  # goes before Anna's second and third
    await settle()
    assert r.places["b1"] == [1] and r.places["a2"] == [1, 2] and r.places["a3"] == [2, 3]
    await r.finish("a1")
    assert r.places["a2"] == [1, 2, 1] and r.places["a3"] == [2, 3, 2]
    await r.finish("b1")
    assert r.places["a2"][-1] == 0 and r.places["a3"][-1] == 1


async def test_asking_again_and_again_does_not_starve_others() -> None:
    """Bertil asks for one more each time his is done, then for three at once; Anna's long
    queue still moves: they alternate."""
    q = AnalysisQueue(slots=1, per_member=20)
    r = Runner(q)
    for i in range(1, 11):
        r.ask(A, f"a{i}")
    await settle()
    for i in range(1, 5):
        r.ask(B, f"b{i}")
        await settle()
        await r.finish(r.started[-1])  # Anna's running one
        assert r.started[-1] == f"b{i}"
        await r.finish(f"b{i}")
    assert r.started == ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"]
    for i in range(5, 8):
        r.ask(B, f"b{i}")
    await settle()
    assert [x.member for x in q.waiting()][:6] == [B, A, B, A, B, A]


async def test_the_cap_refuses_politely_and_counts_running_and_waiting() -> None:
    q = AnalysisQueue(slots=1, per_member=3)
    r = Runner(q)
    for i in range(1, 4):
        r.ask(A, f"a{i}")
    await settle()
    with pytest.raises(UserError) as e:
        q.check(A)
    assert e.value.key == "watch.analyse.too_many" and e.value.params == {"n": 3}
    with pytest.raises(UserError):
        async with q.turn(A):
            pass
    assert len(q.mine(A)) == 3  # the refusal changed nothing
    q.check(B)  # others are not affected
    await r.finish("a1")
    q.check(A)  # room again once one is done


async def test_one_running_per_member() -> None:
    q = AnalysisQueue(slots=2, per_member=5)
    r = Runner(q)
    r.ask(A, "a1")
    r.ask(A, "a2")
    await settle()
    assert r.started == ["a1"]  # a second slot, but not for Anna's second
    r.ask(C, "c1")
    await settle()
    assert r.started == ["a1", "c1"]
    await r.finish("a1")
    assert r.started == ["a1", "c1", "a2"]


async def test_a_cancelled_wait_gives_the_place_up() -> None:
    q = AnalysisQueue(slots=1, per_member=5)
    r = Runner(q)
    r.ask(A, "a1")
    r.ask(B, "b1")
    r.ask(C, "c1")
    await settle()
    r.tasks["b1"].cancel()
    await settle()
    assert [x.member for x in q.waiting()] == [C]
    assert r.places["c1"][-1] == 1
    await r.finish("a1")
    assert r.started == ["a1", "c1"]
    with pytest.raises(ValueError):
        AnalysisQueue(slots=0, per_member=3)
