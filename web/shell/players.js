// The players panel: one row per seat (name, person or bot, online, whose turn, a person's
// clock while the game goes on), with what the game's view adds (money, cards, shares…). A
// seat a stand-in bot plays says so, and its own person gets the one button that takes it back.
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

/** Draws the seats of `ctx.table`; `view.playerInfo(seat, ctx)` gives `{ badge, rows }`;
 * `takeSeat()` asks the server for our seat back from its stand-in. */
export function renderPlayers(ctx, view, takeSeat = () => {}) {
  const st = ctx.state;
  if (!st || !ctx.table) return;
  const clocks = new Map((st.clocks || []).map((c) => [c.seat, c]));
  const over = !st.to_act.length;
  const rows = ctx.table.seats.map((seat) => {
    const s = seat.seat;
    const kind = seat.standin ? tr("player-standin", { bot: seat.standin }) : seat.kind === "human" ? (seat.online ? tr("player-online") : tr("player-away")) : tr("player-bot", { bot: seat.kind });
    const info = view.playerInfo ? view.playerInfo(s, ctx) || {} : {};
    // A clock only where it may run: a person's seat while the game goes on (a bot's seat
    // and a finished game have clocks that never move).
    const clock = clocks.has(s) && seat.kind === "human" && !over
      ? h("span", { class: "seat-clock", "data-clock": `table:${s}`, title: tr("player-time-left") }) : null;
    const mine = s === ctx.you && !ctx.replaying;
    const back = seat.standin && mine
      ? h("div", { class: "standin-row" },
        h("span", {}, tr("standin-plays", { bot: seat.standin })),
        h("button", { type: "button", class: "primary", id: "take-seat", onclick: takeSeat }, tr("standin-take-back")))
      : null;
    return h("div", { class: "player" + (st.to_act.includes(s) ? " to-act" : "") + (s === ctx.you ? " you" : "") + (seat.standin ? " stood-in" : ""),
      style: `border-left-color:${ctx.colour(s)}`, "data-seat": s },
      h("div", { class: "row1" }, h("span", {}, h("span", { class: "seat-name" }, ctx.name(s)), s !== ctx.you ? "" : ` ${tr(ctx.replaying ? "players-viewing-as" : "scores-you")}`), h("span", { class: "kind" }, kind),
        clock, info.badge ? h("span", { class: "badge" }, info.badge) : null),
      back, info.rows || []);
  });
  const extra = view.playersExtra ? view.playersExtra(ctx) || [] : [];
  $("#players").replaceChildren(...rows, ...extra);
}
