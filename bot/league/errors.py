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
    # the team league (bot/league/teams.py, issue 48)
    "team.bad_boards": {
        "en": "A fixture has 1 to {most} boards.",
        "sv": "En lagmatch har 1 till {most} bord."},
    "team.bad_deadline": {
        "en": "A deadline is 1 hour to 60 days.",
        "sv": "En tidsfrist är 1 timme till 60 dagar."},
    "team.bad_points": {
        "en": "Match points must fall from a win to a draw to a loss (e.g. 2, 1, 0), and a "
              "win must give more than a loss.",
        "sv": "Matchpoängen ska sjunka från vinst till oavgjort till förlust (t.ex. 2, 1, 0), "
              "och en vinst ska ge mer än en förlust."},
    "team.unknown_team": {
        "en": "There is no team {name} in this league.",
        "sv": "Det finns inget lag {name} i ligan."},
    "team.unknown_fixture": {
        "en": "There is no fixture {fixture} in this league.",
        "sv": "Det finns ingen lagmatch {fixture} i ligan."},
    "team.unknown_board": {
        "en": "Board {board} does not exist: a fixture has {boards} boards.",
        "sv": "Bord {board} finns inte: en lagmatch har {boards} bord."},
    "team.not_revealed": {
        "en": "The line-ups of fixture {fixture} are not out yet, so its boards have no "
              "players.",
        "sv": "Laguppställningarna i lagmatch {fixture} är inte klara än, så borden har inga "
              "spelare."},
    "team.started": {
        "en": "The league has already started.",
        "sv": "Ligan har redan startat."},
    "team.not_running": {
        "en": "The league is not running.",
        "sv": "Ligan pågår inte."},
    "team.finished": {
        "en": "The league is closed.",
        "sv": "Ligan är avslutad."},
    "team.bad_name": {
        "en": "A team's name is 1 to 40 characters.",
        "sv": "Ett lags namn har 1 till 40 tecken."},
    "team.name_taken": {
        "en": "There is already a team called {name}.",
        "sv": "Det finns redan ett lag som heter {name}."},
    "team.full": {
        "en": "A league has at most {most} teams.",
        "sv": "En liga har högst {most} lag."},
    "team.other_team": {
        "en": "That member already plays for {team} in this league.",
        "sv": "Medlemmen spelar redan för {team} i ligan."},
    "team.already_in": {
        "en": "That member is already in {team}.",
        "sv": "Medlemmen är redan med i {team}."},
    "team.not_in": {
        "en": "That member is not in {team}.",
        "sv": "Medlemmen är inte med i {team}."},
    "team.captain_not_in": {
        "en": "A captain plays for the team: add that member to {team} first.",
        "sv": "En kapten spelar i laget: lägg först till medlemmen i {team}."},
    "team.already_captain": {
        "en": "That member is already the captain of {team}.",
        "sv": "Medlemmen är redan kapten för {team}."},
    "team.roster_full": {
        "en": "A team has at most {most} players and substitutes.",
        "sv": "Ett lag har högst {most} spelare och reserver."},
    "team.withdrawn": {
        "en": "{team} has withdrawn from the league.",
        "sv": "{team} har dragit sig ur ligan."},
    "team.in_lineup": {
        "en": "That member still has a board to play; replace them instead.",
        "sv": "Medlemmen har ett bord kvar att spela; byt ut medlemmen i stället."},
    "team.too_few": {
        "en": "A league needs at least two teams.",
        "sv": "En liga behöver minst två lag."},
    "team.empty": {
        "en": "{team} has no players.",
        "sv": "{team} har inga spelare."},
    "team.bad_lots": {
        "en": "The drawing of lots must name every team once.",
        "sv": "Lottningen måste nämna varje lag en gång."},
    "team.not_your_fixture": {
        "en": "Your team does not play fixture {fixture}.",
        "sv": "Ditt lag spelar inte lagmatch {fixture}."},
    "team.lineup_closed": {
        "en": "The line-ups of fixture {fixture} are already out.",
        "sv": "Laguppställningarna i lagmatch {fixture} är redan klara."},
    "team.bad_winner": {
        "en": "A board is won by the home team, the away team, or nobody.",
        "sv": "Ett bord vinns av hemmalaget, bortalaget eller ingen."},
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
