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
