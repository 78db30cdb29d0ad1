// The seats' clocks on the page: the server sends each seat's time left and whether it runs
// (`clocks` in `state`, and in the lobby's table summaries); the page counts the running ones
// down between messages. Shared by the table page and the lobby's list of my tables.
import { t as tr } from "./i18n.js";

/** A time left as a clock shows it: `9:58`, `1:05:03`, `2 d 03 h`. */
export function formatMs(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (d > 0) return tr("clock-days-hours", { days: d, hours: two(h) });
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

/** Counts down every `[data-clock]` element of the page from the clocks last received. */
export class ClockTicker {
  constructor() {
    this.clocks = new Map(); // key → { ms, running, at }
    setInterval(() => this.tick(), 250);
  }

  /** Takes the clocks of one table (`key`: the table, `list`: `[{seat, ms_left, running}]`). */
  set(key, list) {
    const at = performance.now();
    for (const c of list || []) this.clocks.set(`${key}:${c.seat}`, { ms: c.ms_left, running: c.running, at });
  }

  /** The time left now on the clock of `seat` at table `key` (null: no clock). */
  left(key, seat) {
    const c = this.clocks.get(`${key}:${seat}`);
    if (!c) return null;
    return c.running ? Math.max(0, c.ms - (performance.now() - c.at)) : c.ms;
  }

  /** Whether the clock of `seat` at table `key` runs. */
  running(key, seat) {
    const c = this.clocks.get(`${key}:${seat}`);
    return !!(c && c.running);
  }

  /** Writes every `[data-clock="key:seat"]` element's time. */
  tick() {
    for (const el of document.querySelectorAll("[data-clock]")) {
      const [key, seat] = el.dataset.clock.split(":");
      const ms = this.left(key, Number(seat));
      if (ms === null) continue;
      const text = formatMs(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("running", this.running(key, Number(seat)));
      el.classList.toggle("low", this.running(key, Number(seat)) && ms < 30000);
    }
  }
}

const STORE = "boardroom.tables";

/** The tables this browser holds seats at: `{ id: { id, title, seats: [{seat, name, kind, link}], spectator } }`. */
export function myTables() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch { return {}; }
}

/** Keeps `entry` (a table and the seats whose links this browser holds), merged with what is
 * known of it already. */
export function rememberTable(entry) {
  const all = myTables();
  const old = all[entry.id] || { id: entry.id, seats: [] };
  const seats = (old.seats || []).filter((s) => !(entry.seats || []).some((n) => n.seat === s.seat))
    .concat(entry.seats || []);
  all[entry.id] = { ...old, ...entry, seats };
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch { /* storage full or off */ }
}

/** Forgets table `id`. */
export function forgetTable(id) {
  const all = myTables();
  delete all[id];
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch { /* storage off */ }
}
