// Leaderboards (/leaderboard) and profiles (/players/<player>): read from the JSON API and
// drawn with plain DOM and SVG.

const $ = (s) => document.querySelector(s);
const el = (tag, text, attrs = {}) => {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

let titles = {};

async function json(url) {
  const r = await fetch(url);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function boardName(b) {
  const title = titles[b.game] || b.game;
  return `${title} (${b.edition}), ${b.players} players`;
}

// A rating as shown: its number, with "?" while it is provisional.
function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

function ratingCell(r) {
  const td = el("td", ratingText(r));
  if (r.provisional) {
    td.className = "provisional";
    td.title = "Provisional: fewer rated games than needed for a settled rating";
  }
  return td;
}

async function leaderboard() {
  const { boards } = await json("/api/leaderboard");
  const select = $("#board");
  if (!boards.length) {
    $("#ladder-empty").hidden = false;
    $("#board-note").textContent = "No rated games have been played yet.";
    return;
  }
  boards.forEach((b, i) => select.append(el("option", boardName(b), { value: String(i) })));
  const params = new URLSearchParams(location.search);
  const wanted = boards.findIndex((b) => b.game === params.get("game")
    && b.edition === params.get("edition") && String(b.players) === params.get("players"));
  select.value = String(Math.max(wanted, 0));
  const show = async () => {
    const b = boards[Number(select.value)];
    const q = new URLSearchParams({ game: b.game, edition: b.edition, players: b.players });
    if (params.get("min_games")) q.set("min_games", params.get("min_games"));
    const board = await json(`/api/leaderboard?${q}`);
    const games = (n) => `${n} rated game${n === 1 ? "" : "s"}`;
    $("#board-note").textContent = `Players with at least ${games(board.min_games)}, `
      + `the last within ${board.active_days} days. A rating marked "?" is provisional `
      + `(fewer than ${board.provisional_games} games).`;
    const body = $("#ladder tbody");
    body.replaceChildren();
    for (const p of board.players) {
      const tr = el("tr");
      const name = el("td");
      name.append(el("a", p.name, { href: `/players/${encodeURIComponent(p.player)}` }));
      tr.append(el("td", p.rank), name, ratingCell(p), el("td", p.games), el("td", p.wins));
      body.append(tr);
    }
    $("#ladder-empty").hidden = board.players.length > 0;
  };
  select.addEventListener("change", show);
  await show();
}

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

// One board's rating after each game, as a line in an SVG plot.
function plot(board, points) {
  const w = 640, h = 200, pad = 36;
  const values = [points[0].rating_before, ...points.map((p) => p.rating)];
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 20) { lo -= 10; hi += 10; }
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(values.length - 1, 1);
  const y = (v) => h - pad + ((lo - v) * (h - 2 * pad)) / (hi - lo);
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "rating-plot", role: "img",
    "aria-label": `${boardName(board)}: rating from ${values[0]} to ${values[values.length - 1]} over ${points.length} games` });
  root.append(svg("line", { class: "axis", x1: pad, y1: h - pad, x2: w - pad, y2: h - pad }));
  root.append(svg("line", { class: "axis", x1: pad, y1: pad, x2: pad, y2: h - pad }));
  for (const v of [lo, hi]) {
    const t = svg("text", { x: 2, y: y(v) + 4 });
    t.textContent = String(Math.round(v));
    root.append(t);
  }
  root.append(svg("polyline", { class: "line",
    points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }));
  values.forEach((v, i) => {
    const c = svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3 });
    const tip = svg("title");
    tip.textContent = i === 0 ? `before: ${v}` : `after game ${i}: ${v}`;
    c.append(tip);
    root.append(c);
  });
  return root;
}

async function profile() {
  const player = decodeURIComponent(location.pathname.slice("/players/".length));
  let p;
  try {
    p = await json(`/api/players/${encodeURIComponent(player)}`);
  } catch (e) {
    $("#player-name").textContent = "No such player";
    $("#player-since").textContent = e.message;
    return;
  }
  document.title = `${p.name} — Boardroom`;
  $("#player-name").textContent = p.name;
  if (p.member_since) {
    $("#player-since").textContent = `Member since ${new Date(p.member_since).toLocaleDateString()}`;
  } else if (p.bot) {
    $("#player-since").textContent = "A bot level: its rating places it on the ladder.";
  }
  const body = $("#player-ratings tbody");
  for (const r of p.ratings) {
    const tr = el("tr");
    tr.append(el("td", `${titles[r.board.game] || r.board.game} (${r.board.edition})`),
      el("td", r.board.players), ratingCell(r), el("td", r.games), el("td", r.wins));
    body.append(tr);
  }
  $("#ratings-empty").hidden = p.ratings.length > 0;
  const byBoard = new Map();
  for (const h of p.history) {
    const key = JSON.stringify(h.board);
    if (!byBoard.has(key)) byBoard.set(key, []);
    byBoard.get(key).push(h);
  }
  for (const [key, points] of byBoard) {
    const board = JSON.parse(key);
    const fig = el("figure");
    fig.append(el("figcaption", boardName(board)), plot(board, points));
    $("#plots").append(fig);
  }
  const recent = $("#recent");
  for (const g of p.recent) {
    const li = el("li");
    const when = new Date(g.finished * 1000).toLocaleDateString();
    const what = `${boardName(g.board)}: ${g.won ? "won" : `place ${g.place}`}, `
      + `rating ${g.rating_before} → ${g.rating} (${when})`;
    if (g.replay) {
      li.append(el("a", what, { href: g.replay }));
    } else {
      li.append(el("span", `${what} (a private table)`));
    }
    recent.append(li);
  }
  if (!p.recent.length) recent.append(el("li", "No rated games yet.", { class: "empty" }));
}

async function main() {
  try {
    const games = await json("/api/games");
    for (const g of games.games || games) titles[g.id] = g.title;
  } catch (_) { /* the game ids stand in for their titles */ }
  if (location.pathname.startsWith("/players/")) await profile();
  else await leaderboard();
}

main();
