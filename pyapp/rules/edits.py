"""Board edits as data: the players set the table; the core checks every change.

`set`, `insert` and `remove` address any part of the table by a path such as
`characters/0/wounds`; `move_resource` and `move_pawn` are the drags of the board. Every
edit returns a new validated table, or raises `EditError` naming what is wrong; the table
given is never changed."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from .base import Value
from .errors import EditError
from .i18n import _, n_
from .plain import sentence
from .state import FigureId, ResourceKind, TableState
from .words import action_title, resource_count, role_name

Path = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[a-z_]+(/[a-z_0-9]+)*$")]


class SetValue(Value):
    op: Literal["set"] = "set"
    path: Path
    value: Any


class Insert(Value):
    op: Literal["insert"] = "insert"
    path: Path  # a list, or a position in it (`tiles/0`)
    value: Any


class Remove(Value):
    op: Literal["remove"] = "remove"
    path: Path  # a list item: `discovery_tokens/1`


class MoveResource(Value):
    """Move cubes between Available, Future and the planned Actions (by id)."""

    op: Literal["move_resource"] = "move_resource"
    kind: ResourceKind
    amount: int = Field(default=1, ge=1, le=20)
    source: str = Field(max_length=60)  # "available", "future" or a planned Action's id
    target: str = Field(max_length=60)


class MovePawn(Value):
    """Move a figure's pawn onto a planned Action, off one, or between two."""

    op: Literal["move_pawn"] = "move_pawn"
    figure: FigureId
    source: str | None = Field(default=None, max_length=60)  # None: from the figure's card
    target: str | None = Field(default=None, max_length=60)  # None: back to the card


class ResolveAction(Value):
    """A planned Action is resolved: success spends its resources, failure returns them (R6)."""

    op: Literal["resolve_action"] = "resolve_action"
    id: str = Field(max_length=60)
    outcome: Literal["success", "failure"]


Edit = Annotated[SetValue | Insert | Remove | MoveResource | MovePawn | ResolveAction,
                 Field(discriminator="op")]


EDITS = TypeAdapter(tuple[Edit, ...])


def parse_edits(data: Any) -> tuple[Edit, ...]:
    """Edits from JSON-like data, validated (pydantic ValidationError if malformed)."""
    edits: tuple[Edit, ...] = EDITS.validate_python(data)
    return edits


def apply_edits(state: TableState, edits: tuple[Edit, ...] | list[Edit]) -> TableState:
    """Apply edits in order, all or nothing; the result is validated as a whole."""
    data = state.model_dump(mode="json")
    for edit in edits:
        _EDITS[edit.op](data, edit)
    try:
        table = TableState.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = "/".join(str(p) for p in first["loc"])
        raise EditError(loc, sentence(first)) from exc
    _check_pawns(table)
    return table


def end_action(state: TableState, action_id: str,
               outcome: Literal["success", "failure"]) -> TableState:
    """The table once a planned Action has ended: success spends its resources, failure
    returns them to Available Resources (R6). The board's `resolve_action` edit and a
    request's `context.outcome` both end an Action here."""
    return apply_edits(state, (ResolveAction(id=action_id, outcome=outcome),))


def _check_pawns(table: TableState) -> None:
    """No figure has more pawns on planned Actions than it owns (Friday has one)."""
    owned: dict[str, int] = {c.role: c.pawns for c in table.characters}
    if table.friday is not None:
        owned["friday"] = 1
    placed: dict[str, int] = {}
    for action in table.planned_actions:
        if not action.resolved:
            for pawn in action.pawns:
                placed[pawn] = placed.get(pawn, 0) + 1
    for figure, count in placed.items():
        if count > owned.get(figure, 0):
            raise EditError("planned_actions", n_(
                "{who} has {n} Action pawn, and {count} would be on planned Actions",
                "{who} has {n} Action pawns, and {count} would be on planned Actions",
                owned.get(figure, 0), who=role_name(figure), count=count))


def _walk(data: Any, path: str) -> tuple[Any, str | int]:
    """The container holding the last step of `path`, and that step."""
    parts = path.split("/")
    node = data
    for part in parts[:-1]:
        node = _step(node, part, path)
    last = parts[-1]
    return node, int(last) if isinstance(node, list) else last


def _step(node: Any, part: str, path: str) -> Any:
    try:
        return node[int(part)] if isinstance(node, list) else node[part]
    except (KeyError, IndexError, ValueError, TypeError):
        raise EditError(path, _("there is nothing at this place on the table")) from None


def _set(data: dict[str, Any], edit: SetValue) -> None:
    node, key = _walk(data, edit.path)
    _step(node, str(key), edit.path)  # the place must exist
    node[key] = edit.value


def _insert(data: dict[str, Any], edit: Insert) -> None:
    node, key = _walk(data, edit.path)
    if isinstance(node, list):
        if not 0 <= int(key) <= len(node):
            raise EditError(edit.path, _("position is off the list"))
        node.insert(int(key), edit.value)
        return
    target = _step(node, str(key), edit.path)
    if not isinstance(target, list):
        raise EditError(edit.path, _("only a list takes new items"))
    target.append(edit.value)


def _remove(data: dict[str, Any], edit: Remove) -> None:
    node, key = _walk(data, edit.path)
    if not isinstance(node, list):
        raise EditError(edit.path, _("only a list item can be removed"))
    _step(node, str(key), edit.path)
    del node[int(key)]


def _pile(data: dict[str, Any], place: str) -> dict[str, int]:
    if place in ("available", "future"):
        pile: dict[str, int] = data[place]
        return pile
    for action in data["planned_actions"]:
        if action["id"] == place:
            assigned: dict[str, int] = action["assigned"]
            return assigned
    raise EditError(place, _("there is no such place for resources"))


def _move_resource(data: dict[str, Any], edit: MoveResource) -> None:
    source, target = _pile(data, edit.source), _pile(data, edit.target)
    if source[edit.kind] < edit.amount:
        raise EditError(edit.source, _("only {what} there to move",
                                       what=resource_count(edit.kind, source[edit.kind])))
    source[edit.kind] -= edit.amount
    target[edit.kind] += edit.amount


def _action(data: dict[str, Any], action_id: str) -> dict[str, Any]:
    for action in data["planned_actions"]:
        if action["id"] == action_id:
            found: dict[str, Any] = action
            return found
    raise EditError(action_id, _("there is no such planned Action"))


def _move_pawn(data: dict[str, Any], edit: MovePawn) -> None:
    if edit.source is not None:
        pawns = _action(data, edit.source)["pawns"]
        if edit.figure not in pawns:
            raise EditError(edit.source, _("{who} has no pawn on this Action",
                                           who=role_name(edit.figure)))
        pawns.remove(edit.figure)
    elif edit.target is not None:
        _check_free_pawn(data, edit.figure)
    if edit.target is not None:
        _action(data, edit.target)["pawns"].append(edit.figure)
    _cancel_empty_actions(data)


def _cancel_empty_actions(data: dict[str, Any]) -> None:
    """An Action left without pawns is no longer planned: its resources go back."""
    for action in data["planned_actions"]:
        if not action["pawns"]:
            for kind, amount in action["assigned"].items():
                data["available"][kind] += amount
    data["planned_actions"] = [a for a in data["planned_actions"] if a["pawns"]]


def _check_free_pawn(data: dict[str, Any], figure: str) -> None:
    placed = sum(a["pawns"].count(figure) for a in data["planned_actions"])
    owned = next((c["pawns"] for c in data["characters"] if c["role"] == figure), None)
    if owned is None:
        owned = 1 if figure == "friday" and data.get("friday") is not None else 0
    if placed >= owned:
        raise EditError(figure, _("{who} has no Action pawn left to place ({n} in all)",
                                  who=role_name(figure), n=owned))


def _resolve_action(data: dict[str, Any], edit: ResolveAction) -> None:
    action = _action(data, edit.id)
    if edit.outcome == "failure":
        for kind, amount in action["assigned"].items():
            data["available"][kind] += amount
    data["planned_actions"].remove(action)


def describe(edit: Edit, table: TableState) -> str:
    """The edit in words, for the log; a planned Action named as the board titles it on
    `table` (the table before the edit), never by its id."""
    if isinstance(edit, MoveResource):
        return _("{what} from {source} to {target}",
                 what=resource_count(edit.kind, edit.amount),
                 source=_pile_words(edit.source, table), target=_pile_words(edit.target, table))
    if isinstance(edit, MovePawn):
        if edit.target is None:
            return _("{who}'s pawn to the character card", who=role_name(edit.figure))
        return _("{who}'s pawn to {target}", who=role_name(edit.figure),
                 target=_action_words(edit.target, table))
    if isinstance(edit, ResolveAction):
        action = _action_words(edit.id, table)
        if edit.outcome == "failure":
            return _("{action} failed: its resources return to Available (R6)", action=action)
        return _("{action} succeeded: its resources are spent", action=action)
    if isinstance(edit, SetValue):
        value = repr(edit.value)
        return _("{place} set to {value}", place=edit.path.replace("/", " "),
                 value=value if len(value) <= 60 else value[:57] + "…")
    return f"{edit.op} {edit.path}"


def _pile_words(place: str, table: TableState) -> str:
    """Where resources are: "Available", "Future Resources", or a planned Action."""
    if place == "available":
        return _("Available")
    return _("Future Resources") if place == "future" else _action_words(place, table)


def _action_words(action_id: str, table: TableState) -> str:
    """A planned Action of the table by its title ("Build: roof"); an id the table lacks as
    it is (the edit that names it is refused)."""
    found = next((a for a in table.planned_actions if a.id == action_id), None)
    return action_title(found.action, found.label) if found else action_id


_EDITS: dict[str, Any] = {"set": _set, "insert": _insert, "remove": _remove,
                          "move_resource": _move_resource, "move_pawn": _move_pawn,
                          "resolve_action": _resolve_action}
