"""Texts for team leagues (issue 48): the league's posts, the captains' line-ups, the
organiser's tools, and the refusals of the bot's own (Swedish and English).

The league core's refusals (a member on another team, a board that does not exist, …)
have their own two-language texts in bot/league/errors.py; the pictures' words are
render/league.py's ``WORDS``.
"""

EN: dict[str, str] = {
    # refusals of the bot's own
    "err.lg.guild_only": "Leagues are run in a server.",
    "err.lg.unknown": "There is no league called {name} here.",
    "err.lg.stale": "The league changed meanwhile; please try again.",
    "err.lg.not_organiser": "Only the league's organiser (or a server manager) can do that.",
    "err.lg.not_captain": "Only the captain of {team} (or the organiser) can do that.",
    "err.lg.bad_name": "A league's name is 1 to 60 characters.",
    "err.lg.match_length": "A board's match is an odd number of games, 1 to 15.",
    "err.lg.name_taken": "This server already has a league called {name}.",
    "err.lg.no_team": "You are not the captain of a team in this league.",
    "err.lg.no_lineup_due": "Your team has no line-up to name now.",
    # the league's posts
    "lg.created": "🏅 {who} created the team league **{league}**: {rules}, {boards} boards "
                  "a fixture, {length}, {robin}, {hours} h a round, match points "
                  "{win}/{draw}/{loss}, {rated}.\nThe organiser adds teams with "
                  "`/league team`; captains add players with `/league add`.",
    "lg.length.one": "one game a board",
    "lg.length": "matches of {n} games",
    "lg.robin.single": "single round robin",
    "lg.robin.double": "double round robin",
    "lg.rated": "rated",
    "lg.unrated": "not rated",
    "lg.team_added": "**{team}** joins **{league}**, captain {captain}.",
    "lg.player_added": "{player} plays for **{team}**.",
    "lg.substitute_added": "{player} is a substitute for **{team}**.",
    "lg.player_removed": "{player} no longer plays for **{team}**.",
    "lg.schedule.head": "📅 **{league}** has started. The fixtures:",
    "lg.schedule.round": "**Round {n}** (line-ups by {when})",
    "lg.schedule.fixture": "{id}: **{home}** – **{away}**",
    "lg.schedule.bye": "{id}: **{home}** has a bye",
    "lg.schedule.lots": "Lots drawn: {teams}.",
    "lg.schedule.captains": "Captains {who}: name your line-ups with `/league lineup` "
                            "(hidden from the other team until both are in).",
    "lg.reminder": "⏰ {who}: the line-up deadline of fixture {fixture}, **{home}** – "
                   "**{away}**, is {when}. A team that named nobody plays its roster's "
                   "order; an empty board is a walkover. `/league lineup`",
    "lg.lineups": "📋 Fixture {fixture}, **{home}** – **{away}**: the line-ups are out.",
    "lg.lineups.board": "Board {n}: {home} – {away}",
    "lg.lineups.wo": " (walkover)",
    "lg.nobody": "nobody",
    "lg.board_result": "Fixture {fixture}, board {board}: {winner} wins. "
                       "**{home}** {score_home}–{score_away} **{away}**{done}",
    "lg.board_nobody": "Fixture {fixture}, board {board}: nobody scores. "
                       "**{home}** {score_home}–{score_away} **{away}**{done}",
    "lg.fixture_done": ", the fixture is over.",
    "lg.result_set": "✏️ The organiser set the result. ",
    "lg.replaced": "🔁 {new} replaces {old} in **{team}**.",
    "lg.captain_set": "🧢 {captain} is now the captain of **{team}**.",
    "lg.postponed": "⏳ Fixture {fixture}, **{home}** – **{away}**, is postponed: line-ups "
                    "by {when}.",
    "lg.withdrawn_kept": "🚪 **{team}** has withdrawn; its results stand and its fixtures "
                         "still to play are walkovers for its opponents.",
    "lg.withdrawn_void": "🚪 **{team}** has withdrawn; its results are void.",
    "lg.finished": "🏁 **{league}** is over. The final table:",
    "lg.stop.replaced": "A player was replaced: this board starts again in a new thread.",
    "lg.stop.set": "The organiser set this board's result.",
    "lg.stop.withdrawn": "A team withdrew: this board is decided without play.",
    "lg.stop.finished": "The league was closed before this board was played.",
    # the captain's line-up
    "lg.lineup_menu": "Line-up of **{team}** against **{away}**, fixture {fixture} (by "
                      "{when}). Pick a player for each board; the other team sees it once "
                      "both line-ups are in.",
    "lg.lineup_saved": "Board {board} of fixture {fixture}: {player} (**{team}**). Saved; "
                       "the other line-up is still hidden.",
    "lg.lineup_cleared": "Board {board} of fixture {fixture} is empty again (**{team}**).",
    "lg.lineup_done": "Both line-ups of fixture {fixture} are in: the boards start now.",
    "lg.menu.board": "Board {n}",
    "lg.menu.empty": "nobody yet",
    "lg.done": "Done.",
    "lg.table_shown": "The table of **{league}**.",
    "lg.fixture_shown": "Fixture {fixture}.",
    "lg.mine.head": "Your boards in **{league}**:",
    "lg.mine.row": "Round {round}, fixture {fixture}, board {board} against {opponent}: "
                   "{result}",
    "lg.mine.won": "won", "lg.mine.lost": "lost", "lg.mine.none": "no result",
    "lg.mine.pending": "to play", "lg.mine.wo": " (walkover)",
    "lg.mine.nothing": "You have no boards in **{league}** yet.",
    "lg.thread": "{home} – {away} · board {n}",
    "lg.intro": "🏅 **{league}**, fixture {fixture}, board {n}: {home_player} "
                "(**{home}**) against {away_player} (**{away}**).",
    # choices
    "lg.winner.home": "home team", "lg.winner.away": "away team",
    "lg.winner.none": "nobody",
    # what a missing right stopped (bot/permissions.py tells the admins)
    "rights.action.league.notice": "a league notice",
    "rights.action.league.thread": "opening a league board's thread",
    "rights.action.league.post": "posting in a league board's thread",
}

SV: dict[str, str] = {
    "err.lg.guild_only": "Ligor spelas på en server.",
    "err.lg.unknown": "Det finns ingen liga som heter {name} här.",
    "err.lg.stale": "Ligan ändrades under tiden; försök igen.",
    "err.lg.not_organiser": "Bara ligans arrangör (eller en serveransvarig) kan göra det.",
    "err.lg.not_captain": "Bara kaptenen för {team} (eller arrangören) kan göra det.",
    "err.lg.bad_name": "En ligas namn har 1 till 60 tecken.",
    "err.lg.match_length": "Ett bords match är ett udda antal partier, 1 till 15.",
    "err.lg.name_taken": "Servern har redan en liga som heter {name}.",
    "err.lg.no_team": "Du är inte kapten för något lag i ligan.",
    "err.lg.no_lineup_due": "Ditt lag har ingen laguppställning att lämna nu.",
    "lg.created": "🏅 {who} skapade lagligan **{league}**: {rules}, {boards} bord per "
                  "lagmatch, {length}, {robin}, {hours} h per omgång, matchpoäng "
                  "{win}/{draw}/{loss}, {rated}.\nArrangören lägger till lag med "
                  "`/liga lag`; kaptenerna lägger till spelare med `/liga lägg-till`.",
    "lg.length.one": "ett parti per bord",
    "lg.length": "matcher om {n} partier",
    "lg.robin.single": "enkelserie",
    "lg.robin.double": "dubbelserie",
    "lg.rated": "rankad",
    "lg.unrated": "inte rankad",
    "lg.team_added": "**{team}** går med i **{league}**, kapten {captain}.",
    "lg.player_added": "{player} spelar för **{team}**.",
    "lg.substitute_added": "{player} är reserv för **{team}**.",
    "lg.player_removed": "{player} spelar inte längre för **{team}**.",
    "lg.schedule.head": "📅 **{league}** har startat. Lagmatcherna:",
    "lg.schedule.round": "**Omgång {n}** (laguppställning senast {when})",
    "lg.schedule.fixture": "{id}: **{home}** – **{away}**",
    "lg.schedule.bye": "{id}: **{home}** har frirond",
    "lg.schedule.lots": "Lottningen: {teams}.",
    "lg.schedule.captains": "Kaptener {who}: lämna era laguppställningar med "
                            "`/liga uppställning` (dolda för motståndarna tills båda är "
                            "inne).",
    "lg.reminder": "⏰ {who}: laguppställningen i lagmatch {fixture}, **{home}** – "
                   "**{away}**, ska vara inne {when}. Ett lag som inte har valt någon spelar "
                   "i truppens ordning; ett tomt bord blir walkover. `/liga uppställning`",
    "lg.lineups": "📋 Lagmatch {fixture}, **{home}** – **{away}**: laguppställningarna är "
                  "klara.",
    "lg.lineups.board": "Bord {n}: {home} – {away}",
    "lg.lineups.wo": " (walkover)",
    "lg.nobody": "ingen",
    "lg.board_result": "Lagmatch {fixture}, bord {board}: {winner} vinner. "
                       "**{home}** {score_home}–{score_away} **{away}**{done}",
    "lg.board_nobody": "Lagmatch {fixture}, bord {board}: ingen får poäng. "
                       "**{home}** {score_home}–{score_away} **{away}**{done}",
    "lg.fixture_done": ", lagmatchen är klar.",
    "lg.result_set": "✏️ Arrangören angav resultatet. ",
    "lg.replaced": "🔁 {new} ersätter {old} i **{team}**.",
    "lg.captain_set": "🧢 {captain} är nu kapten för **{team}**.",
    "lg.postponed": "⏳ Lagmatch {fixture}, **{home}** – **{away}**, skjuts upp: "
                    "laguppställning senast {when}.",
    "lg.withdrawn_kept": "🚪 **{team}** har dragit sig ur; lagets resultat står kvar och "
                         "dess återstående lagmatcher är walkover till motståndarna.",
    "lg.withdrawn_void": "🚪 **{team}** har dragit sig ur; lagets resultat stryks.",
    "lg.finished": "🏁 **{league}** är slut. Sluttabellen:",
    "lg.stop.replaced": "En spelare byttes ut: bordet börjar om i en ny tråd.",
    "lg.stop.set": "Arrangören angav bordets resultat.",
    "lg.stop.withdrawn": "Ett lag drog sig ur: bordet avgörs utan spel.",
    "lg.stop.finished": "Ligan avslutades innan bordet spelades.",
    "lg.lineup_menu": "Laguppställning för **{team}** mot **{away}**, lagmatch {fixture} "
                      "(senast {when}). Välj en spelare för varje bord; motståndarna ser den "
                      "när båda laguppställningarna är inne.",
    "lg.lineup_saved": "Bord {board} i lagmatch {fixture}: {player} (**{team}**). Sparat; "
                       "motståndarnas uppställning är fortfarande dold.",
    "lg.lineup_cleared": "Bord {board} i lagmatch {fixture} är tomt igen (**{team}**).",
    "lg.lineup_done": "Båda laguppställningarna i lagmatch {fixture} är inne: borden "
                      "startar nu.",
    "lg.menu.board": "Bord {n}",
    "lg.menu.empty": "ingen än",
    "lg.done": "Klart.",
    "lg.table_shown": "Tabellen för **{league}**.",
    "lg.fixture_shown": "Lagmatch {fixture}.",
    "lg.mine.head": "Dina bord i **{league}**:",
    "lg.mine.row": "Omgång {round}, lagmatch {fixture}, bord {board} mot {opponent}: "
                   "{result}",
    "lg.mine.won": "vinst", "lg.mine.lost": "förlust", "lg.mine.none": "inget resultat",
    "lg.mine.pending": "spelas", "lg.mine.wo": " (walkover)",
    "lg.mine.nothing": "Du har inga bord i **{league}** än.",
    "lg.thread": "{home} – {away} · bord {n}",
    "lg.intro": "🏅 **{league}**, lagmatch {fixture}, bord {n}: {home_player} "
                "(**{home}**) mot {away_player} (**{away}**).",
    "lg.winner.home": "hemmalaget", "lg.winner.away": "bortalaget",
    "lg.winner.none": "ingen",
    "rights.action.league.notice": "ett ligabesked",
    "rights.action.league.thread": "att öppna tråden för ett ligabord",
    "rights.action.league.post": "att skriva i tråden för ett ligabord",
}

COMMANDS_SV: dict[str, str] = {
    "league": "liga", "Team leagues: teams, fixtures, line-ups, the table":
        "Lagligor: lag, lagmatcher, laguppställningar, tabellen",
    # commands
    "Create a team league (you become its organiser)":
        "Skapa en lagliga (du blir arrangör)",
    "team": "lag", "Add a team with its captain (organiser)":
        "Lägg till ett lag med dess kapten (arrangör)",
    "add": "lägg-till", "Add a player or substitute to your team (captain)":
        "Lägg till en spelare eller reserv i ditt lag (kapten)",
    "drop": "stryk", "Take a player off your team (captain)":
        "Ta bort en spelare ur ditt lag (kapten)",
    "Start the league and post its fixtures (organiser)":
        "Starta ligan och lägg ut lagmatcherna (arrangör)",
    "lineup": "uppställning", "Name your team's line-up by taps (captain)":
        "Välj ditt lags uppställning med tryck (kapten)",
    "Show the table, or one fixture": "Visa tabellen, eller en lagmatch",
    "mine": "mina", "Your own boards and results": "Dina egna bord och resultat",
    "Set or correct a board's result (organiser)":
        "Ange eller rätta ett bords resultat (arrangör)",
    "replace": "byt", "Replace a player who left (captain or organiser)":
        "Byt ut en spelare som har lämnat (kapten eller arrangör)",
    "Name the team's captain (organiser, or the captain handing over)":
        "Utse lagets kapten (arrangör, eller kaptenen som lämnar över)",
    "The new captain, a player of the team": "Den nya kaptenen, en spelare i laget",
    "everyone": "alla", "Post it in the channel for everyone (else only you)":
        "Lägg ut den i kanalen för alla (annars bara för dig)",
    "postpone": "skjut-upp", "Move a fixture's line-up deadline (organiser)":
        "Flytta en lagmatchs sista dag för laguppställning (arrangör)",
    "withdraw": "dra-ur", "Withdraw a team (organiser)": "Dra ur ett lag (arrangör)",
    "close": "stäng", "Close the league (organiser)": "Stäng ligan (arrangör)",
    # options
    "The league's name": "Ligans namn",
    "boards": "antal-bord", "Boards a fixture (1-5)": "Bord per lagmatch (1–5)",
    "Games per board's match (odd)": "Partier per bords match (udda)",
    "double": "dubbel", "Everyone meets twice": "Alla möts två gånger",
    "Hours a round for the line-ups": "Timmar per omgång för laguppställningarna",
    "win": "vinst", "Match points for a fixture won (2)":
        "Matchpoäng för en vunnen lagmatch (2)",
    "draw": "oavgjort", "Match points for a draw (1)": "Matchpoäng för oavgjort (1)",
    "loss": "förlust", "Match points for a loss (0)": "Matchpoäng för förlust (0)",
    "Whether the boards count for ratings": "Om borden räknas i rankingen",
    "The team's name": "Lagets namn",
    "captain": "kapten", "The team's captain": "Lagets kapten",
    "member": "medlem", "The member": "Medlemmen",
    "substitute": "reserv", "A substitute rather than a player":
        "En reserv i stället för en spelare",
    "fixture": "lagmatch", "The fixture, e.g. 1.2": "Lagmatchen, t.ex. 1.2",
    "board": "bord", "The board's number": "Bordets nummer",
    "Who won the board": "Vem som vann bordet",
    "leaver": "lämnar", "The player who left": "Spelaren som har lämnat",
    "newcomer": "kommer-in", "The player who comes in": "Spelaren som kommer in",
    "hours": "timmar", "Hours later": "Timmar senare",
    "results": "resultaten", "Keep its results, or void them":
        "Behåll lagets resultat, eller stryk dem",
    # choices
    "home team": "hemmalaget", "away team": "bortalaget", "nobody": "ingen",
    "keep": "behåll", "void": "stryk",
}
