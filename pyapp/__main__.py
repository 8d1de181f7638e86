"""Command line: `python -m pyapp rule FILE [--explain]`, `schema`, `cards`.

Every error is one line on stderr (`error: <type>: <what is wrong, in words>`) and exit code
2; output that stops being read (`| head -1`) ends the program quietly. A request is read up
to its limit and no further (`rule /dev/zero` ends at once); a leading UTF-8 byte-order mark
(what some Windows editors write) is skipped. Output goes out in the terminal's encoding: JSON
writes what it cannot show as `\\u` escapes (the same JSON), text that cannot be shown is
refused in one line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import NoReturn

from .api import parse_request
from .envelope import error_of
from .reading import MAX_TEXT
from .rules import Ruling, rule
from .rules.cardsearch import cards_matching, search
from .rules.catalogue import NOTHING, coverage_text
from .rules.clauses import cite_words
from .rules.i18n import N_, _, n_, set_language
from .rules.plain import printable
from .rules.ruling import Decision
from .rules.words import capital, role_name
from .schemas import check_schemas, write_schemas


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.lang:
        try:
            set_language(args.lang)
        except ValueError as exc:
            return _fail("unknown_language", str(exc))
    return int(args.run(args))


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: usage: {printable(message)} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pyapp", description="Castaway Referee: "
                     "rulings on unfulfilled demand.")
    parser.add_argument("--lang", metavar="CODE", help="the language of the words (en, the "
                        "default, or a language with a catalogue, e.g. x-pseudo)")
    sub = parser.add_subparsers(required=True)
    ruling = sub.add_parser("rule", help="rule on a request (JSON file, or - for stdin)")
    ruling.add_argument("file")
    ruling.add_argument("--explain", action="store_true", help="print the steps as text")
    ruling.set_defaults(run=_rule)
    schema = sub.add_parser("schema", help="write or check the JSON Schema files")
    schema.add_argument("--write", metavar="DIR")
    schema.add_argument("--check", metavar="DIR")
    schema.set_defaults(run=_schema)
    cards = sub.add_parser("cards", help="list the card catalogue")
    cards.add_argument("words", nargs="*", help="only cards whose name or text has these words")
    cards.add_argument("--coverage", action="store_true",
                       help="per deck: the box's count and its source, the catalogue's, "
                            "each card missing")
    cards.add_argument("--details", action="store_true",
                       help="with --coverage: each card that asks for nothing, and why")
    cards.set_defaults(run=_cards)
    return parser


# Bytes of a request file read at most: MAX_TEXT characters of four UTF-8 bytes each, and the
# byte-order mark. One byte more than this says the file is too large, whatever follows.
MAX_BYTES = 4 * MAX_TEXT + 3


def _read_bounded(file: str) -> bytes:
    """At most MAX_BYTES + 1 bytes of the file (or of standard input, for "-")."""
    if file == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    with open(file, "rb") as stream:
        return stream.read(MAX_BYTES + 1)


def _rule(args: argparse.Namespace) -> int:
    name = _("standard input") if args.file == "-" else printable(args.file)
    try:
        data = _read_bounded(args.file)
        if len(data) > MAX_BYTES:
            return _fail("validation_error", _(
                "{name} is too large to be a request (a request is at most {most} characters).",
                name=name, most=f"{MAX_TEXT:,}"))
        text = data.decode("utf-8-sig")
    except OSError as exc:
        return _fail("cannot_read", _("cannot read {name}: {why}", name=name,
                                      why=exc.strerror or exc))
    except UnicodeDecodeError as exc:
        return _fail("cannot_read", _(
            "{name} is not UTF-8 text (byte 0x{byte} at position {at}); save it as UTF-8 and "
            "try again", name=name, byte=f"{data[exc.start]:02x}", at=f"{exc.start:,}"))
    try:
        ruling = rule(parse_request(text))
    except Exception as exc:  # every refusal is one line: its type and what is wrong
        error = error_of(exc)
        return _fail(error["type"], error["message"])
    if args.explain:
        return _print_text(explain(ruling))
    print(json_for_output(ruling.model_dump_json(indent=2)))
    return 0


def _encoding() -> str:
    return sys.stdout.encoding or "utf-8"


def _encodable(text: str) -> bool:
    try:
        text.encode(_encoding())
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def json_for_output(text: str) -> str:
    """JSON text as standard output can write it: a character its encoding lacks (ASCII,
    cp1252) becomes JSON's own escape (`\\u2192`, a pair for characters past U+FFFF), so the
    output is the same JSON whatever the terminal."""
    if _encodable(text):
        return text
    return "".join(c if c.isascii() or _encodable(c) else json.dumps(c)[1:-1] for c in text)


def _print_text(text: str) -> int:
    """Print text for people, or say in one line that this output's encoding cannot show it."""
    bad = next((c for c in text if not _encodable(c)), None) if not _encodable(text) else None
    if bad is not None:
        return _fail("cannot_write", _(
            "the output's encoding ({encoding}) cannot show the character U+{code}; set "
            "PYTHONIOENCODING=utf-8 and try again", encoding=_encoding(),
            code=f"{ord(bad):04X}"))
    print(text)
    return 0


def _fail(kind: str, message: str) -> int:
    print(f"error: {kind}: {' '.join(printable(message).split())}", file=sys.stderr)
    return 2


def explain(ruling: Ruling) -> str:
    """The ruling as a player reads it: each step with its rule and certainty. Text that
    came from the request (names, labels) has its control characters shown as escapes."""
    return "\n".join(printable(line) for line in _explain_lines(ruling))


def _explain_lines(ruling: Ruling) -> list[str]:
    lines = []
    for s in ruling.steps:
        where = f"[{s.demand + 1}] " if s.demand is not None else ""
        cite = cite_words(s.part or s.clause)
        said = _("{cite} — {text}", cite=cite, text=s.text)
        lines.append(where + _tagged(said, s.certainty, s.by_card, s.switch))
    lines.append("")
    for w in ruling.wounds:
        line = n_("{who}: {n} Wound ({unfulfilled} of unfulfilled demand)",
                  "{who}: {n} Wounds ({unfulfilled} of unfulfilled demand)",
                  w.unfulfilled + w.other, who=role_name(w.figure), unfulfilled=w.unfulfilled)
        lines.append(_("{wounds}, dies", wounds=line) if w.died else line)
    if ruling.morale_change:
        lines.append(_("Morale {change}", change=f"{ruling.morale_change:+d}"))
    if ruling.game_lost:
        lines.append(_("The game is lost: {reason}", reason=ruling.lost_reason))
    lines += [_choice_line(d) for d in ruling.decisions]
    lines.append(_sure_line(ruling))
    return lines


def _tagged(said: str, certainty: str, by_card: bool, switch: str | None) -> str:
    """A step with how sure it is, when it is not simply stated by the rules."""
    if certainty == "stated":
        return _("{step} (stated by the card)", step=said) if by_card else said
    if certainty == "derived":
        return _("{step} (derived)", step=said)
    if switch:
        return _("{step} (no official ruling; this app's default, switch {switch})", step=said,
                 switch=switch)
    return _("{step} (no official ruling; this app's default)", step=said)


def _sure_line(ruling: Ruling) -> str:
    sure = _(SURE[ruling.certainty])
    rests = "; ".join(cite_words(c) for c in ruling.rests_on)
    if rests:
        sure = _("{certainty} ({rests})", certainty=sure, rests=rests)
    return _("{certainty} and by the card", certainty=sure) if _stated_by_card(ruling) else sure


def _stated_by_card(ruling: Ruling) -> bool:
    """A stated ruling one of whose steps is the card's own word (who suffers)."""
    return ruling.certainty == "stated" and any(
        s.by_card and s.certainty == "stated" for s in ruling.steps)


def _choice_line(d: Decision) -> str:
    """A decision in words: the question, what this ruling took, the default, the options,
    and the request field that changes it ("Choice: Which food pays? Food first ...")."""
    labels = {o.value: o.label for o in d.options}

    def said(value: str) -> str:
        return ", ".join(labels.get(v, v) for v in value.split(",") if v) or _("none")

    line = (_("Choice: {question} This ruling takes: {chosen} (the default).",
              question=d.question, chosen=said(d.chosen)) if d.chosen == d.default else
            _("Choice: {question} This ruling takes: {chosen} (default: {default}).",
              question=d.question, chosen=said(d.chosen), default=said(d.default)))
    if d.options:
        line = _("{choice} Options: {options}.", choice=line,
                 options="; ".join(o.label for o in d.options))
    return _("{choice} To choose otherwise, set choices.{field} in the request.", choice=line,
             field=d.id)


SURE = {"stated": N_("Certainty: stated by the rules"),
        "derived": N_("Certainty: derived from the rules"),
        "house": N_("Certainty: no official ruling; this app's default")}


def _schema(args: argparse.Namespace) -> int:
    if args.write:
        try:
            written = write_schemas(Path(args.write))
        except OSError as exc:
            return _fail("cannot_write", _("cannot write the schema files to {folder}: {why}",
                                           folder=printable(args.write),
                                           why=exc.strerror or exc))
        for path in written:
            print(printable(str(path)))
        return 0
    stale = check_schemas(Path(args.check or "schema"))
    if stale:
        print(f"error: stale schema files: {', '.join(stale)} (run `make schema`)",
              file=sys.stderr)
    return 1 if stale else 0


def _cards(args: argparse.Namespace) -> int:
    if args.coverage:
        return _print_text(coverage_text(args.details))
    query = " ".join(args.words)
    if not query.strip():
        return _print_text("\n".join(printable(f"{card.id:32} {_(card.name)}: {_(card.text)}")
                                     for card in cards_matching("")))
    found = search(query)
    lines = []
    for hit in found.hits:
        if hit.card is not None:
            lines.append(f"{hit.card.id:32} {_(hit.card.name)}: {_(hit.card.text)}")
        elif hit.record is not None:
            lines.append(f"{hit.deck:32} {_(hit.record.name)}: {capital(_(NOTHING))}.")
        else:
            lines.append(f"{'(your demand)':32} {hit.label}")
    if found.nearest:
        lines.append(_("No card matches “{query}”. The nearest names: {names}.",
                       query=query, names=", ".join(_(n) for n in found.nearest)))
    return _print_text("\n".join(printable(line) for line in lines)) if lines else 0


def run(argv: list[str] | None = None) -> int:
    """`main`, ending quietly when whoever reads the output stops (`| head -1`): Python's
    own advice, stdout pointed at /dev/null so that the exit's flush cannot fail again."""
    try:
        code = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for a program ended by the pipe
    return code


if __name__ == "__main__":
    sys.exit(run())
