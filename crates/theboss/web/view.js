// The Boss in the browser: the eight positions with their chairs and who sits there, the decks,
// the Bank, a running auction or meeting with its tally, the offers waiting for an answer and
// the open long-term deals. Targets (as `Present::action_view` highlights them):
// `office:<n>` (move), `player:<seat>` (fire, meeting, show, offer to), `offer:<id>` (answer,
// withdraw, counter), `deal:<id>`, `deck:experience` / `deck:fate` (draw), `card:<card>`
// (auction a card in hand) and `fate:<seat>` (use, discard, auction the held Fate card). The
// shell marks them and plays the action (or offers a chooser); everything else is a button.

let h = null; // the shell's element helper, set on mount

const money = (n) => `$${Number(n || 0).toLocaleString("en-US")}`;

/** The seats sitting in position `n`. */
function sitting(obs, n) {
  return obs.players.map((p, s) => (p.job === n ? s : null)).filter((s) => s !== null);
}

function drawOffices(ctx) {
  const obs = ctx.obs, extra = ctx.extra;
  const rows = (extra.positions || []).slice().reverse().map((p) => {
    const here = sitting(obs, p.number);
    const chairs = [];
    for (let i = 0; i < p.chairs; i++) {
      const s = here[i];
      chairs.push(s === undefined ? h("span", { class: "chair free", title: "a free chair" }, "·")
        : h("span", { class: "chair", style: `background:${ctx.colour(s)}`, title: ctx.name(s) }, ctx.name(s)));
    }
    const req = p.requirements.map((r) => `${r.kind} ${r.years}y`).join(", ") || "nothing";
    return h("div", { class: "tb-office" + (p.executive ? " exec" : ""), "data-target": `office:${p.number}` },
      h("div", { class: "tb-office-head" }, h("b", {}, `${p.number} · ${p.title}`), h("span", { class: "salary" }, money(p.salary))),
      h("div", { class: "chairs" }, chairs),
      h("div", { class: "req" }, `needs ${req}` + (p.executive ? ` · ≥ ${p.min_shares} shares · card ${p.exec_points} pts` : "")));
  });
  return h("div", { class: "tb-offices" }, rows);
}

function cardChip(text, target, title) {
  return h("span", { class: "tb-card", "data-target": target, title: title || text }, text);
}

function drawTable(ctx) {
  const obs = ctx.obs, extra = ctx.extra, pub = obs.public;
  const decks = h("div", { class: "tb-decks" },
    h("div", { class: "tb-deck exp", "data-target": "deck:experience", title: "the Experience deck" },
      h("b", {}, "Experience"), h("span", {}, `${obs.experience_left} left`), h("small", {}, `${pub.experience_discards.length} discarded`)),
    h("div", { class: "tb-deck fate", "data-target": "deck:fate", title: "the Fate deck: the last card ends the game" },
      h("b", {}, "Fate"), h("span", {}, `${obs.fate_left} left`), h("small", {}, `${pub.fate_discards.length} discarded`)),
    h("div", { class: "tb-bank" }, h("b", {}, "Bank"), h("span", {}, `${pub.bank_shares} shares (${extra.bank_for_sale} for sale)`),
      h("small", {}, `Executive cards: ${pub.executive_bank.length}`)));
  const status = h("div", { class: "tb-status" },
    `Round ${pub.round} · ${ctx.name(extra.active)}: ${extra.step}` + (extra.floor ? " · the floor is open" : ""));
  const running = [];
  if (extra.auction) {
    const a = extra.auction;
    running.push(h("div", { class: "tb-running auction" }, h("b", {}, a.mandatory ? "Mandatory auction: " : "Auction: "),
      `${ctx.name(a.seller)} sells ${a.lot}; `, a.high ? `high bid ${money(a.high[1])} by ${ctx.name(a.high[0])}` : "no bid yet",
      a.caller !== null ? ` · ${ctx.name(a.caller)} to call (at least ${money(a.min_bid)})` : ""));
  }
  if (pub.meeting && extra.meeting) {
    const m = pub.meeting;
    const votes = m.votes.map((v, s) => (v ? `${ctx.name(s)} ${v}` : null)).filter(Boolean).join(", ");
    running.push(h("div", { class: "tb-running meeting" }, h("b", {}, "Stockholders' Meeting: "),
      `${ctx.name(m.caller)} moves to fire ${ctx.name(m.target)} (severance ${money(m.severance)}) · for ${extra.meeting.for} / against ${extra.meeting.against} shares`,
      votes ? ` · ${votes}` : ""));
  }
  const offers = (extra.offers || []).map((o) => h("div", { class: "tb-offer", "data-target": `offer:${o.id}` },
    h("b", {}, `Offer ${o.id}`), ` ${ctx.name(o.from)} → ${ctx.name(o.to)}: ${o.text}`));
  const deals = (extra.deals || []).map((d) => h("div", { class: "tb-deal" + (d.overdue ? " overdue" : ""), "data-target": `deal:${d.id}` },
    h("b", {}, `Deal ${d.id}`), ` ${ctx.name(d.promisor)} owes ${ctx.name(d.promisee)} ${d.text} by round ${d.due}` + (d.overdue ? " (overdue)" : ""),
    h("small", {}, ` · escrow: ${d.collateral}`)));
  const broken = pub.broken.length ? h("div", { class: "tb-broken" }, "Broken deals: " +
    pub.broken.map((b) => `${b.id} (${ctx.name(b.promisor)} to ${ctx.name(b.promisee)}, round ${b.round})`).join("; ")) : null;
  return h("div", { class: "tb-middle" }, status, decks, ...running,
    offers.length ? h("div", { class: "tb-list" }, h("h3", {}, "Offers waiting"), offers) : null,
    deals.length ? h("div", { class: "tb-list" }, h("h3", {}, "Long-term deals"), deals) : null, broken);
}

function drawPlayers(ctx) {
  const obs = ctx.obs, extra = ctx.extra, cards = extra.cards || { experience: [], executive: [] };
  return h("div", { class: "tb-players" }, obs.players.map((p, s) => {
    const info = (extra.players || [])[s] || {};
    const exp = p.experience.map((c) => cardChip(cards.experience[c], `card:${cards.experience[c]}`));
    const exec = p.executive.map((c) => cardChip(cards.executive[c], `card:${cards.executive[c]}`));
    const fate = p.fate ? cardChip(info.fate || "?", `fate:${s}`, info.fate ? `your Fate card ${info.fate}` + (p.fate.usable ? " (usable now)" : "") : "a face-down Fate card") : null;
    const where = p.job ? `position ${p.job}` : p.fired !== null ? ["FIRED", "MISSING 1ST TURN", "MISSING 2ND TURN"][p.fired] : "unemployed";
    return h("div", { class: "tb-player" + (s === ctx.you ? " you" : ""), "data-target": `player:${s}`, style: `border-color:${ctx.colour(s)}` },
      h("div", { class: "tb-player-head" }, h("b", {}, ctx.name(s)), h("span", {}, where + (p.lost_turns ? ` · loses ${p.lost_turns} turn(s)` : ""))),
      h("div", {}, `${money(p.cash)} · ${p.shares} shares · net worth ${money(info.net_worth)}`),
      h("div", { class: "tb-hand" }, exp.length ? exp : h("small", {}, "no Experience"), " ", exec, " ", fate));
  }));
}

export default {
  mount(ctx) {
    h = ctx.h;
    ctx.root.replaceChildren(h("div", { class: "tb-table", id: "tb-table", "aria-label": "The Boss: positions, players, decks and deals" }));
  },

  render(ctx) {
    const root = document.getElementById("tb-table");
    if (!root || !ctx.obs) return;
    root.replaceChildren(drawOffices(ctx), drawTable(ctx), drawPlayers(ctx));
  },

  seatColour(seat) {
    return ["#c0392b", "#2e6fd1", "#2e9d52", "#d4a20b"][seat] || "#777";
  },

  /** Bids, votes and steps are buttons; so is every action without a target. */
  button(action) {
    return action.highlights.length === 0 || action.notation.startsWith("offer ") || action.notation.startsWith("accept ") ||
      action.notation.startsWith("reject ");
  },

  decorate(button, action) {
    if (["end", "collect", "draw experience", "draw fate"].includes(action.notation) || action.notation.startsWith("accept ")) button.classList.add("primary");
  },

  hint(ctx) {
    return ctx.actions.length ? "Click a highlighted position, player, card, deck, offer or deal — or a button." : "";
  },

  playerInfo(seat, ctx) {
    const p = ctx.obs.players[seat];
    if (!p) return {};
    return { rows: [h("div", { class: "purses" }, `${money(p.cash)} · ${p.shares} sh`)] };
  },
};
