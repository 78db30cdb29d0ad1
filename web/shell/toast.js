// The message box at the bottom of the page: refusals (red) and information (green).
import { $ } from "./dom.js";

let timer = null;

/** Shows `text` for a few seconds; `info` for news rather than a refusal. */
export function toast(text, info) {
  const t = $("#toast");
  t.textContent = text;
  t.className = "toast show" + (info ? " info" : "");
  clearTimeout(timer);
  timer = setTimeout(() => (t.className = "toast"), info ? 2500 : 6000);
}
