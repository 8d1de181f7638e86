"""One referee, one voice: the page draws what the core says and keeps no second copy of it.

The page's JavaScript (static/, apart from the generated modules and the vendored runtime)
holds no list of the demand kinds, grades no certainty and builds no headline: those come
from the core, in the ruling's `words` and in the files generated from the models."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from pyapp.rules.demands import Demand

ROOT = Path(__file__).resolve().parents[2]
GENERATED = {"static/shared/table-schema.js", "static/shared/demand-kinds.js",
             "static/shared/core-facts.js"}


def page_modules() -> dict[str, str]:
    """The page's own JavaScript, by path: what a person wrote, not what the build made."""
    found = {}
    for path in sorted((ROOT / "static").rglob("*.js")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith("static/vendor/") and rel not in GENERATED:
            found[rel] = path.read_text(encoding="utf-8")
    return found


def demand_kinds() -> list[str]:
    union = typing.get_args(typing.get_args(Demand)[0])
    return [typing.get_args(cls.model_fields["kind"].annotation)[0] for cls in union]


def test_the_page_lists_no_demand_kinds() -> None:
    """A module that names more than a few kinds of demand is a second list of them (a control
    of its own for a kind, such as the Beast picker of a combat, is not)."""
    for path, text in page_modules().items():
        named = [k for k in demand_kinds()
                 if re.search(rf'kind\s*(?:===|!==|:)\s*"{k}"', text)]
        assert len(named) <= 4, f"{path} names the demand kinds {named}: read them from " \
                                "static/shared/demand-kinds.js"


def test_the_page_grades_no_certainty() -> None:
    """How sure a step or a ruling is comes worded from the core (`words.sure`, `words.steps`)."""
    grading = re.compile(r"certainty\s*===?\s*\"(stated|derived|house)\"|rests_on")
    for path, text in page_modules().items():
        assert not grading.search(text), f"{path} grades a ruling's certainty itself"


def test_the_page_builds_no_headline_and_reads_no_core_sentence() -> None:
    """No headline made of the Wounds, and no regular expression over what the core wrote."""
    for path, text in page_modules().items():
        assert "suffers ${" not in text, f"{path} words who suffers itself"
        assert not re.search(r"\.exec\(\s*p\.what|/\^\(roof\|palisade", text), \
            f"{path} parses the core's words"
