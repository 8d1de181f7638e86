"""One Hypothesis profile for the whole core suite, loaded before any test module: 150
examples a property, no per-example deadline (a shared 2-core machine under load makes a
deadline a coin toss, and speed is the benchmarks' business, not the tests')."""

from hypothesis import settings

settings.register_profile("ci", max_examples=150, deadline=None)
settings.load_profile("ci")
