"""The bot's house rules, read from its source (README, "How it is built").

Every message, edit, thread and archive is made in ``bot/delivery``: a cog turns an
interaction into a service call and hands the answer on, so a change to how the bot
posts (rights, threads, the channel's record) is made in one package.  Discord's objects
stay in the command layer: the services, the store, the league and the texts never
import discord.py.  Nothing is looked up on the bot: each part is handed what it uses
when ``BradeBot.setup_hook`` makes it (the layers themselves are import-linter's
contracts, tests/test_imports.py).  And no module grows past 700 lines.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"

#: Calls that post, edit, open, archive or delete something in Discord, or answer an
#: interaction (``defer``, ``send_message``): made in bot/delivery only.
POSTING = {"send", "send_message", "create_thread", "edit", "edit_message",
           "edit_original_response", "delete", "defer", "create_dm", "add_user"}
#: Packages below the command layer: no Discord objects there.
BELOW = ("service", "store", "league")
LONGEST = 700


def _calls(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in POSTING:
            found.append((node.lineno, ast.unparse(node.func)))
    return found


#: Where the bot is made and its parts wired: the only modules that may use its attributes.
WIRING = ("client.py", "__main__.py", "demo")


def _lookups(path: Path) -> list[str]:
    """Reaches into the bot: ``self.bot``, ``interaction.client.<part>``, and ``getattr``
    on an interaction's client."""
    def named(node: ast.AST, name: str) -> bool:
        return isinstance(node, ast.Name) and node.id == name

    def reach(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute):
            inner = node.value
            return (node.attr == "bot" and named(inner, "self")) or (
                isinstance(inner, ast.Attribute) and inner.attr == "client"
                and named(inner.value, "interaction"))
        return isinstance(node, ast.Call) and named(node.func, "getattr") \
            and bool(node.args) and ast.unparse(node.args[0]).endswith(".client")

    return [ast.unparse(node)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if reach(node)]


def _imports_discord(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "discord"
                                                for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            return True
    return False


@pytest.mark.parametrize("path", sorted((BOT / "cogs").glob("*.py")), ids=lambda p: p.name)
def test_a_cog_posts_nothing_itself(path: Path) -> None:
    assert _calls(path) == [], f"{path.name} posts or edits: move it to bot/delivery"


def test_the_house_rule_sees_what_it_forbids(tmp_path: Path) -> None:
    """The check above would find a cog that sent, edited or opened a thread."""
    cog = tmp_path / "cog.py"
    cog.write_text("async def f(channel, interaction, thread):\n"
                   "    await channel.send('x')\n"
                   "    await interaction.response.edit_message(view=None)\n"
                   "    await channel.create_thread(name='t')\n"
                   "    await thread.edit(archived=True)\n")
    assert [name for _, name in _calls(cog)] == [
        "channel.send", "interaction.response.edit_message", "channel.create_thread",
        "thread.edit"]


def test_delivery_is_where_the_bot_posts() -> None:
    """Not vacuous: the delivery package does make those calls."""
    made = {name.rsplit(".", 1)[-1] for p in (BOT / "delivery").glob("*.py")
            for _, name in _calls(p)}
    assert {"send", "edit", "create_thread", "edit_message", "send_message"} <= made


def test_nothing_is_looked_up_on_the_bot() -> None:
    """Views, cogs and delivery get what they call in their constructor (or, a button's
    class, when the bot registers it: bot/views.py)."""
    found = {str(p.relative_to(ROOT)): hits for p in sorted(BOT.rglob("*.py"))
             if not any(part in WIRING for part in p.relative_to(BOT).parts)
             and (hits := _lookups(p))}
    assert found == {}


def test_the_lookup_rule_sees_what_it_forbids(tmp_path: Path) -> None:
    cog = tmp_path / "cog.py"
    cog.write_text("async def f(self, interaction):\n"
                   "    await self.bot.play.on_menu(interaction)\n"
                   "    services = getattr(interaction.client, 'services', None)\n"
                   "    interaction.client.watch.sight(interaction)\n")
    assert sorted(_lookups(cog)) == ["getattr(interaction.client, 'services', None)",
                                     "interaction.client.watch", "self.bot"]


@pytest.mark.parametrize("package", BELOW)
def test_no_discord_below_the_command_layer(package: str) -> None:
    found = [str(p.relative_to(ROOT)) for p in sorted((BOT / package).rglob("*.py"))
             if _imports_discord(p)]
    assert found == []


def test_no_module_is_over_700_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in sorted(BOT.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert long == {}


#: Bases that declare a type rather than lend behaviour: they do not count.
_DECLARING = {"Protocol", "Generic", "Exception", "Enum", "StrEnum", "IntEnum", "NamedTuple",
              "TypedDict"}


def _wide_classes(path: Path, most: int = 2) -> list[str]:
    """Classes built from more than ``most`` bases that lend behaviour (issue 45: a
    service is composed of parts handed in, not a tower of mixins sharing one ``self``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b).split("[")[0].rsplit(".", 1)[-1] for b in node.bases]
            if len([b for b in bases if b not in _DECLARING]) > most:
                found.append(node.name)
    return found


def test_no_service_is_a_tower_of_mixins() -> None:
    wide = {str(p.relative_to(ROOT)): hits for p in sorted((BOT / "service").rglob("*.py"))
            if (hits := _wide_classes(p))}
    assert wide == {}


def test_the_mixin_rule_sees_what_it_forbids(tmp_path: Path) -> None:
    service = tmp_path / "service.py"
    service.write_text("class GameService(Challenges, Picking, GivingUp):\n    pass\n"
                       "class Fine(Table, Protocol, Generic[T]):\n    pass\n")
    assert _wide_classes(service) == ["GameService"]


#: Discord's markup for a member, a channel or a moment, a literal's text (``<@123>``)
#: or the start of an f-string's (``f"<@{id}>"``, ``f"<t:{when}:R>"``): the presenter's
#: to write.
_MARKUP = re.compile(r"<[@#][!&]?(?:[0-9]|$)|<t:(?:[0-9]|$)")


def _markup(path: Path) -> list[str]:
    """String literals (f-strings' parts too) below the presenter that write Discord's
    mention markup; docstrings, which may show it, aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs and _MARKUP.search(node.value)]


@pytest.mark.parametrize("package", BELOW)
def test_no_discord_markup_below_the_presenter(package: str) -> None:
    """The use-cases name a member, a channel or a moment with a neutral token
    (``bot.service.text.mention``, ``channel``, ``moment``); each presenter renders
    it."""
    found = {str(p.relative_to(ROOT)): hits for p in sorted((BOT / package).rglob("*.py"))
             if (hits := _markup(p))}
    assert found == {}


def test_the_markup_rule_sees_what_it_forbids(tmp_path: Path) -> None:
    service = tmp_path / "service.py"
    service.write_text("def f(i):\n    return f'<@{i}>' + '<#1>' + f'<t:{i}:R>'\n")
    assert sorted(_markup(service)) == ["<#1>", "<@", "<t:"]
