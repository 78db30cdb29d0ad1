# Big Boss's words in the browser view (crates/bigboss/web/view.js).

# What the rule set calls a tower: $kind is "radio tower" (Modern) or "owner flag" (Classic).
big-boss-tower = { $kind ->
    [owner-flag] { $count ->
        [one] owner flag
       *[other] owner flags
    }
   *[radio-tower] { $count ->
        [one] radio tower
       *[other] radio towers
    }
}
big-boss-tower-on = { $tower } on { $company }
big-boss-card-built = built
big-boss-card-by = by { $names }
big-boss-card-open = open
big-boss-card-level = Level
big-boss-card-storey = Storey { $storey }
big-boss-company-price = Price { $price } · { $left } shares left
big-boss-company-hq = HQ on { $space }
big-boss-company-acquired = Acquired
big-boss-company-unfounded = Not founded
big-boss-deck = Deck
big-boss-deck-title = Cards left in the deck
big-boss-deck-cards = { $count ->
    [one] card
   *[other] cards
}
big-boss-row = Row
big-boss-levels = Levels
big-boss-level-cards = { $count ->
    [one] level card
   *[other] level cards
}
big-boss-discard = Discard
big-boss-played = { $count } played
big-boss-pieces = Pieces
big-boss-in-supply = in supply
big-boss-share-prices = Share prices
big-boss-companies = Companies
big-boss-hand = Your hand
big-boss-hand-of = { $name }'s hand
big-boss-cannot-play = can't play
big-boss-card-use = Card { $card }: { $use }
big-boss-card-why = Card { $card } cannot be played now: { $why }
big-boss-no-cards = No cards.
big-boss-board-label = The board: 72 spaces around the table
big-boss-board = The board
big-boss-hint-all-passed = Every player passed in a row.
big-boss-hint-last-piece = The last building piece was placed.
big-boss-hint-watching = You are watching.
big-boss-hint-wait = Your hand is below; it will be your turn soon.
big-boss-hint-turn = Highlighted cards and spaces can be clicked.
big-boss-hint-triple = Click the first of the three spaces (highlighted), or a button.
big-boss-hint-level-space = Highlighted spaces can take it.
big-boss-hint-join = The higher price then acquires the other.
big-boss-shares-of = { $count ->
    [one] one share of { $company }
   *[other] { $count } shares of { $company }
}
big-boss-money-title = money in millions
big-boss-hand-size = { $count ->
    [one] one card
   *[other] { $count } cards
}
big-boss-hand-levels = ({ $count } level)
big-boss-known-title = cards everyone knows of
big-boss-known = known: { $cards }

## The lobby's options

big-boss-option-edition = Edition
big-boss-option-edition-help = rule set: modern (the 2023 edition) or classic (the 1994 edition)
big-boss-option-edition-modern = Modern
big-boss-option-edition-classic = Classic

## What the game writes: seats, cards, the log, prompts, actions and refusals
## (crates/bigboss/src/present.rs, describe.rs, error.rs). $kind is the rule set's tower,
## "radio-tower" (Modern) or "owner-flag" (Classic).

big-boss-seat = { $colour ->
    [red] Red
    [blue] Blue
    [green] Green
    [yellow] Yellow
    [purple] Purple
    [orange] Orange
   *[other] Seat { $number }
}
big-boss-card-words = { $kind ->
    [level] a level card
    [storey] storey card { $storey }
   *[industry] card { $card }
}

big-boss-ev-bought-deck-card = { $seat } buys { $card } from the deck
big-boss-ev-bought-deck = { $seat } buys a card from the deck
big-boss-ev-bought-row = { $seat } buys card { $card } from the row
big-boss-ev-bought-row-refill = { $seat } buys card { $card } from the row; { $refill } is turned up
big-boss-ev-bought-level = { $seat } buys a level card
big-boss-ev-played = { $seat } plays { $card }
big-boss-ev-founded = { $seat } founds { $company } on { $a }, { $b }, { $c }
big-boss-ev-founded-double = { $seat } founds { $company } on { $a }, { $b }, { $c }, two pieces on { $double }
big-boss-ev-built = { $company } builds on { $space } (level { $level })
big-boss-ev-price-capped = { $company } stays at { $price } (the cap)
big-boss-ev-price-rose = { $company } rises from { $from } to { $to }
big-boss-ev-payout = { $seat } is paid { $amount } for { $shares ->
    [one] { $shares } share
   *[other] { $shares } shares
} of { $company }
big-boss-ev-merged = { $survivor } acquires { $acquired }, which leaves the game
big-boss-ev-earned = { $seat } earns { $amount } from { $company }
big-boss-ev-share-bought = { $seat } buys a share of { $company } for { $cost }
big-boss-ev-tower-placed = { $seat } places a tower on { $company } for { $cost }
big-boss-ev-share-sold = { $seat } sells a share of { $company } for { $amount }
big-boss-ev-passed = { $seat } passes
big-boss-ev-turn = { $seat }'s turn
big-boss-ev-over-last-piece = The last building piece is placed: the game is over
big-boss-ev-over-all-passed = Every player passed in a row: the game is over

big-boss-prompt-buy-or-play = Buy a card or play a card
big-boss-prompt-play = Play a card from your hand (you cannot buy one: { $why })
big-boss-prompt-buy = Buy a card (you cannot play one: { $why })
big-boss-prompt-neither = { $hand ->
    [empty] Your hand is empty
   *[unplayable] No card in your hand can be played
} and you cannot buy a card ({ $why }): { $sell ->
    [yes] you may sell shares, then pass
   *[no] you can only pass
}
big-boss-why-hand-empty = your hand is empty
big-boss-why-none-playable = no card in your hand can be played
big-boss-why-nothing-to-buy = no card is left to buy
big-boss-why-too-poor = a card costs { $cost } and you have { $money }
big-boss-prompt-selling = Sell more shares or pass
big-boss-prompt-triple = Card { $card } founds a company: choose its three spaces
big-boss-prompt-double = Choose the founding space ({ $start }-{ $end }) that gets the fourth piece
big-boss-prompt-company = Choose the company to found
big-boss-prompt-level-space = Choose the space for the level card's piece
big-boss-prompt-join = The piece connects { $left } and { $right }: which company gets it (+1)?
big-boss-prompt-survivor = { $left } and { $right } have equal prices: which one acquires the other?
big-boss-prompt-invest = { $shares ->
    [0] Buy up to 2 shares, place a { $kind ->
        [owner-flag] owner flag
       *[radio-tower] radio tower
    } on { $company }, or end the turn
    [1] Buy 1 more share, place a { $kind ->
        [owner-flag] owner flag
       *[radio-tower] radio tower
    } on { $company }, or end the turn
   *[other] place a { $kind ->
        [owner-flag] owner flag
       *[radio-tower] radio tower
    } on { $company }, or end the turn
}
big-boss-prompt-over = The game is over

big-boss-act-buy-deck = Buy from the deck
big-boss-act-buy-level = Buy a level card
big-boss-act-buy-row = Buy card { $card }
big-boss-act-play = Play { $card }
big-boss-act-found = Spaces { $a }, { $b }, { $c }
big-boss-act-double = Fourth piece on { $space }
big-boss-act-hq = Found { $company }
big-boss-act-at = Space { $space }
big-boss-act-join = Give the piece to { $company }
big-boss-act-survivor = { $company } acquires
big-boss-act-share = Share of { $company }
big-boss-act-sell = Sell a share of { $company }
big-boss-act-tower = Place a { $kind ->
    [owner-flag] owner flag
   *[radio-tower] radio tower
}
big-boss-act-end = End turn
big-boss-act-pass = Pass
big-boss-effect-stack = stack on { $company }, level { $level }
big-boss-effect-extend = extend { $company }
big-boss-effect-merge = merge { $a } and { $b }
big-boss-effect-found = found a company
big-boss-effect-at = { $company }, level { $level }
big-boss-effect-add-piece = add a piece on a built space

big-boss-err-over = the game is over
big-boss-err-not-your-turn = it is not { $seat }'s turn ({ $current } is to act)
big-boss-err-wrong-step = that is not possible now: { $expected }
big-boss-err-cannot-afford = { $what } costs { $cost } but you have { $money } (money may never go below 0)
big-boss-err-not-in-hand = { $card } is not in your hand
big-boss-err-level-not-in-hand = { $card } is not in your hand; your level cards: { $held }
big-boss-err-not-in-row = card { $card } is not in the face-up row
big-boss-err-deck-empty = the deck is empty
big-boss-err-level-stack-empty = the level-card stack is empty
big-boss-err-unplayable = { $card } cannot be played: { $reason }
big-boss-err-bad-founding = cannot found on spaces { $start }-{ $end }: { $reason }
big-boss-err-bad-space = space { $space }: { $reason }
big-boss-err-bad-company = { $company }: { $reason }
big-boss-err-must-buy-or-play = you can buy or play a card, so you must (passing and selling are only for a player who can do neither)
big-boss-err-share-limit = at most 2 shares may be bought per turn
big-boss-err-no-tower-left = you have placed both of your { $kind ->
    [owner-flag] owner flags
   *[radio-tower] radio towers
}
big-boss-err-classic-no-row = the Classic rules have no face-up row: cards are bought from the deck
big-boss-err-classic-levels-in-deck = in the Classic rules level cards are in the deck: buy a card from the deck
big-boss-err-classic-no-selling = shares can never be sold in the Classic rules

big-boss-what-card = a card
big-boss-what-row-card = card { $card }
big-boss-what-level = a level card
big-boss-what-share = a share of { $company }
big-boss-what-tower = your { $kind ->
    [owner-flag] owner flag
   *[radio-tower] radio tower
}

big-boss-why-no-pieces = no building pieces are left in the supply
big-boss-why-found-pieces = founding needs more building pieces than the supply holds
big-boss-why-no-company = every company has been founded (acquired companies never return)
big-boss-why-spacing = a new company needs at least 3 empty spaces between it and every other company, on both sides
big-boss-why-include-card = the three spaces must include space { $card }
big-boss-why-triple-empty = the three spaces must be empty
big-boss-why-double-space = the fourth piece goes on one of the founding spaces { $start }-{ $end }
big-boss-why-on-board = is already on the board
big-boss-why-gone = was acquired and never returns
big-boss-why-not-in-merger = is not part of this merger ({ $join ->
    [yes] the piece joins
   *[no] it is between
} { $left } and { $right })
big-boss-why-not-founded = is not on the board; shares are bought only in founded companies
big-boss-why-no-shares-left = has no shares left in its pile
big-boss-why-tower-taken = already carries { $seat }'s { $kind ->
    [owner-flag] owner flag
   *[radio-tower] radio tower
}; each company takes only one
big-boss-why-none-to-sell = you hold no share of it to sell (towers cannot be sold)
big-boss-why-level-goes = a level card goes on a space with 1 to 4 pieces; this one has { $height }
big-boss-why-storey-goes = a storey-{ $storey } card goes on a space with exactly { $below ->
    [one] { $below } piece
   *[other] { $below } pieces
}; this one has { $height }
big-boss-why-level-needs = a level card needs a space with 1 to 4 pieces
big-boss-why-storey-needs = a storey-{ $storey } card needs a space with exactly { $below ->
    [one] { $below } piece
   *[other] { $below } pieces
}

big-boss-step-turn = start your turn: buy a card, play a card, or (if you can do neither) sell shares and pass
big-boss-step-selling = after selling you may only sell more shares or pass
big-boss-step-triple = choose the three founding spaces
big-boss-step-double = choose the space for the fourth founding piece
big-boss-step-company = choose the company to found
big-boss-step-level = choose the space for the level card's piece
big-boss-step-join = choose which company gets the connecting piece
big-boss-step-survivor = prices are equal: choose the acquiring company
big-boss-step-invest = buy up to 2 shares, place a tower, or end the turn
big-boss-list = { $head }, { $tail }
big-boss-empty = {""}

## Money, the score table and the holdings (crates/bigboss/src/present.rs, describe.rs;
## web/view.js). $amount is a number: each language groups its digits as it writes them.

# Money, in millions of dollars.
big-boss-money = ${ $amount }M
# A column of the score table; $kind is the rule set's tower.
big-boss-score-column = { $column ->
    [money] money
    [shares] shares
    [towers] { $kind ->
        [owner-flag] flags
       *[radio-tower] towers
    }
    [cards] cards
   *[total] total
}
big-boss-score-note-modern = shares: price × shares held; towers: 3 × the price of each company carrying your radio tower; cards: +5 per industry card and +10 per level card left in hand. Equal totals go to the player who placed more radio towers.
big-boss-score-note-classic = shares: price × shares held; flags: 3 × the price of each company carrying your owner flag; cards: −5 for every card left in hand (the Classic penalty). Equal totals share the title.
big-boss-held-money = Money
big-boss-held-shares = Shares of { $company }
big-boss-held-towers = { $kind ->
    [owner-flag] Owner flags placed
   *[radio-tower] Radio towers placed
}
big-boss-held-hand = Cards in hand
big-boss-held-levels = Level cards
# A company's share price, beside its name.
big-boss-price = ${ $price }

## The lobby's note on each bot level (the same words as LEVEL_NOTES in src/evaluate.rs).

big-boss-bot-note-random = any legal move, at random
big-boss-bot-note-heuristic = plans its whole turn; beat random in 40 games of 40
big-boss-bot-note-easy = beats heuristic about 7 games in 10, or more
big-boss-bot-note-normal = beats easy about 6 games in 10 (measured in Modern)
# Whose tower a company carries.
big-boss-tower-owner = { $tower }: { $name }
# A space of the board: its number, the company on it and its height.
big-boss-space-title = Space { $space }: { $company }, { $count ->
    [one] one piece
   *[other] { $count } pieces
}
# What a card of the hand does now, in a word ($use: level, stack, extend, merge, found).
big-boss-card-short = { $use ->
    [level] level
    [stack] stack
    [extend] extend
    [merge] merge
   *[found] found
}
# The cards played so far, by number (L: a level card).
big-boss-discard-title = Played: { $cards }

## The terminal (crates/bigboss/src/terminal.rs, present.rs): the table `boardroom play`
## draws, its help, the configuration's line and the final score table. $kind: "radio-tower"
## or "owner-flag", as above.

big-boss-term-config = Big Boss ({ $edition }), { $players } players
big-boss-term-company = company
big-boss-term-price = price
big-boss-term-shares = shares
big-boss-term-owner = { $kind ->
    [owner-flag] owner
   *[radio-tower] tower
}
big-boss-term-acquired = acquired: { $companies }
big-boss-term-pieces = pieces { $count }
big-boss-term-deck = deck { $count }
big-boss-term-levels = level cards { $count }
big-boss-term-discard = discard { $count }
big-boss-term-row = face-up row: { $cards }
big-boss-term-player = player
big-boss-term-money = money
big-boss-term-cards = cards
big-boss-term-towers = { $kind ->
    [owner-flag] flags
   *[radio-tower] towers
}
big-boss-term-known = known cards: { $cards }
big-boss-term-hand = { $name }'s hand: { $cards }
big-boss-term-help =
    Type the number of a move from the list, or the move itself in notation:
      buy deck | buy 23 | buy level | play 23 | play L | play L3 | found 21 | double 22
      hq Regent | at 17 | join Lunar | survivor Regent | share Regent | tower | end | sell Regent | pass
    Company names may be shortened to a unique prefix (Re, Lu, Ea, Ki, Li, At, Co, Su).
