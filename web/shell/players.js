// The players panel: one row per seat (name, person or bot, online, whose turn), with what the
// game's view adds (money, cards, shares…).
import { $, h } from "./dom.js";

/** Draws the seats of `ctx.table`; `view.playerInfo(seat, ctx)` gives `{ badge, rows }`. */
export function renderPlayers(ctx, view) {
  const st = ctx.state;
  if (!st || !ctx.table) return;
  const rows = ctx.table.seats.map((seat) => {
    const s = seat.seat;
    const kind = seat.kind === "human" ? (seat.online ? "online" : "away") : `bot · ${seat.kind}`;
    const info = view.playerInfo ? view.playerInfo(s, ctx) || {} : {};
    return h("div", { class: "player" + (st.to_act.includes(s) ? " to-act" : "") + (s === ctx.you ? " you" : ""),
      style: `border-left-color:${ctx.colour(s)}`, "data-seat": s },
      h("div", { class: "row1" }, h("span", {}, ctx.name(s) + (s !== ctx.you ? "" : ctx.replaying ? " (viewing as)" : " (you)")), h("span", { class: "kind" }, kind),
        info.badge ? h("span", { class: "badge" }, info.badge) : null),
      info.rows || []);
  });
  const extra = view.playersExtra ? view.playersExtra(ctx) || [] : [];
  $("#players").replaceChildren(...rows, ...extra);
}
