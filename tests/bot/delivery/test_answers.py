"""What a command or a press says back (bot/delivery/answers.py): the right Discord call
whether or not the interaction was answered already, privately unless shared, and never
longer than Discord takes."""

from __future__ import annotations

import discord
import pytest

from bot.delivery import answers
from bot.service.spectate import Attachment
from bot.service.text import MESSAGE_LIMIT
from tests.bot.delivery.fakes import Interaction, http_error


async def test_a_private_note_is_the_response_first_then_a_follow_up() -> None:
    fresh, deferred = Interaction(), Interaction(done=True)
    await answers.send_private(fresh, "hello")
    await answers.send_private(deferred, "hello")
    assert fresh.calls == [("response.send_message", ("hello",), {"ephemeral": True})]
    assert deferred.calls == [("followup.send", ("hello",), {"ephemeral": True})]


async def test_a_private_note_is_cut_to_discords_limit() -> None:
    i = Interaction()
    await answers.send_private(i, "x" * (MESSAGE_LIMIT * 3))
    (_, (text,), _), = i.calls
    assert len(text) <= MESSAGE_LIMIT


async def test_show_is_private_unless_shared_and_carries_the_file_with_its_alt_text() -> None:
    private, shared = Interaction(), Interaction(done=True)
    await answers.show(private, "only you")
    await answers.show(shared, "everyone", public=True,
                       file=Attachment("game.txt", b"1/7 7/12", "the record"))
    assert private.calls == [("response.send_message", ("only you",), {"ephemeral": True})]
    (name, (text,), kwargs), = shared.calls
    assert (name, text, kwargs["ephemeral"]) == ("followup.send", "everyone", False)
    assert kwargs["file"].filename == "game.txt"
    assert kwargs["file"].description == "the record"
    assert kwargs["file"].fp.read() == b"1/7 7/12"


@pytest.mark.parametrize(("pressed", "expected"), [
    (False, {"ephemeral": True, "thinking": True}),
    (True, {}),
])
async def test_wait_thinks_for_a_command_and_defers_a_press_quietly(
        pressed: bool, expected: dict) -> None:
    i = Interaction()
    await answers.wait(i, pressed=pressed)
    assert i.calls == [("response.defer", (), expected)]
    answered = Interaction(done=True)
    await answers.wait(answered, pressed=pressed)
    assert answered.calls == []  # one response per interaction: nothing more to defer


async def test_a_pressed_message_is_edited_by_the_response_or_after_a_defer() -> None:
    fresh, deferred = Interaction(), Interaction(done=True)
    await answers.on_pressed(fresh)
    await answers.on_pressed(deferred, text="withdrawn")
    assert fresh.calls == [("response.edit_message", (), {"view": None})]
    assert deferred.calls == [("edit_original_response", (),
                               {"view": None, "content": "withdrawn"})]


async def test_said_answers_on_the_pressed_message_or_privately() -> None:
    pressed, typed = Interaction(done=True), Interaction(done=True)
    await answers.said(pressed, "thread opened", pressed=True)
    await answers.said(typed, "thread opened", pressed=False)
    assert pressed.names() == ["edit_original_response"]
    assert typed.calls == [("followup.send", ("thread opened",), {"ephemeral": True})]


async def test_a_quiet_rewrite_lets_a_failure_pass_and_a_loud_one_raises() -> None:
    failing = {"edit_original_response": http_error(404, 10015)}
    await answers.rewrite(Interaction(done=True, fail=failing), "queued: 2", quiet=True)
    with pytest.raises(discord.HTTPException):
        await answers.rewrite(Interaction(done=True, fail=failing), "the result")
