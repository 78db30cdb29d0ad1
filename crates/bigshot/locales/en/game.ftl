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
