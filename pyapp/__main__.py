"""Command line: `python -m pyapp rule FILE [--explain]`, `schema`, `cards`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .api import error_of, parse_request
from .rules import Ruling, rule
from .rules.catalogue import catalogue
from .rules.words import plural
from .schemas import check_schemas, write_schemas


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return int(args.run(args))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pyapp", description="Castaway Referee: "
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
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
        ruling = rule(parse_request(text))
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except Exception as exc:
        error = error_of(exc)
        print(f"error: {error['type']}: {error['message']}", file=sys.stderr)
        for detail in error["details"][1:]:
            print(f"  {detail['loc']}: {detail['msg']}", file=sys.stderr)
        return 2
    print(explain(ruling) if args.explain else ruling.model_dump_json(indent=2))
    return 0


def explain(ruling: Ruling) -> str:
    """The ruling as a player reads it: each step with its rule and certainty."""
    lines = []
    for s in ruling.steps:
        where = f"[{s.demand + 1}] " if s.demand is not None else ""
        cite = f"{s.clause} ({s.part})" if s.part else s.clause
        tag = {"stated": "", "derived": " (derived)", "house": " (no official ruling; this "
               "app's default" + (f", switch {s.switch}" if s.switch else "") + ")"}[s.certainty]
        lines.append(f"{where}{cite}: {s.text}{tag}")
    lines.append("")
    for w in ruling.wounds:
        lines.append(f"{w.figure.capitalize()}: {plural(w.unfulfilled + w.other, 'Wound')} "
                     f"({w.unfulfilled} of unfulfilled demand)" + (", dies" if w.died else ""))
    if ruling.morale_change:
        lines.append(f"Morale {ruling.morale_change:+d}")
    if ruling.game_lost:
        lines.append(f"The game is lost: {ruling.lost_reason}")
    lines.append(SURE[ruling.certainty] + (f" ({', '.join(ruling.rests_on)})"
                                           if ruling.rests_on else ""))
    return "\n".join(lines)


SURE = {"stated": "Certainty: stated by the rules", "derived": "Certainty: derived from the "
        "rules", "house": "Certainty: no official ruling; this app's default"}


def _schema(args: argparse.Namespace) -> int:
    if args.write:
        for path in write_schemas(Path(args.write)):
            print(path)
        return 0
    stale = check_schemas(Path(args.check or "schema"))
    for name in stale:
        print(f"stale: {name} (run `make schema`)", file=sys.stderr)
    return 1 if stale else 0


def _cards(args: argparse.Namespace) -> int:
    if args.coverage:
        from .rules.catalogue import coverage_text

        print(coverage_text())
        return 0
    for card in catalogue().search(" ".join(args.words)):
        print(f"{card.id:32} {card.name}: {card.text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
