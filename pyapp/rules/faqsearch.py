"""Find a question of the rules FAQ in the reader's own words, with the card finder's
typo-tolerant search (textsearch.py): a question's own words count most, then its answer, its
situation and the title and text of the clause it rests on. A rule code alone ("C6") finds that
rule's questions. A question id opens its question; an id the FAQ has not got is said plainly,
with the nearest questions."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from difflib import get_close_matches
from functools import cache
from typing import Literal

from pydantic import Field

from .base import Value
from .cardsearch import STOP
from .clauses import CLAUSES, translated
from .faq import FaqEntry, faq_in
from .i18n import current
from .textsearch import WordIndex, fold, score_of, words

MAX_QUERY = 200  # characters of a search read; the rest is left out
MOST = 8  # questions answered for one search
# Small words of a question asked in one's own words ("can I refuse to use my token?") that
# say nothing about which question, beside the card finder's.
ASKING = STOP | frozenset({"can", "could", "i", "me", "my", "we", "us", "our", "you", "your",
                           "do", "does", "did", "if", "how", "who", "whom", "must", "may",
                           "should", "be", "have", "has", "any", "anyone", "for", "at", "by",
                           "so", "then", "still", "instead", "happens"})


@dataclass(frozen=True, slots=True)
class Asked:
    """What a search or a question id found: the questions, best first; `unknown` when an id
    was asked that the FAQ has not got (the questions are then the nearest ones)."""

    entries: tuple[FaqEntry, ...]
    unknown: bool = False


class FoundQuestion(Value):
    """A question found: its id (`faq.html#q=<id>`), the rule code it rests on, the question
    and its one-line answer, in the page's language."""

    id: str
    clause: str
    question: str
    answer: str


class QuestionsFound(Value):
    """The answer to a FAQ search or a question id: the questions, best first (at most 8);
    `unknown` when the id asked is not a question (the questions are then the nearest), and
    `miss` saying so, or that nothing matches, in plain words."""

    questions: tuple[FoundQuestion, ...]
    unknown: bool = False
    miss: str = ""


class FaqMessage(Value):
    """Host -> widget: `castaway-referee:faq`, a question id or a search in words (one of
    them); `id` is echoed back."""

    type: Literal["castaway-referee:faq"]
    id: str | int | None = None
    question: str | None = Field(default=None, max_length=60)
    search: str | None = Field(default=None, max_length=200)


class QuestionsMessage(QuestionsFound):
    """Widget -> host: the questions that answer a `castaway-referee:faq` message."""

    type: Literal["castaway-referee:questions"]
    id: str | int | None = None


@cache
def _index(language: str) -> tuple[tuple[FaqEntry, ...], WordIndex]:
    """The FAQ's questions in `language` (the active one: the argument keys the cache) and
    their words: the question's own (and its rule code) as names, the rest as text."""
    entries = faq_in(language).entries
    names = [frozenset(words(e.question)) | {e.clause.lower()} for e in entries]
    texts = []
    for e in entries:
        clause = translated(CLAUSES[e.clause])
        texts.append(frozenset(words(" ".join((e.answer, e.setup, e.id.replace("-", " "),
                                                 clause.title, clause.text)))))
    return entries, WordIndex(names, texts)


def search_questions(query: str, most: int = MOST) -> Asked:
    """The questions that best match `query`, best first; a rule code alone finds its
    questions, in the FAQ's order."""
    entries, index = _index(current())
    typed = words(query[:MAX_QUERY])
    code = fold(query.strip())
    by_code = tuple(e for e in entries if e.clause.lower() == code)
    if by_code:
        return Asked(by_code[:most])
    terms = tuple(w for w in typed if w not in ASKING) or typed
    prepared = tuple(index.hits(t) for t in terms)
    scored = []
    for i in index.candidates(prepared):
        score, _named = score_of(i, prepared)
        if score > 0:
            scored.append((-score, i))
    return Asked(tuple(entries[i] for _score, i in heapq.nsmallest(most, scored)))


def question(asked_id: str) -> Asked:
    """The question with this id; an id the FAQ has not got finds the nearest questions: ids
    spelt alike, then the questions its words find."""
    entries, _index_words = _index(current())
    by_id = {e.id: e for e in entries}
    wanted = asked_id.strip().lower()[:60]
    if wanted in by_id:
        return Asked((by_id[wanted],))
    alike = [by_id[i] for i in get_close_matches(wanted, list(by_id), n=3, cutoff=0.5)]
    found = search_questions(wanted.replace("-", " "), 3).entries if wanted else ()
    nearest = list(dict.fromkeys((*alike, *found)))[:3]
    return Asked(tuple(nearest), unknown=True)
