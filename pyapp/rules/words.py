"""Counted words as players read them: "1 Wound", "4 Wounds", never "4 Wound(s)"."""

from __future__ import annotations


def noun(n: int, word: str) -> str:
    """The word for n of it: 'Wound' for 1 (or -1), 'Wounds' for any other count."""
    return word if n in (1, -1) else word + "s"


def plural(n: int, word: str) -> str:
    """'1 Wound', '0 Wounds', '4 Wounds'."""
    return f"{n} {noun(n, word)}"
