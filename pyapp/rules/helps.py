"""What the players may choose to use to lessen a demand: Discovery tokens and Treasures whose
effect reduces one (docs/rules/reference.md §1.12, §1.6). The referee never uses them by itself
(C4); the ruling offers them as a decision, and the ruling with them used is one choice away."""

from __future__ import annotations

from typing import Literal, NamedTuple

from .i18n import N_


class Help(NamedTuple):
    name: str
    where: Literal["discovery_tokens", "treasures"]
    effect: Literal["rain_cloud", "weapon"]
    amount: int  # rain clouds ignored, or Weapon levels added for one fight or requirement
    wounds: int  # what using it costs the figure who uses it
    spent: bool  # discarded once used
    says: str
    needs: str = ""  # an Item that must be built for it to be used ("Pot")


# docs/rules/reference.md §1.12 (DZ-Disc): "Large Leaves: ignore 1 rain cloud. Old Machete:
# +1 Weapon. Poison: +2 Weapon, if you have the Pot." A Discovery token is discarded after use.
# §1.6 (DZ-Saber): the Saber, +3 for 1 Wound, for one combat or requirement; it stays.
HELPS: dict[str, Help] = {h.name.lower(): h for h in (
    Help("Large Leaves", "discovery_tokens", "rain_cloud", 1, 0, True, N_("ignore 1 rain cloud")),
    Help("Old Machete", "discovery_tokens", "weapon", 1, 0, True, N_("+1 Weapon for this fight "
         "or requirement")),
    Help("Poison", "discovery_tokens", "weapon", 2, 0, True, N_("+2 Weapon for this fight or "
         "requirement, with the Pot built"), "Pot"),
    Help("Saber", "treasures", "weapon", 3, 1, False, N_("+3 Weapon for this fight or "
         "requirement, for 1 Wound")),
)}


def helps_at(names: tuple[str, ...], where: str, effect: str,
             built: frozenset[str] = frozenset()) -> list[Help]:
    """The helps of one kind of effect among the table's Discovery tokens or Treasures that
    can be used now (`built`: the names of the Items built, lower case)."""
    found = {HELPS.get(n.strip().lower()) for n in names} - {None}  # each kind used once
    return sorted((h for h in found if h is not None and h.where == where
                   and h.effect == effect and (not h.needs or h.needs.lower() in built)),
                  key=lambda h: h.name)
