# The command-line program's messages: the simulator's report, its progress bar and its plot.
# The JSON and CSV outputs are for programs and stay language-free.

## boardroom simulate: the summary of one run

sim-header = { $config }: { $games ->
        [one] one game
       *[other] { $games } games
    } from seed { $seed } on { $threads ->
        [one] one thread
       *[other] { $threads } threads
    }
sim-header-rotated = { sim-header }; bots rotated through the seats
sim-col-seat = seat
sim-col-bot = bot
sim-col-wins = wins
sim-col-win-pct = win %
sim-col-ci = 95% CI
sim-col-mean-score = mean score
sim-col-seats = seats
sim-col-win-per-seat = win %/seat
sim-rotated = rotated
sim-final-money = final money
sim-final-score = final score
sim-turns = turns per game
sim-decisions = decisions per game
# $stat: the game's own name of a figure, e.g. "sell and pass".
sim-stat-per-game = { $stat } per game
# A 95 % confidence interval, in percent.
sim-interval = [{ $low }, { $high }]
sim-quantiles = min { $min } | 10% { $p10 } | 25% { $p25 } | median { $p50 } | 75% { $p75 } | 90% { $p90 } | max { $max }
sim-speed = { $rate } games per second ({ $seconds } s)

## boardroom simulate --compare: several runs side by side

sim-compare-header = { $games ->
        [one] one game
       *[other] { $games } games
    } per rule set from seed { $seed } (same seeds), bots: { $bots }
sim-compare-win-pct = win % { $seat } ({ $bot })
sim-compare-win-per-seat = win %/seat { $bot }
sim-median-money = median final money
sim-median-score = median final score
sim-mean-turns = mean turns
sim-mean-decisions = mean decisions

## The progress bar

sim-progress-games = games
sim-progress-eta = ETA

## boardroom simulate --plot

sim-plot-scores = { $label }: final scores by bot
sim-plot-score-axis = final score
sim-plot-share-axis = share of players
sim-plot-wins = { $label }: win rate by seat (95% CI)
sim-plot-seat-axis = seat (bars left to right in seat order; see the legend)
sim-plot-win-axis = win rate
sim-plot-seat-legend = { $seat } ({ $bot }): { $rate }%
sim-plot-par = par (1 / players)

## boardroom play: the terminal's own words around the game's (the game writes its table, log,
## prompts and moves). The command words ($help, $board, $quit, $wait, $back) are the
## language's own; the English ones are understood in every language.

play-header = { $config }, seed { $seed }. Seats: { $seats }
play-seat = { $name } = { $who }
play-human = human
play-type-help = Type `{ $help }` at any prompt for the notation.
play-hand-over = { $name }'s turn. Hand the keyboard to { $name } and press Enter.
play-input-ended-unfinished = Input ended; the game is left unfinished.
play-left-unfinished = Game left unfinished.
play-record-in = The record is in { $path }.
play-record-replay = The record is in { $path }; `boardroom replay { $path }` shows it again.
play-which-one = { $group }: which one? (`{ $back }` for the list)
play-or-wait = (or `{ $wait }` to let the others go on)
play-input-ended = Input ended.
play-no-move = there is no move { $number }: choose 1-{ $count }
play-bad-input = `{ $input }` is neither a number from the list, a command nor a move: { $reason }
play-commands = Commands: { $board } (show the table), { $help } (this help), { $quit } (leave the game).
play-player = player
play-bot-illegal = { $name } chose an illegal action `{ $action }`: { $reason }
play-seats-mismatch = { $seats } seats given for { $players } players
play-cannot-write-record = cannot write the record { $path }
play-cmd-help = help
play-cmd-board = board
play-cmd-quit = quit
play-cmd-wait = wait
play-cmd-back = back
