"""Texts for tournaments: create, join, matches in threads, standings (Swedish and English).

League errors (full, already started, …) have their own two-language texts in
bot/league/errors.py; these are the bot's announcements and its own refusals.
"""

EN: dict[str, str] = {
    # settings, as listed when a tournament is created
    "trn.format.single_elimination": "single elimination",
    "trn.format.round_robin": "round robin",
    "trn.format.swiss": "Swiss",
    "trn.rounds": "({n} rounds)",
    "trn.tiebreak.buchholz": "tie-break Buchholz",
    "trn.tiebreak.median_buchholz": "tie-break Median-Buchholz",
    "trn.match_length": "matches of {n} game(s)",
    "trn.limit": "at most {n} players",
    "trn.deadline": "{hours} h per round",
    # registration
    "trn.created": "🏆 {who} created the tournament **{name}**: {settings}.\n"
                   "Join with `/tournament join`; the organiser starts it with "
                   "`/tournament start`.",
    "trn.joined": "{who} joined **{name}** ({n}{limit} players).",
    "trn.left": "You have left **{name}**.",
    "trn.started_private": "**{name}** has started; the match threads are being opened.",
    # rounds and matches
    "trn.round_opened": "🏆 **{name}**, round {n} of {total}:",
    "trn.round_deadline": "Play your match by {when}.",
    "trn.line": "{match}: {a} – {b}",
    "trn.line.mention": "{match}: {a} against {b}",
    "trn.line.bye": "{match}: {a} has a bye",
    "trn.intro": "🏆 **{name}**, round {n}, match {match}: {a} (White) against {b} (Black).\n"
                 "Rules `{rules}`, a match of {length} game(s). The game starts here; "
                 "the result is recorded by itself.",
    "trn.intro_deadline": "Deadline: {when} ({rel}).",
    "trn.thread_opened": "Match {match} is played in {thread}.",
    "trn.result": "🏆 **{name}**, match {match}: {result}.",
    "trn.won": "{winner} beat {loser} {w}–{l}",
    "trn.won_walkover": "{winner} wins against {loser} by walkover",
    "trn.double_forfeit": "both players forfeit",
    "trn.cancelled": "cancelled",
    "trn.auto_walkover": "🏆 **{name}**, match {match}: {result}.",
    "trn.game_aborted": "🏆 **{name}**, match {match}: the game in {thread} was aborted "
                        "without a result. {organiser}, set the result with "
                        "`/tournament result`, start it again with `/tournament restart`, or award a "
                        "walkover after the deadline.",
    "trn.finished": "🏆 **{name}** is over! The winner is {champion}. Congratulations!",
    # deadlines
    "trn.reminder": "⏰ **{name}**, match {match}: {a} and {b}, the round ends {rel} "
                    "({when}). Please finish your match.",
    "trn.walkover_due": "⌛ **{name}**, match {match} between {a} and {b} was not finished "
                        "in time. {organiser}, award a walkover with a button below (or "
                        "`/tournament walkover`).",
    "trn.btn.award": "Walkover to {name}",
    "trn.btn.both": "Both forfeit",
    # organiser
    "trn.result_set": "🏆 **{name}**, match {match}: {who} set the result: {result}.",
    "trn.walkover_set": "🏆 **{name}**, match {match}: {who} confirmed the walkover: "
                        "{result}.",
    "trn.removed": "🏆 **{name}**: {who} removed {player} from the tournament.",
    "trn.paused": "⏸️ **{name}** is paused by {who}; no deadlines run until it resumes.",
    "trn.resumed": "▶️ **{name}** goes on ({who}); the deadline moved by the pause.",
    "trn.ended_early": "🏁 {who} finished **{name}**; unplayed matches are cancelled.",
    # standings and bracket
    "trn.standings": "**{name}**: standings ({state})",
    "trn.final_standings": "Final standings of **{name}**:",
    "trn.bracket": "**{name}**: pairings ({state})",
    "trn.round_head": "__Round {n}__",
    "trn.no_players": "No players yet.",
    "trn.not_started_yet": "Not started yet: the pairings come at the start.",
    "trn.state.registration": "registration open, {n} players",
    "trn.state.running": "round {n} of {total}",
    "trn.state.paused": "paused in round {n} of {total}",
    "trn.state.finished": "finished",
    "trn.list.head": "Tournaments in this server ({n}):",
    "trn.list.line": "• **{name}**: {state} · {n} players · {settings}",
    "trn.list.none": "There are no tournaments in this server yet. Start one with "
                     "`/tournament create`.",
    "err.trn.bad_score": "I cannot read the score “{score}”: write the winner's score "
                         "first, e.g. 3-1.",
    "trn.col.player": "Player", "trn.col.score": "Score", "trn.col.record": "W–L",
    "trn.col.buchholz": "Buch", "trn.col.median_buchholz": "MBuch",
    "trn.col.sonneborn_berger": "SB",
    # refusals
    "err.trn.guild_only": "Tournaments live in a server, not in direct messages.",
    "err.trn.unknown": "There is no tournament called “{name}” in this server.",
    "err.trn.name_taken": "A tournament called “{name}” is already running here; "
                          "please choose another name.",
    "err.trn.not_organiser": "Only the organiser ({who}) or someone with Manage Server "
                             "can do that.",
    "err.trn.stale": "The tournament changed at the same moment; please try again.",
    "err.trn.unknown_action": "That is not something the organiser can do.",
    "err.trn.not_open": "Match {match} is not an open match of the current round.",
    "err.trn.game_running": "The game of that match is still going on in {thread}.",
    "err.trn.no_channel": "Please create the tournament in a text channel, where its "
                          "match threads can be opened.",
}

SV: dict[str, str] = {
    "trn.format.single_elimination": "utslagsturnering",
    "trn.format.round_robin": "alla-mot-alla",
    "trn.format.swiss": "schweizersystem",
    "trn.rounds": "({n} ronder)",
    "trn.tiebreak.buchholz": "särskiljning Buchholz",
    "trn.tiebreak.median_buchholz": "särskiljning median-Buchholz",
    "trn.match_length": "matcher om {n} parti(er)",
    "trn.limit": "högst {n} spelare",
    "trn.deadline": "{hours} h per rond",
    "trn.created": "🏆 {who} har skapat turneringen **{name}**: {settings}.\n"
                   "Anmäl dig med `/turnering anmäl`; arrangören startar den med "
                   "`/turnering starta`.",
    "trn.joined": "{who} har anmält sig till **{name}** ({n}{limit} spelare).",
    "trn.left": "Du har lämnat **{name}**.",
    "trn.started_private": "**{name}** har startat; trådarna för matcherna öppnas.",
    "trn.round_opened": "🏆 **{name}**, rond {n} av {total}:",
    "trn.round_deadline": "Spela er match senast {when}.",
    "trn.line": "{match}: {a} – {b}",
    "trn.line.mention": "{match}: {a} mot {b}",
    "trn.line.bye": "{match}: {a} har frirond",
    "trn.intro": "🏆 **{name}**, rond {n}, match {match}: {a} (vit) mot {b} (svart).\n"
                 "Regler `{rules}`, en match om {length} parti(er). Partiet startar här; "
                 "resultatet förs in av sig självt.",
    "trn.intro_deadline": "Tidsgräns: {when} ({rel}).",
    "trn.thread_opened": "Match {match} spelas i {thread}.",
    "trn.result": "🏆 **{name}**, match {match}: {result}.",
    "trn.won": "{winner} vann mot {loser} med {w}–{l}",
    "trn.won_walkover": "{winner} vinner mot {loser} på walkover",
    "trn.double_forfeit": "båda spelarna förlorar på walkover",
    "trn.cancelled": "inställd",
    "trn.auto_walkover": "🏆 **{name}**, match {match}: {result}.",
    "trn.game_aborted": "🏆 **{name}**, match {match}: partiet i {thread} avbröts utan "
                        "resultat. {organiser}, ange resultatet med `/turnering resultat`, starta "
                        "om det med `/turnering starta-om` eller döm walkover efter "
                        "tidsgränsen.",
    "trn.finished": "🏆 **{name}** är slut! Vinnare är {champion}. Grattis!",
    "trn.reminder": "⏰ **{name}**, match {match}: {a} och {b}, ronden slutar {rel} "
                    "({when}). Spela färdigt er match.",
    "trn.walkover_due": "⌛ **{name}**, match {match} mellan {a} och {b} blev inte klar i "
                        "tid. {organiser}, döm walkover med en knapp nedan (eller "
                        "`/turnering walkover`).",
    "trn.btn.award": "Walkover till {name}",
    "trn.btn.both": "Båda förlorar",
    "trn.result_set": "🏆 **{name}**, match {match}: {who} angav resultatet: {result}.",
    "trn.walkover_set": "🏆 **{name}**, match {match}: {who} dömde walkover: {result}.",
    "trn.removed": "🏆 **{name}**: {who} tog bort {player} ur turneringen.",
    "trn.paused": "⏸️ **{name}** har pausats av {who}; inga tidsgränser löper förrän den "
                  "återupptas.",
    "trn.resumed": "▶️ **{name}** fortsätter ({who}); tidsgränsen flyttades med pausen.",
    "trn.ended_early": "🏁 {who} avslutade **{name}**; ospelade matcher ställs in.",
    "trn.standings": "**{name}**: ställning ({state})",
    "trn.final_standings": "Slutställning i **{name}**:",
    "trn.bracket": "**{name}**: lottning ({state})",
    "trn.round_head": "__Rond {n}__",
    "trn.no_players": "Inga spelare än.",
    "trn.not_started_yet": "Inte startad än: lottningen kommer vid starten.",
    "trn.state.registration": "anmälan öppen, {n} spelare",
    "trn.state.running": "rond {n} av {total}",
    "trn.state.paused": "pausad i rond {n} av {total}",
    "trn.state.finished": "avslutad",
    "trn.list.head": "Turneringar i den här servern ({n}):",
    "trn.list.line": "• **{name}**: {state} · {n} spelare · {settings}",
    "trn.list.none": "Det finns inga turneringar i den här servern än. Starta en med "
                     "`/turnering skapa`.",
    "err.trn.bad_score": "Jag kan inte läsa resultatet ”{score}”: skriv vinnarens poäng "
                         "först, t.ex. 3-1.",
    "trn.col.player": "Spelare", "trn.col.score": "Poäng", "trn.col.record": "V–F",
    "trn.col.buchholz": "Buch", "trn.col.median_buchholz": "MBuch",
    "trn.col.sonneborn_berger": "SB",
    "err.trn.guild_only": "Turneringar finns i en server, inte i direktmeddelanden.",
    "err.trn.unknown": "Det finns ingen turnering som heter ”{name}” i den här servern.",
    "err.trn.name_taken": "En turnering som heter ”{name}” pågår redan här; välj ett annat "
                          "namn.",
    "err.trn.not_organiser": "Bara arrangören ({who}) eller någon med Hantera server kan "
                             "göra det.",
    "err.trn.stale": "Turneringen ändrades i samma ögonblick; försök igen.",
    "err.trn.unknown_action": "Det är inget arrangören kan göra.",
    "err.trn.not_open": "Match {match} är inte en öppen match i den pågående ronden.",
    "err.trn.game_running": "Partiet i den matchen pågår fortfarande i {thread}.",
    "err.trn.no_channel": "Skapa turneringen i en textkanal, där trådarna för matcherna kan "
                          "öppnas.",
}

#: Swedish names of this feature's slash commands and options, keyed by the English ones.
COMMANDS_SV: dict[str, str] = {
    "tournament": "turnering", "Tournaments: create, join, play, standings":
        "Turneringar: skapa, anmäl, spela, ställning",
    # commands
    "create": "skapa", "Create a tournament (you become its organiser)":
        "Skapa en turnering (du blir arrangör)",
    "join": "anmäl", "Join a tournament before it starts": "Anmäl dig till en turnering före start",
    "leave": "lämna", "Leave a tournament before it starts": "Lämna en turnering före start",
    "start": "starta", "Start the tournament and pair round one (organiser)":
        "Starta turneringen och lotta rond ett (arrangör)",
    "standings": "ställning", "Show the standings": "Visa ställningen",
    "list": "lista", "This server's tournaments: status, players, format":
        "Serverns turneringar: läge, spelare, format",
    "score": "resultat", "The match score, the winner's first, e.g. 3-1":
        "Matchresultatet, vinnarens poäng först, t.ex. 3-1",
    "bracket": "lottning", "Show the bracket or pairings": "Visa spelträdet eller lottningen",
    "result": "resultat", "Set or correct a match result (organiser)":
        "Ange eller rätta ett matchresultat (arrangör)",
    "walkover": "walkover", "Award a walkover after the deadline (organiser)":
        "Döm walkover efter tidsgränsen (arrangör)",
    "restart": "starta-om", "Start a match's game again after an abort (organiser)":
        "Starta om en matchs parti efter ett avbrott (arrangör)",
    "remove": "ta-bort", "Remove a player (organiser)": "Ta bort en spelare (arrangör)",
    "pause": "pausa", "Pause the tournament's deadlines (organiser)":
        "Pausa turneringens tidsgränser (arrangör)",
    "resume": "återuppta", "Resume a paused tournament (organiser)":
        "Återuppta en pausad turnering (arrangör)",
    "finish": "avsluta", "Finish the tournament now (organiser)":
        "Avsluta turneringen nu (arrangör)",
    # options
    "name": "namn", "The tournament's name": "Turneringens namn",
    "format": "format", "Single elimination, round robin or Swiss":
        "Utslag, alla-mot-alla eller schweizer",
    "rounds": "ronder", "Number of rounds (Swiss only)": "Antal ronder (bara schweizer)",
    "match_length": "matchlängd", "Games per match (odd)": "Partier per match (udda)",
    "max_players": "max-spelare", "Player limit": "Högsta antal spelare",
    "deadline_hours": "tidsgräns-timmar", "Hours per round before walkovers (optional)":
        "Timmar per rond innan walkover (valfritt)",
    "tiebreak": "särskiljning", "Swiss tie-break": "Särskiljning i schweizer",
    "player": "spelare", "The player": "Spelaren",
    "The match, e.g. 1.2": "Matchen, t.ex. 1.2",
    "winner": "vinnare", "Who won (leave out: both forfeit, not in knockouts)":
        "Vem som vann (utelämna: båda förlorar, inte i utslag)",
    # choices
    "single elimination": "utslagsturnering", "round robin": "alla-mot-alla",
    "Swiss": "schweizer", "Buchholz": "Buchholz", "Median-Buchholz": "Median-Buchholz",
}
