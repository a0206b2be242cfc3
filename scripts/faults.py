"""The fault campaign (issue 32) as a script: hostile input through every output, on a
temporary copy of the sample game, and a list of every try that came out otherwise than
docs/faults.md says (a traceback, a wrong exit code, a raw control character where the
director reads, an HTTP 500, a session that outlives its logout).

    python3 scripts/faults.py                   # every kind
    python3 scripts/faults.py controls desk     # some kinds
    python3 scripts/faults.py --keep            # keep the temporary folder (its path is said)

Kinds:

- ``controls``: control characters (``\\x01\\x07\\x1b[31m``) in a post and a vote reason,
  through ``audit``, ``report`` (report.html, the CSVs, report.xlsx, the announcement), the
  CLI tables (``posts``, ``findings``, ``votes``, ``activity``, ``status``, ``ledger``,
  ``game``) and the desk's pages and decisions.
- ``gamefiles``: hostile game files (a year-1 time, TOML nested thousands deep, control
  characters in names, impossible tids, a store in a missing folder or on a device …),
  each through ``game`` and ``audit``: exit 3 (6 for the store), never a traceback.
- ``desk``: desk sessions: a cookie copied before a logout or a new password, wrong
  passwords behind a forged ``X-Forwarded-For``, ``--secure-cookies``.
- ``store``: a damaged store (4 KB of garbage mid-file, cut short, a damaged header or
  freelist) under every command in :data:`COMMANDS_ON_A_STORE`, its sha256 before and
  after; a store deleted between two nights (``--new-store``).
- ``disk``: the store's disk full (a 2 MB tmpfs, filled; root only, else pending).

Exit 0 when every try came out as documented, 1 otherwise.  It takes a minute or two (the
sample game is audited a few times and the desk started four times).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample"
CONTROLS = "\x01\x07\x1b[31m"
SHOWN = "<U+0001><U+0007><U+001B>[31m"
POST = "馄饨是狼！"  # a post of the sample's pages
REASON = "投票理由：发言前后矛盾"  # a vote reason of the sample's pages
PASSWORD = "故障测试的密码-123"
#: Control characters that must not reach what a director reads as they are (a line's own
#: tab, line feed and carriage return aside).
RAW = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
TRACEBACK = "Traceback (most recent call last)"


@dataclass(frozen=True, slots=True)
class Try:
    kind: str
    name: str
    ok: bool | None  # None: pending (a hook not filled in yet)
    detail: str = ""


class Campaign:
    """A temporary folder, copies of the sample game in it and the tries' results."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.tries: list[Try] = []
        self._n = 0

    def sample(self, name: str = "game") -> Path:
        """A fresh copy of the sample game (never crawled) in a folder of its own; returns
        its game file."""
        self._n += 1
        folder = self.root / f"{self._n:02d}" / name
        shutil.copytree(
            SAMPLE, folder, ignore=shutil.ignore_patterns("*.sqlite*", "*.lock", "reports")
        )
        return folder / "game.toml"

    def add(self, kind: str, name: str, ok: bool | None, detail: str = "") -> bool:
        self.tries.append(Try(kind, name, ok, detail))
        mark = {True: "✓", False: "✗", None: "–"}[ok]
        print(f"{mark} {kind:9} {name}{'：' + detail if detail and not ok else ''}", flush=True)
        return bool(ok)

    def expect(
        self,
        kind: str,
        name: str,
        proc: subprocess.CompletedProcess[str],
        code: int,
        *,
        said: str = "",
    ) -> bool:
        """The command exited ``code``, printed no traceback and (``said``) said that."""
        text = proc.stdout + proc.stderr
        if TRACEBACK in text:
            return self.add(kind, name, False, "traceback: " + _last_line(text))
        if proc.returncode != code:
            return self.add(
                kind, name, False, f"退出码 {proc.returncode}，应为 {code}：{_last_line(text)}"
            )
        if said and said not in text:
            return self.add(kind, name, False, f"没有说 {said!r}：{_last_line(text)}")
        return self.add(kind, name, True)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "（没有输出）"


def cli(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "200", "PYTHONPATH": str(ROOT)},
    )


def digest(path: Path) -> str:
    """The sha256 of a file (for the damaged-store kind: nothing written to a damaged store)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------------------ the desk


@dataclass
class Desk:
    base: str
    slug: str
    links: dict[str, str]
    process: subprocess.Popen[str]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(game: Path, *extra: str) -> Iterator[Desk]:
    """`auditor serve GAME` on a free loopback port until the block ends."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "auditor", "serve", str(game), "--port", str(port), *extra],
        cwd=game.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "400", "PYTHONPATH": str(ROOT)},
    )
    try:
        assert proc.stdout is not None
        links: dict[str, str] = {}
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("auditor serve 没有启动")
            m = re.search(r" · (\S+) 的一次性登录链接：(http://\S+)", line)
            if m:
                links[m.group(1)] = m.group(2)
                break  # (the sample has one director)
        while time.monotonic() < deadline:
            try:
                requests.get(base + "/static/desk.css", timeout=2)
                break
            except requests.ConnectionError:
                time.sleep(0.2)
        slug = requests.get(base + "/", timeout=30, allow_redirects=False).headers["location"]
        yield Desk(base, slug.rsplit("/", 1)[-1], links, proc)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    return m.group(1) if m else ""


def _login(desk: Desk, password: str, **headers: str) -> tuple[requests.Session, int]:
    s = requests.Session()
    page = s.get(f"{desk.base}/g/{desk.slug}/login", timeout=30)
    r = s.post(
        f"{desk.base}/g/{desk.slug}/login",
        data={"csrf": _csrf(page.text), "director": "导演", "password": password},
        headers=headers,
        timeout=60,
        allow_redirects=False,
    )
    return s, r.status_code


def _signed_in(desk: Desk, s: requests.Session) -> bool:
    r = s.get(f"{desk.base}/g/{desk.slug}", timeout=60, allow_redirects=False)
    return r.status_code == 200


# ------------------------------------------------------------------------------ kinds


def controls(c: Campaign) -> None:
    """Control characters in a post and a vote reason, through every output."""
    kind = "controls"
    game = c.sample()
    for page in (game.parent / "pages").glob("thread-*.html"):
        html = page.read_text("utf-8")
        # SYNTHETIC: a terminal's control codes pasted into a post and a vote reason
        new = html.replace(POST, POST + CONTROLS).replace(REASON, REASON + CONTROLS)
        if new != html:
            page.write_text(new, "utf-8")
    folder = game.parent
    c.expect(kind, "audit --workbook", cli("audit", str(game), "--workbook", cwd=folder), 0)
    c.expect(kind, "report", cli("report", str(game), cwd=folder), 0)
    latest = folder / "reports" / "game" / "latest"
    html = (latest / "report.html").read_text("utf-8") if latest.is_dir() else ""
    c.add(
        kind,
        "report.html: 写成 &lt;U+001B&gt;，没有原样的控制字符",
        bool(html) and not RAW.search(html) and "&lt;U+001B&gt;" in html,
    )
    bbcode = "".join(p.read_text("utf-8") for p in latest.glob("announcement*.bbcode"))
    c.add(kind, "announcement.bbcode: 没有原样的控制字符", bool(bbcode) and not RAW.search(bbcode))
    kept = False
    for name in ("findings.csv", "votes.csv", "activity.csv", "tally.csv", "ledger.csv"):
        path = latest / name
        try:
            rows = list(csv.reader(io.StringIO(path.read_text("utf-8-sig"))))
        except (OSError, csv.Error) as exc:
            c.add(kind, f"{name} 可读", False, str(exc))
            continue
        kept = kept or any(CONTROLS in cell for row in rows for cell in row)
    c.add(kind, "CSV 保留论坛原文（机器格式）", kept)
    try:
        from openpyxl import load_workbook

        book = load_workbook(latest / "report.xlsx")
        cells = [
            str(x.value) for ws in book.worksheets for row in ws.iter_rows() for x in row if x.value
        ]
        c.add(kind, "report.xlsx: 写成 <U+001B>", any(SHOWN in t for t in cells))
    except Exception as exc:  # (a broken workbook is what this looks for)
        c.add(kind, "report.xlsx 可读", False, f"{type(exc).__name__}: {exc}")
    for args in (
        ["posts"],
        ["findings"],
        ["votes"],
        ["votes", "--tally"],
        ["activity"],
        ["status"],
        ["ledger"],
        ["game"],
        ["findings", "-f", "csv"],
        ["votes", "-f", "json"],
    ):
        proc = cli(*args, str(game), cwd=folder)
        name = "auditor " + " ".join(args)
        if c.expect(kind, name, proc, 0) and "-f" not in args and RAW.search(proc.stdout):
            c.add(kind, name + "：表格里没有原样的控制字符", False, repr(RAW.findall(proc.stdout)))
    posts = cli("posts", str(game), cwd=folder)
    c.add(kind, "auditor posts 写成 <U+001B>", SHOWN in posts.stdout)
    with serve(game) as desk:
        s = requests.Session()
        s.get(desk.links["导演"], timeout=60)
        page = s.get(f"{desk.base}/g/{desk.slug}", timeout=120)
        c.add(
            kind,
            "审计台页面：写成 &lt;U+001B&gt;",
            page.status_code == 200 and "&lt;U+001B&gt;" in page.text and not RAW.search(page.text),
            f"HTTP {page.status_code}",
        )
        ident = re.search(r'<article class="draft \w+" id="draft-(\w+)"', page.text)
        r = s.post(
            f"{desk.base}/g/{desk.slug}/decide",
            data={
                "csrf": _csrf(page.text),
                "id": ident.group(1) if ident else "",
                "action": "reject",
                "rev": "",
            },
            timeout=120,
        )
        c.add(
            kind,
            "审计台的决定：报告重写，没有 HTTP 500",
            r.status_code == 200 and "报告、CSV 和公告已重写" in r.text,
            f"HTTP {r.status_code}",
        )


#: (name, (old, new) in the sample's game file, {command: exit code}, what is said)
GAME_FILES: list[tuple[str, tuple[str, str], dict[str, int], str]] = [
    (
        "第 1 年的时间",
        ("opens = 2026-11-20T09:00:00+08:00", "opens = 0001-01-01T00:00:00+08:00"),
        {"game": 3, "audit": 3},
        "day[1].opens",
    ),
    (
        "不带时区的第 1 年",
        ("opens = 2026-11-20T09:00:00+08:00", "opens = 0001-01-01T00:00:00"),
        {"game": 3, "audit": 3},
        "day[1].opens",
    ),
    (
        "第 9999 年的时间",
        ("closes = 2026-11-21T22:00:00+08:00", "closes = 9999-12-31T23:59:59-08:00"),
        {"game": 3, "audit": 3},
        "day[1].closes",
    ),
    (
        "嵌套 3000 层的数组",
        ("[players]", "[rules]\nx = " + "[" * 3000 + "]" * 3000 + "\n\n[players]"),
        {"game": 3, "audit": 3},
        "rules.x",
    ),
    (
        "嵌套 3000 层的内联表",
        ("[players]", "[rules]\nx = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n\n[players]"),
        {"game": 3, "audit": 3},
        "rules.x",
    ),
    ("带换行的玩家名", ('"饺子"', '"饺\\n子"'), {"game": 3, "audit": 3}, "players.names"),
    ("带响铃符的玩家名", ('"饺子"', '"饺\\u0007子"'), {"game": 3, "audit": 3}, "players.names"),
    (
        "带 ESC 的导演名",
        ('directors = ["导演"]', 'directors = ["导\\u001b[31m演"]'),
        {"game": 3, "audit": 3},
        "game.directors",
    ),
    ("tid = 0", ("tid = 101", "tid = 0"), {"game": 3, "audit": 3}, "thread[1].tid"),
    (
        "tid = 2^63-1",
        ("tid = 101", "tid = 9223372036854775807"),
        {"game": 3, "audit": 3},
        "thread[1].tid",
    ),
    (
        "tid 超过 64 位",
        ("tid = 101", "tid = 99999999999999999999"),
        {"game": 3, "audit": 3},
        "thread[1].tid",
    ),
    ('store = "."', ("[game]", '[game]\nstore = "."'), {"game": 3, "audit": 3}, "game.store"),
    (
        "store 在不存在的文件夹里",
        ("[game]", '[game]\nstore = "nope/m.sqlite"'),
        {"audit": 6},
        "不存在",
    ),
    ("store = /dev/full", ("[game]", '[game]\nstore = "/dev/full"'), {"audit": 6}, "字符设备"),
    (
        "未知的时区",
        ('timezone = "Asia/Shanghai"', 'timezone = "Asia"'),
        {"game": 3, "audit": 3},
        "game.timezone",
    ),
    ("delay = inf", ("delay = 1.0", "delay = inf"), {"game": 3, "audit": 3}, "forum.delay"),
    ("TOML 语法错误", ("[players]", "[players"), {"game": 3, "audit": 3}, "TOML"),
]


def gamefiles(c: Campaign) -> None:
    """Hostile game files through ``game`` and ``audit``."""
    game = c.sample()
    original = game.read_text("utf-8")
    for name, (old, new), codes, said in GAME_FILES:
        if old not in original:
            c.add("gamefiles", name, False, f"样例的游戏文件里没有 {old!r}")
            continue
        path = game.with_name(f"hostile-{len(c.tries)}.toml")
        path.write_text(original.replace(old, new, 1), "utf-8")
        for command, code in codes.items():
            c.expect(
                "gamefiles",
                f"{name}：auditor {command}",
                cli(command, str(path), cwd=game.parent),
                code,
                said=said,
            )
    not_utf8 = game.with_name("latin1.toml")
    not_utf8.write_bytes(original.replace("样例", "caf\u00e9").encode("latin-1", "replace"))
    c.expect(
        "gamefiles",
        "不是 UTF-8 的文件",
        cli("game", str(not_utf8), cwd=game.parent),
        3,
        said="UTF-8",
    )
    empty = game.with_name("empty.toml")
    empty.write_text("", "utf-8")
    c.expect("gamefiles", "空文件", cli("game", str(empty), cwd=game.parent), 3)
    c.expect("gamefiles", "游戏文件是文件夹", cli("game", str(game.parent), cwd=game.parent), 3)


def desk(c: Campaign) -> None:
    """Desk sessions: logout and a new password revoke a copied cookie; the login limit
    counts the real peer; --secure-cookies."""
    kind = "desk"
    game = c.sample()
    folder = game.parent
    c.expect(kind, "audit", cli("audit", str(game), cwd=folder), 0)

    def set_password(password: str) -> None:
        proc = cli(
            "serve",
            "--set-password",
            str(game),
            "导演",
            cwd=folder,
            stdin=f"{password}\n{password}\n",
        )
        c.expect(kind, "serve --set-password", proc, 0)

    set_password(PASSWORD)
    with serve(game) as d:
        s, code = _login(d, PASSWORD)
        thief = requests.Session()
        thief.cookies.update(s.cookies)
        c.add(kind, "密码登录", code == 303 and _signed_in(d, s), f"HTTP {code}")
        page = s.get(f"{d.base}/g/{d.slug}", timeout=60).text
        s.post(f"{d.base}/g/{d.slug}/logout", data={"csrf": _csrf(page)}, timeout=60)
        c.add(kind, "退出登录后，复制的 Cookie 也失效", not _signed_in(d, thief))
        status = thief.get(f"{d.base}/g/{d.slug}/audit/status", timeout=60)
        c.add(
            kind,
            "退出登录后，进度查询 403",
            status.status_code == 403,
            f"HTTP {status.status_code}",
        )
        s, code = _login(d, PASSWORD)
        thief = requests.Session()
        thief.cookies.update(s.cookies)
        set_password(PASSWORD + "-新")
        c.add(
            kind,
            "改密码后，原来的会话和复制的 Cookie 都失效",
            not _signed_in(d, s) and not _signed_in(d, thief),
        )
        s, code = _login(d, PASSWORD + "-新")
        c.add(kind, "新密码可以登录", code == 303 and _signed_in(d, s), f"HTTP {code}")
        codes = [
            _login(d, "错误", **{"X-Forwarded-For": f"203.0.113.{i}"})[1] for i in range(1, 13)
        ]
        c.add(kind, "伪造 X-Forwarded-For 也会被限制登录次数（429）", 429 in codes, str(codes))
        r = requests.get(f"{d.base}/g/no-such-game", timeout=30, allow_redirects=False)
        c.add(kind, "没有这个游戏：404", r.status_code == 404, f"HTTP {r.status_code}")
        r = requests.post(f"{d.base}/g/{d.slug}/decide", data={"id": "X"}, timeout=30)
        c.add(kind, "没有登录的决定：403", r.status_code == 403, f"HTTP {r.status_code}")
    with serve(game, "--proxy-headers") as d:
        codes = [_login(d, "错误", **{"X-Forwarded-For": f"203.0.113.{i}"})[1] for i in range(1, 8)]
        c.add(kind, "--proxy-headers：按代理转来的地址计", codes == [401] * 7, str(codes))
    with serve(game, "--secure-cookies") as d:
        cookie = requests.get(f"{d.base}/g/{d.slug}/login", timeout=30).headers.get(
            "set-cookie", ""
        )
        c.add(kind, "--secure-cookies：Cookie 带 Secure", "; secure" in cookie.lower(), cookie)


#: Every command that opens a store, for the damaged-store kind (issue 32, item 1): each
#: run on a damaged copy (``GAME``: its game file), the store's digest before and after.
COMMANDS_ON_A_STORE: tuple[tuple[str, ...], ...] = (
    ("audit", "GAME"),
    ("crawl", "GAME"),
    ("check", "GAME"),
    ("report", "GAME"),
    ("ledger", "GAME"),
    ("findings", "GAME"),
    ("votes", "GAME"),
    ("activity", "GAME"),
    ("status", "GAME"),
    ("posts", "GAME"),
    ("game", "GAME"),
    ("decisions", "export", "GAME", "decisions.csv"),
    ("decide", "GAME", "ID", "approve"),
)


PAGE = 4096  # the sample store's page size


def _damage_middle(store: Path) -> None:
    """The campaign's fault: 4 KB of garbage over a page in the middle of the file."""
    with open(store, "r+b") as fh:
        fh.seek(store.stat().st_size // 2 // PAGE * PAGE)
        fh.write(os.urandom(PAGE))


def _damage_truncate(store: Path) -> None:
    with open(store, "r+b") as fh:
        fh.truncate(store.stat().st_size // 2 // PAGE * PAGE)


def _damage_header(store: Path) -> None:
    with open(store, "r+b") as fh:
        fh.seek(16)
        fh.write((3000).to_bytes(2, "big"))  # no page size


def _damage_freelist(store: Path) -> None:
    with open(store, "r+b") as fh:
        fh.seek(32)  # a freelist trunk page past the end of the file
        fh.write((store.stat().st_size // PAGE + 9).to_bytes(4, "big") + (1).to_bytes(4, "big"))


#: Damages for the ``store`` kind: what each does to an audited store.
DAMAGES: dict[str, Callable[[Path], None]] = {
    "中间 4 KB 乱码": _damage_middle,
    "截掉后一半": _damage_truncate,
    "文件头的页大小": _damage_header,
    "空闲页链表": _damage_freelist,
}


def _audited(c: Campaign) -> tuple[Path, str]:
    """A sample game audited once (its report stands: the next audit is a night with
    nothing new), and a draft's id for ``decide``."""
    game = c.sample()
    folder = game.parent
    proc = cli("audit", str(game), "-q", cwd=folder)
    if proc.returncode != 0:
        raise RuntimeError(f"样例审计失败：{_last_line(proc.stdout + proc.stderr)}")
    cli("decisions", "export", str(game), "decisions.csv", cwd=folder)
    rows = list(csv.reader(io.StringIO((folder / "decisions.csv").read_text("utf-8-sig"))))
    ident = rows[1][0]  # (the first column: 编号)
    (folder / "decisions.csv").unlink()
    return game, ident


def store(c: Campaign) -> None:
    """A damaged store (issue 32, item 1) under every command in :data:`COMMANDS_ON_A_STORE`
    (the first ``audit`` is the night with nothing new): exit 6 saying 已经损坏 (``game``, which
    reads no store for this sample, exit 0), :func:`digest` unchanged, no traceback.  Then a
    store deleted between two nights (item 6): the next audit makes no new store (exit 6)
    unless ``--new-store``."""
    kind = "store"
    game, ident = _audited(c)
    original = game.parent
    for name, damage in DAMAGES.items():
        folder = c.root / f"damaged-{len(c.tries):03d}" / original.name  # (the same game name)
        shutil.copytree(original, folder, symlinks=True)
        g = folder / "game.toml"
        db = folder / "game.sqlite"
        damage(db)
        before = digest(db)
        for args in COMMANDS_ON_A_STORE:
            argv = [str(g) if a == "GAME" else ident if a == "ID" else a for a in args]
            proc = cli(*argv, cwd=folder)
            label = f"{name}：auditor {' '.join(args)}"
            code = 0 if args[0] == "game" else 6
            if c.expect(kind, label, proc, code, said="" if code == 0 else "已经损坏"):
                after = digest(db)
                if after != before:
                    c.add(kind, label + "：数据库没有被写入", False, "文件的 sha256 变了")
    folder = c.root / "deleted" / original.name
    shutil.copytree(original, folder, symlinks=True)
    for leftover in folder.glob("game.sqlite*"):
        leftover.unlink()
    g = str(folder / "game.toml")
    c.expect(
        kind, "数据库被删除后再审计：拒绝", cli("audit", g, "-q", cwd=folder), 6, said="--new-store"
    )
    c.add(kind, "数据库被删除后再审计：没有建新的数据库", not (folder / "game.sqlite").exists())
    proc = cli("audit", g, "-q", "--new-store", cwd=folder)
    c.expect(kind, "数据库被删除后 audit --new-store", proc, 0)


def _mount_small_disk(where: Path) -> str:
    """Mount a 2 MB tmpfs at ``where``; "" when done, else why not."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return "需要 root（mount -t tmpfs -o size=2m）"
    where.mkdir()
    proc = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    return "" if proc.returncode == 0 else f"mount 失败：{proc.stderr.strip()}"


def _fill(folder: Path) -> None:
    with open(folder / "fill", "wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"\0" * PAGE)
        except OSError:
            pass


def disk(c: Campaign) -> None:
    """The store's disk full (issue 32, item 3): a 2 MB tmpfs holds the store (root only,
    unmounted afterwards), filled to its last block; ``audit`` and ``check`` exit 6 naming
    the store and the full disk, not the standard output."""
    kind = "disk"
    mnt = c.root / "small-disk"
    why = _mount_small_disk(mnt)
    if why:
        c.add(kind, f"磁盘已满（跳过：{why}）", None)
        return
    try:
        game = c.sample()
        store = mnt / "game.sqlite"
        text = game.read_text("utf-8")
        game.write_text(text.replace("[game]", f'[game]\nstore = "{store}"', 1), "utf-8")
        folder = game.parent
        c.expect(kind, "小磁盘上的第一次审计", cli("audit", str(game), "-q", cwd=folder), 0)
        store.with_name(store.name + ".lock").unlink(missing_ok=True)
        _fill(mnt)
        for args in (("audit", str(game), "-q"), ("check", str(game))):
            proc = cli(*args, cwd=folder)
            if c.expect(kind, f"磁盘已满：auditor {args[0]}", proc, 6, said="磁盘已满"):
                c.add(
                    kind,
                    f"磁盘已满：auditor {args[0]} 说的是数据库",
                    str(store) in proc.stderr and "标准输出" not in proc.stderr,
                    _last_line(proc.stderr),
                )
        (mnt / "fill").unlink()
        c.expect(kind, "腾出空间后再审计", cli("audit", str(game), "-q", cwd=folder), 0)
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


KINDS: dict[str, Callable[[Campaign], None]] = {
    "controls": controls,
    "gamefiles": gamefiles,
    "desk": desk,
    "store": store,
    "disk": disk,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kinds", nargs="*", help=f"{' | '.join(KINDS)}（默认：全部）")
    parser.add_argument("--keep", action="store_true", help="保留临时文件夹")
    args = parser.parse_args(argv)
    unknown = [k for k in args.kinds if k not in KINDS]
    if unknown:
        parser.error(f"没有这一类：{'、'.join(unknown)}（可用：{'、'.join(KINDS)}）")
    root = Path(tempfile.mkdtemp(prefix="auditor-faults-"))
    campaign = Campaign(root)
    try:
        for name in args.kinds or list(KINDS):
            try:
                KINDS[name](campaign)
            except Exception as exc:  # the campaign's own failure: said, the others run
                campaign.add(name, "（这一类没有跑完）", False, f"{type(exc).__name__}: {exc}")
    finally:
        if args.keep:
            print(f"临时文件夹：{root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    failed = [t for t in campaign.tries if t.ok is False]
    pending = [t for t in campaign.tries if t.ok is None]
    print(
        f"\n{len(campaign.tries)} 项：{len(campaign.tries) - len(failed) - len(pending)} 通过，"
        f"{len(failed)} 不符，{len(pending)} 待补"
    )
    for t in failed:
        print(f"  ✗ {t.kind} {t.name}：{t.detail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
