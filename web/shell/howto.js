// The "How to play" panel of the lobby and the table: the HTML fragment a game ships
// (`/assets/games/<id>/howto.html`, from its crate's web assets) in a modal dialog that Esc,
// its close button or a click outside closes. A game without a fragment gets a short note.
// A fragment's sections may list the rules they explain (`data-rules="§9 §9.2 R-30"`): a
// refusal naming one of those rules in words ("rule 9.2", "ruling R-30"; in German "Regel 9.2",
// "Regelentscheidung R-30") links to its section (`linkRules`).
import { h } from "./dom.js";
import { t as tr } from "./i18n.js";

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
      h("h2", { id: "howto-title" }, tr("howto-open")),
      h("button", { type: "button", id: "howto-close", class: "close", "aria-label": tr("howto-close"),
        onclick: () => d.close() }, "✕")),
    h("div", { id: "howto-body", class: "howto-body", tabindex: "0" }));
  // A click on the backdrop (the dialog element itself, outside its content) closes it too.
  d.addEventListener("click", (ev) => {
    if (ev.target === d) d.close();
  });
  document.body.append(d);
  return d;
}

/** The rule references a refusal names in words: "rule 9.2", "ruling R-30", "decision D-12",
 * in German "Regel 9.2", "Regelentscheidung R-30", "Festlegung D-12" (the id is the rest of
 * the match: `9.2`, `R-30`, `D-12`). A language whose refusals name rules adds its words here. */
const RULE =
  /\b(?:rule|Regel) (\d+(?:\.\d+)*)\b|\b(?:ruling|Regelentscheidung) (R-\d+)\b|\b(?:decision|Festlegung) (D-\d+)\b/g;

/** The id a fragment's `data-rules` lists for a match of `RULE`: `§9.2`, `R-30`, `D-12`. */
const ruleId = (m) => (m[1] ? `§${m[1]}` : m[2] || m[3]);

/** The id of the section of game `id`'s fragment that explains `rule`: the element whose
 * `data-rules` lists it or, failing that, the rule it is part of (`§9` for `§9.2`); null when
 * the fragment has none. */
export async function ruleSection(id, rule) {
  let html = null;
  try {
    html = await fragment(id);
  } catch {
    html = null;
  }
  if (!html) return null;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const listed = [...doc.querySelectorAll("[id][data-rules]")];
  for (let r = rule; r; r = r.includes(".") ? r.slice(0, r.lastIndexOf(".")) : null) {
    const el = listed.find((e) => e.getAttribute("data-rules").split(/\s+/).includes(r));
    if (el) return el.id;
  }
  return null;
}

/**
 * Makes the rule references in `el`'s text links that open game `id`'s panel at the section
 * explaining them (only those its fragment explains; the rest stay text). The text is left
 * alone if it changed meanwhile.
 */
export async function linkRules(el, id, title, edition) {
  const text = el.textContent;
  const refs = [...new Set([...text.matchAll(RULE)].map(ruleId))];
  if (!refs.length) return;
  const sections = new Map();
  for (const r of refs) {
    const s = await ruleSection(id, r);
    if (s) sections.set(r, s);
  }
  if (!sections.size || el.textContent !== text) return;
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(RULE)) {
    const section = sections.get(ruleId(m));
    if (!section) continue;
    parts.push(text.slice(at, m.index));
    parts.push(h("a", { href: `#${section}`, class: "rule-link", "data-rule": ruleId(m), "data-section": section,
      title: tr("howto-rule-link"),
      onclick: (ev) => { ev.preventDefault(); openHowto(id, title, edition, section); } }, m[0]));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  el.replaceChildren(...parts);
}

/**
 * Opens the panel for game `id` titled `title`; with `edition`, the parts of the fragment
 * marked `data-edition` for that edition are flagged as the rules of this table; with
 * `section`, the panel opens at the element of that id, marked.
 */
export async function openHowto(id, title, edition, section) {
  const d = dialog();
  d.querySelector("#howto-title").textContent = tr("howto-title", { title });
  const body = d.querySelector("#howto-body");
  body.replaceChildren(h("p", { class: "empty" }, tr("howto-loading")));
  if (!d.open) d.showModal();
  let html = null;
  try {
    html = await fragment(id);
  } catch {
    html = null;
  }
  if (html === null) {
    body.replaceChildren(h("p", { class: "empty" }, tr("howto-none", { title })));
    return;
  }
  // The fragment is a file of this server, embedded from the game's crate (no scripts).
  body.innerHTML = html;
  if (edition) {
    for (const el of body.querySelectorAll("[data-edition]")) {
      if (el.getAttribute("data-edition") === edition) {
        el.classList.add("this-edition");
        if (/^H[2-6]$/.test(el.tagName)) el.append(h("small", { class: "edition-note" }, ` · ${tr("howto-this-table")}`));
      }
    }
  }
  body.scrollTop = 0;
  d.querySelector("#howto-close").focus();
  const target = section ? body.querySelector(`#${CSS.escape(section)}`) : null;
  if (target) {
    target.classList.add("howto-target");
    target.scrollIntoView({ block: "start" });
  }
}
