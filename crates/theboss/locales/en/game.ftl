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

## What the game writes in Rust: seats, the log's sentences, offers

the-boss-seat = { $colour ->
    [red] Red
    [blue] Blue
    [green] Green
    [yellow] Yellow
   *[none] Seat { $number }
}
the-boss-money = ${ $amount }
the-boss-lot-fate = a Fate card
the-boss-item-fate = the Fate card
the-boss-item-vote = a vote { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-item-fire = firing { $name }
the-boss-item-not-fire = not firing { $name }
the-boss-deliver-experience = an Experience card "{ $kind }"
the-boss-deliver-experience-kind = an Experience card of kind { $kind }
the-boss-deliver-executive = an { $card }
the-boss-deliver-executive-number = an Executive card #{ $number }
the-boss-offer-gives = gives { $give } for { $take }
the-boss-promise-deliver = to deliver { $what }
the-boss-promise-favour = the favour "{ $favour }"
the-boss-offer-promise = ; { $promisor } promises { $what } by the end of round { $round }
the-boss-offer-pledge = , pledging { $collateral }
the-boss-offer-cancels = ; cancels deal { $deal }
the-boss-offer-note = {" "}— "{ $note }"
the-boss-ending-set = { $name } owns a complete Executive set and wins
the-boss-ending-shares = { $name } owns more than half of the shares and wins
the-boss-ending-deck = the last Fate card was drawn: net worth decides
the-boss-skip-fired = fired
the-boss-skip-fired-second = fired: missing 2nd turn
the-boss-skip-losing = losing turns
the-boss-ev-turn = Round { $round }: { $name }'s turn
the-boss-ev-skipped = { $name } misses the turn ({ $reason })
the-boss-ev-disaster-over = { $name }'s Financial Disaster is over and its card is discarded
the-boss-ev-salary = { $name } collects a salary of ${ $amount }
the-boss-ev-executive-card = { $name } takes Executive card #{ $number } from the Bank
the-boss-ev-bought = { $name } buys { $shares } shares from the Bank for ${ $cost }
the-boss-ev-floor = { $name } opens the floor: everyone may deal
the-boss-ev-moved = { $name } moves from position { $from } to position { $to }
the-boss-ev-took-position = { $name } takes position { $to }
the-boss-ev-used = { $name } uses Fate card #{ $number }
the-boss-ev-fired-severance = { $by } fires { $name } (severance ${ $severance })
the-boss-ev-fired = { $by } fires { $name }
the-boss-ev-meeting = { $caller } calls a Stockholders' Meeting to fire { $target }
the-boss-ev-voted = { $name } votes { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
} with { $shares } shares
the-boss-ev-lobby-pass = { $name } passes in the lobbying
the-boss-ev-tally-fired = The meeting votes { $for } for and { $against } against: the executive is fired
the-boss-ev-tally-stays = The meeting votes { $for } for and { $against } against: the executive stays
the-boss-ev-discards = { $name } discards { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number }
the-boss-ev-discarded = { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number } is discarded
the-boss-ev-drew-card = { $name } draws { $deck ->
    [experience] Experience
   *[fate] Fate
} card #{ $number }
the-boss-ev-drew = { $name } draws a { $deck ->
    [experience] Experience
   *[fate] Fate
} card
the-boss-ev-paid-disaster = { $name } pays ${ $amount } for the Financial Disaster
the-boss-ev-losing-turns = { $name } will lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-ev-offered = Offer { $id }: { $from } to { $to }: { $offer }
the-boss-ev-countered = Offer { $id } (countering offer { $counters }): { $from } to { $to }: { $offer }
the-boss-ev-accepted-deal = Offer { $id } is accepted; long-term deal { $deal } opens
the-boss-ev-accepted = Offer { $id } is accepted
the-boss-ev-voided = Offer { $id } is void: { $reason }
the-boss-ev-rejected = Offer { $id } is rejected
the-boss-ev-withdrawn = Offer { $id } is withdrawn
the-boss-ev-expired = { $count ->
    [one] Unanswered offer { $ids } expires
   *[other] Unanswered offers { $ids } expire
}
the-boss-ev-shown-card = { $name } shows Fate card #{ $number } to { $to }
the-boss-ev-shown = { $name } shows the Fate card to { $to }
the-boss-ev-auction = { $name } auctions { $lot } from ${ $opening }
the-boss-ev-auction-mandatory = { $name } must auction { $lot } from ${ $opening }
the-boss-ev-bid = { $name } bids ${ $amount }
the-boss-ev-passed = { $name } passes
the-boss-ev-auction-sold = { $name } buys { $lot } for ${ $price }
the-boss-ev-auction-unsold = Nobody buys { $lot }
the-boss-ev-settled = Deal { $id } is settled; the collateral returns
the-boss-ev-released = Deal { $id }: the collateral is released
the-boss-ev-broke-walked = Deal { $id } is broken (the promisor walked away): the collateral goes to the promisee
the-boss-ev-broke-default = Deal { $id } is broken (declared in default): the collateral goes to the promisee
the-boss-ev-cancelled = Deal { $id } is cancelled; the collateral returns
the-boss-ev-deals-closed = Open deals close: { $defaulted } defaulted, { $returned } returned
the-boss-ev-time-offer = Time is up: offer { $id } is rejected unanswered
the-boss-ev-time-bid = Time is up for the bid: a pass
the-boss-ev-time-lobbying = Time is up: the lobbying closes
the-boss-ev-time-business = Time is up: Business Transactions end
the-boss-ev-commitment-lapsed = The promise to fire { $name } lapses: they left the job otherwise
the-boss-ev-game-over = Game over: { $ending }

## The prompt

the-boss-step = { $step ->
    [salary] collect salary
    [card] take an Executive card
    [stock] buy stock
    [business] business transactions
    [closing] closing auctions
    [draw] draw
   *[disaster] Financial Disaster
}
the-boss-prompt-over = The game is over: { $ending }
the-boss-prompt-high-bid = high bid ${ $bid } by { $name }
the-boss-prompt-no-bid = no bid yet
the-boss-prompt-auction = { $name }: bid at least ${ $min } for { $lot } sold by { $seller }, or pass — { $high }
the-boss-prompt-meeting = Stockholders' Meeting: { $caller } moves to fire { $target } (severance ${ $severance }).
the-boss-prompt-undeclared = {" "}Still to vote for, against or abstain: { $names }.
the-boss-prompt-lobbying = {" "}Caller and target may buy votes, then pass.
the-boss-prompt-after-meeting = { $name }: the meeting failed — call a meeting on another executive or stop
the-boss-prompt-disaster = { $name }: Financial Disaster — pay ${ $pay } or lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-prompt-pay-or-lose = { $name }: pay or lose turns
the-boss-prompt-draw = { $name }: draw a card from the Experience or the Fate deck (or discard the held Fate card first)
the-boss-prompt-closing = { $name }: the closing auctions run
the-boss-prompt-turn = { $name }'s turn ({ $step }): collect, buy, move, use cards, fire, deal, then end business
the-boss-prompt-floor = {" "}— the floor is open: everyone may deal
the-boss-prompt-offer = offer { $id } from { $from } to { $to }
the-boss-prompt-waiting = . Waiting for an answer: { $offers }

## The actions: labels and what they do

the-boss-do-collect = Collect the salary
the-boss-do-card = Take an Executive card
the-boss-do-card-effect = an { $card }, { $points } points
the-boss-do-buy = Buy { $count } shares
the-boss-do-buy-effect = ${ $cost } to the Bank
the-boss-do-open = Open the floor
the-boss-do-open-effect = everyone may deal
the-boss-do-move = Move to { $title } ({ $number })
the-boss-do-move-effect = salary ${ $salary }
the-boss-do-use = Use { $card }
the-boss-do-use-option = buy { $shares } shares at ${ $price }
the-boss-do-use-fate = Use the Fate card
the-boss-do-fire = Fire { $name }
the-boss-do-fire-effect = severance ${ $severance }
the-boss-do-meeting = Call a meeting to fire { $name }
the-boss-do-meeting-effect = the shareholders vote
the-boss-do-stop = Call no other meeting
the-boss-do-stop-effect = the Fire card is discarded
the-boss-do-vote = Vote { $vote ->
    [for] for
    [against] against
   *[abstain] abstain
}
the-boss-do-pass = Pass
the-boss-do-pass-auction = leave the auction
the-boss-do-pass-lobbying = end your lobbying
the-boss-do-pass-floor = make no more offers this turn
the-boss-do-bid = Bid ${ $amount }
the-boss-do-bid-effect = for { $lot }, paid if it wins
the-boss-do-pay = Pay ${ $amount }
the-boss-do-pay-effect = keep your turns
the-boss-do-lose = Lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
the-boss-do-lose-effect = keep your cash
the-boss-do-draw = Draw from the { $deck ->
    [experience] Experience
   *[fate] Fate
} deck
the-boss-do-draw-effect = { $count } left
the-boss-do-discard = Discard the Fate card
the-boss-do-discard-effect = face up
the-boss-do-end = End business
the-boss-do-end-effect = then draw a card
the-boss-do-offer = Offer to { $name }
the-boss-do-accept = Accept offer { $id }
the-boss-do-reject = Reject offer { $id }
the-boss-do-withdraw = Withdraw offer { $id }
the-boss-do-counter = Counter offer { $id }
the-boss-do-show = Show the Fate card to { $name }
the-boss-do-show-effect = only they see it
the-boss-do-auction-fate = Auction the Fate card
the-boss-do-auction = Auction { $lot }
the-boss-do-auction-effect = opening bid ${ $reserve }
the-boss-do-settle = Settle deal { $id }
the-boss-do-settle-effect = deliver and get the collateral back
the-boss-do-release = Release deal { $id }
the-boss-do-release-effect = return the collateral
the-boss-do-default = Declare deal { $id } in default
the-boss-do-default-effect = keep the collateral
the-boss-do-walkaway = Walk away from deal { $id }
the-boss-do-walkaway-effect = lose the collateral, keep the deliverable
the-boss-do-timeout = Time is up
the-boss-deal-favour = favour: "{ $favour }"

## Cards as players call them (titles as the data file writes them)

the-boss-exec-name = Executive card #{ $number } ({ $title })
the-boss-fate-job = Job Available: { $title } (#{ $number })
the-boss-fate-job-position = Job Available: position #{ $number }
the-boss-fate-bonus = Bonus card — ${ $amount }
the-boss-fate-option = Stock option: { $shares } shares at ${ $price }
the-boss-fate-fire = Fire card — severance ${ $severance }
the-boss-fate-disaster = Financial Disaster — pay ${ $pay } or lose { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
