// Small DOM helpers shared by the shell and the games' view modules.

/** The first element matching `sel`. */
export const $ = (sel) => document.querySelector(sel);

/** An element: `h("div", { class: "x", onclick: f }, child, "text", [more])`. */
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
  return e;
}

/** `s` with its first letter capitalised. */
export const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
