// Leaderboards (/leaderboard) and profiles (/players/<player>): read from the JSON API and
// drawn with plain DOM and SVG.

const $ = (s) => document.querySelector(s);
const el = (tag, text, attrs = {}) => {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

import { t as tr, date } from "./shell/i18n.js";

let titles = {};

async function json(url) {
  const r = await fetch(url);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function boardName(b) {
  const title = titles[b.game] || b.game;
  return tr("ratings-board", { game: title, edition: b.edition, players: b.players });
}

// A rating as shown: its number, with "?" while it is provisional.
function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

function ratingCell(r) {
  const td = el("td", ratingText(r));
  if (r.provisional) {
    td.className = "provisional";
    td.title = tr("ratings-provisional");
  }
  return td;
}

// A day (milliseconds since the epoch) as the page's language writes dates.
const day = date;

async function leaderboard() {
  const { boards } = await json("/api/leaderboard");
  const select = $("#board");
  if (!boards.length) {
    $("#ladder-empty").hidden = false;
    $("#board-note").textContent = tr("ratings-none-yet");
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
    $("#board-note").textContent = tr("ratings-board-note", {
      minGames: board.min_games, days: board.active_days, provisional: board.provisional_games,
    });
    const body = $("#ladder tbody");
    body.replaceChildren();
    for (const p of board.players) {
      const row = el("tr");
      const name = el("td");
      name.append(el("a", p.name, { href: `/players/${encodeURIComponent(p.player)}` }));
      row.append(el("td", p.rank), name, ratingCell(p), el("td", p.games), el("td", p.wins));
      body.append(row);
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
    "aria-label": tr("ratings-plot-label", { board: boardName(board), from: String(values[0]),
      to: String(values[values.length - 1]), games: points.length }) });
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
    tip.textContent = i === 0 ? tr("ratings-plot-before", { rating: String(v) })
      : tr("ratings-plot-after", { game: i, rating: String(v) });
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
    $("#player-name").textContent = tr("ratings-no-such-player");
    $("#player-since").textContent = e.message;
    return;
  }
  document.title = `${p.name} — Boardroom`;
  $("#player-name").textContent = p.name;
  if (p.member_since) {
    $("#player-since").textContent = tr("ratings-member-since", { date: day(p.member_since) });
  } else if (p.bot) {
    $("#player-since").textContent = tr("ratings-bot-level");
  }
  // Every finished game of an account, rated or not, per game and player count.
  const played = $("#player-games tbody");
  for (const g of p.games || []) {
    const row = el("tr");
    row.append(el("td", titles[g.game] || g.title), el("td", g.players), el("td", g.played), el("td", g.won));
    played.append(row);
  }
  $("#played-section").hidden = !(p.games || []).length;
  const body = $("#player-ratings tbody");
  for (const r of p.ratings) {
    const row = el("tr");
    const game = titles[r.board.game] || r.board.game;
    row.append(el("td", tr("ratings-board-short", { game, edition: r.board.edition })),
      el("td", r.board.players), ratingCell(r), el("td", r.games), el("td", r.wins));
    body.append(row);
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
    const args = { board: boardName(g.board), place: g.place, before: String(g.rating_before),
      after: String(g.rating), date: day(g.finished * 1000) };
    const what = tr(g.won ? "ratings-recent-won" : "ratings-recent-place", args);
    if (g.replay) {
      li.append(el("a", what, { href: g.replay }));
    } else {
      li.append(el("span", tr("ratings-private-table", { game: what })));
    }
    recent.append(li);
  }
  if (!p.recent.length) recent.append(el("li", tr("ratings-no-games"), { class: "empty" }));
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
