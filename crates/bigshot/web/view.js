// Big Shot in the browser: the auction spaces around the city, the districts with their lots,
// the cube picker and the bid field. A lot a won cube may go to carries `data-target="lot:<id>"`
// (as `Present::action_view` highlights placing actions); the table page's shell marks and
// plays it for the cube picked here. Everything else is a button in the prompt.

const LETTER = { red: "R", orange: "O", ivory: "I", purple: "P" };
const COLOUR_OF = { R: "red", O: "orange", I: "ivory", P: "purple" };

let h = null; // the shell's element helper, set on mount
let t = null; // the page's messages (`big-shot-…`), set on mount
let cube = null; // the colour picked for placing

/** A colour's name in the page's language. */
const colourName = (c) => t("big-shot-colour", { colour: c });

function cubeEl(letter) {
  const c = COLOUR_OF[letter] || "none";
  return h("span", { class: `cube c-${c}`, title: t("big-shot-cube", { colour: colourName(c) }) }, t("big-shot-cube-letter", { colour: c }));
}
const cubes = (text) => Array.from(text || "").map((l) => cubeEl(l));

/** The colour a placing action places, or null for other actions. */
function placedColour(action) {
  return action.kind === "place" ? action.args.colour : null;
}

/** The colours the player may place now. */
function placeable(ctx) {
  return [...new Set(ctx.actions.map(placedColour).filter(Boolean))];
}

/** The grid position (row, column, from 1) of each of `n` auction spaces in a ring. */
function ringCells(n) {
  const w = Math.max(3, Math.ceil((n + 4) / 4) + 1);
  const hgt = Math.max(3, Math.ceil((n + 4) / 2) - w);
  const cells = [];
  for (let c = 1; c <= w; c++) cells.push([1, c]);
  for (let r = 2; r < hgt; r++) cells.push([r, w]);
  for (let c = w; c >= 1; c--) cells.push([hgt, c]);
  for (let r = hgt - 1; r >= 2; r--) cells.push([r, 1]);
  return { w, hgt, cells: cells.slice(0, n) };
}

function seatOfColour(extra, colour) {
  const s = (extra.seat_colours || []).findIndex((cs) => cs.includes(colour));
  return s < 0 ? null : s;
}

function drawBoard(ctx) {
  const obs = ctx.obs, extra = ctx.extra, name = ctx.name;
  const board = extra.board;
  if (!board) return;
  const { w, hgt, cells } = ringCells(board.spaces);
  const root = document.getElementById("bs-board");
  root.style.setProperty("--cols", w);
  root.style.setProperty("--rows", hgt);
  const kids = cells.map(([r, c], i) => {
    const here = obs.spaces[i] || "";
    const broker = obs.broker === i + 1;
    return h("div", { class: "bs-space" + (broker ? " broker" : "") + (here ? "" : " empty"), style: `grid-row:${r};grid-column:${c}`,
      "data-space": i + 1, title: t(broker ? "big-shot-space-broker" : "big-shot-space", { space: i + 1 }) },
      h("span", { class: "num" }, String(i + 1)), broker ? h("span", { class: "broker-mark", title: t("big-shot-broker-title") }, `★ ${t("big-shot-broker")}`) : null,
      h("span", { class: "cubes" }, cubes(here)));
  });
  const byId = {};
  for (const l of obs.lots) byId[l.lot] = l;
  const districts = board.districts.map((d) =>
    h("div", { class: "district" }, h("h3", {}, t("big-shot-district", { name: d })),
      h("div", { class: "lots" }, board.lots.filter((l) => l.district === d).map((spec) => {
        const lot = byId[spec.id] || { cubes: "" };
        const owner = lot.owner ? seatOfColour(extra, lot.owner) : null;
        return h("div", { class: "lot" + (spec.park ? " park" : "") + (lot.sold ? " sold" : ""), "data-lot": spec.id,
          "data-target": `lot:${spec.id}`, title: t("big-shot-lot-title", { lot: spec.id, what: spec.park ? t("big-shot-park") : t("big-shot-worth", { value: spec.value }) }) },
          h("div", { class: "lot-head" }, h("b", { translate: "no" }, spec.id), h("span", { class: "value" }, spec.park ? "×2" : t("big-shot-money", { amount: spec.value }))),
          lot.sold
            ? h("div", { class: `sold-tag c-${lot.owner || "none"}`, title: lot.owner ? t("big-shot-sold-to", { colour: colourName(lot.owner), name: owner !== null ? name(owner) : t("big-shot-neutral") }) : t("big-shot-sold-nobody") },
              `${t("big-shot-sold")} `, lot.owner ? cubeEl(LETTER[lot.owner]) : null, h("small", {}, ` ${lot.owner ? (owner !== null ? name(owner) : t("big-shot-neutral")) : t("big-shot-nobody")}`))
            : h("div", { class: "cubes" }, cubes(lot.cubes)));
      }))));
  const status = h("div", { class: "round-info" },
    h("span", { class: "die", title: t("big-shot-die") }, obs.die ? String(obs.die) : "–"),
    h("span", {}, obs.phase.step === "over" ? t("big-shot-over", { round: obs.round }) : t("big-shot-round", { round: obs.round, rounds: board.spaces, name: name(obs.roller) })),
    obs.hand ? h("span", { class: "hand" }, `${t("big-shot-won-cubes")} `, cubes(obs.hand)) : null,
    obs.bid > 0 && obs.phase.step === "bidding" ? h("span", { class: "auction" }, t("big-shot-standing-bid", { bid: obs.bid, name: name(obs.bidder) })) : null,
    obs.passed.length && obs.phase.step === "bidding" ? h("span", {}, t("big-shot-passed-list", { names: obs.passed.map(name).join(", ") })) : null);
  kids.push(h("div", { class: "city", style: `grid-row:2 / ${hgt};grid-column:2 / ${w}` }, status, h("div", { class: "districts" }, districts)));
  root.replaceChildren(...kids);
}

/** A quick-bid button; disabled (and playing nothing) above the cash the player holds. */
function quickBid(amount, cash) {
  const over = cash !== undefined && cash !== null && amount > cash;
  return h("button", { type: "button", "data-act": over ? null : `bid ${amount}`, disabled: over,
    "data-quick-bid": amount, title: over ? t("big-shot-more-than", { cash }) : null }, t("big-shot-money", { amount }));
}

function phaseText(ctx) {
  const obs = ctx.obs, p = obs.phase, name = ctx.name;
  switch (p.step) {
    case "roll": return t("big-shot-phase-roll", { name: name(obs.roller) });
    case "loans": return t("big-shot-phase-loans", { name: name(p.seat) });
    case "bidding": return t("big-shot-phase-bidding", { name: name(p.seat) });
    case "pay": return t("big-shot-phase-pay", { name: name(p.seat) });
    case "place": return t("big-shot-phase-place", { name: name(p.seat) });
    default: return "";
  }
}

export default {
  mount(ctx) {
    h = ctx.h;
    t = ctx.t;
    ctx.root.replaceChildren(h("div", { class: "bs-board", id: "bs-board", "aria-label": t("big-shot-board-label") }));
  },

  render(ctx) {
    const colours = placeable(ctx);
    if (!colours.includes(cube)) cube = colours[0] || null;
    drawBoard(ctx);
  },

  /** A lot takes the cube picked in the prompt. */
  narrow(actions) {
    return actions.filter((a) => placedColour(a) === null || placedColour(a) === cube);
  },

  /** Placing is done on the city, bidding in the bid field: the rest are buttons. */
  button(action) {
    return action.kind !== "place" && action.kind !== "bid";
  },

  decorate(button, action) {
    if (action.kind === "roll") button.classList.add("primary");
  },

  /** Those who wait are told what the seat to act is deciding (the prompt goes to that seat). */
  hint(ctx) {
    return ctx.actions.length ? "" : phaseText(ctx);
  },

  promptExtras(ctx) {
    const obs = ctx.obs, extra = ctx.extra;
    const out = [];
    const bids = ctx.actions.some((a) => a.kind === "bid");
    if (bids || (ctx.actions.length && obs.phase.step === "bidding")) {
      const min = extra.min_bid || 1;
      if (extra.cash !== undefined) out.push(h("div", { class: "hint" }, t("big-shot-bid-range", { min, cash: extra.cash })));
      const input = h("input", { type: "number", id: "bid-input", min: 1, value: min, inputmode: "numeric", "aria-label": t("big-shot-bid-label") });
      const bid = () => ctx.play(`bid ${parseInt(input.value, 10) || 0}`);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") bid(); });
      out.push(h("div", { class: "bid-row" }, input,
        h("button", { type: "button", class: "primary", onclick: bid, id: "bid-btn", "data-bid": "" }, t("big-shot-bid")),
        ...[min + 1, min + 2].map((x) => quickBid(x, extra.cash))));
    }
    const colours = placeable(ctx);
    if (colours.length) {
      out.push(h("div", { class: "hint" }, t("big-shot-choose-cube")));
      out.push(h("div", { class: "cube-pick" }, colours.map((c) =>
        h("button", { type: "button", class: c === cube ? "on" : "", "data-cube": c, onclick: () => { cube = c; ctx.render(); } }, cubeEl(LETTER[c]), ` ${colourName(c)}`))));
    }
    return out;
  },

  playerInfo(seat, ctx) {
    const obs = ctx.obs, sc = ctx.extra.seat_colours || [];
    const colours = (sc[seat] || []).map((c) => obs.colours.find((x) => x.colour === c)).filter(Boolean);
    return {
      badge: obs.passed.includes(seat) && obs.phase.step === "bidding" ? h("small", { class: "passed" }, t("big-shot-passed")) : null,
      rows: [h("div", { class: "purses" }, colours.map((c) =>
        h("span", { class: "purse" }, cubeEl(LETTER[c.colour]), " ", c.coins === null || c.coins === undefined ? "?" : t("big-shot-money", { amount: c.coins }),
          c.ious ? ` · ${t("big-shot-ious", { count: c.ious })}` : "")))],
    };
  },

  playersExtra(ctx) {
    return ctx.obs.colours.filter((c) => c.seat === null).map((c) =>
      h("div", { class: "player neutral" }, h("div", { class: "row1" }, cubeEl(LETTER[c.colour]), ` ${t("big-shot-colour-neutral", { colour: colourName(c.colour) })}`)));
  },
};
