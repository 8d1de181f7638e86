"""Validation errors in plain words: one line for people, with no field path and no "null".

pydantic says where a problem is as a path (`state.characters.0.name`) and what it is in its
own terms ("String should have at most 60 characters"). Players read "Character 1's name is
too long (at most 60 characters)." The path stays in the error's `details` for programs."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import N_, _, n_
from .words import capital

# One of pydantic's `ValidationError.errors()`: loc, type, msg, ctx.
ErrorDetails = Mapping[str, Any]

# A list's items by number ("character 1"); other places by their words.
ITEMS = {
    "characters": N_("character"), "demands": N_("demand"), "alternative": N_("alternative demand"),
    "planned_actions": N_("planned Action"), "tiles": N_("tile"), "sources": N_("source"),
    "spaces": N_("space"), "discovery_tokens": N_("Discovery token"),
    "equipment": N_("Equipment card"), "inventions": N_("Invention"), "treasures": N_("Treasure"),
    "tokens": N_("token"), "markers": N_("marker"), "benefits": N_("benefit"),
    "morale_arrows": N_("Morale arrow"), "film_crew": N_("film-crew member"), "pawns": N_("pawn"),
    "entries": N_("log entry"), "edits": N_("edit"), "use": N_("token used"),
    "pick": N_("resource picked"), "fed": N_("figure fed"), "short": N_("figure going without"),
    "of": N_("resource"),
}
WORDS = {
    "first_player": N_("First Player"), "death_at": N_("death space"),
    "nonperishable_food": N_("non-perishable food"), "perishable_food": N_("perishable food"),
    "sheet_food": N_("food on the sheet"), "house_rules": N_("house rules"),
    "planned_actions": N_("planned Actions"), "discovery_tokens": N_("Discovery tokens"),
    "film_crew": N_("film crew"), "morale_arrows": N_("Morale arrows"),
    "in_camp": N_("in-camp mark"), "uses_left": N_("uses left"),
    "if_possible": N_("“if possible” mark"), "weapon_loss": N_("Weapon loss"), "roof": N_("Roof"),
    "palisade": N_("Palisade"), "weapon": N_("Weapon"), "morale": N_("Morale"),
    "determination": N_("Determination"), "wounds": N_("Wounds"), "initial": N_("starting table"),
    "cursor": N_("log position"), "entries": N_("log entries"), "edits": N_("edits"),
    "friday": N_("Friday"), "jenny": N_("Jenny"), "available": N_("Available resources"),
    "future": N_("Future Resources"), "assigned": N_("resources assigned"),
    "gained_this_action": N_("resources gained this Action"), "gain_mix": N_("gain chosen"),
}
# Containers that add nothing a player needs: the request's parts, the session's command.
SILENT = {"state", "command", "effect", "history", "snapshot", "request", "context",
          "choices"}


def place(loc: tuple[int | str, ...]) -> str:
    """`('state', 'characters', 0, 'name')` -> "the name of character 1"; "" for the whole."""
    return _place(loc)[0]


def _place(loc: tuple[int | str, ...]) -> tuple[str, bool]:
    """The place in words, and whether the English word it ends on is a plural (for "is" or
    "are" in English's messages)."""
    parts: list[tuple[str, str]] = []  # (in the active language, in English)
    for i, part in enumerate(loc):
        if isinstance(part, int):
            item = ITEMS.get(str(loc[i - 1] if i else ""), N_("item"))
            parts[-1:] = [(_("{item} {n}", item=_(item), n=part + 1), f"{item} {part + 1}")]
        elif _is_field(part, loc, i):
            # A field without words of its own is said by its name (tools/i18n.py extracts
            # every model's field names for the catalogue).
            english = WORDS.get(part, part.replace("_", " "))
            parts.append((_(english), english))
    if not parts:
        return "", False
    # "the name of character 1", "the Discovery tokens of the starting table": the innermost
    # part first; a whole that is not a numbered item has its "the".
    words = parts[0][0] if parts[0][1][-1].isdigit() or len(parts) == 1 else _(
        "the {place}", place=parts[0][0])
    for inner, english in parts[1:-1]:
        inner_words = inner if english[-1].isdigit() else _("the {place}", place=inner)
        words = _("{part} of {whole}", part=inner_words, whole=words)
    for inner, _english in parts[1:][-1:]:
        words = _("{part} of {whole}", part=inner, whole=words)
    last = parts[-1][1]
    return (words if last[-1].isdigit() else _("the {place}", place=words)), last.endswith("s")


def _is_field(part: str, loc: tuple[int | str, ...], i: int) -> bool:
    """A field a player knows: not a container of the request or the session, not a
    union's tag (`discard` after `demands, 0`; `edit` after `command`), nor a validator."""
    if not part.replace("_", "").isalnum():
        return False
    if part in SILENT or (part == "track" and i < len(loc) - 1):
        return False
    before = loc[i - 1] if i else None
    return not (before == "command" or (isinstance(before, int) and i >= 2 and loc[i - 2] in
                                        ("demands", "alternative", "edits", "entries")))


def sentence(error: ErrorDetails) -> str:
    """One validation error as one plain sentence."""
    where, plural = _place(error["loc"])
    if not where:
        where = _("the command") if error["loc"] == ("command",) else _("the value")
    return as_sentence(_problem(error, where, plural))


def as_sentence(text: str) -> str:
    """One line (whatever the text held), starting with a capital, ending with a full stop."""
    line = one_line(text)
    line = line[:1].upper() + line[1:]
    return line if line.endswith((".", "?", "!")) else _("{sentence}.", sentence=line)


def one_line(text: str) -> str:
    """Every run of spaces and line breaks as one space: a message is one line."""
    return " ".join(str(text).split())


def _problem(error: ErrorDetails, where: str, plural: bool) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "value_error":
        said = str(ctx.get("error", error["msg"])).removeprefix("Value error, ")
        return _("{where}: {problem}", where=where, problem=said) if where != _(
            "the value") else said
    if kind == "extra_forbidden":
        name = safe(str(error["loc"][-1]) if error["loc"] else "")
        parent = place(error["loc"][:-1])
        if parent:
            return _("“{name}” is not something {parent} has; remove it", name=name,
                     parent=parent)
        return _("“{name}” is not something the referee reads; remove it", name=name)
    if kind == "union_tag_invalid" and ctx.get("tag") == "None":
        kind = "union_tag_not_found"  # a kind of null ("kind": null) says no kind at all
    if kind == "too_long" and isinstance(ctx.get("actual_length"), int):
        kind = "too_long_counted"
    if kind in ("literal_error", "enum"):
        return _("{where} must be {expected}", where=where, expected=_choices(ctx.get("expected")))
    template = MESSAGES.get(kind)
    if template is None:
        return _("{where}: {problem}", where=where, problem=error["msg"])
    # {is_} and {has} are English's verbs agreeing with the place; a language may ignore them.
    # Translators: "is"/"are" and "has"/"have" fill {is_} and {has} in the messages above.
    verbs = (_("are"), _("have")) if plural else (_("is"), _("has"))
    return _(template, where=where, is_=verbs[0], has=verbs[1],
             **{k: _ctx(v) for k, v in ctx.items()})


def _ctx(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return _("nothing") if value is None else safe(str(value), 200)


def _choices(expected: Any) -> str:
    """pydantic's "'cook', 'carpenter' or 'soldier'" as a player reads them: "Cook,
    Carpenter or Soldier" (each value's words, as a field is said)."""
    found = re.findall(r"'([^']*)'", str(expected or ""))
    if not found:
        return safe(str(expected), 200)
    names = [capital(_(WORDS.get(v, v.replace("_", " ")))) if v else _("nothing")
             for v in found]
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])


MESSAGES = {
    "missing": N_("{where} {is_} missing"),
    "string_too_long": N_("{where} {is_} too long (at most {max_length} characters)"),
    "string_too_short": N_("{where} {is_} empty: fill it in"),
    "string_pattern_mismatch": N_("{where} {has} a character it may not contain (a control "
                               "character such as a line break, ESC or a text-direction mark)"),
    "string_type": N_("{where} must be text"),
    "string_unicode": N_("{where} {has} a broken character"),
    "too_long": N_("{where} {has} too many items (at most {max_length})"),
    "too_long_counted": N_("{where} {has} too many items: {actual_length} (at most {max_length})"),
    "too_short": N_("{where} needs at least {min_length}"),
    "less_than_equal": N_("{where} can be at most {le}"),
    "less_than": N_("{where} must be less than {lt}"),
    "greater_than_equal": N_("{where} must be at least {ge}"),
    "greater_than": N_("{where} must be more than {gt}"),
    "int_type": N_("{where} must be a whole number"),
    "int_parsing": N_("{where} must be a whole number"),
    "int_from_float": N_("{where} must be a whole number"),
    "finite_number": N_("{where} must be a whole number"),
    "bool_type": N_("{where} must be true or false"),
    "bool_parsing": N_("{where} must be true or false"),
    "literal_error": N_("{where} must be {expected}"),
    "enum": N_("{where} must be {expected}"),
    "union_tag_invalid": N_("{where} {has} a kind this app does not know (“{tag}”)"),
    "union_tag_not_found": N_("{where} must say its kind"),
    "model_type": N_("{where} must be a group of named values"),
    "model_attributes_type": N_("{where} must be a group of named values"),
    "dict_type": N_("{where} must be a group of named values"),
    "tuple_type": N_("{where} must be a list"),
    "list_type": N_("{where} must be a list"),
    "frozen_instance": N_("{where} cannot be changed"),
}


def safe(text: str, limit: int = 40) -> str:
    """Text from outside, quoted in a message: control characters shown as escapes, and cut."""
    shown = printable(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def printable(text: str) -> str:
    """Text from outside, for a terminal: every control character shown as an escape."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def plain_message(errors: Sequence[ErrorDetails]) -> str:
    """The first two problems as sentences, and how many more there are. A list said to be
    too short only because its item failed (pydantic's fail_fast stops at the bad item) is
    not a problem of its own."""
    errors = [e for e in errors if not _follows(e, errors)] or list(errors)
    said = " ".join(sentence(e) for e in errors[:2])
    more = len(errors) - 2
    if more <= 0:
        return said
    return n_("{first} (and {n} more problem).", "{first} (and {n} more problems).", more,
              first=said[:-1])


def _follows(error: ErrorDetails, errors: Sequence[ErrorDetails]) -> bool:
    """A list too short where an item of that same list failed."""
    loc = tuple(error["loc"])
    return error["type"] == "too_short" and any(
        e is not error and tuple(e["loc"])[:len(loc)] == loc and len(e["loc"]) > len(loc)
        for e in errors)
