"""League errors: one type with a message key, texts in English and Swedish.

Mirrors ``engine.errors``: the bot catches ``LeagueError`` (a ``ValueError``) and shows
``error.message(locale)``; nothing changes when one is raised.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "league.bad_format": {
        "en": "Unknown tournament format '{value}'. Choose single elimination, round robin or Swiss.",
        "sv": "Okänt turneringsformat '{value}'. Välj utslagsturnering, alla-mot-alla eller schweizersystem."},
    "league.bad_setting": {
        "en": "'{value}' is not a valid {setting}.",
        "sv": "'{value}' är inte ett giltigt värde för {setting}."},
    "league.not_registration": {
        "en": "Registration for this tournament is closed.",
        "sv": "Anmälan till turneringen är stängd."},
    "league.not_running": {
        "en": "The tournament is not running.",
        "sv": "Turneringen pågår inte."},
    "league.not_started": {
        "en": "The tournament has not started, so there is nothing to finish; an organiser "
              "can cancel it instead.",
        "sv": "Turneringen har inte startat, så det finns inget att avsluta; en arrangör kan "
              "ställa in den i stället."},
    "league.started": {
        "en": "The tournament has already started; an organiser can finish it instead.",
        "sv": "Turneringen har redan startat; en arrangör kan avsluta den i stället."},
    "league.already_withdrawn": {
        "en": "{name} has already left the tournament.",
        "sv": "{name} har redan lämnat turneringen."},
    "league.not_correctable": {
        "en": "Match {pairing} belongs to round {round}. Results can be set in the current "
              "round ({current}), and corrected in round {previous} until a match of round "
              "{current} has a result.",
        "sv": "Match {pairing} hör till rond {round}. Resultat kan anges i den pågående ronden "
              "({current}) och rättas i rond {previous} tills en match i rond {current} har "
              "ett resultat."},
    "league.implausible_score": {
        "en": "A match of {length} games cannot end {won}–{lost}: the winner must be ahead, "
              "with at most {most} points.",
        "sv": "En match om {length} partier kan inte sluta {won}–{lost}: vinnaren måste leda "
              "och har högst {most} poäng."},
    "league.forfeit_score": {
        "en": "When both players forfeit match {pairing} there is no score; leave the score "
              "out.",
        "sv": "När båda spelarna förlorar match {pairing} på walkover finns inget resultat i "
              "poäng; utelämna det."},
    "league.not_paused": {
        "en": "The tournament is not paused.",
        "sv": "Turneringen är inte pausad."},
    "league.finished": {
        "en": "The tournament is already finished.",
        "sv": "Turneringen är redan avslutad."},
    "league.already_joined": {
        "en": "{name} is already registered.",
        "sv": "{name} är redan anmäld."},
    "league.full": {
        "en": "The tournament is full ({limit} players).",
        "sv": "Turneringen är fullsatt ({limit} spelare)."},
    "league.not_player": {
        "en": "That player is not in this tournament.",
        "sv": "Den spelaren är inte med i turneringen."},
    "league.too_few": {
        "en": "A {format} tournament needs at least {minimum} players; {count} have joined.",
        "sv": "En turnering ({format}) behöver minst {minimum} spelare; {count} har anmält sig."},
    "league.too_many_rounds": {
        "en": "{rounds} Swiss rounds are too many for {count} players: at most {maximum} can always be paired without rematches. To have everyone meet, choose round robin.",
        "sv": "{rounds} schweizerronder är för många för {count} spelare: högst {maximum} kan alltid lottas utan returmöten. Välj alla-mot-alla om alla ska mötas."},
    "league.no_pairing": {
        "en": "There is no match '{pairing}' in this tournament.",
        "sv": "Det finns ingen match '{pairing}' i turneringen."},
    "league.not_current": {
        "en": "Match {pairing} is not in the current round.",
        "sv": "Match {pairing} hör inte till den pågående ronden."},
    "league.already_decided": {
        "en": "Match {pairing} already has a result.",
        "sv": "Match {pairing} har redan ett resultat."},
    "league.bye": {
        "en": "Match {pairing} is a bye; it has no result to set.",
        "sv": "Match {pairing} är en frirond; den har inget resultat att ange."},
    "league.not_in_pairing": {
        "en": "The winner must be one of the two players of match {pairing}.",
        "sv": "Vinnaren måste vara en av de två spelarna i match {pairing}."},
    "league.need_winner": {
        "en": "A knockout match needs a winner.",
        "sv": "En utslagsmatch måste ha en vinnare."},
    "league.match_not_over": {
        "en": "The match for {pairing} is not decided yet.",
        "sv": "Matchen för {pairing} är inte avgjord än."},
    "league.not_due": {
        "en": "The deadline of match {pairing} has not passed yet.",
        "sv": "Tidsgränsen för match {pairing} har inte gått ut än."},
    "league.bad_json": {
        "en": "The stored tournament could not be read: {problem}.",
        "sv": "Den sparade turneringen kunde inte läsas: {problem}."},
    "league.bad_rating": {
        "en": "The stored rating could not be read: {problem}.",
        "sv": "Det sparade ratingvärdet kunde inte läsas: {problem}."},
}

FORMAT_NAMES = {
    "single_elimination": {"en": "single elimination", "sv": "utslagsturnering"},
    "round_robin": {"en": "round robin", "sv": "alla-mot-alla"},
    "swiss": {"en": "Swiss", "sv": "schweizersystem"},
}


def render(key: str, lang: str = "en", /, **params: Any) -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    sv = lang.lower().startswith("sv")
    params = {k: FORMAT_NAMES[v]["sv" if sv else "en"] if k == "format" and v in FORMAT_NAMES
              else v for k, v in params.items()}
    try:
        return entry["sv" if sv else "en"].format(**params)
    except (KeyError, IndexError):
        return entry["sv" if sv else "en"]


class LeagueError(ValueError):
    """Bad input to a tournament or rating; ``key`` names its text in ``MESSAGES``."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(render(key, "en", **params))

    def message(self, lang: str = "en") -> str:
        return render(self.key, lang, **self.params)
