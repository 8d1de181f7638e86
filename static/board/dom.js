// @ts-check
// A tiny element builder. Every piece of text goes in through textContent (never innerHTML),
// so names, notes and imported strings can never become markup.

const PROPS = new Set(["value", "checked", "disabled", "selected", "hidden", "open"]);

// A board is some 700 elements, built while the page starts: attributes are read with for…in
// (no arrays made per element) and data-* names are written with setAttribute, each name
// converted once (what `el.dataset[key] =` does, without its per-call conversion).
const DATA_NAMES = new Map();

function dataName(key) {
  let name = DATA_NAMES.get(key);
  if (name === undefined) {
    name = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    DATA_NAMES.set(key, name);
  }
  return name;
}

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const key in attrs) {
    const value = attrs[key];
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "data") for (const k in value) el.setAttribute(dataName(k), String(value[k]));
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (PROPS.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

// Children may be nested arrays (mapped lists); strings become text nodes, never markup.
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

// An SVG element (for the decorative art: cubes, pawns, markers). aria-hidden by default.
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const key in attrs) {
    const value = attrs[key];
    if (value === undefined || value === null) continue;
    el.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (Array.isArray(child)) { for (const c of child) if (c) el.append(c); }
    else if (child) el.append(child);
  }
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** The page's element with this id (the board's are in index.html). @param {string} id */
export const $ = (id) => document.getElementById(id);
/** @param {string} id */
export const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
export const $dialog = (id) => /** @type {HTMLDialogElement} */ ($(id));
