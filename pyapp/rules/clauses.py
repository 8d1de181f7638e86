"""Every rule a ruling can cite: the clauses of the rule text, the rules around it, our rulings.

Each clause says how sure it is (docs/rules/rulings.md, "How sure each ruling is"): `stated`
(a rule says it), `derived` (it follows from stated rules) or `house` (our decision where the
rules are silent). A ruling with parts of different certainty names them; a step then cites the part
it applies ("R8.zero"), and carries that part's certainty.

A clause marked `by_card` lets the card decide (G-named-victim: the card names who suffers); a
step applying it is stated by the card itself, and says so (`Step.by_card`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from .base import Value
from .i18n import _, current

Certainty = Literal["stated", "derived", "house"]
CERTAINTY_RANK: dict[str, int] = {"house": 0, "derived": 1, "stated": 2}  # weakest first


class Part(Value):
    """One part of a ruling, with its own certainty: `id` is the ruling's id, a dot, a word;
    `title` names the part in words for the players (the id is never shown to them)."""

    id: str
    title: str
    text: str
    certainty: Certainty


class Clause(Value):
    id: str
    title: str
    text: str
    # Keys of pyapp/data/faq.json's sources, the public pages it rests on; "rulings.md" is our
    # own ruling, written down in docs/rules/rulings.md.
    source: str
    switch: str | None = None
    certainty: Certainty = "stated"
    parts: tuple[Part, ...] = ()
    by_card: bool = False  # a step applying it applies the card's own words


def _c(cid: str, title: str, text: str, source: str, switch: str | None = None,
       certainty: Certainty = "stated",
       parts: tuple[tuple[str, str, str, Certainty], ...] = (), by_card: bool = False) -> Clause:
    """`parts`: (word, title, text, certainty) for each part of a ruling."""
    return Clause(id=cid, title=title, text=text, source=source, switch=switch,
                  certainty=certainty, by_card=by_card, parts=tuple(
                      Part(id=f"{cid}.{word}", title=named, text=says, certainty=sure)
                      for word, named, says, sure in parts))


_ALL = (
    # The rule of unfulfilled demand, clause by clause (the Dized page "Unfulfilled demand", DZ-UD).
    _c("C1", "Unfulfilled demand", "If a demand cannot be fulfilled, you suffer 1 Wound for each "
       "resource or level you cannot fulfil; do as much as you can, then take Wounds for the rest.",
       "DZ-UD, DZ-Q-partial"),
    _c("C1a", "The card's own alternative", "If the card states what happens when you cannot pay, "
       "pay nothing partially: the stated alternative applies.", "DZ-Q-partial"),
    _c("C2", "Resources tied up in planned Actions", "Resources already assigned to other planned "
       "Actions during the Action Phase are not available for discarding.", "DZ-UD"),
    _c("C3", "What can be discarded must be", "If something can be discarded to meet a demand, it "
       "must be; you cannot choose Wounds instead.", "DZ-UD"),
    _c("C4", "Nothing is spent for you", "You are not forced to trade in a Discovery token, or use "
       "Starting Equipment, an Item, a Treasure or a special ability to avoid a loss.", "DZ-UD"),
    _c("C5", "Who suffers: all characters", "Wounds from unfulfilled demand are suffered by all "
       "characters, except in the Action Phase and in Event-Phase combat.", "DZ-UD"),
    _c("C6", "Who suffers: the resolving character", "During the Action Phase only the character "
       "resolving the Action suffers the Wounds.", "DZ-UD, DZ-Q-resolving"),
    _c("C7", "Who suffers: Event-Phase combat", "The outcome of combat in the Event Phase, any "
       "unfulfilled demand included, affects only the First Player.", "DZ-UD"),
    _c("C8", "Morale at the bottom", "If Morale must be lowered and is already at the lowest "
       "level, nothing happens.", "DZ-UD, DZ-Morale-end"),
    _c("C9", "If possible", "An effect that applies 'if possible' and cannot be applied does "
       "nothing.", "DZ-UD, KPA"),
    _c("C10", "The last Action pawn", "No character can ever be reduced to 0 Action pawns; losing "
       "the second pawn is ignored.", "DZ-UD, DZ-Plan"),
    _c("C11", "Losing an Item", "Flip it back and revert its benefits as far as possible; what "
       "cannot be reverted costs nothing more.", "DZ-UD, DZ-Inv"),
    _c("C12", "Raising Roof or Palisade without a Shelter", "Ignore the instruction, with no "
       "penalty.", "DZ-UD, DZ-Shelter, DZ-FAQ"),
    _c("C13", "An identical token is already there", "No penalty: the token is simply not "
       "placed.", "DZ-UD, DZ-Tokens"),
    _c("C14", "A marker with the same meaning is already there", "Unlike tokens, this is "
       "unfulfilled demand: 1 Wound.", "DZ-UD, DZ-Markers"),
    _c("C15", "Night: a character who cannot eat", "Suffers 2 Wounds. This is not unfulfilled "
       "demand.", "DZ-UD, DZ-Night"),
    _c("C16", "Halving", "A value at 1 stays 1 with no penalty; a value at 0 cannot be halved, "
       "which is unfulfilled demand.", "DZ-UD"),
    _c("C17", "Scenario 6: the children", "If you don't have enough food for the children, you "
       "lose the game immediately.", "DZ-UD, DZ-S6"),
    # The rules around it (docs/rules/reference.md).
    _c("G-wound-track", "Wounds on the track", "Each Morale arrow passed lowers Morale by 1; "
       "reaching the death space kills the character and everyone loses.", "DZ-Char, DZ-Win"),
    _c("G-friday-death", "Friday's death", "Friday is not a character: his death does not end "
       "the game.", "DZ-Q-who"),
    _c("G-combat", "Combat", "If Weapon is lower than the Beast's strength, suffer the "
       "difference in Wounds; then the Weapon track loses the Beast's value.", "DZ-Combat, DZ-FAQ"),
    _c("G-combat-weapon", "Combat, then a Weapon loss", "After the fight the Weapon track loses "
       "the Beast's value; each level it cannot lose is 1 Wound of unfulfilled demand (the FAQ: "
       "Weapon 1 against strength 5 with −2 is 4 Wounds + 1).", "DZ-FAQ, DZ-Combat"),
    _c("G-weapon-track", "Weapon reductions", "Every reduction comes off the board track, never "
       "off temporary bonuses.", "DZ-Weapon"),
    _c("G-future", "Future Resources", "What is gained during the Action Phase waits in Future "
       "Resources until the end of the phase.", "DZ-QRR"),
    _c("G-gains", "Where gains go", "What the players gain during the Action Phase goes to "
       "Future Resources, usable after the Action Phase; what they gain in any other phase goes "
       "straight to Available Resources. A Beast gives its food and fur after the fight.",
       "DZ-QRR, DZ-Combat"),
    _c("G-adventure", "Drawing an Adventure card", "Drawing an Adventure card is not a demand. "
       "Friday, resolving an Action alone, draws none: he suffers 1 Wound instead, which is "
       "not unfulfilled demand.", "DZ-Friday"),
    _c("G-requirement", "A planning requirement", "A requirement for planning an Action (a "
       "Threat Action's Weapon level, its pawns, an Item) is not a demand: if it is not met, "
       "the Action cannot be planned, and nobody suffers.", "DZ-Plan", certainty="derived"),
    _c("G-move-camp", "Moving the camp", "Roof and Palisade keep half, rounded up; a built "
       "Shelter moves with the camp; a natural Shelter is lost, and Roof and Palisade go to 0. "
       "Not a demand.", "DZ-Camp"),
    _c("G-s7-palisade", "Scenario 7: the red die and the Palisade", "When the red die would "
       "take the Palisade below 0, each character suffers 1 Wound, Morale falls by 1 and the "
       "lowest-numbered film-crew member dies; this replaces the usual shortfall and still "
       "counts as unfulfilled demand.", "DZ-S7"),
    _c("G-use", "What the players choose to use", "A Discovery token or a Treasure the players "
       "choose to use lessens the demand as it says (Large Leaves: ignore 1 rain cloud; Old "
       "Machete: +1 Weapon; Poison, with the Pot: +2 Weapon; the Saber: +3 Weapon for one "
       "fight or requirement, for 1 Wound); a Discovery token is discarded after use; nothing "
       "is used for them.", "DZ-UD, DZ-Disc, DZ-Weapon, DZ-Saber"),
    _c("G-weather", "Weather", "Snow: discard 1 wood per snow cloud. Rain: clouds minus Roof = N; "
       "discard N food and N wood.", "DZ-Weather"),
    _c("G-night-shelter", "Night without a Shelter", "With no Shelter (built or natural), each "
       "character suffers 1 Wound at Night; characters outside the camp also take this Wound, "
       "even when the camp has a Shelter.", "DZ-Night, RB1-outside"),
    _c("G-night-eat", "Night: eating", "Each character eats 1 food; the players decide together "
       "who eats when food is short. A character outside the camp eats only what they carry.",
       "DZ-Night, RB1-outside"),
    _c("G-card-wounds", "The card's own Wounds", "Wounds a card deals directly are not "
       "unfulfilled demand.", "DZ-UD"),
    _c("G-morale", "Morale track", "Morale moves between −3 and +3; it never goes past an end.",
       "DZ-Morale"),
    _c("G-morale-phase", "Morale Phase", "The First Player gains or discards Determination "
       "tokens as the current Morale space says; short of tokens, the First Player suffers 1 "
       "Wound per missing token; at the top, 2 tokens or heal 1 Wound.", "DZ-MoralePh"),
    _c("G-named-victim", "The card names who", "When a card names who pays or suffers (one "
       "figure, the First Player, each character), they do.", "DZ-S5",
       by_card=True),
    _c("G-choice", "The players choose", "When a card joins demands with 'or' and no rule "
       "picks one, the players decide which one they resolve; only that one is owed.", "KPA",
       by_card=True),
    _c("G-action-spent", "An Action that succeeds", "When an Action succeeds, the resources "
       "assigned to it are spent (discarded).", "DZ-Plan"),
    _c("G-token-place", "Placing a token", "The token is placed on its space.", "DZ-Tokens"),
    _c("G-increase", "Raising a level", "Roof and Palisade rise only with a Shelter; the Weapon "
       "track always rises.", "DZ-Shelter, DZ-Weapon"),
    # The product's rulings where the rules are silent (docs/rules/rulings.md).
    _c("R1", "Demands on each character", "Each character pays from their own supply; only a "
       "character who is short suffers 1 Wound per missing unit.", "rulings.md",
       "shortfall_hurts_all", "house"),
    _c("R2", "Friday", "Friday is never a victim of unfulfilled demand, weather or Night eating, "
       "except as the figure resolving an Action he resolves alone.",
       "DZ-Friday, DZ-Q-who, rulings.md", parts=(
           ("events", "Event cards and effects on all characters", "Event cards, and effects "
            "on all characters, do not hit Friday, who is not a character.", "derived"),
           ("solo", "Friday resolving an Action alone", "Resolving an Action alone, he suffers "
            "its consequences.", "stated"),
           ("weather-night", "Friday in the Weather and at Night", "Weather and Night eating "
            "do not hurt him.", "house"))),
    _c("R3", "The Dog", "The Dog never suffers Wounds and never resolves an Action.", "rulings.md"),
    _c("R4", "Jenny after her rescue", "Jenny is a character for every 'all characters' effect, "
       "unfulfilled demand included; never First Player.", "rulings.md"),
    _c("R5", "Gains earlier in the same Action", "A resource still in Future Resources cannot pay "
       "a demand later in the same Action.", "rulings.md", "same_action_gains_pay", "house"),
    _c("R6", "Resources of a failed Action", "Resources assigned to an Action that fails return "
       "to Available Resources.", "rulings.md",
       certainty="derived"),
    _c("R7", "Morale track", "Seven spaces, −3 to +3; what each space gives or takes in the "
       "Morale Phase is data the players can check against their board.", "DZ-Morale, DZ-MoralePh"),
    _c("R8", "Halving", "Halving a loss keeps half rounded up; halving 0 is 1 unit of unfulfilled "
       "demand; halving a gain rounds down and is not a demand.", "rulings.md", parts=(
           ("keep-one", "Halving 1", "Halving 1 keeps 1, with no penalty.", "stated"),
           ("round-up", "Halving a loss of more than 1", "Halving a loss of more than 1 "
            "keeps half, rounded up.", "house"),
           ("zero", "Halving 0", "Halving 0 is 1 unit of unfulfilled demand.", "house"),
           ("gain", "Halving a gain", "A halved gain is rounded down, and is not a demand.",
            "derived"))),
    _c("R9", "Reducing Roof or Palisade without a Shelter", "Each level that cannot be removed is "
       "1 Wound of unfulfilled demand (only increases are exempt).", "rulings.md",
       "no_shelter_reduction_ignored", "house"),
    _c("R10", "Weather victims", "Weather hurts the characters in camp (Jenny included); "
       "characters outside the camp are not affected.", "DZ-Weather, RB1-outside"),
    _c("R11", "Scenario 6: the children's food", "2 food in rounds 7–8, 3 in 9–10, 4 in 11–12; "
       "short, the game is lost at once, with no Wounds instead.", "rulings.md", parts=(
           ("need", "The children's food", "The children's food per round, and the loss "
            "when it cannot be paid.", "stated"),
           ("split", "Sharing food between the children and the characters", "How the players "
            "split food between the children and the characters, and the warning.", "house"))),
    _c("R12", "Which food pays", "The players choose; the default spends perishable food first.",
       "rulings.md", certainty="house"),
    _c("R13", "The card's alternative", "If the first part cannot be paid in full, the stated "
       "alternative applies; players may also choose it.", "rulings.md", certainty="derived"),
    _c("R14", "Combat and the Weapon track", "Wounds = strength − Weapon (with any temporary "
       "bonus chosen); each Weapon level that cannot be lost is 1 Wound of unfulfilled demand.",
       "DZ-FAQ, DZ-Combat"),
    _c("R15", "The wound track", "Each Morale arrow passed lowers Morale by 1; the death space "
       "kills and loses the game.", "DZ-Char, DZ-Win"),
    _c("R16", "Covering sources", "Each source that must be covered but cannot be is 1 unit of "
       "unfulfilled demand.", "rulings.md", parts=(
           ("one", "One source that cannot be covered", "One source that cannot be covered, "
            "or a source demanded where there is none.", "stated"),
           ("several", "Several sources, only some covered", "Several sources demanded and only "
            "some can be covered.", "house"))),
)

CLAUSES: dict[str, Clause] = {c.id: c for c in _ALL}


PARTS: dict[str, tuple[Clause, Part]] = {p.id: (c, p) for c in _ALL for p in c.parts}


def certainty_of(cite: str) -> Certainty:
    """How sure a clause, or one part of a ruling ("R8.zero"), is."""
    found = PARTS.get(cite)
    if found is not None:
        return found[1].certainty
    return CLAUSES[cite].certainty


def cite_title(cite: str) -> str | None:
    """A cited clause or part in words: the part's title for a part of a ruling ("R8.zero" is
    "Halving 0"; its id is never shown to a player), else the clause's title; None for a code
    the catalogue does not have."""
    return _cite_title(cite, current())


@lru_cache(maxsize=512)
def _cite_title(cite: str, _language: str) -> str | None:
    found = PARTS.get(cite)
    if found is not None:
        return _(found[1].title)
    clause = CLAUSES.get(cite)
    return _(clause.title) if clause is not None else None


def translated(clause: Clause) -> Clause:
    """The clause with its titles and texts in the active language (tools/i18n.py extracts
    them from CLAUSES for the catalogue)."""
    return clause.evolve(title=_(clause.title), text=_(clause.text), parts=tuple(
        p.evolve(title=_(p.title), text=_(p.text)) for p in clause.parts))


def cite_words(cite: str) -> str:
    """A cited clause or part with its words, as the app shows it ("R8: Halving 0", "C3: What
    can be discarded must be"); a code the catalogue does not have stays as it is."""
    title = cite_title(cite)
    return _("{code}: {title}", code=cite.split(".")[0], title=title) if title is not None else cite
