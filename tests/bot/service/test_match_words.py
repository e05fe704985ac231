"""A match in words (issue 30, 2): which game this was, how many of the N count and are
played, why a resignation adds a game (M-1), and what decided the match (M-2), in
Swedish and English."""

from __future__ import annotations

from bot.service.match_words import after_game, next_game, running, standing, terms
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome

W, B = Side.WHITE, Side.BLACK


def who(side: Side) -> str:
    return "Åsa" if side is W else "Erik"


def test_a_resigned_game_is_said_to_add_a_game() -> None:
    m = Match(3)
    m.record(Outcome("hemspel", 1, False, W))
    m.record(Outcome("resign", 1, False, B))
    en = after_game(m, who, "en")
    assert en == ["Match score after game 2: Åsa 1 – 1 Erik in points; played 1 of the 3 "
                  "games that count.",
                  "Game 2 was resigned: its points count, but a resigned game is not one of "
                  "the 3, so one more game is played."]
    sv = after_game(m, who, "sv")
    assert sv[0] == ("Matchställning efter parti 2: Åsa 1 – 1 Erik i poäng; spelade 1 av de "
                     "3 partier som räknas.")
    assert sv[1].startswith("Parti 2 gavs upp: poängen räknas")
    assert next_game(m, "Vit (Åsa)", "sv") == ("Parti 3 i matchen börjar; förloraren av "
                                               "förra partiet börjar: Vit (Åsa).")
    assert next_game(m, "White (Åsa)", "en") == ("Game 3 of the match begins; the loser of "
                                                 "the last game starts: White (Åsa).")
    assert running(m, "en") == "match 1–1, game 3 (played 1 of the 3 that count)"
    assert standing(m, who, "en") == ("Match: Åsa 1 – 1 Erik in points; game 3, played 1 of "
                                      "the 3 games that count.")
    assert standing(m, who, "sv") == ("Match: Åsa 1 – 1 Erik i poäng; parti 3, spelade 1 av "
                                      "de 3 partier som räknas.")
    assert running(m, "sv") == "match 1–1, parti 3 (spelade 1 av de 3 som räknas)"


def test_a_match_decided_early_says_why() -> None:
    m = Match(3, scoring="ww")  # jan is worth 2: Erik needs more than 2 from 1 game left
    m.record(Outcome("resign", 1, False, W))
    m.record(Outcome("jan", 2, False, W))
    m.record(Outcome("hemspel", 1, False, W))
    assert m.winner is W and m.remaining == 1
    en = after_game(m, who, "en")
    assert en[0].endswith("played 2 of the 3 games that count.")
    assert "resigned: its points count" not in " ".join(en)  # decided: no game is added
    assert en[1] == "🏆 Åsa wins the match 4–0!"
    assert en[2] == ("Erik can no longer catch up: even 2 points in the one game left would "
                     "not be enough.")
    assert en[3] == "    Game 1: White, resignation, 1 point (resigned: not one of the 3)"
    assert en[4] == "    Game 2: White, jan, 2 points"
    sv = after_game(m, who, "sv")
    assert sv[1] == "🏆 Åsa vinner matchen med 4–0!"
    assert sv[2].startswith("Erik kan inte längre komma ikapp: inte ens 2 poäng i det sista")
    assert sv[3].endswith("(uppgivet: inte ett av de 3)")


def test_a_match_played_to_its_length() -> None:
    m = Match(3, scoring="ww")
    for winner in (W, B, W):
        m.record(Outcome("hemspel", 1, False, winner))
    lines = after_game(m, who, "en")
    assert lines[1:3] == ["🏆 Åsa wins the match 2–1!",
                          "All 3 games that count are played: the most points wins."]
    m5 = Match(5, scoring="ww")
    m5.record(Outcome("jan", 2, False, B))
    m5.record(Outcome("jan", 2, False, B))
    m5.record(Outcome("jan", 2, False, B))
    assert m5.winner is B and m5.remaining == 2
    assert after_game(m5, who, "en")[2] == ("Åsa can no longer catch up: even 2 points in "
                                            "each of the 2 games left would not be enough.")


def test_the_terms_of_a_match_and_of_one_game() -> None:
    assert terms(1, "en") == "" and terms(1, "sv") == ""
    en = terms(3, "en")
    assert en.startswith("The most points after 3 games played to the end wins the match")
    assert "A resigned game scores its points but is not one of the 3" in en
    assert terms(3, "sv").startswith("Flest poäng efter 3 partier spelade till slut vinner")


def test_a_puff_match_starts_each_game_with_a_teka() -> None:
    m = Match(3, scoring="puff", family="puff")
    m.record(Outcome("single", 1, False, W))
    # its teka's pairs and who starts follow in the same message (Boards._teka)
    assert next_game(m, "Black (Erik)", "en") == ("Game 2 of the match begins with an opening "
                                                  "roll of its own.")
