// The final scores, drawn from the state's `scores` (the game's score table), with the
// rematch buttons under them.
import { $, h, cap } from "./dom.js";
import { t as tr } from "./i18n.js";

/** What the winner is called: the game's title without its own article ("The Boss" makes
 * "Green is the Boss!", "Big Boss" makes "Red is the Big Boss!"). */
function winnerTitle(ctx) {
  return ctx.table ? ctx.table.title.replace(/^the\s+/i, "") : tr("scores-winner");
}

/** Fills the final box from `ctx.state.scores`; returns whether there are scores. */
export function renderScores(ctx) {
  const table = ctx.state && ctx.state.scores;
  if (!table) return false;
  const winners = table.rows.filter((r) => r.winner).map((r) => r.name);
  $("#final-title").textContent = winners.length > 1 ? tr("scores-shared", { names: winners.join(" & ") })
    : winners.length === 1 ? tr("scores-won", { name: winners[0], title: winnerTitle(ctx) }) : tr("table-final-scores");
  const rows = table.rows.map((r) => h("tr", { class: r.winner ? "winner" : "", "data-seat": r.seat },
    h("td", {}, (r.winner ? "★ " : "") + r.name + (r.seat === ctx.you ? ` ${tr("scores-you")}` : "")),
    r.cells.map((c) => h("td", {}, c))));
  $("#final-body").replaceChildren(h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": tr("table-final-scores") }, h("table", { id: "scores" },
    h("thead", {}, h("tr", {}, h("th", {}, tr("scores-player")), table.columns.map((c) => h("th", {}, cap(c))))),
    h("tbody", {}, rows))),
    table.note ? h("p", { class: "hint note" }, table.note) : null);
  return true;
}
