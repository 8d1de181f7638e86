"""Rulings per second in CPython: 4 characters, a card with three demands.

Run by `make bench`. Prints medians of several runs and, measured in the same run, a baseline:
validating the same request JSON with pydantic and nothing else (the floor any pydantic app
pays to read the question), with our/baseline ratios. Writes bench/out/rules.json.

`--history` measures one board move (an edit, through the session's JSON door) on a table
whose log holds 3 and 3,000 entries, answered in full (the old way: the whole log with every
answer) and with only the changes (`reply: "changes"`): medians and the 3,000/3 ratio.
The card search (`--search` runs only that part): the time of each of many queries against the
full catalogue through the service call the board makes (names, name prefixes, words of the
text, plain demands, with and without deck filters), median and p95 in ms, against a baseline
measured in the same run: the old naive filter (every word a substring of name + text). The
budget is 20 ms per query on a tablet, which runs Pyodide some 2-4x slower than this CPython.

`--profile CARD` measures nothing: it runs `rule()` on that card under cProfile and prints
where the time goes, function by function.
"""

from __future__ import annotations

import cProfile
import json
import multiprocessing
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyapp.api import rule_json  # noqa: E402
from pyapp.rules import Request, rule  # noqa: E402
from pyapp.rules.catalogue import catalogue  # noqa: E402
from pyapp.rules.edits import parse_edits  # noqa: E402
from pyapp.rules.history import EditEntry, History  # noqa: E402
from pyapp.rules.state import TableState  # noqa: E402
from pyapp.service import Service  # noqa: E402
from pyapp.session import Session  # noqa: E402

TABLE = {
    "phase": "event", "first_player": "cook", "shelter": "built", "roof": 1, "palisade": 1,
    "weapon": 2, "morale": 0, "available": {"wood": 1, "food": 2},
    "characters": [{"role": "cook", "determination": 2}, {"role": "explorer", "determination": 1},
                   {"role": "soldier", "wounds": 2}, {"role": "carpenter"}],
    "planned_actions": [{"id": "b1", "action": "build", "pawns": ["cook"],
                         "assigned": {"wood": 2}}],
    "tiles": [{"id": 1, "camp": True, "sources": [{"kind": "food"}, {"kind": "wood"}]},
              {"id": 2, "distance": 1, "sources": [{"kind": "food", "exhausted": True}]}],
}
CARDS = {
    # Everything paid in full: no Wounds, so no wound track moves.
    "paid": [{"kind": "reduce", "track": "palisade", "amount": 1},
             {"kind": "discard", "wood": 1}, {"kind": "lower_morale", "amount": 1}],
    # A storm: one demand short, so every character is wounded once; Morale falls.
    "typical": [{"kind": "reduce", "track": "palisade", "amount": 1},
                {"kind": "discard", "wood": 2}, {"kind": "lower_morale", "amount": 1}],
    # Everything short: three rounds of Wounds for all four, arrows, Morale at the bottom.
    "heavy": [{"kind": "discard", "wood": 3, "food": 3},
              {"kind": "reduce", "track": "roof", "amount": 2},
              {"kind": "discard_determination", "amount": 2}],
}
RUNS, N = 7, 2000


def request_text(card: str) -> str:
    return json.dumps({"state": TABLE, "effect": {"demands": CARDS[card]}})


def per_second(fn: Callable[[], object], n: int = N) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - start)


def median_rate(fn: Callable[[], object]) -> float:
    fn()  # warm up
    return statistics.median(per_second(fn) for _ in range(RUNS))


def _worker(card: str, seconds: float, out: multiprocessing.Queue[int]) -> None:
    request = Request.model_validate_json(request_text(card))
    done, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        rule(request)
        done += 1
    out.put(done)


def all_cores(card: str, seconds: float = 3.0) -> float:
    """Rulings per second with one process per core (the referee is pure and shares nothing)."""
    cores = multiprocessing.cpu_count()
    queue: multiprocessing.Queue[int] = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=_worker, args=(card, seconds, queue))
             for _ in range(cores)]
    for p in procs:
        p.start()
    total = sum(queue.get() for _ in procs)
    for p in procs:
        p.join()
    return total / seconds


def profile(card: str, n: int = 3000) -> None:
    """Where one card's rulings spend their time (cProfile's own overhead included)."""
    request = Request.model_validate_json(request_text(card))
    rule(request)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(n):
        rule(request)
    profiler.disable()
    print(f"{n} rulings of the {card!r} card under cProfile, by own time:")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(30)


def long_session(entries: int) -> Session:
    """A session whose log holds `entries` board edits (Morale set to 1, 0, 1, ...)."""
    initial = TableState.model_validate(TABLE)
    edits = [parse_edits([{"op": "set", "path": "morale", "value": v}]) for v in (0, 1)]
    log = tuple(EditEntry(edits=edits[i % 2], summary="Morale") for i in range(entries))
    return Session(History(initial=initial, entries=log, cursor=entries))


def move_ms(entries: int, reply: str, runs: int = 15) -> tuple[float, int]:
    """Median milliseconds of one move (a drag: 1 wood from Available to Future), and the
    answer's size in bytes."""
    session = long_session(entries)
    times, size = [], 0
    for i in range(runs):
        command = json.dumps({"cmd": "edit", "reply": reply, "edits": [{
            "op": "move_resource", "kind": "wood", "amount": 1,
            "source": "available" if i % 2 == 0 else "future",
            "target": "future" if i % 2 == 0 else "available"}]})
        start = time.perf_counter()
        answer = session.handle_json(command)
        times.append((time.perf_counter() - start) * 1000)
        size = len(answer)
    return statistics.median(times), size


def history_bench() -> None:
    print("One board move (edit through the session JSON), CPython "
          f"{sys.version.split()[0]}: median ms of 15, answer size")
    print(f"{'reply':8} {'3 entries':>14} {'3,000 entries':>16} {'ratio':>7}")
    results = {}
    for reply in ("full", "changes"):
        (short, short_size), (long, long_size) = move_ms(3, reply), move_ms(3_000, reply)
        results[reply] = {"3": short, "3000": long, "ratio": long / short,
                          "bytes_3": short_size, "bytes_3000": long_size}
        print(f"{reply:8} {short:>7.2f} ({short_size // 1000:>3} KB) {long:>8.2f} "
              f"({long_size // 1000:>3} KB) {long / short:>7.2f}")
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "history.json").write_text(json.dumps(results, indent=2))
def search_queries() -> list[tuple[str, list[str]]]:
    """Names, first words, 3-letter prefixes, words of the text, plain demands; some filtered."""
    queries: list[tuple[str, list[str]]] = []
    for i, card in enumerate(catalogue().cards):
        first = card.name.split()[0]
        decks = [card.deck if card.deck in ("event", "threat", "adventure", "beast") else "event"]
        queries += [(card.name, []), (first, []), (first[:3], decks if i % 2 else []),
                    (" ".join(card.text.split()[:2]), [])]
    queries += [(q, []) for q in ("discard 2 wood", "roof -1", "Roof −1", "lose 1 determination",
                                  "if possible, weapon -2", "morale -2", "fight strength 4",
                                  "cover a food source", "half the palisade", "2 wounds")] * 20
    return queries


def search_bench(rounds: int = 3) -> dict[str, float]:
    service = Service()
    cards = catalogue().cards
    texts = [f"{c.name} {c.text}".lower() for c in cards]

    def naive(query: str) -> list[str]:
        terms = query.lower().split()
        return [c.id for c, t in zip(cards, texts, strict=True) if all(w in t for w in terms)]

    queries = search_queries()
    ours: list[float] = []
    base: list[float] = []
    for _ in range(rounds):
        for query, decks in queries:
            payload = json.dumps({"query": query, "decks": decks})
            start = time.perf_counter()
            json.loads(service.call("card_search", payload))
            ours.append(time.perf_counter() - start)
            start = time.perf_counter()
            naive(query)
            base.append(time.perf_counter() - start)

    def q(values: list[float], p: float) -> float:
        return statistics.quantiles(values, n=100)[int(p) - 1] * 1000 if p < 100 else 0.0

    result = {"queries": float(len(ours)), "cards": float(len(cards)),
              "median_ms": statistics.median(ours) * 1000, "p95_ms": q(ours, 95),
              "max_ms": max(ours) * 1000, "baseline_median_ms": statistics.median(base) * 1000,
              "baseline_p95_ms": q(base, 95)}
    result["median_ratio"] = result["median_ms"] / result["baseline_median_ms"]
    print(f"Card search, CPython, {len(cards)} cards, {len(ours)} queries through the service: "
          f"median {result['median_ms']:.2f} ms, p95 {result['p95_ms']:.2f} ms, max "
          f"{result['max_ms']:.2f} ms; naive substring filter median "
          f"{result['baseline_median_ms']:.3f} ms (ratio {result['median_ratio']:.0f}x). "
          f"Budget 20 ms on a tablet (Pyodide ~2-4x slower): p95 x4 = "
          f"{result['p95_ms'] * 4:.1f} ms")
    return result


def main() -> None:
    if sys.argv[1:2] == ["--profile"]:
        profile(sys.argv[2] if len(sys.argv) > 2 else "typical")
        return
    if sys.argv[1:2] == ["--history"]:
        history_bench()
        return
    if sys.argv[1:2] == ["--search"]:
        search_bench()
        return
    results: dict[str, dict[str, float]] = {}
    for card in CARDS:
        text = request_text(card)
        request = Request.model_validate_json(text)
        results[card] = {
            "rule": median_rate(lambda request=request: rule(request)),
            "json_in_out": median_rate(lambda text=text: rule_json(text)),
            "baseline_validate": median_rate(lambda text=text: Request.model_validate_json(text)),
            "all_cores": all_cores(card),
        }
    print(f"Rulings per second, CPython {sys.version.split()[0]}, 4 characters, 3 demands "
          f"(median of {RUNS} runs of {N}; {multiprocessing.cpu_count()} cores)")
    print(f"{'card':8} {'rule()':>10} {'JSON in/out':>12} {'baseline':>10} {'rule/base':>10} "
          f"{'all cores':>10}")
    for card, r in results.items():
        print(f"{card:8} {r['rule']:>10,.0f} {r['json_in_out']:>12,.0f} "
              f"{r['baseline_validate']:>10,.0f} {r['rule'] / r['baseline_validate']:>10.2f} "
              f"{r['all_cores']:>10,.0f}")
    print("baseline = pydantic validating the same request JSON, nothing else")
    searched = search_bench()
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.json").write_text(json.dumps({**results, "card_search": searched}, indent=2))
    history_bench()


if __name__ == "__main__":
    main()
