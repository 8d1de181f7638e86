"""Command line: `python -m pyapp rule FILE [--explain]`, `schema`, `cards`.

Every error is one line on stderr (`error: <type>: <what is wrong, in words>`) and exit code
2; output that stops being read (`| head -1`) ends the program quietly."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from .api import parse_request
from .envelope import error_of
from .rules import Ruling, rule
from .rules.cardsearch import cards_matching
from .rules.catalogue import coverage_text
from .rules.clauses import cite_words
from .rules.plain import printable
from .rules.ruling import Decision
from .rules.words import plural
from .schemas import check_schemas, write_schemas


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return int(args.run(args))


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: usage: {printable(message)} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pyapp", description="Castaway Referee: "
                     "rulings on unfulfilled demand.")
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
                       help="per deck of the box: cards listed, in the catalogue, missing")
    cards.set_defaults(run=_cards)
    return parser


def _rule(args: argparse.Namespace) -> int:
    name = "standard input" if args.file == "-" else printable(args.file)
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        text = data.decode("utf-8")
    except OSError as exc:
        return _fail("cannot_read", f"cannot read {name}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        return _fail("cannot_read", f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} "
                     f"at position {exc.start:,}); save it as UTF-8 and try again")
    try:
        ruling = rule(parse_request(text))
    except Exception as exc:  # every refusal is one line: its type and what is wrong
        error = error_of(exc)
        return _fail(error["type"], error["message"])
    print(explain(ruling) if args.explain else ruling.model_dump_json(indent=2))
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
        tag = {"stated": " (stated by the card)" if s.by_card else "", "derived": " (derived)",
               "house": " (no official ruling; this app's default"
               + (f", switch {s.switch}" if s.switch else "") + ")"}[s.certainty]
        lines.append(f"{where}{cite} — {s.text}{tag}")
    lines.append("")
    for w in ruling.wounds:
        lines.append(f"{w.figure.capitalize()}: {plural(w.unfulfilled + w.other, 'Wound')} "
                     f"({w.unfulfilled} of unfulfilled demand)" + (", dies" if w.died else ""))
    if ruling.morale_change:
        lines.append(f"Morale {ruling.morale_change:+d}")
    if ruling.game_lost:
        lines.append(f"The game is lost: {ruling.lost_reason}")
    lines += [_choice_line(d) for d in ruling.decisions]
    rests = "; ".join(cite_words(c) for c in ruling.rests_on)
    lines.append(SURE[ruling.certainty] + (f" ({rests})" if rests else "")
                 + (" and by the card" if _stated_by_card(ruling) else ""))
    return lines


def _stated_by_card(ruling: Ruling) -> bool:
    """A stated ruling one of whose steps is the card's own word (who suffers)."""
    return ruling.certainty == "stated" and any(
        s.by_card and s.certainty == "stated" for s in ruling.steps)


def _choice_line(d: Decision) -> str:
    """A decision in words: the question, what this ruling took, the default, the options,
    and the request field that changes it ("Choice: Which food pays? Food first ...")."""
    labels = {o.value: o.label for o in d.options}

    def said(value: str) -> str:
        return ", ".join(labels.get(v, v) for v in value.split(",") if v) or "none"

    line = f"Choice: {d.question} This ruling takes: {said(d.chosen)}" + (
        " (the default)." if d.chosen == d.default else f" (default: {said(d.default)}).")
    if d.options:
        line += " Options: " + "; ".join(o.label for o in d.options) + "."
    return line + f" To choose otherwise, set choices.{d.id} in the request."


SURE = {"stated": "Certainty: stated by the rules", "derived": "Certainty: derived from the "
        "rules", "house": "Certainty: no official ruling; this app's default"}


def _schema(args: argparse.Namespace) -> int:
    if args.write:
        for path in write_schemas(Path(args.write)):
            print(path)
        return 0
    stale = check_schemas(Path(args.check or "schema"))
    if stale:
        print(f"error: stale schema files: {', '.join(stale)} (run `make schema`)",
              file=sys.stderr)
    return 1 if stale else 0


def _cards(args: argparse.Namespace) -> int:
    if args.coverage:
        print(coverage_text())
        return 0
    for card in cards_matching(" ".join(args.words)):
        print(printable(f"{card.id:32} {card.name}: {card.text}"))
    return 0


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
