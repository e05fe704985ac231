"""Small stand-ins for the Discord objects delivery talks to: each records the calls it
gets, so a test can say which request a function made (SimCord drives whole scenarios
elsewhere; these pin one function's choice of call)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord


def http_error(status: int = 403, code: int = 50007) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="refused")
    cls = discord.Forbidden if status == 403 else discord.HTTPException
    return cls(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


class Recorder:
    """Any awaited method call is recorded as (name, args, kwargs)."""

    def __init__(self, log: list[tuple[str, tuple, dict]], prefix: str = "",
                 fail: dict[str, BaseException] | None = None) -> None:
        self._log, self._prefix, self._fail = log, prefix, fail or {}

    def __getattr__(self, name: str) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            full = self._prefix + name
            self._log.append((full, args, kwargs))
            if full in self._fail:
                raise self._fail[full]
            return SimpleNamespace(id=len(self._log))
        return call


class Response(Recorder):
    def __init__(self, log: list, done: bool) -> None:
        super().__init__(log, "response.")
        self.done = done

    def is_done(self) -> bool:
        return self.done


class Interaction:
    """An interaction answered already (``done``) or not yet."""

    def __init__(self, *, done: bool = False,
                 fail: dict[str, BaseException] | None = None) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []
        self.response = Response(self.calls, done)
        self.followup = Recorder(self.calls, "followup.", fail)
        self._own = Recorder(self.calls, "", fail)

    async def edit_original_response(self, **kwargs: Any) -> Any:
        return await self._own.edit_original_response(**kwargs)

    def names(self) -> list[str]:
        return [name for name, _, _ in self.calls]
