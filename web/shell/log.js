// The log panel: each accepted action with its events as sentences, newest first.
import { $, h } from "./dom.js";

/** Draws `entries` (LogEntry objects); `name(seat)` and `colour(seat)` name and colour seats. */
export function renderLog(entries, name, colour) {
  const items = entries.slice(-120).reverse().map((e) => {
    const lines = e.events.length ? e.events.map((x) => h("div", {}, x.text)) : [h("div", {}, `${name(e.seat)}: ${e.action}`)];
    return h("li", { style: `border-left-color:${colour(e.seat)}` }, lines, h("div", { class: "act" }, `${name(e.seat)} · ${e.action}`));
  });
  $("#log").replaceChildren(...items);
}
