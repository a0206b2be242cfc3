"""The desk's 补上 under a post not read (the events engineer's request, session 42).

Before: only the general 补上这个事件 form at the page's foot, which sent no pid and whose
方式 defaulted to 不写 — an 出局 without 方式 is refused now.  After: each 未读懂 post has
its own 补上这个帖子里的出局 form that sends the post's pid, with 方式 a required choice
prefilled from the post's time.  On the first-hour director's night-2 pages (tests/desk/fh42):
5094 (day 3's opening, 「青柠、七月 都没有再醒来」) reads as a night death at 12-06 10:00.
"""

from __future__ import annotations

import re
from pathlib import Path

import requests

from tests import paths
from tests.desk_helpers import (
    PASSWORD,
    auditor,
    csrf,
    desk_server,
    fh42_unread,
    flashes,
    set_password,
)

FH42 = paths.TESTS / "desk" / "fh42"


def test_an_unread_posts_own_form_sends_its_pid_and_asks_how(tmp_path: Path) -> None:
    folder = tmp_path / "wugang"
    fh42_unread(folder)
    game = folder / "wugang.toml"
    assert auditor("audit", "wugang.toml", cwd=folder).returncode == 7
    set_password(game, "扫地僧")
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(f"{srv.base}/g/{srv.slug}/login", timeout=30)
        s.post(
            f"{srv.base}/g/{srv.slug}/login",
            data={"csrf": csrf(page.text), "director": "扫地僧", "password": PASSWORD},
            timeout=60,
        )
        html = s.get(f"{srv.base}/g/{srv.slug}", timeout=60).text
        item = html[html.index('id="unread-5094"') :]
        item = item[: item.index("</li>")]
        assert 'name="pid" value="5094"' in item and 'value="eliminated"' in item, item
        assert re.search(r'value="青柠" selected', item), item
        assert re.search(r'value="night" required checked', item), item
        assert 'value="2026-12-06T10:00"' in item, item
        # the foot's general form: 方式 is chosen, never 不写 by default
        foot = html[html.index('id="add-item"') :]
        assert 'value="" checked' not in foot[: foot.index("</form>")]
        # an 出局 without 方式 is refused in Chinese; the post's form writes it with its pid
        form = {"csrf": csrf(html), "kind": "event", "type": "eliminated", "player": "青柠"}
        said = s.post(
            f"{srv.base}/g/{srv.slug}/add",
            data={**form, "at": "2026-12-06T10:00", "pid": "5094"},
            timeout=60,
        )
        assert any("方式" in f for f in flashes(said.text)), flashes(said.text)
        said = s.post(
            f"{srv.base}/g/{srv.slug}/add",
            data={**form, "how": "night", "at": "2026-12-06T10:00", "pid": "5094"},
            timeout=60,
        )
    text = game.read_text("utf-8")
    assert "pid 5094" in text and 'player = "青柠"' in text, text[-600:]
