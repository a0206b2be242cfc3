"""Helpers for the desk tests: a game with hostile posts and a real `auditor serve` on
127.0.0.1 in its own process."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from queue import Empty, Queue
from typing import IO

import requests

from tests.ledger_helpers import HOSTILE_GAME, hostile_posts

HOSTILE_BBCODE = "[url=javascript:alert('xss-4')]点我[/url]"
PASSWORD = "正确的密码-123"

DESK_GAME = (
    HOSTILE_GAME
    + """
[game]
directors = ["导演", "副导演"]
"""
)


def desk_game(tmp: Path) -> Path:
    """A checked game (writer → parser → store → rules) with hostile posts, two directors
    and a forum URL for post links.  Returns the game file."""
    from datetime import datetime

    from auditor.game.gamefile import load_game
    from auditor.rules.engine import check
    from tests.rules.test_rule_cases import build_case

    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    posts = hostile_posts()
    posts.append(
        {
            "author": "油条",
            "tid": 21,
            "at": datetime.fromisoformat("2026-11-21T15:20:00+08:00"),
            "message": HOSTILE_BBCODE,
        }
    )
    built = build_case(tmp, "m107", DESK_GAME, posts, now=now)
    path = built.game.path
    text = path.read_text("utf-8")
    path.write_text(text.replace('pages = "pages"', 'url = "http://bbs.example.com/"'), "utf-8")
    game = load_game(path)
    check(game, built.store, now=now)
    built.store.close()
    return path


def auditor(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def set_password(game: Path, name: str, password: str = PASSWORD) -> None:
    res = auditor(
        "serve",
        "--set-password",
        str(game),
        name,
        cwd=game.parent,
        stdin=f"{password}\n{password}\n",
    )
    assert res.returncode == 0, res.stderr


# The first-hour director's night 2 (tests/desk/fh42) as the tool first met it: since session
# 42's readers read every post of his, two are put back in words no reader reads — his 延时 with
# its new close left unsaid, and the night's deaths told as empty seats — so the state keeps two
# 未读懂 posts (帖子 401 的 6 楼 = pid 5074, 帖子 407 的 1 楼 = pid 5094) and day 2 its old close.
FH42_UNREAD = {
    "thread-401-p1.html": (
        "第二日收帖顺延一天：改为 12月5日（周六）22:00。",
        "第二日收帖往后挪，挪到哪天我晚点再公布。",
    ),
    "thread-407-p1.html": (
        "天亮时，青柠、七月 都没有再醒来。",
        "天亮时，青柠、七月 的位子都空了。",
    ),
}


def fh42_game(folder: Path) -> Path:
    """A copy of his game folder (tests/desk/fh42: his game files) with his night-2 pages,
    kept once, with the discovery game (tests/games/discovery_fh42/wugang/pages); its game file."""
    from tests import paths

    shutil.copytree(paths.TESTS / "desk" / "fh42", folder)
    shutil.copytree(paths.TESTS / "games" / "discovery_fh42" / "wugang" / "pages", folder / "pages")
    return folder / "wugang.toml"


# his 进程帖8 (pid 1092) as the tool first met it: the 延时 granted, its new close and day 3's
# moved opening in words discovery did not read (both read since session 43's round 2)
FH43_DELAY = {
    "推到明晚九点半（11月27日 21:30）关门。": "具体几点关门，明天一早另行通知。",
    "第三天顺延到28号早上十点开门。": "第三天的安排也另行通知。",
}


def fh43_game(folder: Path, saved: str = "", unread_delay: bool = False) -> Path:
    """A copy of the session-43 first-hour director's game (tests/games/discovery_fh43/
    hinamizawa: his minimal game file as he wrote it, his night-2 pages, saved 2026-11-28
    12:00 by their footers, or ``saved`` such as ``2026-12-06 20:00``; with
    ``unread_delay`` his 延时's times unread, :data:`FH43_DELAY`); its game file."""
    from tests import paths

    src = paths.TESTS / "games" / "discovery_fh43" / "hinamizawa"
    folder.mkdir(parents=True)
    shutil.copytree(src / "pages", folder / "pages")
    shutil.copy(src / "minimal.toml", folder / "hinamizawa.toml")
    if saved:
        for page in (folder / "pages").glob("*.html"):
            text = page.read_text("utf-8")
            page.write_text(text.replace("GMT+8, 2026-11-28 12:00", f"GMT+8, {saved}"), "utf-8")
    if unread_delay:
        page = folder / "pages" / "thread-303-p2.html"
        text = page.read_text("utf-8")
        for said, unread in FH43_DELAY.items():
            assert said in text, said
            text = text.replace(said, unread)
        page.write_text(text, "utf-8")
    return folder / "hinamizawa.toml"


#: 大刘's 更正 (pid 68) and the words a test puts in its place so that discovery keeps the
#: wrong death his mistaken opening told (since session 45 round 2 the 更正 is read, so the
#: death he had to reject on the desk is no longer proposed from his own pages).
FH45_CORRECTION = (
    "昨晚挂的是冻梨，不是杀猪菜！杀猪菜活得好好的。",
    "早上那条我写岔劈了，回头再说。",
)


def fh45_game(
    folder: Path, night: int = 2, file: str = "after-night1", *, uncorrected: bool = False
) -> Path:
    """A copy of the session-45 first-hour director's game (tests/desk/fh45: 大刘's M107,
    his game file after night 1, or ``file`` such as ``minimal``) with night ``night``'s
    pages rendered into ``saved/``; its game file.  ``uncorrected``: his 更正 left unread
    (:data:`FH45_CORRECTION`), so the wrong death stays proposed as on his night."""
    from tests import paths
    from tools.writer import write_site

    src = paths.TESTS / "desk" / "fh45"
    folder.mkdir(parents=True)
    write_site(src / f"script-night{night}.toml", folder / "saved")
    if uncorrected:
        said, unread = FH45_CORRECTION
        pages = [p for p in (folder / "saved").glob("*.html") if said in p.read_text("utf-8")]
        assert pages, "his 更正 is not in the pages"
        for page in pages:
            page.write_text(page.read_text("utf-8").replace(said, unread), "utf-8")
    shutil.copy(src / f"{file}.toml", folder / "m107.toml")
    return folder / "m107.toml"


def fh42_unread(folder: Path) -> Path:
    """A copy of his game folder with the two posts above unread; its game file."""
    fh42_game(folder)
    for name, (said, unread) in FH42_UNREAD.items():
        page = folder / "pages" / name
        text = page.read_text("utf-8")
        assert said in text, name
        page.write_text(text.replace(said, unread), "utf-8")
    return folder / "wugang.toml"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class DeskServer:
    base: str
    slug: str
    links: dict[str, str]  # director -> one-time login link
    reports: Path
    process: subprocess.Popen[str]
    all_links: dict[tuple[str, str], str]
    said: str = ""  # what the server printed up to its last login link

    def session(self) -> requests.Session:
        return requests.Session()

    def page(self, s: requests.Session) -> str:
        r = s.get(f"{self.base}/g/{self.slug}", timeout=60)
        assert r.status_code == 200, r.status_code
        return r.text


def proposal_game(tmp: Path, url: str | None = None) -> Path:
    """The sample game's minimal file (threads, days and events discovered from its saved
    pages: 15 proposals, among them 馄饨's elimination announced in pid 1198) with the two
    directors, audited once; with ``url``, read from that forum instead and not yet
    crawled.  Returns the game file."""
    from auditor.pipeline import audit

    root = Path(__file__).resolve().parents[1] / "examples" / "sample"
    text = (root / "minimal.toml").read_text("utf-8")
    source = f'url = "{url}"\ndelay = 0' if url else f'pages = "{(root / "pages").as_posix()}"'
    text = text.replace('pages = "pages/"', source)
    text = text.replace('store = "minimal.sqlite"\n', "")  # its store: sample-min.sqlite
    text = text.replace('directors = ["导演"]', 'directors = ["导演", "副导演"]')
    assert 'directors = ["导演", "副导演"]' in text
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / "sample-min.toml"
    path.write_text(text, "utf-8")
    if url is None:
        result = audit(path, reports=tmp / "reports")
        assert result.ok, result.problems
    return path


def _pump(stream: IO[str], queue: Queue[str]) -> None:
    """Copy ``stream``'s lines into ``queue`` until it ends (then an empty line)."""
    for line in stream:
        queue.put(line)
    queue.put("")


@contextmanager
def desk_server(game: Path, *extra: str, others: tuple[Path, ...] = ()) -> Iterator[DeskServer]:
    """`auditor serve GAME [OTHERS…]` on a free loopback port, until the block ends
    (``links``: the first game's one-time links; ``all_links``: by game name and director)."""
    port = free_port()
    reports = game.parent / "reports"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "auditor",
            "serve",
            str(game),
            *map(str, others),
            "--port",
            str(port),
            "--reports",
            str(reports),
            *extra,
        ],
        cwd=game.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400"},
    )
    try:
        from auditor.game.gamefile import load_game

        links: dict[str, str] = {}
        all_links: dict[tuple[str, str], str] = {}
        lines: list[str] = []
        assert proc.stdout is not None
        # A reader thread, so that a server printing fewer links than expected fails the
        # test at the deadline instead of blocking on readline() for ever.
        queue: Queue[str] = Queue()
        threading.Thread(target=_pump, args=(proc.stdout, queue), daemon=True).start()
        deadline = time.monotonic() + 60
        want = sum(len(load_game(g).directors) for g in (game, *others))
        while len(all_links) < want and time.monotonic() < deadline:
            try:
                line = queue.get(timeout=max(0.1, deadline - time.monotonic()))
            except Empty:
                break
            if not line:
                break
            lines.append(line)
            m = re.search(r"^(.+) · (\S+) 的一次性登录链接：(http://\S+)", line)
            if m:
                all_links[(m.group(1), m.group(2))] = m.group(3)
                links.setdefault(m.group(2), m.group(3))
        assert len(all_links) == want, "".join(lines)
        base = f"http://127.0.0.1:{port}"
        while time.monotonic() < deadline:
            try:
                requests.get(base + "/static/desk.css", timeout=2)
                break
            except requests.ConnectionError:
                time.sleep(0.2)
        yield DeskServer(
            base, load_game(game).slug, links, reports, proc, all_links, "".join(lines)
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF token on the page"
    return m.group(1)


def draft_ids(html: str) -> list[str]:
    return re.findall(r'<article class="draft (\w+)" id="draft-(\w+)"', html)  # type: ignore[return-value]


def flashes(html: str) -> list[str]:
    return re.findall(r'<p class="flash (?:ok|error)" role="status">([^<]*)</p>', html)


def night_game(tmp: Path, *, posts: int = 400, days: int = 9, seed: int = 3) -> Path:
    """A held-out-sized game for the desk's review queue: written by the benchmark's
    generator (benchmarks/generate.py) and the page writer (tools/writer.py, board lists
    included), with a game file that names only the players, the tag and the board, so that
    its 20 threads are proposals read from their titles; audited once.  Returns the game
    file (two directors)."""
    import tomllib

    from auditor.pipeline import audit

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from generate import GameConfig, Rates, generate_game, write_game

    from tools.writer import write_site

    rates = Rates(
        phrase=0.02,
        red=0.02,
        size=0.02,
        chatlog=0.01,
        link=0.01,
        lurk_day=0.05,
        no_vote=0.05,
        late_vote=0.05,
        bad_format=0.05,
        unquoted_change=0.05,
        ghost=1.0,
        lastwords_code=1.0,
    )
    tmp.mkdir(parents=True, exist_ok=True)
    gen = generate_game(GameConfig(posts=posts, players=12, days=days, seed=seed, rates=rates))
    write_game(gen, tmp, pages=False)
    write_site(tmp / "script.toml", tmp / "pages")
    full = tomllib.loads((tmp / "game.toml").read_text("utf-8"))
    name = full["game"]["name"]
    names = ", ".join(f'"{n}"' for n in full["players"]["names"])
    path = tmp / "night.toml"
    path.write_text(
        f'[game]\nname = "{name}"\nruleset = "m107"\ntag = "{name}"\n'
        'directors = ["导演", "副导演"]\n\n'
        '[forum]\npages = "pages/"\nboard = 2\n\n'
        f"[players]\nnames = [{names}]\n",
        "utf-8",
    )
    result = audit(path, reports=tmp / "reports")
    assert result.ok, result.problems
    return path


#: 阿May's two nights (tests/games/discovery_fh46/teahouse: her script, her night-2 render):
#: the moments she audited, by night.
FH46_NIGHTS = {1: "2026-12-02T04:30:00+08:00", 2: "2026-12-05T04:30:00+08:00"}


def fh46_game(folder: Path, night: int = 2, file: str = "after-night1") -> Path:
    """A copy of the session-46 first-hour director's game (阿May's 030 「茶餐厅」) with night
    ``night``'s pages (her script cut at that night's moment, tools.writer.at_snapshot) and
    her game file ``file`` from tests/desk/fh46 (after-night1: threads, days 1–2 from her
    rules post and the sheriff 奶茶妹 confirmed, as she left it after night 1); its game
    file."""
    from datetime import datetime

    from tests import paths
    from tools.writer import Snapshot, at_snapshot, load_script, write_site

    src = paths.TESTS / "games" / "discovery_fh46" / "teahouse"
    folder.mkdir(parents=True)
    cut = Snapshot(datetime.fromisoformat(FH46_NIGHTS[night]), "", [], [], False, {})
    write_site(at_snapshot(load_script(src / "script.toml"), cut), folder / "pages")
    shutil.copy(paths.TESTS / "desk" / "fh46" / f"{file}.toml", folder / "teahouse.toml")
    return folder / "teahouse.toml"


FH46B_NIGHTS = {1: "2026-12-04T04:30:00+08:00", 2: "2026-12-07T04:30:00+08:00"}


def fh46b_game(folder: Path, night: int = 2, file: str = "after-night1") -> Path:
    """A copy of the session-46 director 老贺's own 版杀7 game (「火锅局」,
    tests/games/discovery_fh46b/huoguo) with night ``night``'s pages (his script cut at that
    night's moment) and his game file ``file`` from tests/desk/fh46b (after-night1: as he
    left it after night 1; before-subfix: after night 2's desk, his substitute still at day
    2's close, before his hand edit); its game file."""
    from datetime import datetime

    from tests import paths
    from tools.writer import Snapshot, at_snapshot, load_script, write_site

    src = paths.TESTS / "games" / "discovery_fh46b" / "huoguo"
    folder.mkdir(parents=True)
    cut = Snapshot(datetime.fromisoformat(FH46B_NIGHTS[night]), "", [], [], False, {})
    write_site(at_snapshot(load_script(src / "script.toml"), cut), folder / "pages")
    shutil.copy(paths.TESTS / "desk" / "fh46b" / f"{file}.toml", folder / "huoguo.toml")
    return folder / "huoguo.toml"


FH47_NIGHTS = {1: "2026-12-02T04:30:00+08:00", 2: "2026-12-03T04:30:00+08:00"}


def fh47_game(
    folder: Path, night: int = 2, game: str = "discovery_fh47/hinamizawa_dongbei"
) -> Path:
    """A copy of a session-47 director's own regression game (老周's M39 「东北话」 by
    default; tests/games/``game``) with night ``night``'s pages (the script cut at the
    moment its nights.toml gives) and its minimal game file, as a new director writes it;
    the game file."""
    import tomllib
    from datetime import datetime

    from tests import paths
    from tools.writer import Snapshot, at_snapshot, load_script, write_site

    src = paths.TESTS / "games" / game
    nights = tomllib.loads((src / "nights.toml").read_text(encoding="utf-8"))["nights"]
    moment = nights[night - 1]
    if not isinstance(moment, datetime):
        moment = datetime.fromisoformat(str(moment))
    folder.mkdir(parents=True)
    cut = Snapshot(moment, "", [], [], False, {})
    write_site(at_snapshot(load_script(src / "script.toml"), cut), folder / "pages")
    shutil.copy(src / "minimal.toml", folder / "game.toml")
    return folder / "game.toml"
