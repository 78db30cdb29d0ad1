// The log panel: the whole game, grouped by turn (each turn headed with its number and the
// players who acted in it), newest first, each action with its events as sentences. Actions a
// player took back stay in the log, struck through. The notation of each action (what the
// record stores) is not shown: it is the entry's `data-notation`, for developers' tools.
import { $, h } from "./dom.js";
import { t as tr } from "./i18n.js";

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

/** Whether entry `e` has a seat (a clock's timeout of the game's has none). */
const seated = (e) => e.seat !== null && e.seat !== undefined;

/** The heading of a turn's group: `Turn 12 · Red`, naming every seat that acted in it (in the
 * order they first did) and no one when only the clock did. */
export function turnHead(group, name, turnWord = tr("log-turn")) {
  const seats = [];
  for (const e of group.entries) if (seated(e) && !seats.includes(e.seat)) seats.push(e.seat);
  // Seats' names are names, in every language.
  const who = seats.length ? [" · ", h("span", { class: "seat-name" }, seats.map(name).join(", "))] : [];
  return [`${turnWord} ${group.turn}`, ...who];
}

/** Who played entry `e` when it was not its seat's person, in words, or null. */
function playedBy(e, name) {
  if (!seated(e)) return e.by === "clock" ? tr("log-the-clock") : null;
  if (e.by === "clock") return tr("log-timed-out", { name: name(e.seat) });
  if (e.by === "standin") return tr("log-standin-played", { name: name(e.seat) });
  return null;
}

/** One entry: its events (or, when it had none, who played it and the action), a line saying
 * who played it when a stand-in or the clock did, and whether it was taken back; each text as
 * `words` puts it (the game's view may name what the text numbers). */
function entryItem(e, name, colour, words) {
  const clock = !seated(e);
  const proxy = seated(e) && (e.by === "clock" || e.by === "standin");
  const who = clock ? tr("log-the-clock") : name(e.seat);
  const lines = e.events.length ? e.events.map((x) => h("div", {}, words(x.text))) : [h("div", {}, h("span", { class: "seat-name" }, who), ": ", h("span", { class: "notation", translate: "no" }, words(e.action)))];
  const by = playedBy(e, name);
  const note = [by, e.undone ? tr("log-taken-back") : null].filter(Boolean).join(" · ");
  const style = clock ? "border-left-color:var(--muted, #888)" : `border-left-color:${colour(e.seat)}`;
  const cls = [e.undone ? "undone" : null, proxy ? "standin" : null].filter(Boolean).join(" ") || null;
  return h("li", { style, class: cls, "data-index": e.index, "data-by": e.by || null, "data-notation": e.action },
    lines, note ? h("div", { class: "by" }, note) : null);
}

/** Draws `entries` (LogEntry objects, oldest first); `name(seat)` and `colour(seat)` name and
 * colour seats, `words(text)` writes a text as the game's view would (unchanged by default),
 * `turnWord` is what the game calls a turn (`Round` in a game played in rounds). An entry by
 * the table's clock (`by: "clock"`, a timeout) has no seat. */
export function renderLog(entries, name, colour, words = (text) => text, turnWord = tr("log-turn")) {
  const items = groupByTurn(entries).reverse().map((g) =>
    h("li", { class: "turn", "data-turn": g.turn },
      h("div", { class: "turn-head" }, turnHead(g, name, turnWord)),
      h("ol", {}, g.entries.slice().reverse().map((e) => entryItem(e, name, colour, words)))));
  $("#log").replaceChildren(...items);
  $("#log-count").textContent = entries.length ? tr("log-count", { count: entries.length }) : "";
}
