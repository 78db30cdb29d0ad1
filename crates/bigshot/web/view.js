// Big Shot in the browser: the auction spaces around the city, the districts with their lots,
// the cube picker and the bid field. A lot a won cube may go to carries `data-target="lot:<id>"`
// (as `Present::action_view` highlights placing actions); the table page's shell marks and
// plays it for the cube picked here. Everything else is a button in the prompt.

const LETTER = { red: "R", orange: "O", ivory: "I", purple: "P" };
const COLOUR_OF = { R: "red", O: "orange", I: "ivory", P: "purple" };

let h = null; // the shell's element helper, set on mount
let cube = null; // the colour picked for placing

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function cubeEl(letter) {
  const c = COLOUR_OF[letter] || "none";
  return h("span", { class: `cube c-${c}`, title: `${c} cube` }, letter);
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
      "data-space": i + 1, title: `auction space ${i + 1}` + (broker ? " (broker)" : "") },
      h("span", { class: "num" }, String(i + 1)), broker ? h("span", { class: "broker-mark", title: "the broker" }, "★ broker") : null,
      h("span", { class: "cubes" }, cubes(here)));
  });
  const byId = {};
  for (const l of obs.lots) byId[l.lot] = l;
  const districts = board.districts.map((d) =>
    h("div", { class: "district" }, h("h3", {}, d),
      h("div", { class: "lots" }, board.lots.filter((l) => l.district === d).map((spec) => {
        const lot = byId[spec.id] || { cubes: "" };
        const owner = lot.owner ? seatOfColour(extra, lot.owner) : null;
        return h("div", { class: "lot" + (spec.park ? " park" : "") + (lot.sold ? " sold" : ""), "data-lot": spec.id,
          "data-target": `lot:${spec.id}`, title: `${spec.id}: ` + (spec.park ? "park, doubles the lots next to it" : `worth ${spec.value}M`) },
          h("div", { class: "lot-head" }, h("b", {}, spec.id), h("span", { class: "value" }, spec.park ? "×2" : `${spec.value}M`)),
          lot.sold
            ? h("div", { class: `sold-tag c-${lot.owner || "none"}`, title: lot.owner ? `sold to ${lot.owner}` + (owner !== null ? ` (${name(owner)})` : " (neutral)") : "sold to nobody" },
              "SOLD ", lot.owner ? cubeEl(LETTER[lot.owner]) : null, h("small", {}, lot.owner ? (owner !== null ? ` ${name(owner)}` : " neutral") : " nobody"))
            : h("div", { class: "cubes" }, cubes(lot.cubes)));
      }))));
  const status = h("div", { class: "round-info" },
    h("span", { class: "die", title: "the die" }, obs.die ? String(obs.die) : "–"),
    h("span", {}, obs.phase.step === "over" ? `The game is over after round ${obs.round}` : `Round ${obs.round} of ${board.spaces} · ${name(obs.roller)} rolls`),
    obs.hand ? h("span", { class: "hand" }, "Won cubes: ", cubes(obs.hand)) : null,
    obs.bid > 0 && obs.phase.step === "bidding" ? h("span", { class: "auction" }, `Standing bid ${obs.bid}M by ${name(obs.bidder)}`) : null,
    obs.passed.length && obs.phase.step === "bidding" ? h("span", {}, `Passed: ${obs.passed.map(name).join(", ")}`) : null);
  kids.push(h("div", { class: "city", style: `grid-row:2 / ${hgt};grid-column:2 / ${w}` }, status, h("div", { class: "districts" }, districts)));
  root.replaceChildren(...kids);
}

/** A quick-bid button; disabled (and playing nothing) above the cash the player holds. */
function quickBid(amount, cash) {
  const over = cash !== undefined && cash !== null && amount > cash;
  return h("button", { type: "button", "data-act": over ? null : `bid ${amount}`, disabled: over,
    "data-quick-bid": amount, title: over ? `more than your ${cash}M` : null }, `${amount}M`);
}

function phaseText(ctx) {
  const obs = ctx.obs, p = obs.phase, name = ctx.name;
  switch (p.step) {
    case "roll": return `${name(obs.roller)} is to roll the die`;
    case "loans": return `${name(p.seat)} may take a loan before the bidding`;
    case "bidding": return `${name(p.seat)} bids or passes`;
    case "pay": return `${name(p.seat)} chooses the colour that pays`;
    case "place": return `${name(p.seat)} places the won cubes`;
    default: return "";
  }
}

export default {
  mount(ctx) {
    h = ctx.h;
    ctx.root.replaceChildren(h("div", { class: "bs-board", id: "bs-board", "aria-label": "The city and the auction spaces around it" }));
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
      if (extra.cash !== undefined) out.push(h("div", { class: "hint" }, `Lowest bid ${min}M · you can bid up to ${extra.cash}M`));
      const input = h("input", { type: "number", id: "bid-input", min: 1, value: min, inputmode: "numeric", "aria-label": "your bid in millions" });
      const bid = () => ctx.play(`bid ${parseInt(input.value, 10) || 0}`);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") bid(); });
      out.push(h("div", { class: "bid-row" }, input,
        h("button", { type: "button", class: "primary", onclick: bid, id: "bid-btn", "data-bid": "" }, "Bid"),
        ...[min + 1, min + 2].map((x) => quickBid(x, extra.cash))));
    }
    const colours = placeable(ctx);
    if (colours.length) {
      out.push(h("div", { class: "hint" }, "Choose a cube, then click a highlighted lot."));
      out.push(h("div", { class: "cube-pick" }, colours.map((c) =>
        h("button", { type: "button", class: c === cube ? "on" : "", "data-cube": c, onclick: () => { cube = c; ctx.render(); } }, cubeEl(LETTER[c]), ` ${c}`))));
    }
    return out;
  },

  playerInfo(seat, ctx) {
    const obs = ctx.obs, sc = ctx.extra.seat_colours || [];
    const colours = (sc[seat] || []).map((c) => obs.colours.find((x) => x.colour === c)).filter(Boolean);
    return {
      badge: obs.passed.includes(seat) && obs.phase.step === "bidding" ? h("small", { class: "passed" }, "passed") : null,
      rows: [h("div", { class: "purses" }, colours.map((c) =>
        h("span", { class: "purse" }, cubeEl(LETTER[c.colour]), ` ${c.coins === null || c.coins === undefined ? "?" : c.coins + "M"}`,
          c.ious ? ` · ${c.ious} IOU${c.ious > 1 ? "s" : ""}` : "")))],
    };
  },

  playersExtra(ctx) {
    return ctx.obs.colours.filter((c) => c.seat === null).map((c) =>
      h("div", { class: "player neutral" }, h("div", { class: "row1" }, cubeEl(LETTER[c.colour]), ` ${cap(c.colour)} (neutral)`)));
  },
};
