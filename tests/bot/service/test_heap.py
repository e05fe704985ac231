"""Start-up's objects set aside from the garbage collector (bot/service/heap.py): the
start's garbage is collected first, what is alive is no longer walked."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.service.heap import freeze_startup


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The test process's collector as it was: what a test froze is walked again."""
    gc.unfreeze()
    yield
    gc.unfreeze()


class Node:
    """An object the collector tracks, which may sit in a cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_starts_garbage_is_collected_and_what_lives_set_aside(unfrozen) -> None:
    kept = Node()  # what start-up keeps: a table, a module's function
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle start-up left behind
    gone = weakref.ref(a)
    del a, b
    frozen = freeze_startup()
    assert gone() is None  # collected before the freeze: a frozen cycle would stay
    assert frozen == gc.get_freeze_count() > 0
    assert not any(o is kept for o in gc.get_objects())  # no collection walks it now
    made_after = Node()
    assert any(o is made_after for o in gc.get_objects())  # what runs is walked
