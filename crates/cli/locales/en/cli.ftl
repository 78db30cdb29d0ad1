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
