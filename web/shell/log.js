// The log panel: each accepted action with its events as sentences, newest first.
import { $, h } from "./dom.js";

/** Draws `entries` (LogEntry objects); `name(seat)` and `colour(seat)` name and colour seats.
 * An entry by the table's clock (`by: "clock"`, a timeout) has no seat. */
export function renderLog(entries, name, colour) {
  const items = entries.slice(-120).reverse().map((e) => {
    const clock = e.by === "clock";
    const who = clock ? "Clock" : name(e.seat);
    const lines = e.events.length ? e.events.map((x) => h("div", {}, x.text)) : [h("div", {}, `${who}: ${e.action}`)];
    const style = clock ? "border-left-color:var(--muted, #888)" : `border-left-color:${colour(e.seat)}`;
    return h("li", { style }, lines, h("div", { class: "act" }, `${who} · ${e.action}`));
  });
  $("#log").replaceChildren(...items);
}
