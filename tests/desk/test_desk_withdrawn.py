"""Drafts withdrawn by a night's check are said (session 40, round 2, item 4): 待处理 went
7 → 4 with nothing saying three were withdrawn.  The audit's line says 撤回 N 条 with each
one's player, rule, day and why, and the desk's top line says it after the run."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests import paths
from tests.desk_helpers import auditor, desk_server


def test_a_withdrawn_draft_is_said_by_the_audit_and_the_desk(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    assert "撤回" not in res.stdout, res.stdout
    before = int(re.search(r"待处理 (\d+)", res.stdout).group(1))  # type: ignore[union-attr]
    game = folder / "game.toml"
    game.write_text(game.read_text("utf-8") + "\n[rules.PHRASE-OATH]\nenabled = false\n", "utf-8")
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    after = int(re.search(r"待处理 (\d+)", res.stdout).group(1))  # type: ignore[union-attr]
    assert after == before - 1, res.stdout
    said = re.search(r"撤回 (\d+) 条（([^）]*)）", res.stdout)
    assert said is not None and said.group(1) == "1", res.stdout
    assert "汤圆" in said.group(2) and "规则" in said.group(2) and "关闭" in said.group(2)
    assert "第1天" in said.group(2), said.group(2)
    with desk_server(game) as srv:
        s = srv.session()
        page = s.get(next(iter(srv.links.values())), timeout=60).text
        # (fh43: a count, the list folded, 知道了 to put it away)
        found = re.search(r'<details id="withdrawn"[^>]*>(.*?)</details>', page, re.S)
        assert found is not None, page[:3000]
        said = found.group(1)
        assert "<summary>上次审计撤回了 1 条草稿</summary>" in said, said
        assert "<li>" in said and "汤圆" in said and "知道了" in said, said
