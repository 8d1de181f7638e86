"""Validation errors in plain words: one line for people, with no field path and no "null".

pydantic says where a problem is as a path (`state.characters.0.name`) and what it is in its
own terms ("String should have at most 60 characters"). Players read "Character 1's name is
too long (at most 60 characters)." The path stays in the error's `details` for programs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# One of pydantic's `ValidationError.errors()`: loc, type, msg, ctx.
ErrorDetails = Mapping[str, Any]

# A list's items by number ("character 1"); other places by their words.
ITEMS = {
    "characters": "character", "demands": "demand", "alternative": "alternative demand",
    "planned_actions": "planned Action", "tiles": "tile", "sources": "source",
    "spaces": "space", "discovery_tokens": "Discovery token", "equipment": "Equipment card",
    "inventions": "Invention", "treasures": "Treasure", "tokens": "token", "markers": "marker",
    "benefits": "benefit", "morale_arrows": "Morale arrow", "film_crew": "film-crew member",
    "pawns": "pawn", "entries": "log entry", "edits": "edit", "use": "token used",
    "pick": "resource picked", "fed": "figure fed", "short": "figure going without",
    "of": "resource",
}
WORDS = {
    "first_player": "First Player", "death_at": "death space", "nonperishable_food":
    "non-perishable food", "perishable_food": "perishable food", "sheet_food":
    "food on the sheet", "house_rules": "house rules", "planned_actions": "planned Actions",
    "discovery_tokens": "Discovery tokens", "film_crew": "film crew", "morale_arrows":
    "Morale arrows", "in_camp": "in-camp mark", "uses_left": "uses left", "if_possible":
    "“if possible” mark", "weapon_loss": "Weapon loss", "roof": "Roof", "palisade":
    "Palisade", "weapon": "Weapon", "morale": "Morale", "determination": "Determination",
    "wounds": "Wounds", "initial": "starting table", "cursor": "log position",
    "entries": "log entries", "edits": "edits",
    "friday": "Friday", "jenny": "Jenny", "available": "Available resources", "future":
    "Future Resources", "assigned": "resources assigned", "gained_this_action":
    "resources gained this Action", "gain_mix": "gain chosen",
}
# Containers that add nothing a player needs: the request's parts, the session's command.
SILENT = {"state", "command", "effect", "history", "snapshot", "request", "context",
          "choices"}


def place(loc: tuple[int | str, ...]) -> str:
    """`('state', 'characters', 0, 'name')` -> "the name of character 1"; "" for the whole."""
    parts: list[str] = []
    for i, part in enumerate(loc):
        if isinstance(part, int):
            listed = loc[i - 1] if i else ""
            parts[-1:] = [f"{ITEMS.get(str(listed), 'item')} {part + 1}"]
        elif _is_field(part, loc, i):
            parts.append(WORDS.get(part, part.replace("_", " ")))
    if not parts:
        return ""
    words = " of ".join(reversed(parts))
    return words if parts[-1][-1].isdigit() else "the " + words


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
    where = place(error["loc"]) or ("the command" if error["loc"] == ("command",) else "")
    return as_sentence(_problem(error, where or "the value"))


def as_sentence(text: str) -> str:
    """One line (whatever the text held), starting with a capital, ending with a full stop."""
    line = one_line(text)
    return line[:1].upper() + line[1:] + ("" if line.endswith((".", "?", "!")) else ".")


def one_line(text: str) -> str:
    """Every run of spaces and line breaks as one space: a message is one line."""
    return " ".join(str(text).split())


def _problem(error: ErrorDetails, where: str) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "value_error":
        said = str(ctx.get("error", error["msg"])).removeprefix("Value error, ")
        return f"{where}: {said}" if where != "the value" else said
    if kind == "extra_forbidden":
        name = safe(str(error["loc"][-1]) if error["loc"] else "")
        parent = place(error["loc"][:-1])
        return f"“{name}” is not something " + (f"{parent} has" if parent else "the referee "
                                                "reads") + "; remove it"
    template = MESSAGES.get(kind)
    if template is None:
        return f"{where}: {error['msg']}"
    plural = where.split(" of ")[0].endswith("s")
    return template.format(where=where, is_="are" if plural else "is",
                           has="have" if plural else "has",
                           **{k: _ctx(v) for k, v in ctx.items()})


def _ctx(value: Any) -> str:
    return "nothing" if value is None else safe(str(value), 200)


MESSAGES = {
    "missing": "{where} {is_} missing",
    "string_too_long": "{where} {is_} too long (at most {max_length} characters)",
    "string_too_short": "{where} {is_} empty: fill it in",
    "string_pattern_mismatch": "{where} {has} a character it may not contain (a control "
                               "character such as a line break, ESC or a text-direction mark)",
    "string_type": "{where} must be text",
    "string_unicode": "{where} {has} a broken character",
    "too_long": "{where} {has} too many items (at most {max_length})",
    "too_short": "{where} needs at least {min_length}",
    "less_than_equal": "{where} can be at most {le}",
    "less_than": "{where} must be less than {lt}",
    "greater_than_equal": "{where} must be at least {ge}",
    "greater_than": "{where} must be more than {gt}",
    "int_type": "{where} must be a whole number",
    "int_parsing": "{where} must be a whole number",
    "int_from_float": "{where} must be a whole number",
    "finite_number": "{where} must be a whole number",
    "bool_type": "{where} must be true or false",
    "bool_parsing": "{where} must be true or false",
    "literal_error": "{where} must be {expected}",
    "enum": "{where} must be {expected}",
    "union_tag_invalid": "{where} {has} a kind this app does not know (“{tag}”)",
    "union_tag_not_found": "{where} must say its kind ({discriminator})",
    "model_type": "{where} must be a group of named values",
    "model_attributes_type": "{where} must be a group of named values",
    "dict_type": "{where} must be a group of named values",
    "tuple_type": "{where} must be a list",
    "list_type": "{where} must be a list",
    "frozen_instance": "{where} cannot be changed",
}


def safe(text: str, limit: int = 40) -> str:
    """Text from outside, quoted in a message: control characters shown as escapes, and cut."""
    shown = printable(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def printable(text: str) -> str:
    """Text from outside, for a terminal: every control character shown as an escape."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def plain_message(errors: Sequence[ErrorDetails]) -> str:
    """The first problem as a sentence, and how many more there are."""
    first = sentence(errors[0])
    more = len(errors) - 1
    if not more:
        return first
    return f"{first[:-1]} (and {more} more {'problem' if more == 1 else 'problems'})."
