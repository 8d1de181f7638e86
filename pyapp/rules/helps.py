"""What the players may choose to use to lessen a demand: Discovery tokens and Treasures whose
effect reduces one (reference.md §1.12, §1.6). The referee never uses them by itself (C4);
the ruling offers them as a decision, and the ruling with them used is one choice away."""

from __future__ import annotations

from typing import Literal, NamedTuple


class Help(NamedTuple):
    name: str
    where: Literal["discovery_tokens", "treasures"]
    effect: Literal["rain_cloud", "weapon"]
    amount: int  # rain clouds ignored, or Weapon levels added for one fight or requirement
    wounds: int  # what using it costs the figure who uses it
    spent: bool  # discarded once used
    says: str


HELPS: dict[str, Help] = {h.name.lower(): h for h in (
    Help("Large Leaves", "discovery_tokens", "rain_cloud", 1, 0, True, "ignore 1 rain cloud"),
    Help("Saber", "treasures", "weapon", 3, 1, False, "+3 Weapon for this fight or requirement, "
         "for 1 Wound"),
)}


def helps_at(names: tuple[str, ...], where: str, effect: str) -> list[Help]:
    """The helps of one kind of effect among the table's Discovery tokens or Treasures."""
    found = {HELPS.get(n.strip().lower()) for n in names} - {None}  # each kind used once
    return sorted((h for h in found if h is not None and h.where == where
                   and h.effect == effect), key=lambda h: h.name)
