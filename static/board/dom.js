// A tiny element builder. Every piece of text goes in through textContent (never innerHTML),
// so names, notes and imported strings can never become markup.

const PROPS = new Set(["value", "checked", "disabled", "selected", "hidden", "open"]);

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "data") for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (PROPS.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// An SVG element (for the decorative art: cubes, pawns, markers). aria-hidden by default.
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    if (key === "class") el.setAttribute("class", value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}
