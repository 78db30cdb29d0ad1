// The log panel: the whole game, grouped by turn (each turn headed with its number and whose
// turn it is), newest first, each action with its events as sentences. Actions a player took
// back stay in the log, struck through.
import { $, h } from "./dom.js";

/** Consecutive entries of the same turn, oldest first. */
export function groupByTurn(entries) {
  const groups = [];
  for (const e of entries) {
    const last = groups[groups.length - 1];
    if (last && last.turn === e.turn) last.entries.push(e);
    else groups.push({ turn: e.turn, entries: [e] });
  }
  return groups;
}

/** One entry: its events (or the action when it had none), who played it and the notation,
 * each text as `words` puts it (the game's view may name what the text numbers). */
function entryItem(e, name, colour, words) {
  const clock = e.by === "clock" && (e.seat === null || e.seat === undefined);
  // A seat's move played in its person's place: the clock's when their time ran out, then
  // the stand-in's.
  const proxy = e.seat !== null && e.seat !== undefined && (e.by === "clock" || e.by === "standin");
  const who = clock ? "Clock" : name(e.seat) + (e.by === "clock" && proxy ? " (time ran out: stand-in)" : e.by === "standin" ? " (stand-in)" : "");
  const lines = e.events.length ? e.events.map((x) => h("div", {}, words(x.text))) : [h("div", {}, `${who}: ${words(e.action)}`)];
  const style = clock ? "border-left-color:var(--muted, #888)" : `border-left-color:${colour(e.seat)}`;
  const cls = [e.undone ? "undone" : null, proxy ? "standin" : null].filter(Boolean).join(" ") || null;
  return h("li", { style, class: cls, "data-index": e.index, "data-by": e.by || null, title: e.undone ? "taken back" : null },
    lines, h("div", { class: "act" }, `${who} · ${words(e.action)}${e.undone ? " · taken back" : ""}`));
}

/** Draws `entries` (LogEntry objects, oldest first); `name(seat)` and `colour(seat)` name and
 * colour seats, `words(text)` writes a text as the game's view would (unchanged by default).
 * An entry by the table's clock (`by: "clock"`, a timeout) has no seat. */
export function renderLog(entries, name, colour, words = (text) => text) {
  const items = groupByTurn(entries).reverse().map((g) => {
    const first = g.entries.find((e) => e.seat !== null && e.seat !== undefined);
    const whose = first ? name(first.seat) : "Clock";
    return h("li", { class: "turn", "data-turn": g.turn },
      h("div", { class: "turn-head" }, `Turn ${g.turn} · ${whose}`),
      h("ol", {}, g.entries.slice().reverse().map((e) => entryItem(e, name, colour, words))));
  });
  $("#log").replaceChildren(...items);
  $("#log-count").textContent = entries.length ? `${entries.length} actions` : "";
}
