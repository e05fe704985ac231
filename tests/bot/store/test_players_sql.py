"""Players' names and preferences (bot.store.players_sql), on both backends: sightings
that keep a member's own choices, preferences written column by column, the first-game
welcome, and lapsed challenges."""

from __future__ import annotations

from typing import Any

from bot.store import players_sql as sql
from tests.bot.store.helpers import ALICE, BOB, CAROL, GUILD, NOW, new_game


async def test_a_sighting_updates_the_name_keeps_the_theme_and_never_goes_back(
        store: Any) -> None:
    async with store.transaction() as tx:
        await sql.save_seen(tx, [(GUILD, ALICE, "Alice", None, NOW)])
        await sql.set_theme(tx, GUILD, ALICE, "ignored", "night", NOW)
        await sql.save_seen(tx, [(GUILD, ALICE, "Ally", "av1", NOW - 50),
                                 (GUILD, BOB, "Bob", None, NOW)])
    async with store.read() as tx:
        alice, bob = await sql.players(tx, GUILD, [BOB, ALICE, ALICE, CAROL])
    assert (alice.display_name, alice.avatar, alice.theme) == ("Ally", "av1", "night")
    assert alice.last_seen == NOW  # an older sighting does not move it back
    assert (bob.user_id, bob.confirm_plays, bob.roll_for_me) == (BOB, True, False)
    async with store.read() as tx:
        assert await sql.players(tx, GUILD, []) == []
        assert await sql.players(tx, GUILD + 1, [ALICE]) == []


async def test_play_preferences_write_only_what_is_given(store: Any) -> None:
    async with store.transaction() as tx:
        await sql.set_play_prefs(tx, GUILD, ALICE, "Alice", NOW, {"roll_for_me": True})
        await sql.set_play_prefs(tx, GUILD, ALICE, "Alice", NOW, {"confirm_plays": False})
        await sql.set_play_prefs(tx, GUILD, ALICE, "Alice", NOW, {"theme": "x"})  # not one
        await sql.set_theme(tx, GUILD, ALICE, "Alice", "paper", NOW)
    async with store.read() as tx:
        (alice,) = await sql.players(tx, GUILD, [ALICE])
    assert (alice.confirm_plays, alice.roll_for_me, alice.theme) == (False, True, "paper")


async def test_server_preferences_default_and_keep_the_other_field(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.server_display(tx, GUILD) == sql.ServerDisplay(GUILD)
        saved = await sql.save_server_display(tx, sql.ServerDisplay(GUILD, threads=True), ("threads",))
        assert saved == sql.ServerDisplay(GUILD, True, None)
        saved = await sql.save_server_display(tx, sql.ServerDisplay(GUILD, False, "night"), ("theme",))
    assert saved == sql.ServerDisplay(GUILD, True, "night")
    async with store.read() as tx:
        assert await sql.server_display(tx, GUILD) == saved


async def test_welcomed_after_a_challenge_made_or_a_game_played(store: Any) -> None:
    async def welcomed(user: int) -> bool:
        async with store.read() as tx:
            return await sql.welcomed(tx, user)

    await new_game(store, 1, status="offered", white=ALICE, black=BOB, challenger_id=ALICE)
    assert await welcomed(ALICE) and not await welcomed(BOB)  # Bob has not answered
    await new_game(store, 2, status="declined", white=CAROL, black=BOB, challenger_id=CAROL)
    assert await welcomed(CAROL) and not await welcomed(BOB)
    await new_game(store, 3, status="over", white=CAROL, black=BOB)
    assert await welcomed(BOB)  # in every server and in a direct message: once a member


async def test_expired_offers_are_the_challenges_untouched_since(store: Any) -> None:
    old = await new_game(store, 1, status="offered", now=NOW - 100)
    await new_game(store, 2, status="offered", now=NOW)
    await new_game(store, 3, status="active", now=NOW - 100)
    async with store.read() as tx:
        assert await sql.expired_offers(tx, NOW - 1) == [(old, 1, 0)]
