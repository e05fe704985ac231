"""Texts for playing by tapping (issue 37): the play picker, its preview and
confirmation, roll for me, the member's settings for them, and hints refused in rated
games; Swedish and English."""

EN: dict[str, str] = {
    # what the player to move can do (the prompt, the message's last line)
    "pick.one": "Only one play is possible: press it (or type it with `/brade move`).",
    "pick.press": "{n} legal plays: press yours (or type it with `/brade move`).",
    "pick.choose": "{n} legal plays: choose yours in the menu (or type it with "
                   "`/brade move`).",
    # the menu
    "pick.placeholder": "Choose your play ({n} legal plays)",
    "pick.narrowed": "Plays {plays} ({n})",
    "pick.count": "{n} plays",
    "btn.pick_back": "↩ All plays",
    # the preview
    "pick.preview": "👁️ **Preview, not played yet:** {who} would play `{play}`{won}. "
                    "{mention}: **Confirm** it, or **Choose again**.",
    "pick.wins": ", which wins by {how} ({points} {unit})",
    "btn.pick_ok": "Confirm",
    "btn.pick_again": "Choose again",
    "err.pick.gone": "That play is no longer on offer (the game has moved on, or the "
                     "menu belongs to another roll); nothing changed. Choose on the newest "
                     "board.",
    # roll for me
    "roll.auto": "(rolled by the bot: *roll for me* is on)",
    # the member's settings
    "settings.confirm_on": "A play you choose in the menu is now shown on the board first "
                           "and counts when you press **Confirm**.",
    "settings.confirm_off": "A play you choose in the menu now counts at once.",
    "settings.roll_on": "Roll for me is on: when your turn starts and the roll involves "
                        "no choice, the bot rolls for you and says so.",
    "settings.roll_off": "Roll for me is off: you press **Roll** yourself.",
    # hints
    "err.hint.rated": "Hints are off in rated games between members: the computer's "
                      "opinion would play for you. Ask for one in an unrated game "
                      "(`/brade new rated:False`), against the computer, or after the "
                      "game with `/watch analyse`.",
}

SV: dict[str, str] = {
    "pick.one": "Bara ett drag är möjligt: tryck på det (eller skriv det med "
                "`/bräde flytta`).",
    "pick.press": "{n} tillåtna drag: tryck på ditt (eller skriv det med `/bräde flytta`).",
    "pick.choose": "{n} tillåtna drag: välj ditt i menyn (eller skriv det med "
                   "`/bräde flytta`).",
    "pick.placeholder": "Välj ditt drag ({n} tillåtna drag)",
    "pick.narrowed": "Drag {plays} ({n})",
    "pick.count": "{n} drag",
    "btn.pick_back": "↩ Alla drag",
    "pick.preview": "👁️ **Förhandsvisning, inte spelat än:** {who} skulle spela "
                    "`{play}`{won}. {mention}: **Bekräfta**, eller **Välj om**.",
    "pick.wins": ", som vinner med {how} ({points} {unit})",
    "btn.pick_ok": "Bekräfta",
    "btn.pick_again": "Välj om",
    "err.pick.gone": "Det draget går inte längre att välja (partiet har gått vidare, eller "
                     "menyn hör till ett annat slag); inget ändrades. Välj på det senaste "
                     "brädet.",
    "roll.auto": "(slaget av boten: *slå åt mig* är på)",
    "settings.confirm_on": "Ett drag du väljer i menyn visas nu först på brädet och räknas "
                           "när du trycker **Bekräfta**.",
    "settings.confirm_off": "Ett drag du väljer i menyn räknas nu direkt.",
    "settings.roll_on": "Slå åt mig är på: när din tur börjar och slaget inte innebär något "
                        "val slår boten åt dig och säger det.",
    "settings.roll_off": "Slå åt mig är av: du trycker själv på **Slå**.",
    "err.hint.rated": "Tips är avstängda i rankade partier mellan medlemmar: datorns "
                      "åsikt skulle spela åt dig. Be om tips i ett orankat parti "
                      "(`/bräde ny rankat:False`), mot datorn, eller efter partiet med "
                      "`/titta analysera`.",
}

#: The member's settings' options of ``/brade settings``.
COMMANDS_SV: dict[str, str] = {
    "confirm": "bekräfta",
    "Show a play you choose in the menu before it counts (default: yes)":
        "Visa ett drag du väljer i menyn innan det räknas (standard: ja)",
    "roll_for_me": "slå-åt-mig",
    "Roll for you when the roll involves no choice (default: no)":
        "Slå åt dig när slaget inte innebär något val (standard: nej)",
}
