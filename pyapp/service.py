"""Everything the page asks of Python, by name: JSON text in, a JSON envelope out.

The browser bridge hands `Service.call` to JavaScript; nothing here touches the browser.
Every answer is `{"ok": true, ...}` or `{"ok": false, "error": {...}}`; nothing raises.

Words (pyapp/rules/i18n.py): every sentence is in the language the page chose with
`call("language", '{"language": "pl"}')` (English until then), cards, FAQ and clauses too.

Errors (built in one place, pyapp/envelope.py, from whatever was refused or failed):
`{"type", "message", "details": [{"loc", "msg"}]}`. `message` is one line of plain
words for people (no field path, no "null"); show it as it is. `details` keep pydantic's
paths for programs (at most 20). Text is refused before it is parsed (pyapp/reading.py) when
it is nested more than 64 deep, holds a number of more than 40 digits, or is over 2,000,000
characters: a `validation_error` ("The table is nested 4,000 deep; at most 64 levels are
allowed."); share links also when they unpack to more than 64,000 bytes (`link_too_long`).

Session commands (`call("session", text)`) may carry `"reply": "full" | "changes"`:
- "full" (the default; unchanged): `{"ok": true, "snapshot": {"state", "log", "can_undo",
  "can_redo", "history"}, ...}`, the whole log and history with every answer (costs O(log)).
- "changes": `{"ok": true, "snapshot": {"state", "can_undo", "can_redo", "cursor",
  "length"}, "changes": {"initial"?, "dropped", "keep", "entries", "log", "cursor",
  "length"}, ...}` (plus "ruling" for preview and apply). A copy of the history kept
  elsewhere (the autosave: `{initial, entries, cursor}`) and of the log lines is brought up
  to date by: if "initial" is present, take it; drop the first `dropped` entries (and log
  lines); keep the first `keep` of those left; append `entries` (and `log`, lines of
  `{"kind", "summary", "card", "applied"}`); set `cursor` (a line is applied when its index
  < cursor); it then has `length` entries. new, load and snapshot send everything
  (initial, keep 0); edit and apply send the one new entry (the log folds its oldest entry
  into `initial` once it holds 5,000, `dropped` 1); undo, redo and preview send no entry,
  only the cursor. A move's answer then costs the same with 3,000 entries as with 3.
- `{"cmd": "export"}`: `{"ok": true, "history": {...}}`, the whole history, for a save or
  a file, without a snapshot.
Limits a table is read with (pyapp/rules/state.py): 4 characters, 20 planned Actions of at
most 12 pawns, 30 tiles of at most 4 sources, 60 spaces of at most 60 tokens and 60 markers,
60 Discovery tokens, Treasures, Equipment and Inventions each, counts 0-99, death space
1-30, names of at most 60 characters without control characters (C0, C1, U+2028/9, bidi
marks); a log of 5,000 entries; 8 demands an effect, 50 edits a board edit."""

from __future__ import annotations

import json
from collections.abc import Callable

from .api import RequestError, parse_request, read_text, rule_json
from .envelope import error_json
from .links import encode, holds, open_link, ruled_words
from .reading import JsonTooBig, read_json
from .rules import i18n
from .rules.base import Value
from .rules.cardsearch import RECORD_DECKS, english_names_only, search
from .rules.catalogue import NOTHING, catalogue, catalogue_in
from .rules.clauses import CLAUSES, translated
from .rules.demands import Effect
from .rules.faq import faq_in
from .rules.faqsearch import (
    MAX_QUERY,
    Asked,
    FoundQuestion,
    QuestionsFound,
    question,
    search_questions,
)
from .rules.history import History
from .rules.i18n import _
from .rules.joining import JoinAsk, join
from .rules.moment import FIRST_PHASE, moment
from .rules.ruling import Context
from .rules.state import Name, TableState
from .rules.telling import clause_words, demand_words, effect_notes
from .rules.words import capital
from .session import Session

# A table to start from before the players have set theirs up: two characters, round 1,
# in the phase round 1 begins with (it has no Event Phase).
STARTING_TABLE = TableState.model_validate({
    "characters": [{"role": "cook"}, {"role": "explorer"}], "first_player": "cook",
    "phase": FIRST_PHASE})


class Service:
    """One page's rules service: stateless calls, plus the board's session."""

    def __init__(self) -> None:
        self.session = Session(History(initial=STARTING_TABLE))
        self._methods: dict[str, Callable[[str], str]] = {
            "rule": rule_json,
            "session": self.session.handle_json,
            "link_encode": _link_encode,
            "link_decode": _link_decode,
            "catalogue": lambda _text: '{"ok":true,"catalogue":' + catalogue_json() + "}",
            "card_search": card_search_json,
            "effect_words": effect_words_json,
            "moment": moment_json,
            "join": join_json,
            "faq": lambda _text: '{"ok":true,"faq":' + faq_in(
                i18n.current()).model_dump_json() + "}",
            "faq_search": faq_search_json,
            "clauses": lambda _text: json.dumps({"ok": True, "clauses": {
                cid: {**translated(c).model_dump(), "words": clause_words(c)}
                for cid, c in CLAUSES.items()}}),
            "language": language_json,
        }

    def call(self, method: str, text: str) -> str:
        """The method's answer, or the error envelope of whatever it refused or failed on."""
        try:
            return self._method(method)(str(text))
        except Exception as exc:  # every failure is an answer, never an exception
            return error_json(exc)

    def _method(self, method: str) -> Callable[[str], str]:
        handler = self._methods.get(str(method))
        if handler is None:
            raise RequestError("unknown_method", "", _("there is no method {method}",
                                                      method=repr(method)))
        return handler


def warm_up() -> None:
    """Answer one call of each kind, and a refusal of each kind, on a throw-away Service.

    tools/snapshot.mjs runs this in the interpreter it is about to save: whatever these
    answers load lazily (the card catalogue and FAQ files, the link codec, pydantic's
    error formatting, the session's edits) is then in the snapshot, so that a page
    restored from it answers without reading a file or importing a module. Raises if an
    answer is not the one expected: a snapshot is not made from a broken core."""
    service = Service()
    request = json.dumps({"state": STARTING_TABLE.model_dump(mode="json"),
                          "effect": {"demands": [{"kind": "discard", "wood": 1}]}})
    encoded = json.loads(service.call("link_encode", request))
    if encoded["ok"] is not True:
        raise RuntimeError(f"warm-up: link_encode answered {encoded}")
    link = encoded["link"]
    edit = {"cmd": "edit", "edits": [{"op": "set", "path": "morale", "value": 1}]}
    ask = {"cmd": "preview", "effect": {"demands": [{"kind": "reduce", "track": "roof",
                                                     "amount": 2}]}}
    calls = [
        ("rule", request, True), ("rule", "{}", False), ("rule", "not json", False),
        ("link_decode", link, True), ("link_decode", "!", False),
        ("catalogue", "", True), ("faq", "", True), ("clauses", "", True),
        ("card_search", '{"query": "discard 2 wood"}', True), ("card_search", "[]", False),
        ("faq_search", '{"query": "discovery tokn"}', True), ("faq_search", '{"id": "x"}', True),
        ("faq_search", "[]", False),
        ("language", '{"language": "en"}', True), ("language", '{"language": "?"}', False),
        ("effect_words", request, True), ("moment", request, True), ("moment", "{}", False),
        ("join", json.dumps({"state": STARTING_TABLE.model_dump(mode="json"),
                             "held": {"demands": [{"kind": "weather_clouds", "rain": 2}]},
                             "adding": {"demands": [{"kind": "weather_clouds", "snow": 1}]}}),
         True), ("join", "{}", False),
        ("session", json.dumps(edit), True), ("session", json.dumps(ask), True),
        ("session", '{"cmd": "undo"}', True), ("session", '{"cmd": "catalogue"}', True),
        ("session", json.dumps({**edit, "reply": "changes"}), True),
        ("session", '{"cmd": "export"}', True), ("rule", "[" * 100 + "]" * 100, False),
        ("session", '{"cmd": "edit", "edits": [{"op": "set", "path": "nowhere"}]}', False),
        ("nothing", "", False),
    ]
    with english_names_only():  # the other editions' names: read by the first search
        for method, text, ok in calls:
            answer = json.loads(service.call(method, text))
            if answer["ok"] is not ok:
                raise RuntimeError(f"warm-up: {method}({text[:60]!r}) answered {answer}")


def catalogue_json() -> str:
    return catalogue_in(i18n.current()).model_dump_json()


def language_json(text: str) -> str:
    """`{"language": "pl"}`: the core answers in that language from now on -> `{"ok": true,
    "language": "pl", "languages": [...]}`; a language without a catalogue is refused
    (`unknown_language`), the language spoken kept. `{}` only asks which it speaks."""
    asked = read_text(text or "{}", "language choice")
    if not isinstance(asked, dict) or not isinstance(asked.get("language", ""), str):
        raise RequestError("request_error", "language",
                           _("The language must be a code such as “{code}”.", code="en"))
    if asked.get("language"):
        try:
            i18n.set_language(asked["language"])
        except i18n.UnknownLanguage as exc:
            raise RequestError("unknown_language", "language", str(exc)) from None
    return json.dumps({"ok": True, "language": i18n.current(),
                       "languages": list(i18n.languages())})


def effect_words_json(text: str) -> str:
    """A request's demands in words, before (or without) a ruling: `{"ok": true, "words":
    {"demands": [...], "alternative": [...], "notes": [...]}}`. The panel shows them while it
    asks who resolves, or when the ruling is refused."""
    request = parse_request(text)
    state = request.state
    return json.dumps({"ok": True, "words": {
        "demands": [demand_words(d, state) for d in request.effect.demands],
        "alternative": [demand_words(d, state) for d in request.effect.alternative or ()],
        "notes": list(effect_notes(request.effect, state))}})


class MomentAsk(Value):
    """What the panel asks of the moment: the table, the demand (if any), the card picked,
    the context and the planned Action tapped "Resolve" on."""

    state: TableState
    effect: Effect | None = None
    card: Name | None = None
    context: Context = Context()
    resolving: Name | None = None


def join_json(text: str) -> str:
    """A second card or chip beside the first (pyapp/rules/joining.py): `{"ok": true,
    "joined": {"effect", "said", "ask", "join", "replace"}}`; `ask` is empty where the two
    plainly join (parts of one phase, composed chips)."""
    asked = JoinAsk.model_validate(read_text(text, "request"))
    return '{"ok":true,"joined":' + join(asked, catalogue().cards).model_dump_json() + "}"


def moment_json(text: str) -> str:
    """The moment of a demand (pyapp/rules/moment.py): `{"ok": true, "moment": {"resolver":
    {"who", "how", "action"}, "choose_resolver", "line", "line_asking", "first_option", "combat":
    {"offered", "ticked", "fixed"}, "card_phase", "set_phase", "set_phase_label",
    "card_combat", "early"}}`. A card the catalogue does not hold is taken as no card."""
    asked = MomentAsk.model_validate(read_text(text, "request"))
    try:
        card = catalogue().card(asked.card) if asked.card else None
    except KeyError:
        card = None
    found = moment(asked.state, asked.effect, card, asked.context, asked.resolving)
    return '{"ok":true,"moment":' + found.model_dump_json() + "}"


def _read_search(text: str) -> object:
    """A search's JSON text, read within its bounds; refused in words when it is not JSON."""
    try:
        return read_json(text, "search")
    except JsonTooBig as exc:
        raise RequestError("validation_error", "", exc.msg) from None
    except ValueError:
        raise _search_refused(_("The search is not JSON text.")) from None


def card_search_json(text: str) -> str:
    """`{"query": "roof -1", "decks": ["event"]}` -> the cards found, best first, and the plain
    demand the query spells (first, ready to rule), each with its "rules differently" flag.
    A search that cannot be read is a RequestError, one the catalogue cannot answer a
    SearchError (`Service.call` answers them)."""
    asked = _read_search(text)
    if not isinstance(asked, dict) or not isinstance(asked.get("query", ""), str):
        raise _search_refused(_("The search needs a query in words."))
    decks = asked.get("decks", [])
    if not isinstance(decks, list) or not all(isinstance(d, str) for d in decks):
        raise _search_refused(_("The deck filters must be a list of deck names."))
    found = search(asked.get("query", "")[:200], decks)
    results: list[dict[str, object]] = []
    for hit in found.hits:
        if hit.record is not None:
            r = hit.record
            results.append({"card": None, "kind": "nothing", "name": _(r.name), "deck": hit.deck,
                            "deck_name": _(RECORD_DECKS.get(hit.deck, hit.deck)),
                            "text": _(r.text) if r.text else "", "why": hit.why, "flag": "",
                            "nothing": capital(_(NOTHING)) + ".",
                            "reason": _(r.out), "certainty": r.certainty})
        elif hit.card is None and hit.effect is not None:
            results.append({"card": None, "kind": "demand", "name": hit.label, "why": hit.why,
                            "flag": "",
                            "effect": hit.effect.model_dump(mode="json", exclude_defaults=True)})
        elif hit.card is not None:
            c = hit.card
            results.append({"card": c.id, "kind": "card", "name": _(c.name), "deck": c.deck,
                            "group": c.group, "text": _(c.text), "why": hit.why,
                            "flag": _(hit.flag), "certainty": c.certainty,
                            "part_of": _("Part of the card {card}", card=_(c.listed))
                            if c.listed else ""})
    answer: dict[str, object] = {"ok": True, "query": found.query, "results": results}
    if found.nearest:
        answer["nearest"] = [_(n) for n in found.nearest]
        # The names themselves follow, a tap each (the page draws them): said once.
        answer["miss"] = _("No card matches “{query}”. The nearest names:", query=found.query)
    elif not results and found.query.strip():
        answer["miss"] = _("No card matches “{query}”.", query=found.query)
    return json.dumps(answer)


def faq_search_json(text: str) -> str:
    """`{"query": "can I keep my food?"}` or `{"id": "must-discard"}` -> the FAQ's questions
    found, best first, each with its one-line answer and rule code. An id the FAQ has not got
    says so (`unknown`, `miss`) and gives the nearest questions."""
    asked = _read_search(text)
    if not isinstance(asked, dict) or ("id" in asked) == ("query" in asked):
        raise _search_refused(_("Ask for a question by its id, or search the questions in words."))
    if "id" in asked:
        if not isinstance(asked["id"], str):
            raise _search_refused(_("A question's id is a word such as must-discard."))
        found = question(asked["id"])
    elif not isinstance(asked["query"], str):
        raise _search_refused(_("The search needs a query in words."))
    elif len(asked["query"]) > MAX_QUERY:
        raise _search_refused(_("The search is too long ({size} characters; at most {most}).",
                                size=len(asked["query"]), most=MAX_QUERY))
    else:
        found = search_questions(asked["query"])
    return '{"ok":true,' + _questions_found(asked, found).model_dump_json()[1:]


def _questions_found(asked: dict[str, object], found: Asked) -> QuestionsFound:
    miss = ""
    if found.unknown:
        shown = str(asked["id"])[:60]
        miss = (_("There is no question “{id}”. The nearest questions:", id=shown)
                if found.entries else _("There is no question “{id}”.", id=shown))
    elif not found.entries and str(asked.get("query", "")).strip():
        miss = _("No question matches “{query}”.", query=asked["query"])
    return QuestionsFound(questions=tuple(
        FoundQuestion(id=e.id, clause=e.clause, question=e.question, answer=e.answer)
        for e in found.entries), unknown=found.unknown, miss=miss)


def _search_refused(message: str) -> RequestError:
    """A card search that cannot be read: the search as a whole, said in `message`."""
    return RequestError("request_error", "", message)


def _link_encode(text: str) -> str:
    """A request -> its share link, carrying the words of its ruling as said now (none when
    it cannot be ruled); a request that cannot be read is refused as by `rule`."""
    request = parse_request(text)
    return json.dumps({"ok": True, "link": encode(request, ruled_words(request))})


def _link_decode(text: str) -> str:
    """A share link -> its request, the words it carried (`said`, or null) and whether the
    rules still say them (`holds`: true, false, or null when there are none or it cannot be
    told, and then `differs`, the one line a page shows when they do not); a link that
    cannot be opened raises a LinkError."""
    opened = open_link(text)
    said = opened.said
    held = holds(said, opened.request) if said is not None else None
    answer = {"said": said.model_dump(mode="json") if said else None, "holds": held,
              "differs": _("When it was shared, this link said otherwise; the ruling shown "
                           "is the rules' own now.") if held is False else ""}
    return ('{"ok":true,"request":' + opened.request.model_dump_json() + ","
            + json.dumps(answer, ensure_ascii=False)[1:])
