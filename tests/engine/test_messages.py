"""The engine's string tables (engine.messages): every text in both languages, its
placeholders filled, a parameter that is itself a key translated too."""

from __future__ import annotations

import re

from engine.messages import MESSAGES, render_message


def test_every_message_in_english_and_swedish_with_the_same_placeholders() -> None:
    for key, entry in MESSAGES.items():
        assert set(entry) >= {"en", "sv"}, key
        names = {lang: set(re.findall(r"\{(\w+)", entry[lang])) for lang in ("en", "sv")}
        assert names["en"] == names["sv"], key


def test_a_parameter_that_is_a_key_is_translated() -> None:
    text = render_message("game.over", "sv")
    assert text == "Partiet är slut."
    outer = render_message("forfeit.bar", "sv", side="Vit", checkers="checkers_1",
                           dice="3–3")
    assert "1 bricka" in outer and "Vit" in outer


def test_a_missing_parameter_leaves_the_template() -> None:
    assert render_message("forfeit.bar", "en") == MESSAGES["forfeit.bar"]["en"]
