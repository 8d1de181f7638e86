"""Typo-tolerant word search, the same for the card finder (cardsearch.py) and the rules FAQ
(faqsearch.py): case, accents and the kind of dash do not matter; a typed word may be one or
two letters off (none below 3 letters, one up to 6, two from 7), the start of a word, or inside
a name; words found in an entry's name count more than words found in its text. An index is
built once from each entry's name words and text words."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-")
# Letters that no accent-stripping takes to a plain one (Polish ł, German ß, French œ ...).
PLAIN = DASHES | {ord(k): v for k, v in {"ł": "l", "Ł": "L", "ß": "ss", "ẞ": "SS", "æ": "ae",
                                          "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
                                          "đ": "d", "Đ": "D"}.items()}


def fold(text: str) -> str:
    """Lower case, no accents (ł as l, ß as ss), every dash and minus sign a plain hyphen,
    spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.translate(PLAIN))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(text.split())


def words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[^a-z0-9+]+", fold(text).replace("-", " ")) if w)


def distance(a: str, b: str, limit: int = 2) -> int:
    """Letters wrong, missing, extra or swapped between `a` and `b` (optimal string
    alignment); anything above `limit` is returned as `limit + 1`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


def allowed(word: str) -> int:
    """How many letters may be wrong in a typed word: none below 3 letters, one up to 6,
    two from 7."""
    return 0 if len(word) < 3 else 1 if len(word) < 7 else 2


@lru_cache(maxsize=4096)
def letters(word: str) -> int:
    """The letters of a word as a set of bits (one per character)."""
    bits = 0
    for ch in word:
        bits |= 1 << (ord(ch) & 0x3FF)
    return bits


def near(term: str, buckets: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """The vocabulary's words within the typo allowance of `term`, with their distance (a
    typo in the first letter is found when the first two are swapped)."""
    limit = allowed(term)
    if not limit:
        return {}
    found = {}
    mine = letters(term)
    for initial in {term[0], term[1:2] or term[0]}:
        for w in buckets.get(initial, ()):
            if abs(len(w) - len(term)) > limit:
                continue
            theirs = letters(w)
            # Each typo brings in at most one letter the other word lacks, and takes out at
            # most one: more such letters than the allowance cannot be near.
            if (mine & ~theirs).bit_count() > limit or (theirs & ~mine).bit_count() > limit:
                continue
            d = distance(term, w, limit)
            if d <= limit:
                found[w] = d
    return found


@dataclass(frozen=True, slots=True)
class Term:
    """A typed word and what each index word it may stand for scores, found once per query:
    in a name, the word itself 4, a word it starts 3, one a typo away 3.5 − letters wrong, a
    word it is inside of 2; in a text, the word or one it starts 1, one a typo away 0.5."""

    word: str
    names: dict[str, float]
    texts: dict[str, float]


def _by_initial(vocabulary: frozenset[str]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for w in vocabulary:
        out.setdefault(w[0], []).append(w)
    return {k: tuple(v) for k, v in out.items()}


def _inverted(entries: Sequence[frozenset[str]]) -> dict[str, frozenset[int]]:
    out: dict[str, set[int]] = {}
    for i, found in enumerate(entries):
        for w in found:
            out.setdefault(w, set()).add(i)
    return {k: frozenset(v) for k, v in out.items()}


class WordIndex:
    """Entries (by their position) found by typed words: each entry is its name words and its
    text words. What a typed word finds is worked out once and kept (`hits`)."""

    def __init__(self, names: Sequence[frozenset[str]], texts: Sequence[frozenset[str]]) -> None:
        self.names = frozenset(w for found in names for w in found)
        self.texts = frozenset(w for found in texts for w in found)
        self.names_by_initial = _by_initial(self.names)
        self.texts_by_initial = _by_initial(self.texts)
        self.in_names = _inverted(names)
        self.in_texts = _inverted(texts)
        self._terms: dict[str, Term] = {}
        self._hits: dict[str, dict[int, tuple[float, bool]]] = {}

    def term(self, w: str) -> Term:
        if w not in self._terms:
            self._terms[w] = self._term(w)
        return self._terms[w]

    def _term(self, w: str) -> Term:
        by_name, by_text = self.names_by_initial, self.texts_by_initial
        in_name: dict[str, float] = {}
        if len(w) >= 3:
            in_name |= dict.fromkeys((n for n in self.names if w in n), 2.0)
        for n, d in near(w, by_name).items():
            in_name[n] = max(in_name.get(n, 0), 3.5 - d)
        in_name |= dict.fromkeys((n for n in by_name.get(w[0], ()) if n.startswith(w)), 3.0)
        if w in self.names:
            in_name[w] = 4.0
        in_text: dict[str, float] = dict.fromkeys(near(w, by_text), 0.5) if len(w) >= 4 else {}
        starts = (x for x in by_text.get(w[0], ()) if x.startswith(w)) if len(w) >= 3 else (
            x for x in (w,) if x in self.texts)
        in_text |= dict.fromkeys(starts, 1.0)
        return Term(w, in_name, in_text)

    def hits(self, w: str) -> dict[int, tuple[float, bool]]:
        """Entry -> (score, in its name) for a typed word: the best its name words give, else
        the best its text words give (a name word always outranks a text word)."""
        if w in self._hits:
            return self._hits[w]
        t = self.term(w)
        out: dict[int, tuple[float, bool]] = {}
        for word, score in t.texts.items():
            for i in self.in_texts[word]:
                if out.get(i, (0.0, False))[0] < score:
                    out[i] = (score, False)
        for word, score in t.names.items():
            for i in self.in_names[word]:
                now = out.get(i)
                if now is None or not now[1] or now[0] < score:
                    out[i] = (score, True)
        if len(self._hits) < 1024:
            self._hits[w] = out
        return out

    def candidates(self, prepared: Sequence[dict[int, tuple[float, bool]]]) -> set[int]:
        """The entries that may match: those found by every typed word, or, for three words
        and more (one in three may be missing), by any."""
        if not prepared:
            return set()
        keys = [set(h) for h in prepared]
        return set.union(*keys) if len(keys) >= 3 else set.intersection(*keys)


def score_of(i: int, terms: Sequence[dict[int, tuple[float, bool]]]) -> tuple[float, bool]:
    """The entry's score for the typed words and whether every word is in its name. Each
    word must be found, but one in three of a longer query may be missing."""
    total, in_name, missing = 0.0, True, 0
    for hits in terms:
        score, named = hits.get(i, (0.0, False))
        if not score:
            missing += 1
            in_name = False
            continue
        total += score
        in_name = in_name and named
    if missing and (len(terms) < 3 or missing > len(terms) // 3):
        return 0, False
    return total - 2 * missing, in_name
