"""Swedish names and descriptions of the slash commands, keyed by the English originals.

English is the canonical (registered) name; Discord shows these to Swedish clients.
Names must be lowercase with no spaces (Discord's rule for command and option names).
"""

SV: dict[str, str] = {
    # the group
    "brade": "bräde",
    "Play bräde, the Swedish board game": "Spela bräde, det svenska brädspelet",
    # commands
    "new": "ny", "Challenge a member (or the computer) to a game": "Utmana en medlem (eller datorn) på ett parti",
    "roll": "slå", "Roll the dice when it is your turn": "Slå tärningarna när det är din tur",
    "move": "flytta", "Play your roll, e.g. 1/7 7/12": "Spela ditt slag, t.ex. 1/7 7/12",
    "resign": "ge-upp", "Resign the game (when the rules allow it)": "Ge upp partiet (när reglerna tillåter det)",
    "abort": "avbryt", "Abort the game without a result": "Avbryt partiet utan resultat",
    "show": "visa", "Show the board again": "Visa brädet igen",
    "history": "historik", "List the turns played so far": "Visa dragen som spelats hittills",
    "rules": "regler", "A short summary of the rules": "En kort sammanfattning av reglerna",
    "hint": "tips", "Suggest plays for your roll (the computer's, or a rule of thumb)": "Föreslå drag för ditt slag (datorns, eller en tumregel)",
    "claim": "kräv", "Claim a game your opponent has left": "Kräv ett parti som motståndaren har lämnat",
    "settings": "inställningar", "Your board theme; server defaults (Manage Server)": "Ditt brädtema; serverns standardval (Hantera server)",
    "help": "hjälp", "How to play here, in a few lines": "Hur man spelar här, i några rader",
    # options
    "opponent": "motståndare", "Who to play; leave out to play the computer": "Vem du spelar mot; utelämna för att spela mot datorn",
    "ruleset": "regelverk", "Which rules (default: the server's)": "Vilka regler (standard: serverns)",
    "match": "match", "Number of games in the match (odd)": "Antal partier i matchen (udda)",
    "level": "nivå", "The computer's strength": "Datorns styrka",
    "rated": "rankat", "Whether a game between members counts for ratings": "Om ett parti mellan medlemmar räknas i rankingen",
    "one_die": "en-tärning", "Roll one die (when the rules allow it)": "Slå en tärning (när reglerna tillåter det)",
    "play": "drag", "Your play; suggestions appear as you type": "Ditt drag; förslag visas medan du skriver",
    "language": "språk", "Reply language in this server": "Svarsspråk i den här servern",
    "threads": "trådar", "Start every new game in its own thread (Manage Server)": "Starta varje nytt parti i en egen tråd (Hantera server)",
    "theme": "tema", "Your own board theme": "Ditt eget brädtema",
    "server_theme": "servertema", "The server's board theme (Manage Server)": "Serverns brädtema (Hantera server)",
    "Classic": "Klassiskt", "Contrast (colour-blind safe)": "Kontrast (för färgblinda)", "Default": "Standard",
    # choices
    "Swedish": "Svenska", "English": "Engelska", "Automatic (from Discord)": "Automatiskt (från Discord)",
    "beginner (nybörjare)": "nybörjare", "journeyman (gesäll)": "gesäll", "master (mästare)": "mästare",
}
