// The "How to play" panel of the lobby and the table: the HTML fragment a game ships
// (`/assets/games/<id>/howto.html`, from its crate's web assets) in a modal dialog that Esc,
// its close button or a click outside closes. A game without a fragment gets a short note.
import { h } from "./dom.js";

const fragments = new Map();

/** The fragment of game `id` (cached), or null when the game ships none. */
async function fragment(id) {
  if (!fragments.has(id)) {
    const r = await fetch(`/assets/games/${encodeURIComponent(id)}/howto.html`);
    fragments.set(id, r.ok ? await r.text() : null);
  }
  return fragments.get(id);
}

/** The dialog, made once per page. */
function dialog() {
  let d = document.getElementById("howto");
  if (d) return d;
  d = h("dialog", { id: "howto", class: "howto panel", "aria-labelledby": "howto-title" },
    h("div", { class: "howto-head" },
      h("h2", { id: "howto-title" }, "How to play"),
      h("button", { type: "button", id: "howto-close", class: "close", "aria-label": "Close how to play",
        onclick: () => d.close() }, "✕")),
    h("div", { id: "howto-body", class: "howto-body", tabindex: "0" }));
  // A click on the backdrop (the dialog element itself, outside its content) closes it too.
  d.addEventListener("click", (ev) => {
    if (ev.target === d) d.close();
  });
  document.body.append(d);
  return d;
}

/**
 * Opens the panel for game `id` titled `title`; with `edition`, the parts of the fragment
 * marked `data-edition` for that edition are flagged as the rules of this table.
 */
export async function openHowto(id, title, edition) {
  const d = dialog();
  d.querySelector("#howto-title").textContent = `How to play ${title}`;
  const body = d.querySelector("#howto-body");
  body.replaceChildren(h("p", { class: "empty" }, "Loading…"));
  if (!d.open) d.showModal();
  let html = null;
  try {
    html = await fragment(id);
  } catch {
    html = null;
  }
  if (html === null) {
    body.replaceChildren(h("p", { class: "empty" }, `No rules summary is available for ${title} yet.`));
    return;
  }
  // The fragment is a file of this server, embedded from the game's crate (no scripts).
  body.innerHTML = html;
  if (edition) {
    for (const el of body.querySelectorAll("[data-edition]")) {
      if (el.getAttribute("data-edition") === edition) {
        el.classList.add("this-edition");
        if (/^H[2-6]$/.test(el.tagName)) el.append(h("small", { class: "edition-note" }, " · this table"));
      }
    }
  }
  body.scrollTop = 0;
  d.querySelector("#howto-close").focus();
}
