"""Every part of a ruling has words for the players: the board and the rule drawer name a
part by its title, never by its id ("R8.zero")."""

from __future__ import annotations

import re

import pytest

from pyapp.rules.clauses import CLAUSES, PARTS

ALL_PARTS = sorted(PARTS)


def test_some_rulings_have_parts() -> None:
    assert ALL_PARTS, "no ruling has parts: this test would check nothing"


@pytest.mark.parametrize("pid", ALL_PARTS)
def test_every_part_has_a_title_and_words_in_plain_text(pid: str) -> None:
    clause, part = PARTS[pid]
    assert part.id == pid and pid.startswith(f"{clause.id}.")
    assert part.title.strip() and part.text.strip()
    assert part.title[0].isupper() and not part.title.endswith(".")
    for words in (part.title, part.text):
        # No code of a clause or a part in the words a player reads.
        assert not re.search(r"\b[CRG]\d+[a-z]?\.|\b[A-Z]\d+\.[a-z-]+", words), words
        assert pid not in words


def test_the_parts_of_a_ruling_have_distinct_titles() -> None:
    for clause in CLAUSES.values():
        titles = [p.title for p in clause.parts]
        assert len(titles) == len(set(titles)), clause.id


def test_the_clauses_the_page_gets_carry_the_parts_titles() -> None:
    """The page reads clauses through the service ("clauses"): each part comes with its title."""
    dumped = {cid: c.model_dump() for cid, c in CLAUSES.items()}
    for pid, (clause, part) in PARTS.items():
        (found,) = [p for p in dumped[clause.id]["parts"] if p["id"] == pid]
        assert found["title"] == part.title and found["certainty"] == part.certainty
