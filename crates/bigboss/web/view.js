// Big Boss in the browser: the 72-space loop as a square track (SVG) and, inside it, the
// share-price track, the companies and the cards (HTML laid over the board); the hand in the
// side column. Clickable things carry `data-target` (`space:23`, `company:Regent`, `card:46`,
// `row:46`, `deck`, `level`), as `Present::action_view` highlights them; the table page's
// shell marks and plays them.

const SVGNS = "http://www.w3.org/2000/svg";
const COMPANIES = ["Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit"];
const TAGS = { Regent: "Re", Lunar: "Lu", Eagle: "Ea", Kingdom: "Ki", Lion: "Li", Atlas: "At", Comet: "Co", Summit: "Su" };
// Companies whose colour needs dark text.
const LIGHT = new Set(["Eagle", "Lion", "Comet"]);
const CELL = 100;

let h = null; // the shell's element helper, set on mount
let t = null; // the page's messages (`big-boss-…`), set on mount

/** The column and row (0-18) of space s on the 19 x 19 ring, clockwise from the top left. */
function spaceCell(s) {
  const i = s - 1, side = Math.floor(i / 18), k = i % 18;
  if (side === 0) return [k, 0];
  if (side === 1) return [18, k];
  if (side === 2) return [18 - k, 18];
  return [0, 18 - k];
}

function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const kid of kids) if (kid) e.append(kid);
  return e;
}

function companyChip(name) {
  const c = document.createElement("span");
  c.className = "chip" + (LIGHT.has(name) ? " light" : "");
  c.style.background = `var(--c-${name})`;
  c.textContent = TAGS[name] || name;
  // A company's name, in every language.
  c.setAttribute("translate", "no");
  c.title = name;
  return c;
}

/** What the rule set calls a tower (`extra.tower_name`: radio tower, owner flag). */
/** What the rule set calls a tower, in the page's language (`count` of them). */
const towerWord = (ctx, count = 1) => t("big-boss-tower", { kind: ((ctx.extra && ctx.extra.tower_name) || "radio tower").replace(/ /g, "-"), count });

/** The first highlight of `action` of kind `kind` (`space`, `company`…), without the kind. */
function targetOf(action, kind) {
  const t = action.highlights.find((x) => x.startsWith(kind + ":"));
  return t ? t.slice(kind.length + 1) : null;
}

function starPath(cx, cy, r1, r2) {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? r2 : r1, a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += (i ? "L" : "M") + (cx + r * Math.cos(a)).toFixed(1) + " " + (cy + r * Math.sin(a)).toFixed(1);
  }
  return d + "Z";
}

/** The spaces the last action, and the actions since our last move while shown, touched. */
function recentSpaces(last, since) {
  const s = new Set();
  const entries = (since ? since.entries : []).concat(last ? [last] : []);
  for (const entry of entries) {
    for (const e of entry.events) {
      const d = e.detail;
      if (d.space) s.add(d.space);
      if (d.spaces) d.spaces.forEach((x) => s.add(x));
    }
  }
  return s;
}

/** Lights the three spaces a company founded from `start` would take. */
function preview(start, on) {
  for (let k = 0; k < 3; k++) {
    const s = ((start - 1 + k) % 72) + 1;
    const g = document.querySelector(`.space[data-space="${s}"]`);
    if (g) g.classList.toggle("preview", on);
  }
}

/** The founding action whose first space is `space`, if one is legal. */
function foundingAt(ctx, space) {
  return ctx.actions.find((a) => a.kind === "found" && a.args.space === Number(space));
}

/**
 * Whether the screen is narrow (a phone): the board is then too small to tap, so it shows
 * without clickable targets and every space, company and supply action is a prompt button
 * (at least 40×40 CSS pixels) instead.
 */
const narrow = () => window.matchMedia("(max-width: 620px)").matches;

/** `attrs` with `data-target` set to `target`, unless the screen is narrow. */
const boardTarget = (attrs, target) => (narrow() ? attrs : { ...attrs, "data-target": target });

function drawBoard(svgEl, ctx) {
  const obs = ctx.obs;
  const recent = recentSpaces(ctx.state.last, ctx.since);
  const bySpace = new Map(obs.board.map((e) => [e.space, e]));
  const hq = new Map();
  for (const c of obs.companies) if (c.hq) hq.set(c.hq, c);
  const nodes = [svg("rect", { x: 0, y: 0, width: 1900, height: 1900, rx: 40, fill: "#efe4c6" })];
  nodes.push(svg("rect", { x: 100, y: 100, width: 1700, height: 1700, rx: 16, fill: "#f7f1e1", stroke: "#d8cca9", "stroke-width": 3 }));
  for (let s = 1; s <= 72; s++) {
    const [col, row] = spaceCell(s);
    const x = col * CELL, y = row * CELL;
    const e = bySpace.get(s);
    const cls = ["space"];
    if (e) cls.push("built");
    if (e && LIGHT.has(e.company)) cls.push("light");
    if (recent.has(s)) cls.push("recent");
    const g = svg("g", boardTarget({ class: cls.join(" "), "data-space": s }, `space:${s}`));
    const fill = e ? `var(--c-${e.company})` : "#fbf6e8";
    g.append(svg("rect", { class: "cell", x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 10, fill }));
    const num = svg("text", { class: "num", x: x + 12, y: y + 28 });
    num.textContent = s;
    g.append(num);
    if (e) {
      const tag = svg("text", { class: "tag" + (LIGHT.has(e.company) ? " light" : ""), x: x + 50, y: y + 62, "text-anchor": "middle" });
      tag.textContent = TAGS[e.company];
      tag.setAttribute("translate", "no");
      g.append(tag);
      // Building floors, bottom up.
      for (let f = 0; f < Math.min(e.height, 6); f++) {
        g.append(svg("rect", { class: "floor", x: x + 14 + f * 12, y: y + 74, width: 10, height: 14, rx: 2 }));
      }
      if (e.height > 1) {
        const t = svg("text", { class: "num", x: x + 88, y: y + 88, "text-anchor": "end" });
        t.textContent = "×" + e.height;
        g.append(t);
      }
      const title = svg("title");
      title.textContent = t("big-boss-space-title", { space: s, company: e.company, count: e.height });
      g.append(title);
    }
    const c = hq.get(s);
    if (c) {
      g.append(svg("path", { d: starPath(x + 80, y + 22, 13, 6), fill: "#fff", stroke: "#222", "stroke-width": 2 }));
      if (c.tower !== undefined && c.tower !== null) {
        // The tower: a mast in the owner's colour with the owner's initial.
        g.append(svg("rect", { x: x + 56, y: y + 6, width: 16, height: 30, rx: 3, fill: `var(--p${c.tower})`, stroke: "#111", "stroke-width": 2 }));
        const t = svg("text", { x: x + 64, y: y + 28, "text-anchor": "middle", "font-size": 18, "font-weight": 800, fill: "#fff" });
        t.textContent = ctx.name(c.tower)[0];
        t.setAttribute("translate", "no");
        g.append(t);
      }
    }
    if (foundingAt(ctx, s)) {
      g.addEventListener("mouseenter", () => preview(s, true));
      g.addEventListener("mouseleave", () => preview(s, false));
    }
    nodes.push(g);
  }
  svgEl.replaceChildren(...nodes);
}

/** What lies next to space s, as a short hint for its card. */
function cardHint(s, board) {
  const at = (x) => board.find((e) => e.space === x);
  if (at(s)) return t("big-boss-card-built");
  const left = at(s === 1 ? 72 : s - 1), right = at(s === 72 ? 1 : s + 1);
  const names = [...new Set([left, right].filter(Boolean).map((e) => TAGS[e.company]))];
  return names.length ? t("big-boss-card-by", { names: names.join("+") }) : t("big-boss-card-open");
}

/** A card face (`target`: what clicking it plays); an industry card shows its space. */
function cardEl(card, target, board, inHand = false) {
  const level = card.startsWith("L");
  const label = level ? (card === "L" ? t("big-boss-card-level") : t("big-boss-card-storey", { storey: card.slice(1) })) : cardHint(Number(card), board);
  const attrs = { class: "card" + (level ? " level" : ""), "data-card": card };
  return h("div", inHand ? { ...attrs, "data-target": target } : boardTarget(attrs, target),
    h("span", { translate: "no" }, card), h("small", {}, label));
}

function drawInner(inner, ctx) {
  const obs = ctx.obs;
  const towerName = towerWord(ctx);
  const companies = new Map(obs.companies.map((c) => [c.name, c]));
  const cells = [];
  for (let p = 1; p <= 50; p++) {
    const here = obs.companies.filter((c) => c.status === "active" && c.price === p);
    cells.push(h("div", { class: "price-cell", "data-price": p }, String(p),
      h("div", { class: "markers" }, here.map((c) => companyChip(c.name)))));
  }
  const companyCards = COMPANIES.map((name) => {
    const c = companies.get(name);
    const status = c ? c.status : "unfounded";
    const lines = [];
    if (status === "active") {
      lines.push(h("div", { class: "detail" }, t("big-boss-company-price", { price: c.price, left: c.supply })));
      lines.push(h("div", { class: "detail" }, c.tower !== undefined && c.tower !== null ? t("big-boss-tower-owner", { tower: towerName, name: ctx.name(c.tower) }) : t("big-boss-company-hq", { space: c.hq })));
    } else if (status === "gone") {
      lines.push(h("div", { class: "detail" }, t("big-boss-company-acquired")));
    } else {
      lines.push(h("div", { class: "detail" }, t("big-boss-company-unfounded")));
    }
    return h("div", boardTarget({ class: `company ${status}`, "data-company": name }, `company:${name}`),
      h("div", { class: "head" }, companyChip(name), h("span", { class: "cname", translate: "no" }, name),
        status === "active" ? h("span", { class: "pr" }, t("big-boss-price", { price: c.price })) : null), lines);
  });
  const supply = [
    h("div", { class: "group" }, h("h3", {}, t("big-boss-deck")),
      h("div", boardTarget({ class: "card back", id: "deck", title: t("big-boss-deck-title") }, "deck"),
        String(obs.deck_size), h("small", {}, t("big-boss-deck-cards", { count: obs.deck_size })))),
  ];
  if (obs.edition === "modern") {
    supply.push(h("div", { class: "group" }, h("h3", {}, t("big-boss-row")),
      h("div", { class: "cards" }, obs.row.map((card) => cardEl(card, `row:${card}`, obs.board)))));
    supply.push(h("div", { class: "group" }, h("h3", {}, t("big-boss-levels")),
      h("div", boardTarget({ class: "card level", id: "level-stack" }, "level"),
        String(obs.level_stack), h("small", {}, t("big-boss-level-cards", { count: obs.level_stack })))));
  }
  const lastDiscard = obs.discard.slice(-1)[0];
  supply.push(h("div", { class: "group" }, h("h3", {}, t("big-boss-discard")),
    h("div", { class: "card", title: t("big-boss-discard-title", { cards: obs.discard.join(", ") }) },
      h("span", { translate: "no" }, lastDiscard || "–"), h("small", {}, t("big-boss-played", { count: obs.discard.length })))));
  supply.push(h("div", { class: "group" }, h("h3", {}, t("big-boss-pieces")),
    h("div", { class: "card" }, String(obs.pieces), h("small", {}, t("big-boss-in-supply")))));
  inner.replaceChildren(
    h("div", {}, h("h3", {}, t("big-boss-share-prices")), h("div", { class: "price-track" }, cells)),
    h("div", {}, h("h3", {}, t("big-boss-companies")), h("div", { class: "companies" }, companyCards)),
    h("div", { class: "supply-area" }, supply),
    h("div", { class: "center-title", translate: "no" }, "BIG BOSS"));
}

function drawHand(ctx) {
  const obs = ctx.obs;
  const panel = document.getElementById("hand-panel");
  if (!obs.hand) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  // In a replay the hand is that of the seat whose view is shown, not the reader's.
  document.getElementById("hand-title").textContent =
    ctx.replaying && ctx.you !== null ? t("big-boss-hand-of", { name: ctx.name(ctx.you) }) : t("big-boss-hand");
  const playable = new Set(ctx.actions.map((a) => targetOf(a, "card")).filter(Boolean));
  const order = (c) => parseInt(c.replace("L", "100"), 10) || 0;
  const cards = obs.hand.slice().sort((a, b) => order(a) - order(b));
  // What each card would do now, or why it cannot be played, as the game says (`extra.hand`).
  const notes = (ctx.extra && ctx.extra.hand) || {};
  document.getElementById("hand").replaceChildren(...(cards.length ? cards.map((c) => {
    const el = cardEl(c, `card:${c}`, obs.board, true);
    const note = notes[c];
    if (note) {
      el.querySelector("small").textContent = note.playable ? note.short : t("big-boss-cannot-play");
      el.title = note.playable ? t("big-boss-card-use", { card: c, use: note.use }) : t("big-boss-card-why", { card: c, why: note.why });
    }
    if ((note && !note.playable) || (playable.size && !playable.has(c))) el.classList.add("dead");
    return el;
  }) : [h("span", { class: "empty" }, t("big-boss-no-cards"))]));
}

export default {
  mount(ctx) {
    h = ctx.h;
    t = ctx.t;
    const board = svg("svg", { id: "board", viewBox: "0 0 1900 1900", role: "img", "aria-label": t("big-boss-board-label") });
    // On phones the board is wider than the screen and scrolls sideways in its own region,
    // which the keyboard can reach (view.css).
    ctx.root.replaceChildren(h("div", { class: "board-scroll", tabindex: "0", role: "region", "aria-label": t("big-boss-board") },
      h("div", { class: "board-wrap", id: "board-wrap" }, board, h("div", { class: "board-inner", id: "board-inner" }))));
    ctx.side.replaceChildren(h("section", { class: "panel hand", id: "hand-panel", hidden: true },
      h("h2", { id: "hand-title" }, t("big-boss-hand")), h("div", { class: "cards", id: "hand" })));
  },

  render(ctx) {
    drawBoard(document.getElementById("board"), ctx);
    drawInner(document.getElementById("board-inner"), ctx);
    drawHand(ctx);
  },

  seatColour: (seat) => `var(--p${seat})`,

  /** Cards are played from the hand; spaces are clicked on the board when there are many. */
  button(action, ctx) {
    if (targetOf(action, "card")) return false;
    if (targetOf(action, "space")) return narrow() || ctx.actions.filter((a) => targetOf(a, "space")).length <= 12;
    return true;
  },

  decorate(button, action, ctx) {
    const company = targetOf(action, "company");
    if (company) button.prepend(companyChip(company));
    if (action.kind === "end") button.classList.add("primary");
    const space = targetOf(action, "space");
    if (space && foundingAt(ctx, space) === action) {
      button.addEventListener("mouseenter", () => preview(Number(space), true));
      button.addEventListener("mouseleave", () => preview(Number(space), false));
    }
  },

  /** A card of the hand that cannot be played may still be clicked: the server names the rule. */
  attempt(target, ctx) {
    if (!target.startsWith("card:") || !ctx.actions.some((a) => targetOf(a, "card"))) return null;
    return "play " + target.slice(5);
  },

  hint(ctx) {
    const p = ctx.obs.phase;
    if (p.step === "over") return p.reason === "all_passed" ? t("big-boss-hint-all-passed") : t("big-boss-hint-last-piece");
    if (!ctx.actions.length) return ctx.you === null ? t("big-boss-hint-watching") : t("big-boss-hint-wait");
    switch (p.step) {
      case "turn": return t("big-boss-hint-turn");
      case "choose_triple": return t("big-boss-hint-triple");
      case "choose_level_space": return t("big-boss-hint-level-space");
      case "choose_join": return t("big-boss-hint-join");
      default: return "";
    }
  },

  playerInfo(seat, ctx) {
    const obs = ctx.obs;
    const p = obs.players[seat];
    if (!p) return {};
    const tower = towerWord(ctx);
    const towers2 = towerWord(ctx, 2);
    // Companies by name, whatever order the observation lists them in.
    const shares = Object.entries(p.shares).filter(([, n]) => n > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([c, n]) =>
      h("span", { title: t("big-boss-shares-of", { count: n, company: c }) }, companyChip(c), "×" + n));
    const towers = obs.companies.filter((c) => c.tower === seat).map((c) => h("span", { title: t("big-boss-tower-on", { tower, company: c.name }) }, "▲", companyChip(c.name)));
    return {
      badge: h("span", { class: "money", title: t("big-boss-money-title") }, t("big-boss-money", { amount: p.money })),
      rows: [
        h("div", { class: "row2" },
          h("span", {}, t("big-boss-hand-size", { count: p.hand_size }) + (p.level_cards ? ` ${t("big-boss-hand-levels", { count: p.level_cards })}` : "")),
          h("span", {}, `· ${p.towers_placed}/2 ${towers2}`),
          p.known.length ? h("span", { title: t("big-boss-known-title") }, `· ${t("big-boss-known", { cards: p.known.join(", ") })}`) : null),
        shares.length || towers.length ? h("div", { class: "row2" }, shares, towers) : null,
      ],
    };
  },
};
