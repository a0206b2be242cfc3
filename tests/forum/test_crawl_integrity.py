"""auditor.forum.crawl keeps what it read: cases that once lost or invented data.

Real captures are read in place from ../shared/discuz (copied only into a test's tmp
folder to play a director's folder of saved pages); everything else is written by the
project's own page writer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zlib
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.forum.crawl import crawl, redact
from auditor.forum.fetch import Fetcher
from auditor.game.gamefile import Game, load_game
from auditor.models import Post
from auditor.store import Store
from tests import paths
from tests.discuz_data import DISCUZ_DIR
from tests.forum.test_crawl import desktop_requests, fetcher, game_file, script, serve, stored_pids
from tests.forum_server import ForumServer
from tools.writer import render_thread_pages

TZ = ZoneInfo("Asia/Shanghai")
LATER = datetime(2026, 12, 10, tzinfo=TZ)


def saved_game(tmp_path: Path, folder: Path, tids: list[int]) -> Game:
    threads = "".join(f'[[thread]]\ntid = {t}\nkind = "discussion"\nday = 1\n' for t in tids)
    (tmp_path / "saved.toml").write_text(
        f"""[game]
name = "M107"
ruleset = "m107"
directors = ["导演"]
[forum]
pages = "{folder.as_posix()}"
[players]
names = ["饺子", "包子"]
{threads}
[[day]]
number = 1
opens = 2026-11-22T20:00:00+08:00
closes = 2026-11-23T00:30:00+08:00
""",
        "utf-8",
    )
    return load_game(tmp_path / "saved.toml")


def save_as(src: str, folder: Path, name: str, mtime: float | None = None) -> None:
    folder.mkdir(exist_ok=True)
    shutil.copy(DISCUZ_DIR / "x35-utf8" / src, folder / name)
    if mtime is not None:
        os.utime(folder / name, (mtime, mtime))


@pytest.mark.discuz
def test_only_author_page_does_not_delete_the_thread(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    for k in range(1, 6):
        save_as(f"guest/thread-2-p{k}.html", folder, f"第一天讨论帖 第{k}页 - 版杀区 - 论坛.html")
    game = saved_game(tmp_path, folder, [2])
    with Store(tmp_path / "g.sqlite") as store:
        assert crawl(game, store).ok
        # The director later saves the 只看该作者 view next to page 1 only.
        for k in range(2, 6):
            (folder / f"第一天讨论帖 第{k}页 - 版杀区 - 论坛.html").unlink()
        save_as("guest/thread-2-author-2.html", folder, "只看该作者 - 版杀区 - 论坛.html")
        report = crawl(game, store)
        assert report.deleted == []
        assert len(stored_pids(store, 2)) == 41
        # ... and the missing pages are said, not silently skipped.
        assert [p.kind for p in report.problems] == ["missing"]
        assert "2、3、4、5" in report.problems[0].message


@pytest.mark.discuz
def test_printable_only_thread_is_a_problem(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    save_as("guest/thread-3-printable.html", folder, "打印.html")
    game = saved_game(tmp_path, folder, [3])
    with Store(tmp_path / "g.sqlite") as store:
        report = crawl(game, store)
    assert not report.ok and "没有帖子编号" in report.problems[0].message


@pytest.mark.discuz
def test_two_saves_of_one_page_newest_wins(tmp_path: Path) -> None:
    """Two saves of page 3 of thread 4: the older one has pid 92 before its edit."""
    folder = tmp_path / "pages"
    for k in (1, 2):
        save_as(f"guest/thread-4-p{k}.html", folder, f"第{k}页.html")
    newer = DISCUZ_DIR / "x35-utf8" / "guest" / "thread-4-p3.html"
    text = newer.read_text("utf-8")
    edited_notice = text[
        text.index('<i class="pstatus">') : text.index("</i>", text.index('<i class="pstatus">'))
        + 4
    ]
    older = text.replace(edited_notice, "").replace(
        "已修改", "原文"
    )  # SYNTHETIC: the pre-edit save
    (folder / "第3页 (1).html").write_text(text, "utf-8")
    (folder / "第3页.html").write_text(older, "utf-8")
    os.utime(folder / "第3页.html", (1_000_000_000, 1_000_000_000))
    game = saved_game(tmp_path, folder, [4])
    with Store(tmp_path / "g.sqlite") as store:
        assert crawl(game, store).ok
        versions = store.versions(92)
        assert "原文" in versions[0][2].text and "已修改" in versions[-1][2].text
        (current,) = [sp for sp in store.posts(tid=4) if sp.post.pid == 92]
        assert "已修改" in current.post.text and current.post.edited


@pytest.mark.discuz
def test_login_secrets_are_not_stored(tmp_path: Path) -> None:
    member = json.loads(
        (DISCUZ_DIR / "x35-utf8" / "member" / "api-viewthread-2-p1.json").read_text()
    )
    auth, saltkey = member["Variables"]["auth"], member["Variables"]["saltkey"]
    assert auth and saltkey
    cookies = tmp_path / "cookies.txt"
    cookies.write_text("ybCw_2132_auth=secret-cookie\n", "utf-8")
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        server.viewer_for_cookie("ybCw_2132_auth=secret-cookie", "member")
        text = game_file(tmp_path, server.base_url, [2], api=True).path.read_text("utf-8")
        text = text.replace("delay = 0", 'delay = 0\ncookies = "cookies.txt"')
        (tmp_path / "game.toml").write_text(text, "utf-8")
        game = load_game(tmp_path / "game.toml")
        with Fetcher(server.base_url, delay=0, cookies=cookies, sleep=lambda s: None) as f:
            report = crawl(game, store, fetcher=f)
        assert report.ok, report.problems
        blob = b"".join(zlib.decompress(r[0]) for r in store.db.execute("SELECT body FROM pages"))
        assert blob and auth.encode() not in blob and saltkey.encode() not in blob
        assert b'"auth":""' in blob


def test_redact_keeps_structure() -> None:
    body = b'{"Variables":{"auth":"8fc0k82V%2Fx","saltkey":"HhF406jf","formhash":"1a2b3c4d","x":1}}'
    assert json.loads(redact(body))["Variables"] == {
        "auth": "",
        "saltkey": "",
        "formhash": "",
        "x": 1,
    }
    html = b'<a href="member.php?mod=logging&amp;action=logout&amp;formhash=1a2b3c4d">'
    assert b"1a2b3c4d" not in redact(html)
    html = b'<input type="hidden" name="formhash" value="1a2b3c4d" />'
    assert redact(html) == b'<input type="hidden" name="formhash" value="" />'


@pytest.mark.discuz
def test_expired_login_stops_the_crawl(tmp_path: Path) -> None:
    cookies = tmp_path / "cookies.txt"
    cookies.write_text("ybCw_2132_auth=expired\n", "utf-8")
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        text = game_file(tmp_path, server.base_url, [2, 3]).path.read_text("utf-8")
        (tmp_path / "game.toml").write_text(
            text.replace("delay = 0", 'delay = 0\ncookies = "cookies.txt"'), "utf-8"
        )
        game = load_game(tmp_path / "game.toml")
        with Fetcher(server.base_url, delay=0, cookies=cookies, sleep=lambda s: None) as f:
            report = crawl(game, store, fetcher=f)
        assert [p.kind for p in report.problems] == ["login_required"]
        assert "论坛把请求当作游客处理" in report.problems[0].message
        assert server.count() == 1  # not one failing request per thread


def test_thread_that_shrank_does_not_stall_later_crawls(tmp_path: Path) -> None:
    with ForumServer(None) as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [2])
        serve(server, script(25))
        with fetcher(server) as f:
            crawl(game, store, fetcher=f, now=LATER)
        # An admin prunes the thread to 15 positions: the stored page 3 is past the end.
        server.unroute("forum.php?mod=viewthread&tid=2&page=3")
        serve(server, script(15))
        last_page = dict((u, b) for u, b, _ in render_thread_pages(script(15), 2))  # type: ignore[arg-type]
        server.route(
            "forum.php?mod=viewthread&tid=2&page=3",
            last_page["forum.php?mod=viewthread&tid=2&page=2"],
            content_type="text/html; charset=utf-8",
        )
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=LATER)
        assert report.ok
        assert sorted(report.deleted) == list(range(115, 125))
        # Posts arrive (the writer reuses pids 115-118, so they come back undeleted): the
        # next crawl starts from the real last page and finds them.
        serve(server, script(19))
        server.clear_log()
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=LATER)
        assert report.ok
        assert [q.rsplit("page=", 1)[1] for q in desktop_requests(server)] == ["2"]
        assert stored_pids(store, 2) == set(range(100, 119))


@pytest.mark.discuz
def test_switching_views_is_not_an_edit(tmp_path: Path) -> None:
    """An API night, then a night where the API fails and the desktop pages are read."""
    with ForumServer("x35-utf8") as server, Store(tmp_path / "g.sqlite") as store:
        game = game_file(tmp_path, server.base_url, [1, 2, 3, 4, 5], api=True)
        with fetcher(server) as f:
            assert crawl(game, store, fetcher=f, now=LATER).ok
        for tid in (1, 2, 3, 4, 5):
            server.fault(
                f"api/mobile/index.php?version=4&module=viewthread&tid={tid}&page=1&ppp=50",
                ["503"],
                forever=True,
            )
        with fetcher(server) as f:
            report = crawl(game, store, fetcher=f, now=LATER, full=True)
        assert report.ok and set(report.sources.values()) == {"html"}
        assert report.changed_posts == 0 and report.new_posts == 0 and report.deleted == []
        # The desktop view's extras (the edit notice of pid 92) are now current.
        (p92,) = [sp.post for sp in store.posts(tid=4) if sp.post.pid == 92]
        assert p92.edited is not None


@pytest.mark.discuz
def test_api_floors_are_the_desktop_floors(tmp_path: Path) -> None:
    with ForumServer("x35-utf8") as server:
        floors: dict[str, dict[int, int | None]] = {}
        for api in (True, False):
            with Store(tmp_path / f"{api}.sqlite") as store:
                game = game_file(tmp_path, server.base_url, [2, 4], api=api)
                with fetcher(server) as f:
                    assert crawl(game, store, fetcher=f, now=LATER).ok
                floors[str(api)] = {sp.post.pid: sp.post.floor for sp in store.posts()}  # type: ignore[misc]
        assert floors["True"] == floors["False"]
        assert floors["True"][89] == 22  # position 23, after pid 88 was deleted


def test_an_estimate_never_replaces_an_exact_time(tmp_path: Path) -> None:
    exact = datetime(2026, 11, 30, 7, 8, 13, tzinfo=TZ)
    post = Post(
        tid=2,
        pid=1,
        floor=1,
        author="饺子",
        author_uid=2,
        posted_at=exact,
        message_html="a",
        text="a",
        lines=("a",),
    )
    rough = Post(
        tid=2,
        pid=1,
        floor=1,
        author="饺子",
        author_uid=2,
        posted_at=exact - timedelta(hours=19),
        message_html="a",
        text="a",
        lines=("a",),
        time_approximate=True,
        time_precision="day",
    )
    with Store(tmp_path / "g.sqlite") as store:
        store.upsert_posts([post], None)
        store.upsert_posts([rough], None)
        (sp,) = store.posts(tz=TZ)
        assert sp.post.posted_at == exact and not sp.post.time_approximate
        assert sp.post.time_precision == "second"


def test_concurrent_first_opens_migrate_once(tmp_path: Path) -> None:
    code = f"from auditor.store import Store; Store({str(tmp_path / 'race.sqlite')!r}).close()"
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE) for _ in range(8)
    ]
    errors = [p.communicate(timeout=120)[1].decode() for p in procs]
    assert all(p.returncode == 0 for p in procs), errors
    with Store(tmp_path / "race.sqlite") as store:
        from auditor.store import MIGRATIONS

        assert store.schema_version == len(MIGRATIONS)


def test_csv_on_stdout_is_utf8_whatever_the_console(tmp_path: Path) -> None:
    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(
        sample, tmp_path / "sample", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock")
    )
    game = tmp_path / "sample" / "game.toml"
    env = {**os.environ, "PYTHONIOENCODING": "gbk"}
    subprocess.run(
        [sys.executable, "-m", "auditor", "crawl", str(game)],
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    )
    out = subprocess.run(
        [sys.executable, "-m", "auditor", "posts", str(game), "--format", "csv"],
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    ).stdout
    assert "饺子".encode() in out
    out.decode("utf-8")


def test_saved_folder_rerun_parses_only_changed_files(tmp_path: Path) -> None:
    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(sample, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game = load_game(tmp_path / "s" / "game.toml")
    pages = tmp_path / "s" / "pages"
    with Store(game.store) as store:
        first = crawl(game, store)
        assert first.ok and first.pages > 10
        again = crawl(game, store)
        assert again.ok and again.pages == 0 and again.deleted == []
        assert store.post_count() == first.new_posts
        # One page re-saved (a newer copy): only that file is read again.
        page = next(
            p for p in pages.glob("thread-*.html") if "这个发言有点划水" in p.read_text("utf-8")
        )
        page.write_bytes(
            page.read_bytes().replace("这个发言有点划水。".encode(), "这个发言有点划水！".encode())
        )
        third = crawl(game, store)
        assert third.ok and third.pages == 1 and third.changed_posts == 1 and third.deleted == []


def test_an_older_save_added_later_does_not_revert_a_post(tmp_path: Path) -> None:
    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(sample, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game = load_game(tmp_path / "s" / "game.toml")
    pages = tmp_path / "s" / "pages"
    page = next(
        p for p in pages.glob("thread-*.html") if "这个发言有点划水" in p.read_text("utf-8")
    )
    with Store(game.store) as store:
        assert crawl(game, store).ok
        # The director drops an older copy of that page into a subfolder.
        (pages / "backup").mkdir()
        old = pages / "backup" / page.name
        old.write_bytes(
            page.read_bytes().replace("这个发言有点划水。".encode(), "旧的说法".encode())
        )
        os.utime(old, (page.stat().st_mtime - 86400,) * 2)
        report = crawl(game, store)
        assert report.ok and report.changed_posts == 0
        texts = [sp.post.text for sp in store.posts()]
        assert "这个发言有点划水。" in texts and "旧的说法" not in texts


def test_full_crawl_rereads_saved_pages(tmp_path: Path) -> None:
    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(sample, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game = load_game(tmp_path / "s" / "game.toml")
    with Store(game.store) as store:
        first = crawl(game, store)
        assert crawl(game, store).pages == 0
        assert crawl(game, store, full=True).pages == first.pages
