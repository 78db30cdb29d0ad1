# The shell's messages: the lobby, the table page and the server's own pages.
# Every id here is the shell's; a game's ids start with the game's id.

## Languages

# This language's own name, in its language menu.
language-name = English
language = Language

## The lobby (web/index.html)

lobby-page-title = Boardroom — business board games
lobby-hero-title = Business board games with friends and bots.
lobby-hero-text = Open a table, invite friends with their seat links, fill empty chairs with bots.
lobby-new-table = New table
lobby-game = Game
howto-open = How to play
lobby-players = Players
lobby-bot-speed = Bot speed
lobby-bot-speed-default = Server default
lobby-bot-speed-slow = Slow
lobby-bot-speed-normal = Normal
lobby-bot-speed-fast = Fast
lobby-clock = Clock
lobby-clock-title = How long the game's timers give each player to answer
lobby-clock-off = Off: no time limits
lobby-clock-slow = Slow: twice the time
lobby-clock-normal = Normal
lobby-clock-fast = Fast: half the time
lobby-seat-clocks = Seat clocks
lobby-seat-clocks-title = How long each person has: absent people are replaced by a stand-in bot
lobby-seat-clocks-none = None
lobby-seat-clocks-live = Live: bank + increment
lobby-seat-clocks-turn = Turn-based: per move
lobby-clock-bank-label = Time bank in minutes
lobby-clock-minutes = min
lobby-clock-increment-label = Increment per move in seconds
lobby-clock-seconds-a-move = s a move
lobby-clock-absent-before = stand-in after
lobby-clock-absent-label = Minutes away before a stand-in plays
lobby-clock-absent-after = min away
lobby-per-move-label = Time per move
lobby-per-move-12 = 12 hours a move
lobby-per-move-24 = 24 hours a move
lobby-per-move-72 = 72 hours a move
lobby-standin = Stand-in
lobby-standin-title = The bot that plays for a person who ran out of time or left
lobby-private = Private
lobby-private-text = Unlisted: left out of the list of tables (share its links yourself)
lobby-hints = Hints
lobby-hints-text = Allow hints for everyone (they are always on for a person playing only bots)
lobby-create = Create table
lobby-ready = Your table is ready
lobby-ready-text = Send each friend their own seat link: a link is the key to its seat. Anyone may watch with the spectator link.
lobby-my-tables = My tables on this device
lobby-tables = Tables
lobby-no-tables = No tables yet.
lobby-finished = Recently finished
lobby-no-finished = No finished tables yet.

## The table page (web/table.html)

table-description = a table on Boardroom
table-share-title = Copy the spectator link
table-share = Invite watchers
table-connecting-status = Connecting…
table-connection = connection
table-offline = Disconnected from the server: reconnecting… Nothing can be played until the table is back.
table-view-label = The table
table-connecting = Connecting…
since-title = Since your last move
table-history-label = Take back and replay
table-replay-label = Replay
table-hints-label = Hints
table-hint = Hint
table-players = Players
table-log-label = Log
table-log = Log
table-chat-label = Chat
table-chat = Chat
table-chat-messages = Chat messages
table-chat-message = Chat message
table-chat-placeholder = Say something to the table
table-chat-send = Send
table-notify-label = Your turn in another tab
table-notify-sound = Sound when it is my turn (page hidden)
table-notify-browser = Browser notification when it is my turn
table-away-label = Your turn while away
table-final-scores = Final scores
table-rematch = Rematch
table-rematch-go = Go to the rematch
table-replay-game = Replay the game
table-look = Look at the table
table-lobby = Lobby

## A table that cannot be shown

missing-unknown-title = No such table
missing-unknown = There is no such table.
missing-expired-title = This table expired
missing-expired = This table expired: nobody played at it and nobody visited it for a long time.
missing-damaged-title = This table is damaged
missing-damaged = This table's stored record is damaged and cannot be replayed.
missing-elsewhere-title = Try again
missing-elsewhere = Another instance just took this table: reload the page.
missing-back = Back to the lobby

## The lobby's script (web/lobby.js, web/finished.js)

lobby-bot = Bot: { $bot }
lobby-bot-noted = Bot: { $bot } — { $note }
lobby-seat-person = Person (invite link)
lobby-seat-label = { $name } seat
lobby-open-seat-title = Anyone in the lobby may take this seat
lobby-link-bot = bot ({ $bot })
lobby-seat-link-label = { $name } seat link
lobby-copy = Copy
lobby-sit = Sit here
lobby-spectator-link-label = spectator link
lobby-spectators = Spectators
lobby-watch = Watch
lobby-link-copied = Link copied
lobby-copy-by-hand = Select the link and copy it by hand
lobby-problem-bank = The time bank is a whole number of minutes from { $min } to { $max }.
lobby-problem-increment = The increment per move is a whole number of seconds from { $min } to { $max }.
lobby-problem-absent = The time away before a stand-in plays is a whole number of minutes from { $min } to { $max }.
lobby-create-failed = the table could not be created
lobby-no-tables-create = No tables yet: create the first one.
lobby-seat-state = { $state ->
    [online] { $name }: online
    [away] { $name }: away
   *[bot] { $name }: bot { $bot }
}
lobby-finished-state = finished
lobby-turn = turn { $turn }
lobby-to-play = { $name } to play
lobby-turn-to-play = turn { $turn } · { $name } to play
lobby-your-turn = your turn
lobby-play-as = Play { $name }
lobby-join-as = Join as { $name }
lobby-seat-number = seat { $number }
lobby-player-count = { $count ->
    [one] one player
   *[other] { $count } players
}
lobby-claim-failed = the seat could not be taken
lobby-games-failed = The list of games could not be loaded; reload the page.
lobby-forget-title = Forget this table on this device
lobby-forget = Forget
lobby-table = Table
lobby-not-in-play = { $title } { $id } · not in play here now (finished or closed)
lobby-clock-of = { $name }'s clock
lobby-action-count = { $count ->
    [one] one action
   *[other] { $count } actions
}
lobby-won-by = won by { $names }
lobby-no-winner = no winner
lobby-replay = Replay

## The table page's scripts (web/shell/)

table-id = table { $id }
table-watching = watching
table-you-are = you are { $name }
title-watching = watching
turn-yours = Your turn
turn-game-over = Game over
replay-status = Replay · step { $step } of { $steps }
undo-you = Taken back{ $what }
undo-other = { $name } took back an action{ $what }
seat-none = This link holds no seat here.
seat-watch-instead = Watch the table instead
seat-not-seated = Not seated
standin-plays-seat = A stand-in ({ $bot }) plays { $name } for you.
standin-plays = A stand-in ({ $bot }) plays for you.
standin-take-back = Take my seat back
attempt-title = not playable now: click to see why
share-copied = Spectator link copied: { $link }
share-link = Spectator link: { $link }
view-failed = The view of this game could not be loaded: { $reason }
rematch-started = A rematch has started
away-webhook-url = Webhook URL
away-email = E-mail
away-email-label = E-mail address
away-email-placeholder = name@example.org
away-webhook-placeholder = https://… (Discord, Slack, ntfy)
away-told-at = You will be told at: { $places }
away-nothing = Nothing left: you are not told while away.
away-no-email = This server sends no e-mail.
away-webhook = Webhook
away-save = Save
away-remove = Remove
away-hint = Told once per turn when you have not been on this page for a minute; only you see these.
conn-connected = connected
conn-disconnected = disconnected
conn-reconnecting = Reconnecting…
conn-not-connected = Not connected: reconnecting…
hint-thinking = Thinking…
hint-not-tried = not tried
hint-win-chance = { $percent }% to win
hint-play-label = Play { $action }
hint-play = Play
howto-close = Close how to play
howto-rule-link = Open this rule in How to play
howto-loading = Loading…
howto-none = No rules summary is available for { $title } yet.
howto-title = How to play { $title }
howto-this-table = this table
log-turn = Turn
log-count = { $count ->
        [one] { $count } action
       *[other] { $count } actions
    }
log-the-clock = The clock
log-timed-out = { $name }'s time ran out: the stand-in played
log-standin-played = The stand-in played for { $name }
log-taken-back = taken back
notify-refused = The browser does not allow notifications from this page
player-standin = stand-in · { $bot }
player-online = online
player-away = away
player-bot = bot · { $bot }
player-time-left = time left
prompt-time-left = Time left: { $time }
prompt-replay-step = At this step: { $names } to play (turn { $turn }).
prompt-replay-ended = At this step: the game has ended.
prompt-over = The game is over.
prompt-bot = { $name } (bot)
prompt-waiting = Waiting for { $names }…
prompt-show-scores = Show the scores
chooser-label = choose an action
chooser-which = Which one?
chooser-cancel = Cancel
replay-download = Download the record
undo-title = Take back your last action (not after drawing a card or rolling a die)
undo = Take back
replay-jump = Jump to a turn
replay-seat-view = { $name }'s view
replay-whose-view = Whose view
replay-setup = The set-up
replay-start-title = The start
replay-start = Start
replay-back = Step back
replay-where = Step { $step } of { $steps } · { $turnword } { $turn }
replay-forward = Step forward
replay-end-title = The end
replay-end = End
replay-close = Back to the table
scores-winner = winner
scores-shared = { $names } share the title!
scores-won = { $name } is the { $title }!
scores-you = (you)
players-viewing-as = (viewing as)
scores-player = Player
since-moves = Moves since your last move
since-changes = What changed
since-close = Got it
since-for-you = Played for you by your stand-in
since-for-you-timeout = Played for you by your stand-in when your time ran out
since-for-other = Played for { $name } by a stand-in
since-for-other-timeout = Played for { $name } by a stand-in when { $name }'s time ran out
clock-days-hours = { $days } d { $hours } h

## The lobby's account panel and "My games"
account-title = Account
account-guest-text = Play as a guest with seat links, or sign in with a link sent to your e-mail address: your games then follow you to every device.
account-email = E-mail address
account-send-link = E-mail me a sign-in link
account-signing-in = Signing in…
account-name-label = Display name (3 to 24 letters, digits, spaces, - _ .)
account-sign-in = Sign in
account-signed-in-as = Signed in as
account-language = Language of your pages and e-mails
account-sign-out = Sign out
account-sign-out-everywhere = Sign out everywhere
account-my-games = My games
account-confirm-link = Sign in with this link?
account-welcome = Welcome! Choose the name others will see.
account-not-in-play = not in play now
account-your-clock = your clock { $minutes } min
lobby-invite-placeholder = invite (display name)
lobby-invite-label = Invite a signed-in person to { $name }'s seat by their display name
lobby-link-invited = waits for { $name } (invited: they accept under My games)
account-invited-by = { $name } invites you
account-accept = Accept
account-decline = Decline
account-accepted = Invitation accepted: the seat is yours
account-declined = declined
account-sent-waiting = invited { $name }: no answer yet
account-sent-declined = { $name } declined: pass the seat's link on to someone else
account-sent-link = The link of the seat { $name } declined
account-play = Play

## Passkeys: signing in without an e-mail, and the account's passkeys
passkey-or = Or, with a passkey this device keeps for you:
passkey-sign-in = Sign in with a passkey
passkey-title = Passkeys
passkey-text = A passkey signs you in on this device (with its screen lock, fingerprint or face) without an e-mail.
passkey-none = No passkeys yet.
passkey-name-label = Name of the new passkey (e.g. the device)
passkey-add = Add a passkey
passkey-added = Passkey added: next time, sign in with it
passkey-remove = Remove
passkey-added-on = added { $date }
passkey-used-on = last used { $date }
passkey-never-used = never used
passkey-cancelled = The passkey request was cancelled or timed out: nothing changed
passkey-known = This device keeps a passkey for your account already
passkey-failed = The browser could not use a passkey: { $reason }

## Ratings: the lobby's Rated choice, the leaderboards and the profiles
lobby-rated = Rated
lobby-rated-text = Rated: the result moves the players' ratings (every seat a signed-in person or a bot)
lobby-leaderboards = Leaderboards
ratings-leaderboards = Leaderboards
ratings-game = Game
ratings-rank = #
ratings-player = Player
ratings-rating = Rating
ratings-games = Games
ratings-won = Won
ratings-players = Players
ratings-ladder-empty = Nobody is listed on this board yet.
ratings-none-yet = No rated games have been played yet.
ratings-board = { $game } ({ $edition }), { $players } players
ratings-board-short = { $game } ({ $edition })
ratings-board-note = Players with at least { $minGames ->
        [one] { $minGames } rated game
       *[other] { $minGames } rated games
    }, the last within { $days } days. A rating marked “?” is provisional (fewer than { $provisional } games).
ratings-provisional = Provisional: fewer rated games than needed for a settled rating
ratings-profile-title = Player
ratings-played = Games played
ratings-ratings = Ratings
ratings-no-games = No rated games yet.
ratings-history = Rating history
ratings-recent = Recent games
ratings-no-such-player = No such player
ratings-member-since = Member since { $date }
ratings-bot-level = A bot level: its rating places it on the ladder.
ratings-plot-label = { $board }: rating from { $from } to { $to } over { $games ->
        [one] one game
       *[other] { $games } games
    }
ratings-plot-before = before: { $rating }
ratings-plot-after = after game { $game }: { $rating }
ratings-recent-won = { $board }: won, rating { $before } → { $after } ({ $date })
ratings-recent-place = { $board }: place { $place }, rating { $before } → { $after } ({ $date })
ratings-private-table = { $game } (a private table)

## The server's e-mails and webhooks: the sign-in link, "your turn"
signin-mail-subject = Your Boardroom sign-in link
signin-mail-text = Someone (we hope you) asked to sign in to Boardroom with this address.

    Open this link within { $minutes } minutes to sign in; it works once:

    { $link }

    If you did not ask, ignore this mail: nothing happens without the link.
notify-invite-subject = { $inviter } invites you to { $title } (table { $table })
notify-invite-text = { $inviter } invites you to a table of { $title } and keeps seat { $seat } for you. Accept or decline under "My games" in the lobby:
notify-turn-subject = Your turn at { $title } (table { $table })
notify-turn-text = Your turn at { $title } (table { $table }): { $link }

## The games' words written by the server (the Since panel's holdings)

# A holding a seat did not have before, or has no more.
since-none = none

## Errors the server writes for a person (the `error` of an HTTP answer, the `message` of a
## WebSocket error; its `code` stays the same in every language)

error-too-many-tables = too many tables created just now; try again in a moment
error-too-many-requests = too many requests just now; try again in a moment
error-no-table-here = no such table in play here
error-no-such-table = no such table
error-binary-frame = binary frames are not read: send JSON text
error-too-many-messages = too many messages: at most { $rate } a second; messages over the limit are ignored
error-too-large = message of { $bytes } bytes refused: the limit is { $limit } bytes (an action in its JSON form: { $action } bytes)
error-too-many-costly = too many replay frames, logs, hints and addresses from your address: at most { $rate } a second; try again in a moment
error-spectator-address = spectators hold no seat: only a seat's invite link can leave an address
error-spectator-rematch = spectators cannot start a rematch
