"""The demo's page driven as the browser drives it: SimCord's preview protocol over HTTP.

The page's script (simcord/preview/static/app.js, transport.js) opens a context with
``POST /api/pages``, reads the page with ``GET /api/state`` and the commands with
``GET /api/commands``, and sends every tap as ``POST /api/action``: an envelope with the
protocol version, a sequence number, the context's generation, the bot's generation
and the page revision it was looking at.  Each request carries the capability (the
address's part after ``#``) in ``X-Simcord-Capability``.  ``PageClient`` sends the same.
"""

from __future__ import annotations

import uuid
from typing import Any

import aiohttp

STRING_SELECT = 3


class PageClient:
    """One browser tab on the page at ``url`` (``http://127.0.0.1:PORT/#CAPABILITY``)."""

    def __init__(self, session: aiohttp.ClientSession, url: str,
                 capability: str | None = None) -> None:
        base, _, fragment = url.partition("#")
        self.session, self.base = session, base.rstrip("/")
        self.capability = fragment if capability is None else capability
        self.context: str | None = None
        self.sequence = 0
        self.snapshot: dict[str, Any] = {}

    def headers(self) -> dict[str, str]:
        h = {"X-Simcord-Capability": self.capability}
        if self.context is not None:
            h["X-Simcord-Context"] = self.context
        return h

    async def open(self, viewer_id: str | None = None) -> dict[str, Any]:
        """What the page does on load: open a context (as ``viewer_id``)."""
        body = {} if viewer_id is None else {"viewer_id": viewer_id}
        async with self.session.post(f"{self.base}/api/pages", json=body,
                                     headers=self.headers()) as r:
            r.raise_for_status()
            self.snapshot = await r.json()
        self.context = self.snapshot["context"]["id"]
        return self.snapshot

    async def state(self) -> dict[str, Any]:
        """What the page polls."""
        async with self.session.get(f"{self.base}/api/state", headers=self.headers()) as r:
            r.raise_for_status()
            self.snapshot = await r.json()
        return self.snapshot

    async def status(self, method: str, path: str) -> int:
        """The HTTP status of a bare request (for refusals)."""
        async with self.session.request(method, f"{self.base}{path}", json={},
                                        headers=self.headers()) as r:
            return r.status

    async def asset(self, asset_id: str) -> bytes:
        """A picture the page shows (a board), as the page fetches it."""
        async with self.session.get(f"{self.base}/api/assets/{asset_id}",
                                    headers=self.headers()) as r:
            r.raise_for_status()
            return await r.read()

    async def act(self, kind: str, **fields: Any) -> dict[str, Any]:
        """One action as the page sends it, on the page as last read; the receipt."""
        await self.state()
        self.sequence += 1
        body = {"protocol_version": 3, "sequence": self.sequence,
                "request_id": uuid.uuid4().hex,
                "generation": self.snapshot["context"]["generation"],
                "bot_generation": self.snapshot["botGeneration"],
                "published_revision": self.snapshot["publishedRevision"],
                "kind": kind, **fields}
        async with self.session.post(f"{self.base}/api/action", json=body,
                                     headers=self.headers()) as r:
            r.raise_for_status()
            receipt = await r.json()
        await self.state()
        return receipt

    async def command(self, invocation: str, **options: Any) -> dict[str, Any]:
        """Type ``/invocation`` with ``options`` and send it."""
        async with self.session.get(f"{self.base}/api/commands", headers=self.headers()) as r:
            r.raise_for_status()
            catalog = await r.json()
        entry = next(e for e in catalog["entries"] if e["invocation"] == invocation)
        return await self.act("run_command", command_id=entry["commandId"], path=entry["path"],
                              schema_fingerprint=entry["schemaFingerprint"], options=options)

    def messages(self) -> list[dict[str, Any]]:
        """The messages the page shows, oldest first."""
        shown = self.snapshot["messages"]
        return [shown[i] for i in self.snapshot["timeline"] if i in shown]

    def controls(self, kind: int | None = None) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every (message, component) the page shows, newest message first."""
        found = []
        for message in reversed(self.messages()):
            for row in message.get("components") or []:
                for c in row.get("components") or []:
                    if kind is None or c.get("type") == kind:
                        found.append((message, c))
        return found

    def button(self, label: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The newest enabled button labelled ``label``."""
        return next(((m, c) for m, c in self.controls(2)
                     if c.get("label") == label and not c.get("disabled")), None)

    def control(self, prefix: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The newest enabled control whose custom id begins with ``prefix`` (the same in
        either language: ``brade:roll:``, ``brade:pick:``, ``brade:ok:``, ``brademenu:``)."""
        return next(((m, c) for m, c in self.controls()
                     if (c.get("custom_id") or "").startswith(prefix)
                     and not c.get("disabled")), None)

    async def click(self, found: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
        message, component = found
        return await self.act("click", target_id=message["id"],
                              control_key=component["control_key"])

    async def select(self, found: tuple[dict[str, Any], dict[str, Any]],
                     value: str) -> dict[str, Any]:
        message, component = found
        return await self.act("select", target_id=message["id"],
                              control_key=component["control_key"], values=[value])
