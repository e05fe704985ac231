"""compose.yaml, read as docker compose reads it (issue 35; docker itself does not run on
the test machine): the database is healthy only once it answers over TCP, every bot waits
for a database still starting, the two profiles run every shard exactly once, each bot's
environment is one the bot accepts, and the documents it points to exist."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.config import Config, parse_duration

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)  # merge keys (<<: *bot) resolved, as compose does
    assert isinstance(data, dict)
    return data


def bots(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if name != "db"}


def environment(service: dict[str, Any]) -> dict[str, str]:
    """A bot's environment with compose's ``${VAR:?message}`` filled in."""
    values = {"DISCORD_TOKEN": "a-token", "POSTGRES_PASSWORD": "Secret1"}
    return {k: re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: values[m.group(1)], str(v))
            for k, v in service["environment"].items()}


def test_the_database_is_healthy_only_over_tcp(compose: dict[str, Any]) -> None:
    check = compose["services"]["db"]["healthcheck"]["test"]
    command = check[-1]
    assert "pg_isready" in command and "-h 127.0.0.1" in command, command


def test_every_bot_waits_for_a_healthy_database_and_for_one_still_starting(
        compose: dict[str, Any]) -> None:
    assert bots(compose)
    for name, service in bots(compose).items():
        assert service["depends_on"]["db"]["condition"] == "service_healthy", name
        assert service["restart"] == "unless-stopped", name
        assert parse_duration(service["environment"]["BRADE_DB_WAIT"], "BRADE_DB_WAIT") >= 60


def test_each_profile_runs_every_shard_once(compose: dict[str, Any]) -> None:
    assert "profiles" not in compose["services"]["db"]
    profiles: dict[str, list[Config]] = {}
    for name, service in bots(compose).items():
        assert len(service["profiles"]) == 1, name  # a bot without one would join both
        config = Config.from_env(environment(service))  # the bot accepts it
        assert config.db.startswith("postgresql://brade:Secret1@db:5432/")
        profiles.setdefault(service["profiles"][0], []).append(config)
    assert set(profiles) == {"single", "sharded"}
    (single,) = profiles["single"]
    assert single.shards is None  # one process: every shard
    counts = {c.shards[1] for c in profiles["sharded"] if c.shards is not None}
    assert len(counts) == 1 and len(profiles["sharded"]) == 2
    ids = sorted(i for c in profiles["sharded"] if c.shards for i in c.shards[0])
    assert ids == list(range(counts.pop()))


def test_what_it_points_to_exists(compose: dict[str, Any]) -> None:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    scale = (ROOT / "docs" / "scale.md").read_text(encoding="utf-8")
    assert 'README.md, "Docker"' in text and "\n### Docker\n" in readme
    assert "docs/scale.md" in text and scale.startswith("# Running for many servers")
    assert "compose.yaml" in readme.split("\n### Docker\n", 1)[1].split("\n### ", 1)[0]
