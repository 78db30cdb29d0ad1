// The lobby's account panel: asking for a sign-in link, redeeming it (the link's page is
// /signin#k=TOKEN: the token stays in the fragment, which is never sent to the server) or
// signing in with a passkey (./passkeys.js), the account signed in with its passkeys and
// signing out here or everywhere, and "My games": every table the
// account sits at, from any device, with whose turn it is, and the invitations it may accept or
// decline.
import { $, h as el } from "./shell/dom.js";
import { toast } from "./shell/toast.js";
import { myTables } from "./shell/clocks.js";
import { t as tr, lang, date } from "./shell/i18n.js";
import { refreshPasskeys, setUpPasskeys } from "./passkeys.js";

/** POSTs `body` as JSON to `path`: the answer's JSON, or an error carrying its message. */
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(answer.error || `the server answered ${r.status}`);
  return answer;
}

/** The seats this browser opened (the table pages it played at): theirs to claim. */
function openedSeats() {
  const out = [];
  for (const t of Object.values(myTables())) {
    for (const s of (t && t.seats) || []) {
      const token = s.opened && s.link && new URL(s.link, location.href).searchParams.get("k");
      if (token) out.push({ table: t.id, token });
    }
  }
  return out;
}

/** Shows the panel for `account` (null: signed out). */
function show(account) {
  $("#signin-form").hidden = account !== null || !!redeeming;
  $("#signed-in").hidden = account === null;
  $("#my-games").hidden = account === null;
  // The lobby's form offers invitations to a signed-in creator only.
  document.body.toggleAttribute("data-signed-in", account !== null);
  if (account) {
    $("#account-name").textContent = account.name;
    refreshGames();
    refreshPasskeys();
  }
}

let redeeming = null;

async function refresh() {
  const r = await fetch("/api/account");
  const me = r.ok ? await r.json() : { signed_in: false };
  setUpPasskeys(me.passkeys || null, signedIn);
  show(me.signed_in ? me.account : null);
}

/** "My games": the account's seats, those awaiting a move of ours first. */
async function refreshGames() {
  const r = await fetch("/api/account/games");
  if (!r.ok) return;
  const { games, sent } = await r.json();
  const rows = await Promise.all(games.map(async (g) => {
    if (g.finished || !g.link) return { g, s: null };
    try {
      const t = await fetch(`/api/tables/${encodeURIComponent(g.table)}`);
      return { g, s: t.ok ? await t.json() : null };
    } catch {
      return { g, s: null };
    }
  }));
  const ours = ({ g, s }) => s && !s.over && (s.to_act === g.seat || (s.clocks || []).some((c) => c.running && c.seat === g.seat));
  rows.sort((a, b) => Number(ours(b)) - Number(ours(a)));
  const sentRows = (sent || []).map(sentInvitation);
  $("#my-games-list").replaceChildren(...sentRows, ...rows.map((row) => {
    const { g, s } = row;
    if (g.state === "invited" || g.state === "declined") return invitation(g);
    let state;
    if (g.finished) state = tr("lobby-finished-state");
    else if (!s) state = tr("account-not-in-play");
    else if (s.over) state = tr("lobby-finished-state");
    else if (ours(row)) state = tr("lobby-your-turn");
    else state = s.to_act !== null && s.seats[s.to_act] ? tr("lobby-to-play", { name: s.seats[s.to_act].name }) : tr("lobby-turn", { turn: s.turn });
    const clocks = s && !s.over ? (s.clocks || []).filter((c) => c.seat === g.seat && c.ms_left !== undefined)
      .map((c) => ` · ${tr("account-your-clock", { minutes: Math.ceil(c.ms_left / 60000) })}`) : [];
    const title = (s && s.title) || g.game;
    const actions = [];
    if (g.link && !g.finished) actions.push(el("a", { class: "btn" + (ours(row) ? " primary" : ""), href: g.link }, tr("account-play")));
    if (g.replay || (s && s.over)) actions.push(el("a", { class: "btn", href: `/t/${g.table}` }, tr("lobby-replay")));
    return el("li", { class: "my-table" + (ours(row) ? " your-turn" : ""), "data-my-game": g.table },
      el("span", { class: "info" }, `${title} · ${g.table} · `, el("time", { class: "created" }, date(g.created * 1000)),
        ` · ${tr("lobby-seat-number", { number: g.seat + 1 })} · `, el("strong", { class: "whose" }, state), ...clocks),
      ...actions);
  }));
}

/** A row of "My games" for an invitation this account sent: waiting, or declined with the
 * seat's link to pass on to someone else. */
function sentInvitation(g) {
  const declined = g.state === "declined";
  const info = el("span", { class: "info" }, `${g.game} · ${g.table} · ${tr("lobby-seat-number", { number: g.seat + 1 })} · `,
    el("strong", { class: "whose" }, tr(declined ? "account-sent-declined" : "account-sent-waiting", { name: g.invitee })));
  const link = declined && g.link
    ? el("input", { readonly: "", value: new URL(g.link, location.href).href, "aria-label": tr("account-sent-link", { name: g.invitee }) })
    : null;
  return el("li", { class: "my-table", "data-sent": `${g.table}:${g.seat}` }, info, link);
}

/** A row of "My games" for an invitation: who invites, and its answer (or that it was declined). */
function invitation(g) {
  const info = el("span", { class: "info" }, `${g.game} · ${g.table} · ${tr("lobby-seat-number", { number: g.seat + 1 })} · `,
    el("strong", { class: "whose" }, g.state === "invited" ? tr("account-invited-by", { name: g.invited_by || "" }) : tr("account-declined")));
  if (g.state !== "invited") return el("li", { class: "my-table", "data-my-game": g.table }, info);
  const answer = (accept) => async () => {
    try {
      const r = await post(`/api/tables/${encodeURIComponent(g.table)}/invitation`, { seat: g.seat, accept });
      toast(tr(accept ? "account-accepted" : "account-declined"), true);
      if (accept && r.link) location.href = r.link;
      else refreshGames();
    } catch (e) {
      toast(e.message);
    }
  };
  return el("li", { class: "my-table your-turn", "data-my-game": g.table, "data-invitation": g.seat }, info,
    el("button", { type: "button", class: "btn primary", "data-accept": g.seat, onclick: answer(true) }, tr("account-accept")),
    el("button", { type: "button", class: "btn", "data-decline": g.seat, onclick: answer(false) }, tr("account-decline")));
}

async function redeem(event) {
  event.preventDefault();
  const name = $("#redeem-name").hidden ? undefined : $("#redeem-name-input").value;
  try {
    const answer = await post("/api/account/link", { token: redeeming, name });
    redeeming = null;
    history.replaceState(null, "", "/");
    $("#redeem-form").hidden = true;
    await signedIn(answer);
  } catch (e) {
    toast(e.message);
  }
}

/** Signed in (by a link or a passkey): the seats this browser holds go into the account, and
 * the panel shows it. */
async function signedIn(answer) {
  await post("/api/account/claim", { seats: openedSeats() }).catch(() => {});
  // The answer set the account's language: a page in another one is written again in it.
  if (answer.account.lang && answer.account.lang !== lang) {
    location.reload();
    return;
  }
  show(answer.account);
}

async function startRedeem(token) {
  redeeming = token;
  $("#redeem-form").hidden = false;
  $("#signin-form").hidden = true;
  try {
    const { account } = await post("/api/account/link/check", { token });
    $("#redeem-name").hidden = account;
    $("#redeem-text").textContent = tr(account ? "account-confirm-link" : "account-welcome");
  } catch (e) {
    $("#redeem-text").textContent = e.message;
    redeeming = null;
    history.replaceState(null, "", "/");
    $("#redeem-form").hidden = true;
    $("#signin-form").hidden = false;
  }
}

$("#signin-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const answer = await post("/api/account/link/request", { email: $("#signin-email").value });
    toast(answer.message);
  } catch (e) {
    toast(e.message);
  }
});
$("#redeem-form").addEventListener("submit", redeem);
// The account's language (its pages on every browser it signs in on, its e-mails): kept, then
// this page is written again in it.
$("#account-lang").addEventListener("change", async (event) => {
  try {
    await post("/api/account/lang", { lang: event.target.value });
    location.reload();
  } catch (e) {
    toast(e.message);
  }
});
$("#signout").addEventListener("click", async () => {
  await post("/api/account/signout", {}).catch((e) => toast(e.message));
  refresh();
});
$("#signout-everywhere").addEventListener("click", async () => {
  await post("/api/account/signout-everywhere", {}).catch((e) => toast(e.message));
  refresh();
});

const token = location.pathname === "/signin" && new URLSearchParams(location.hash.slice(1)).get("k");
if (token) startRedeem(token);
refresh();
setInterval(() => { if (!$("#my-games").hidden) refreshGames(); }, 5000);
