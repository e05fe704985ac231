"""Texts for a server where the bot lacks a right (issue 35): the rights by the names
Discord's own settings give them, what each is for, what a member hears when one is
missing, and what the server's admins are told of posts the bot could not make on its own
initiative; Swedish and English."""

EN: dict[str, str] = {
    # the rights, as Discord's settings name them, and what the bot needs each for
    "right.view_channel": "View Channels",
    "right.send_messages": "Send Messages",
    "right.send_messages_in_threads": "Send Messages in Threads",
    "right.attach_files": "Attach Files",
    "right.create_public_threads": "Create Public Threads",
    "right.manage_threads": "Manage Threads",
    "right.embed_links": "Embed Links",
    "right.read_message_history": "Read Message History",
    "right.for.view_channel": "to see the channel",
    "right.for.send_messages": "to post in the channel",
    "right.for.send_messages_in_threads": "to post in the game's thread",
    "right.for.attach_files": "for the board picture",
    "right.for.create_public_threads": "to open a thread for the game",
    "right.for.manage_threads": "to delete a thread it opened that was not used, and to "
                                "archive threads",
    "right.for.embed_links": "for links",
    "right.for.read_message_history": "to read the channel",
    "right.one": "**{name}** ({why})",
    "right.grant": "A server admin, or a member with Manage Roles or Manage Channels, can "
                   "grant it: in this channel's settings under Permissions, or for the "
                   "bot's role under Server Settings → Roles.",
    # a member's command or button
    "rights.refused": "I cannot do that here: I lack {rights} in this channel. Nothing was "
                      "changed. {grant}",
    "rights.unposted": "Done: that is saved, but I could not post the board here: I lack "
                       "{rights} in this channel. {grant} Then `/brade show` posts it.",
    "rights.unposted.unknown": "Done: that is saved, but Discord refused the board here for "
                               "lack of a right (Missing Permissions). {grant} Then `/brade "
                               "show` posts it.",
    "rights.no_thread": "I could not open a thread: I lack {rights} in this channel. No game "
                        "was started, and the button is used up; start the game again with "
                        "`/brade new` once the right is granted. {grant}",
    "rights.thread_unposted": "The game is started in {thread}, but I could not post its "
                              "board there: I lack {rights}. {grant} Then `/brade show` in "
                              "the thread posts it.",
    # saved, then something else failed: said so, never "nothing was changed"
    "saved.failed": "Done: that is saved, but something went wrong on my side as I posted "
                    "the reply. `/brade show` shows the game as it is now.",
    "saved.thread_unposted": "The game is started in {thread}, but its board could not be "
                             "posted there. `/brade show` in the thread posts it.",
    # what the server's admins are told, once
    "rights.notice": "⚠️ **For the server's admins:** I could not do these on my own for "
                     "lack of a right:",
    "rights.notice.line": "• {channel}: {action}: needs {rights} ({times}, last {when})",
    "rights.notice.times": "once",
    "rights.notice.times_n": "{n} times",
    "rights.notice.end": "A server admin, or a member with Manage Roles or Manage Channels, "
                         "can grant them in each channel's settings under Permissions, or "
                         "for the bot's role under Server Settings → Roles. (Said once; a new "
                         "failure is told again.)",
    "rights.notice.more": "• … and {n} more",
    "rights.action.reminder": "a turn reminder",
    "rights.action.claim": "a claim offer",
    "rights.action.computer": "the computer's move",
    "rights.action.idle": "closing a game nobody played",
    "rights.action.daily": "the daily problem",
    "rights.action.tournament.notice": "a tournament notice",
    "rights.action.tournament.thread": "opening a tournament match's thread",
    "rights.action.tournament.post": "posting in a tournament match's thread",
    "rights.action.buttons": "taking the buttons off an old board",
    "rights.action.archive": "archiving a finished game's thread",
    "rights.action.lapsed": "closing a challenge nobody answered",
    "rights.action.thread.delete": "deleting a thread that was not used",
    "rights.action.post": "posting a game's board",
}

SV: dict[str, str] = {
    "right.view_channel": "Visa kanaler",
    "right.send_messages": "Skicka meddelanden",
    "right.send_messages_in_threads": "Skicka meddelanden i trådar",
    "right.attach_files": "Bifoga filer",
    "right.create_public_threads": "Skapa offentliga trådar",
    "right.manage_threads": "Hantera trådar",
    "right.embed_links": "Bädda in länkar",
    "right.read_message_history": "Läs meddelandehistorik",
    "right.for.view_channel": "för att se kanalen",
    "right.for.send_messages": "för att skriva i kanalen",
    "right.for.send_messages_in_threads": "för att skriva i partiets tråd",
    "right.for.attach_files": "för bilden av brädet",
    "right.for.create_public_threads": "för att öppna en tråd för partiet",
    "right.for.manage_threads": "för att ta bort en tråd den öppnat som inte användes, och "
                                "för att arkivera trådar",
    "right.for.embed_links": "för länkar",
    "right.for.read_message_history": "för att läsa kanalen",
    "right.one": "**{name}** ({why})",
    "right.grant": "En serveradministratör, eller en medlem med Hantera roller eller Hantera "
                   "kanaler, kan ge mig den: i kanalens inställningar under Behörigheter, "
                   "eller för botens roll under Serverinställningar → Roller.",
    "rights.refused": "Det kan jag inte göra här: jag saknar {rights} i den här kanalen. "
                      "Inget ändrades. {grant}",
    "rights.unposted": "Klart: det är sparat, men jag kunde inte posta brädet här: jag "
                       "saknar {rights} i den här kanalen. {grant} Sedan postar `/bräde visa` "
                       "det.",
    "rights.unposted.unknown": "Klart: det är sparat, men Discord tog inte emot brädet här "
                               "eftersom en behörighet saknas (Missing Permissions). {grant} "
                               "Sedan postar `/bräde visa` det.",
    "rights.no_thread": "Jag kunde inte öppna en tråd: jag saknar {rights} i den här kanalen. "
                        "Inget parti startades, och knappen är förbrukad; starta partiet igen "
                        "med `/bräde ny` när behörigheten finns. {grant}",
    "rights.thread_unposted": "Partiet är startat i {thread}, men jag kunde inte posta "
                              "brädet där: jag saknar {rights}. {grant} Sedan postar "
                              "`/bräde visa` i tråden det.",
    "saved.failed": "Klart: det är sparat, men något gick fel hos mig när svaret skulle "
                    "postas. `/bräde visa` visar partiet som det är nu.",
    "saved.thread_unposted": "Partiet är startat i {thread}, men dess bräde kunde inte "
                             "postas där. `/bräde visa` i tråden postar det.",
    "rights.notice": "⚠️ **Till serverns administratörer:** det här kunde jag inte göra på "
                     "egen hand eftersom en behörighet saknas:",
    "rights.notice.line": "• {channel}: {action}: behöver {rights} ({times}, senast {when})",
    "rights.notice.times": "en gång",
    "rights.notice.times_n": "{n} gånger",
    "rights.notice.end": "En serveradministratör, eller en medlem med Hantera roller eller "
                         "Hantera kanaler, kan ge dem i varje kanals inställningar under "
                         "Behörigheter, eller för botens roll under Serverinställningar → "
                         "Roller. (Sägs en gång; ett nytt misslyckande sägs igen.)",
    "rights.notice.more": "• … och {n} till",
    "rights.action.reminder": "en påminnelse om draget",
    "rights.action.claim": "ett erbjudande att kräva partiet",
    "rights.action.computer": "datorns drag",
    "rights.action.idle": "att avsluta ett parti som ingen spelade",
    "rights.action.daily": "dagens problem",
    "rights.action.tournament.notice": "ett turneringsbesked",
    "rights.action.tournament.thread": "att öppna tråden för en turneringsmatch",
    "rights.action.tournament.post": "att skriva i tråden för en turneringsmatch",
    "rights.action.buttons": "att ta bort knapparna från ett gammalt bräde",
    "rights.action.archive": "att arkivera tråden för ett avslutat parti",
    "rights.action.lapsed": "att stänga en utmaning som ingen svarade på",
    "rights.action.thread.delete": "att ta bort en tråd som inte användes",
    "rights.action.post": "att posta ett partis bräde",
}

#: No slash command of its own.
COMMANDS_SV: dict[str, str] = {}
