# Big Shot's words in the browser view (crates/bigshot/web/view.js).

big-shot-colour = { $colour ->
    [red] red
    [orange] orange
    [ivory] ivory
    [purple] purple
   *[other] { $colour }
}
big-shot-colour-neutral = { $colour } (neutral)
big-shot-cube = { $colour } cube
big-shot-space = auction space { $space }
big-shot-space-broker = auction space { $space } (broker)
big-shot-broker-title = the broker
big-shot-broker = broker
big-shot-park = park, doubles the lots next to it
big-shot-worth = worth { $value }M
big-shot-sold-to = sold to { $colour } ({ $name })
big-shot-sold-nobody = sold to nobody
big-shot-sold = SOLD
big-shot-neutral = neutral
big-shot-nobody = nobody
big-shot-die = the die
big-shot-over = The game is over after round { $round }
big-shot-round = Round { $round } of { $rounds } · { $name } rolls
big-shot-won-cubes = Won cubes:
big-shot-standing-bid = Standing bid { $bid }M by { $name }
big-shot-passed-list = Passed: { $names }
big-shot-more-than = more than your { $cash }M
big-shot-phase-roll = { $name } is to roll the die
big-shot-phase-loans = { $name } may take a loan before the bidding
big-shot-phase-bidding = { $name } bids or passes
big-shot-phase-pay = { $name } chooses the colour that pays
big-shot-phase-place = { $name } places the won cubes
big-shot-board-label = The city and the auction spaces around it
big-shot-bid-range = Lowest bid { $min }M · you can bid up to { $cash }M
big-shot-bid-label = your bid in millions
big-shot-bid = Bid
big-shot-choose-cube = Choose a cube, then click a highlighted lot.
big-shot-passed = passed
big-shot-ious = { $count ->
    [one] one IOU
   *[other] { $count } IOUs
}

## The lobby's options

big-shot-option-hidden-money = Hidden money
big-shot-option-hidden-money-help = The hidden-money variant: each player's coins are secret until the end, loans only before bidding

## What the game writes from Rust (crates/bigshot/src/words.rs): seats, cubes, the log

big-shot-seat = { $colour ->
    [red] Red
    [orange] Orange
    [ivory] Ivory
    [purple] Purple
   *[other] Seat { $number }
}
big-shot-cube-count = { $count } { $colour }
big-shot-cubes = { $list } { $total ->
    [one] cube
   *[other] cubes
}
big-shot-cubes-none = no cubes
big-shot-list = { $head }, { $tail }
big-shot-list-and = { $head } and { $last }
big-shot-empty = {""}

big-shot-ev-round = Round { $round }: { $seat } rolls.
big-shot-ev-rolled = { $seat } rolls { $die }: the broker moves from space { $from } to space { $to } ({ $cubes } up for auction).
big-shot-ev-loan = { $seat } borrows for { $colour }: receives { $received }M and an IOU ({ $colour } holds { $ious }).
big-shot-ev-declined = { $seat } takes no loan.
big-shot-ev-bidding = Bidding opens with { $seat }.
big-shot-ev-bid = { $seat } bids { $amount }M.
big-shot-ev-passed = { $seat } passes.
big-shot-ev-won = { $seat } wins the auction for { $amount }M.
big-shot-ev-free = Nobody bids: { $seat } takes the cubes free.
big-shot-ev-paid = { $seat } pays { $amount }M from { $colour }'s coins.
big-shot-ev-placed = { $seat } places { $colour ->
    [orange] an
    [ivory] an
   *[other] a
} { $colour } cube on lot { $lot }.
big-shot-ev-sold = { $end ->
    [yes] At the end, lot
   *[no] Lot
} { $lot } is sold to { $owner } ({ $cubes }).
big-shot-ev-sold-player = { $end ->
    [yes] At the end, lot
   *[no] Lot
} { $lot } is sold to { $owner }, { $seat }'s colour ({ $cubes }).
big-shot-ev-sold-nobody = { $end ->
    [yes] At the end, lot
   *[no] Lot
} { $lot } goes to nobody ({ $cubes }).
big-shot-ev-over = The game is over.

## Prompts, actions and their effects

big-shot-prompt-roll = Roll the die to move the broker
big-shot-prompt-loans = Before bidding: take a loan (receive { $amount }M, owe 10M) or decline
big-shot-prompt-bid = Bid at least { $min }M { $hidden ->
    [yes] or pass
   *[no] (you can pay { $cash }M) or pass
} — { $standing }
big-shot-standing = { $bid }M by { $seat }
big-shot-no-bid = no bid yet
big-shot-prompt-pay = Choose the colour that pays the { $bid }M
big-shot-prompt-place = Place the won cubes one by one ({ $cubes } left)
big-shot-prompt-over = The game is over

big-shot-act-roll = Roll the die
big-shot-act-loan = Take a loan (+{ $amount }M, 1 IOU) for { $colour }
big-shot-effect-loan = +{ $amount }M, owe 10M
big-shot-act-decline = No loan
big-shot-act-bid = Bid { $amount }M
big-shot-act-pass = Pass
big-shot-act-pay = Pay with { $colour }
big-shot-effect-pay = has { $coins }M
big-shot-act-place = Place { $colour } on { $lot }
big-shot-effect-empty = { $park ->
    [yes] park
   *[no] { $value }M
}, empty
big-shot-effect-has = { $park ->
    [yes] park
   *[no] { $value }M
}, has { $cubes }

## Refusals, each naming the rule

big-shot-err-over = the game is over
big-shot-err-not-your-turn = it is not { $seat }'s turn ({ $current } is to act)
big-shot-err-wrong-step = that is not possible now: { $expected }
big-shot-step-roll = the round's roller rolls the die
big-shot-step-loans = before bidding each player takes a loan or declines
big-shot-step-bidding = the auction is on: bid or pass
big-shot-step-pay = the winner chooses the colour that pays
big-shot-step-place = the winner places the won cubes
big-shot-step-over = the game is over
big-shot-err-bid-too-low = a bid must be at least { $min }M (1M more than the standing bid), not { $bid }M
big-shot-err-bid-above-cash = you cannot bid { $bid }M with { $cash }M in cash (a bid may never exceed the coins that pay it)
big-shot-err-loan-twice = you have already taken a loan this round (one loan per round)
big-shot-err-loan-after-bidding = loans are taken only before bidding starts (2 players and the hidden-money variant)
big-shot-err-not-your-colour = { $colour } is not your colour
big-shot-err-cannot-pay = { $colour } has { $coins }M and cannot pay the winning bid of { $bid }M (one colour pays it all)
big-shot-err-no-such-cube = no { $colour } cube is left to place (you won { $hand })
big-shot-err-no-such-lot = there is no lot number { $lot } on this board
big-shot-err-lot-sold = lot { $lot } is sold (resolved at its 7th cube, at most 7 on a lot) and takes no more cubes

## Money, the score table and the holdings (crates/bigshot/src/present.rs, describe.rs;
## web/view.js). $amount is a number: each language groups its digits as it writes them.

# Money, in millions.
big-shot-money = { $amount }M
big-shot-score-column = { $column ->
    [coins] coins
    [lots] lots
    [debt] debt
    [status] status
    [owned] owned
    [best] best
   *[may-win] may win
}
big-shot-score-may-win = { $eligible ->
    [yes] yes
   *[no] no
}
big-shot-score-note = Status is coins plus lots minus 10M per IOU; a player needs at least 2 lots to win (2 players: with each colour).
big-shot-score-no-winner = Nobody owns enough lots to win.
big-shot-held-coins = Coins ({ $colour })
big-shot-held-ious = IOUs ({ $colour })
big-shot-held-loans = Loans

## The lobby's note on each bot level (the same words as LEVEL_NOTES in src/evaluate.rs).

big-shot-bot-note-random = any legal move, at random
big-shot-bot-note-heuristic = greedy on its own decisions; beats random about 19 games in 20
big-shot-bot-note-easy = beats heuristic about 9 games in 10
big-shot-bot-note-normal = beats easy about 8 games in 10
big-shot-bot-note-hard = beats normal about 9 games in 10

## The browser view's words (web/view.js)

# A lot's tooltip: its number and what it is worth (or that it is the park).
big-shot-lot-title = { $lot }: { $what }
# The letter on a cube of a colour.
big-shot-cube-letter = { $colour ->
    [red] R
    [orange] O
    [ivory] I
    [purple] P
   *[other] ?
}
# A district of the city, by its name in the board's data.
big-shot-district = { $name ->
    [North] North
    [South] South
    [East] East
    [West] West
   *[other] { $name }
}

## The terminal (crates/bigshot/src/terminal.rs, present.rs): the table `boardroom play` draws,
## its help, the configuration's line and the final score table.

big-shot-term-config = Big Shot{ $hidden ->
    [yes] {" "}(hidden money)
   *[no] {""}
}, { $players } players{ $board ->
    [none] {""}
   *[other] , board `{ $board }`
}
big-shot-term-spaces = Auction spaces (clockwise; * broker):
big-shot-term-city = City:
big-shot-term-sold = SOLD { $owner }
big-shot-term-sold-nobody = SOLD nobody
big-shot-term-round = Round { $round }/{ $rounds } · { $name } rolls
big-shot-term-last-roll = last roll { $die }
big-shot-term-standing = standing bid { $bid }M by { $name }
big-shot-term-no-bid = no bid yet
big-shot-term-auction = Auction of space { $space } ({ $cubes }): { $standing }
big-shot-term-places = { $name } places: { $cubes }
big-shot-term-player = player
big-shot-term-colours = colours
big-shot-term-coins = coins
big-shot-term-ious = IOUs
big-shot-term-notes = notes
big-shot-term-to-act = to act
big-shot-term-passed = passed
big-shot-term-borrowed = borrowed this round
big-shot-term-neutral = (purple is the neutral colour: it never bids)
big-shot-term-lot = { $lot } ({ $park ->
    [yes] park
   *[no] { $value }M
}, { $held ->
    [0] empty
   *[other] { $held }/{ $capacity }: { $cubes }
})
big-shot-term-help =
    Type the number of a move from the list, or the move itself in notation:
      roll | loan | loan red | decline | bid 5 | pass | pay ivory | place red W9
    Colours: red, orange, ivory, purple (or R, O, I, P). Lots by their id on the board (W9, Wx2, N16…).
