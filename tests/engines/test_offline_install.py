"""Saving the site for offline use never leaves the page waiting unseen, in every engine: a
file of the build that the server never sends (tools/serve.py --stall) is said on screen by
name, with the site working online meanwhile, and once the file comes the install ends and
the notice goes, also in a page opened while the install was under way (static/sw.js asks a
quiet file again; static/referee/offline.js says it)."""

from __future__ import annotations

import signal

import pytest

from tools.engines import wait

from .conftest import ENGINES, fresh
from .test_smoke import RULE_ALL, SCENARIOS, boot, cpython_envelope

# A file of the build that no start needs: the pseudo-language's catalogue (no browser asks
# for it), so only the offline install waits for it.
STALLED = "static/locale/x-pseudo.json"
OFFLINE_READY = "document.documentElement.dataset.offlineReady"
NOTICE = "return (document.querySelector('[data-testid=offline-problem]') || {}).textContent;"


@pytest.mark.parametrize("kind", ENGINES)
def test_a_file_that_stalls_the_offline_install_is_said_and_the_install_ends_when_it_comes(
    kind: str,
) -> None:
    with fresh(kind, "--stall", STALLED.rsplit("/", 1)[1]) as opened:
        start = boot(opened)
        assert start["state"] == "true", start["status"]

        wait(opened.engine, f"{OFFLINE_READY} === 'stalled'")
        said = opened.engine.run(NOTICE)
        assert f"waiting for a file ({STALLED})" in said, said
        assert "works while you are online" in said, said
        assert [line for line in opened.unanswered() if STALLED in line], opened.unanswered()
        name, request = SCENARIOS[0]  # the rules go on meanwhile
        assert opened.engine.run(RULE_ALL, [request]) == [cpython_envelope(request)], name

        # A page opened while the install is under way (another tab, a reload) follows it
        # too: WebKit once left such a page's worker at "installing" for ever.
        assert boot(opened)["state"] == "true"
        wait(opened.engine, f"{OFFLINE_READY} === 'stalled'")
        opened.server.send_signal(signal.SIGUSR1)  # the file comes at last
        wait(opened.engine, f"{OFFLINE_READY} === 'true'")
        assert opened.engine.run(NOTICE) is None
        assert opened.engine.errors() == []
