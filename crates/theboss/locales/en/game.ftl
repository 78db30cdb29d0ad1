# The Boss's words in the browser view (crates/theboss/web/view.js).

the-boss-round-word = Round
the-boss-table-label = The Boss: positions, players, decks and deals
the-boss-hint = Click a highlighted position, player, card, deck or deal — or use the panels below.
the-boss-experience-card = Experience card #{ $number }
the-boss-executive-card = Executive card #{ $number }
the-boss-fate-face-down = face-down Fate card
the-boss-position = position { $number }
the-boss-fired = { $state ->
    [0] FIRED
    [1] MISSING 1ST TURN
   *[2] MISSING 2ND TURN
}
the-boss-unemployed = unemployed
the-boss-free-chair = a free chair
the-boss-free = free
the-boss-years = { $count ->
    [one] { $kind } { $count } year
   *[other] { $kind } { $count } years
}
the-boss-nothing = nothing
the-boss-needs = needs { $requirements }
the-boss-exec-needs = ≥ { $shares } shares · card { $points } pts
the-boss-unemployment = Unemployment
the-boss-experience-deck = the Experience deck
the-boss-experience = Experience
the-boss-left = { $count } left
the-boss-discarded = { $count } discarded
the-boss-fate-deck = the Fate deck: the last card ends the game
the-boss-fate = Fate
the-boss-bank = Bank
the-boss-bank-shares = { $shares } shares ({ $sale } for sale)
the-boss-bank-executive = Executive cards: { $count }
the-boss-deal = Deal { $id }
the-boss-owes = { $promisor } owes { $promisee } { $what } by round { $round }
the-boss-overdue = (overdue)
the-boss-escrow-held = escrow held by { $name }: { $collateral }
the-boss-broken = Broken deals:
the-boss-broken-deal = { $id } ({ $promisor } to { $promisee }, round { $round })
the-boss-deals-title = Long-term deals and escrow
the-boss-fate-card = Fate card { $name }
the-boss-fate-card-usable = Fate card { $name } (usable now)
the-boss-fate-down-title = a face-down Fate card
the-boss-fate-known = Fate: { $name }
the-boss-fate-down = Fate (face down)
the-boss-loses-turns = loses { $count } turn(s)
the-boss-shares-worth = { $shares } shares · worth { $worth }
the-boss-no-experience = no Experience
the-boss-timer-offer = offer { $offer }: answer
the-boss-timer-bid = bid or pass
the-boss-timer-lobbying = meeting lobbying closes
the-boss-timer-business = business ends
the-boss-timer-in = { $what } in
the-boss-over = The game is over
the-boss-round = Round { $round }
the-boss-floor-open = the floor is open
the-boss-may-act = May act now: { $names }
the-boss-auction-mandatory = Mandatory auction
the-boss-auction = Auction
the-boss-sells = { $name } sells { $lot }.
the-boss-high-bid = High bid { $bid } by { $name }.
the-boss-no-bid = No bid yet.
the-boss-your-call = Your call: bid at least { $min } or pass.
the-boss-their-call = { $name } to call (at least { $min }).
the-boss-over-cash = more than your free cash ({ $cash })
the-boss-bid = Bid { $bid }
the-boss-pass = Pass
the-boss-your-bid = your bid
the-boss-bid-this = Bid this
the-boss-free-cash = your free cash { $cash }
the-boss-vote = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-deciding = deciding…
the-boss-no-vote = no vote
the-boss-vote-caller = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} (caller)
the-boss-vote-target = { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} (target)
the-boss-voter = { $shares } shares: { $note }
the-boss-meeting = Stockholders' Meeting
the-boss-motion = { $caller } moves to fire { $target } (severance { $severance }).
the-boss-tally = For { $for } · Against { $against } · Abstain { $abstain } shares — a tie keeps the target
the-boss-pass-lobbying = Pass (end my lobbying)
the-boss-accept = Accept
the-boss-reject = Reject
the-boss-counter = Counter…
the-boss-withdraw = Withdraw
the-boss-waits-you = waits for your answer
the-boss-waits-for = waits for { $name }
the-boss-offer = Offer { $id }
the-boss-offer-from = from { $from } to { $to }
the-boss-offers = Offers
the-boss-between-others = Between others:
the-boss-your-deals = Your long-term deals
the-boss-you-owe = you owe { $name } { $what } by round { $round }
the-boss-owes-you = { $name } owes you { $what } by round { $round }
the-boss-escrow = escrow: { $collateral }
the-boss-auction-fate = your Fate card ({ $name }, shown face up)
the-boss-n-shares = { $count } shares
the-boss-what-to-auction = what to auction
the-boss-opening-bid = opening bid
the-boss-auction-yours = Auction something of yours
the-boss-start-auction = Start the auction
the-boss-no-longer-held = (no longer held)
the-boss-your-fate = your Fate card ({ $name })
the-boss-fate-gone = Fate card (no longer held)
the-boss-no-commitment = no commitment
the-boss-commit-for = vote FOR in the meeting
the-boss-commit-against = vote AGAINST in the meeting
the-boss-commit-fire = fire { $name } this turn
the-boss-commit-not-fire = not fire { $name } this turn
the-boss-i-commit = I commit to
the-boss-they-commit = they commit to
the-boss-add-promise = add a long-term promise (with collateral in escrow)
the-boss-favour = favour
the-boss-cash = cash
the-boss-shares = shares
the-boss-an-experience-card = an Experience card
the-boss-an-executive-card = an Executive card
the-boss-none = none
the-boss-who-promises = who promises
the-boss-i-do = I do
the-boss-they-do = { $name } does
the-boss-what = what
the-boss-deliver = money, shares or cards
the-boss-a-favour = a favour (in words)
the-boss-due-round = due round
the-boss-collateral = Collateral { $name } puts in escrow:
the-boss-offer-to = offer to
the-boss-send-counter = Send the counter-offer to { $name }
the-boss-send-offer = Send the offer to { $name }
the-boss-clear = Clear
the-boss-counter-offer = Counter offer { $id }
the-boss-make-offer = Make an offer
the-boss-you-give = You give
the-boss-you-take = You take from { $name }
the-boss-note = note
the-boss-table-waits = The table waits for you.
the-boss-you-may-act = You may act now.
the-boss-nothing-to-do = Nothing to do for you now.
the-boss-offers-waiting = { $count ->
    [one] { $count } offer waits for your answer.
   *[other] { $count } offers wait for your answer.
}
the-boss-sh = { $shares } sh

## The lobby's options

the-boss-option-two-player-share-cap = Two player share cap
the-boss-option-two-player-share-cap-help = Two players only: the Bank sells at most the data file's cap of shares (1,200 in the shipped set)
