"""「我已发到论坛」 (session 40, round 2, item 3): a game with no ``[forum] url`` cannot post
from the desk; the director copies the announcement and posts it himself.  A tap records
it, so the next draft is a numbered 补充 (only what changed, 撤回的卡 for a card taken
back), not the whole announcement again with a withdrawn card silently gone.  The command
line's equivalent is ``auditor post GAME announcement --posted-by-hand``."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from tests import paths
from tests.desk.test_desk import _decide
from tests.desk_helpers import auditor, desk_server, draft_ids


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    folder = tmp_path / "sample"
    shutil.copytree(paths.ROOT / "examples" / "sample", folder)
    res = auditor("audit", "game.toml", cwd=folder)
    assert res.returncode == 0, res.stderr
    return folder / "game.toml"


def _form(page: str, form_id: str) -> dict[str, str]:
    body = page.split(f'id="{form_id}"', 1)[1].split("</form>", 1)[0]
    return {
        k: html.unescape(v)
        for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', body)
    }


def _rev(page: str, ident: str) -> str:
    found = re.search(
        rf'name="id" value="{ident}">\s*<input type="hidden" name="rev" value="(\d+)"', page
    )
    assert found, ident
    return found.group(1)


def _part(page: str) -> str:
    return "\n".join(
        html.unescape(p) for p in re.findall(r'<pre class="post-part"[^>]*>(.*?)</pre>', page, re.S)
    )


def test_a_copied_announcement_recorded_makes_the_next_one_an_addendum(sample: Path) -> None:
    with desk_server(sample) as srv:
        s = srv.session()
        page = s.get(next(iter(srv.links.values())), timeout=60).text
        (c1, first), (c2, second), (c3, third) = [
            x for x in draft_ids(page) if x[0] in ("blue", "yellow")
        ][:3]
        page = _decide(s, srv, page, first, "approve", suggested=c1).text
        page = _decide(s, srv, page, second, "approve", suggested=c2).text
        url = f"{srv.base}/g/{srv.slug}/post"
        shown = s.get(url, params={"kind": "announcement"}, timeout=60).text
        assert "还没写论坛地址（[forum] url = …）" in shown and 'id="post-by-hand"' in shown, shown[
            -3000:
        ]
        copied = _part(shown)
        done = s.post(f"{url}/by-hand", data=_form(shown, "post-by-hand"), timeout=60).text
        assert 'id="post-recorded"' in done and "已记下" in done, done[-2000:]
        again = s.get(url, params={"kind": "announcement"}, timeout=60).text
        assert 'id="post-posted"' in again and "已经发过" in again, again[-2000:]
        # the second card taken back, a third approved: the next is 补充一 with both
        page = srv.page(s)
        page = _decide(s, srv, page, second, "undo", rev=_rev(page, second)).text
        page = _decide(s, srv, page, third, "approve", suggested=c3).text
        extra = s.get(url, params={"kind": "announcement"}, timeout=60).text
        part = _part(extra)
        assert "公告（补充一）" in part, part
        assert "撤回的卡" in part, part
        body = part.split("以下是之后的变动。", 1)[1]
        withdrawn = body.split("撤回的卡", 1)[1]
        assert re.search(r"\S", withdrawn), part
        # nothing already announced is repeated as new
        new_cards = body.split("撤回的卡", 1)[0]
        for line in copied.splitlines():
            if "牌" in line and "[color" in line:
                assert line not in new_cards or line in withdrawn, (line, part)


def test_the_command_line_records_a_copied_announcement(sample: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["post", str(sample), "announcement", "--posted-by-hand"])
    assert res.exit_code == 0, res.output
    assert "已记下" in res.output, res.output
    # the same announcement is not posted again: it is on the forum, by hand
    res = runner.invoke(app, ["post", str(sample), "announcement", "--yes"])
    assert "已经发过" in res.output and "自己发到" in res.output, res.output
