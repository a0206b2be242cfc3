"""fh42 item 5 (small): a restart of ``auditor serve`` signs the director out (sessions live
in the desk's memory, nothing on disk: by design, docs/导演指南.md says so) — every start
says so and prints new one-time links, the old page's session goes to the login page and
the new link signs in; ``python -m tools.writer --help`` says in Chinese what a script
holds (it printed one English usage line)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import paths
from tests.desk_helpers import desk_game, desk_server


def test_every_start_says_a_restart_signs_out_and_prints_new_links(tmp_path: Path) -> None:
    game = desk_game(tmp_path / "game")
    with desk_server(game) as first:
        assert "每次启动审计台都要重新登录" in first.said, first.said
        s = first.session()
        s.get(next(iter(first.links.values())), timeout=60)
        assert "signed-in" in first.page(s)
        cookies = s.cookies.copy()
    with desk_server(game) as again:
        assert "每次启动审计台都要重新登录" in again.said, again.said
        assert set(again.links.values()).isdisjoint(first.links.values())  # new links
        old = again.session()
        old.cookies.update(cookies)
        r = old.get(f"{again.base}/g/{again.slug}", timeout=60, allow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].endswith("/login")
        s = again.session()
        s.get(next(iter(again.links.values())), timeout=60)
        assert "signed-in" in again.page(s)
    guide = (paths.ROOT / "docs" / "导演指南.md").read_text("utf-8")
    assert "每次重新启动审计台都要重新登录" in guide


def test_the_writers_help_says_what_a_script_holds() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "tools.writer", "--help"],
        cwd=paths.ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    for part in ("剧本", "[forum]", "[members]", "[[thread]]", "[[thread.post]]", "发帖时间"):
        assert part in res.stdout, (part, res.stdout)
    bad = subprocess.run(
        [sys.executable, "-m", "tools.writer"], cwd=paths.ROOT, capture_output=True, text=True
    )
    assert bad.returncode == 2 and "用法" in bad.stderr and "--help" in bad.stderr
