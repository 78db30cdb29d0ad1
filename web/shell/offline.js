// While the table's connection is down the page says so plainly and every control is
// disabled (nothing could reach the server); they come back when the connection resumes.
import { $ } from "./dom.js";

/** Marks the page offline (`true`) or back (`false`). */
export function setOffline(on) {
  document.body.classList.toggle("offline", on);
  $("#offline").hidden = !on;
  if (on) {
    const chooser = document.getElementById("chooser");
    if (chooser) chooser.remove();
    for (const el of document.querySelectorAll("button, input, select, textarea")) {
      if (!el.disabled) {
        el.disabled = true;
        el.setAttribute("data-offline", "");
      }
    }
  } else {
    for (const el of document.querySelectorAll("[data-offline]")) {
      el.disabled = false;
      el.removeAttribute("data-offline");
    }
  }
}

/** Whether the page is offline now. */
export const isOffline = () => document.body.classList.contains("offline");
