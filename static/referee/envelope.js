// @ts-check
// What the page and the rules pass each other: a payload as JSON text, and an envelope back
// (`{"ok": true, ...}` or `{"ok": false, "error": {"type", "message", "details"}}`, the
// shape of pyapp.service.Service.call), read into a value or a RefereeError.

import { t } from "../shared/i18n.js";

// Error types follow pyapp.api ("validation_error", "request_error", "ruling_error",
// "internal_error", ...); the page adds "bad_request" (not JSON-serialisable),
// "bridge_error" (a fault between JS and Python) and "rules_unavailable" (boot failed).
export class RefereeError extends Error {
  constructor(type, message, details) {
    super(message);
    this.name = "RefereeError";
    this.type = type;
    this.details = Array.isArray(details) ? details : [{ loc: "", msg: message }];
  }
}

/** An error's first line, for the status line. */
export const firstLine = (error) => String((error && error.message) || error).split("\n")[0];

/** A failed envelope, as JSON text, of this type and message. */
export function envelopeError(type, message) {
  return JSON.stringify({ ok: false, error: { type, message, details: [{ loc: "", msg: message }] } });
}

// A call the worker could not answer (it stopped, or the message failed) still gets an
// envelope, so rule() and friends reject with a RefereeError as usual.
export function bridgeError(error) {
  const message = firstLine(error || t("the rules worker stopped"));
  const details = [{ loc: "", msg: message }];
  return JSON.stringify({ ok: false, error: { type: "bridge_error", message, details } });
}

/** The envelope in `text` if it says ok; else its error thrown as a RefereeError. */
export function parseEnvelope(text) {
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new RefereeError("bridge_error", t("The rules core returned something that is not JSON."));
  }
  if (envelope && envelope.ok === true) return envelope;
  const error = (envelope && envelope.error) || {};
  throw new RefereeError(
    typeof error.type === "string" ? error.type : "bridge_error",
    typeof error.message === "string" ? error.message : t("The rules core returned an unexpected answer."),
    error.details,
  );
}

/** A payload as JSON text (a string is taken as JSON text already). */
export function asText(payload) {
  if (typeof payload === "string") return payload;
  let text;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new RefereeError("bad_request", t("The request cannot be written as JSON: {reason}", { reason: error.message }));
  }
  if (text === undefined) throw new RefereeError("bad_request", t("The request is empty."));
  return text;
}
