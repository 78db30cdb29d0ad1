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

/** Hides a refusal still shown (information stays until its time is up): the table moved on,
 * so the refusal no longer describes it. */
export function clearError() {
  const t = $("#toast");
  if (t.classList.contains("show") && !t.classList.contains("info")) {
    clearTimeout(timer);
    t.className = "toast";
  }
}
