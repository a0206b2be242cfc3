"""Hardening (issue 13, item 9): an early Ctrl-C is exit 130 with the usual message, and
a 404 whose body is a web server's plain text is "not found", not "truncated page"."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.errors import ThreadMissingError, TruncatedPageError
from auditor.forum.parse import parse_page
from auditor.models import FetchedPage
from tests import paths

ROOT = paths.ROOT
TZ = ZoneInfo("Asia/Shanghai")


# The CLI loads in a fraction of a second now (issue 16): a slow disk is simulated so that
# the Ctrl-C lands while it loads (the pipeline's import waits, as on a cold cache; the
# nightly ``audit`` never imports typer's command modules, so the wait is on a module
# every command loads).
_SLOW_LOAD = """
import runpy, sys, time
class SlowDisk:
    def find_spec(self, name, path, target=None):
        if name == "auditor.pipeline":
            time.sleep(5)
        return None
sys.meta_path.insert(0, SlowDisk())
sys.argv = ["auditor", *sys.argv[1:]]
runpy.run_module("auditor", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("after", [0.3, 0.6])
def test_ctrl_c_while_the_cli_loads_is_exit_130_without_traceback(
    after: float, tmp_path: Path
) -> None:
    # A private copy of the sample: the audit must not leave a store in the checkout.
    sample = tmp_path / "sample"
    shutil.copytree(
        ROOT / "examples" / "sample", sample, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", _SLOW_LOAD, "audit", str(sample / "game.toml"), "--no-crawl"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert "Traceback" not in err
    assert proc.returncode == 130, err
    assert "已中断" in err


def _page(status: int, body: bytes, ctype: str) -> FetchedPage:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    return FetchedPage(
        "http://127.0.0.1/forum.php?mod=viewthread&tid=9", status, body, ctype, now, now
    )


def test_plain_text_404_is_not_found() -> None:
    with pytest.raises(ThreadMissingError):
        parse_page(_page(404, b"404 Not Found\n", "text/plain"), TZ)


def test_a_cut_200_page_is_still_truncated() -> None:
    with pytest.raises(TruncatedPageError):
        parse_page(_page(200, b"<html><body><div id='postlist'>", "text/html"), TZ)
