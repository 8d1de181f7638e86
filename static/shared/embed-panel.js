// @ts-check
// An "Embed…" button and the panel it opens, for a FAQ question (the FAQ page's questions,
// the board's rule sheet): the sites whose pages may talk to the widget, the embed code
// (./embed.js: only valid origins, every attribute escaped, each refusal named) and a button
// that copies it. The widget page has its own panel, with the same code.

import { embedCode, parseOrigins, refusedOrigins } from "./embed.js";
import { t } from "./i18n.js";
import { el } from "./view.js";

let made = 0; // ids unique on the page

/** Copies the code in `field`; what happened, in words. */
export async function copyCode(field) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return t("Copied.");
  } catch {
    try {
      return document.execCommand("copy") ? t("Copied.") : t("Select the code and copy it (Ctrl+C / ⌘C).");
    } catch {
      return t("Select the code and copy it (Ctrl+C / ⌘C).");
    }
  }
}

/**
 * The button and its panel (closed), for `shown` ({question: id} or {faq: true}); `title` is
 * the panel's heading. Returns [button, panel].
 * @param {{question?: string, faq?: boolean}} shown
 */
export function embedControls(shown, title, { testid = "embed-question" } = {}) {
  made += 1;
  const id = `embed-${made}`;
  const origins = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: `${id}-origins`, rows: "2", spellcheck: "false", autocomplete: "off", "data-testid": "embed-origins" }));
  const code = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: `${id}-code`, rows: "4", readonly: "", spellcheck: "false", "data-testid": "embed-code" }));
  const refused = el("p", { class: "embed-invalid", "aria-live": "polite", "data-testid": "embed-invalid" });
  const status = el("span", { class: "copy-status", "aria-live": "polite" });
  const copy = el("button", { type: "button", class: "secondary", text: t("Copy embed code") });
  const panel = el("section", { id, class: "embed-panel", hidden: "", "aria-labelledby": `${id}-title`, "data-testid": `${testid}-panel` },
    el("h4", { id: `${id}-title`, class: "embed-title", text: title }),
    el("label", { for: origins.id, text: t("Sites whose pages may send the widget questions (origins such as https://forum.example, one per line; optional)") }),
    origins, refused,
    el("label", { for: code.id, text: t("Embed code") }), code,
    el("div", { class: "actions" }, copy, status));
  const button = el("button", { type: "button", class: "secondary embed-toggle", "aria-expanded": "false", "aria-controls": id, "data-testid": testid, text: t("Embed…") });
  const refresh = () => {
    const { origins: valid, invalid } = parseOrigins(origins.value);
    refused.textContent = refusedOrigins(invalid);
    code.value = embedCode(new URL("widget.html", location.href).href, shown, valid);
    status.textContent = "";
  };
  button.addEventListener("click", () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) refresh();
  });
  origins.addEventListener("input", refresh);
  copy.addEventListener("click", async () => {
    status.textContent = await copyCode(code);
  });
  return [button, panel];
}
