"""A minimal game file (``[game]`` + tag, ``[forum]`` + board, ``[players]``) audits the
same as the full one: threads from the board list, days from the directors' opening posts,
events from their announcements — from saved pages and over loopback HTTP."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from auditor.game.gamefile import EventType, ThreadKind
from auditor.pipeline import audit as run_audit
from tests import paths
from tests.forum_server import ForumServer

ROOT = paths.ROOT
SAMPLE = ROOT / "examples" / "sample"
COMPARED = ("activity.csv", "votes.csv", "tally.csv", "findings.csv", "ledger.csv")


def serve_site(server: ForumServer, pages: Path) -> None:
    """Every page the writer wrote (its index.json maps URL → file) at its URL."""
    index = json.loads((pages / "index.json").read_text(encoding="utf-8"))
    for url, info in index["pages"].items():
        server.route(url, (pages / info["file"]).read_bytes(), content_type=info["content_type"])


def game_copy(src: Path, dest: Path, *, pages: Path | None = None, url: str | None = None) -> Path:
    """The game file with its source pointed at ``pages`` or ``url`` (no delay) and its
    store beside the copy (two copies of one game go in two folders: a store of this game
    beside a copy that has none yet is refused, auditor.store.siblings)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    text = src.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^delay = .*\n", "", text)
    text = re.sub(r"(?m)^store = .*\n", "", text)  # (the sample's minimal.toml names its own)
    source = f'pages = "{pages}"' if pages is not None else f'url = "{url}"\ndelay = 0'
    text = re.sub(r'(?m)^pages = "[^"]*"', source.replace("\\", "/"), text)
    dest.write_text(text, encoding="utf-8")
    return dest


def outputs(game: Path, reports: Path) -> dict[str, str]:
    result = run_audit(game, reports=reports)
    assert result.ok, result.problems
    assert result.report is not None
    return {name: (result.report / name).read_text(encoding="utf-8") for name in COMPARED}


@pytest.mark.parametrize("source", ["saved", "http"])
def test_sample_minimal_file_gives_the_same_audit(tmp_path: Path, source: str) -> None:
    with ForumServer(None) as server:
        serve_site(server, SAMPLE / "pages")
        where = {"pages": SAMPLE / "pages"} if source == "saved" else {"url": server.base_url}
        full = game_copy(SAMPLE / "game.toml", tmp_path / "full" / "full.toml", **where)  # type: ignore[arg-type]
        minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "min" / "minimal.toml", **where)  # type: ignore[arg-type]
        want = outputs(full, tmp_path / "r-full")
        got = outputs(minimal, tmp_path / "r-min")
        if source == "http":
            assert any("forumdisplay" in r.path for r in server.requests)
    for name in COMPARED:
        assert got[name] == want[name], name
    assert want["findings.csv"].count("\n") > 10  # the sample's violations are all there


def test_sample_discovery_names_its_sources(tmp_path: Path) -> None:
    from auditor.pipeline import open_game

    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    run_audit(minimal, reports=tmp_path / "r")
    game = open_game(minimal)
    kinds = {t.tid: (t.kind, t.day) for t in game.threads}
    assert kinds[104] == (ThreadKind.VOTE, 2) and kinds[108] == (ThreadKind.PROCESS, None)
    assert kinds[107] == (ThreadKind.LASTWORDS, None)
    disc = game.discovery
    sources = {s.item.number: s.source for s in disc.days}  # type: ignore[union-attr]
    assert sources == {1: "pid 1001", 2: "pid 1077", 3: "pid 1140"}
    events = {(s.item.type, s.item.player): s for s in disc.events}  # type: ignore[union-attr]
    assert set(events) == {
        (EventType.SHERIFF, "油条"),
        (EventType.ELIMINATED, "油条"),
        (EventType.ELIMINATED, "馄饨"),
        (EventType.PIPED, "饺子"),  # 公示：饺子被吹笛 (the sample's own 吹笛 rule)
    }
    # the day-3 result is in the process thread; the player's "馄饨出局了吗？" there is not
    assert events[(EventType.ELIMINATED, "馄饨")].pid == 1198
    assert not disc.warnings and not disc.candidates and not disc.unclassified


def test_a_tag_no_title_carries_is_said_in_the_audit_line_and_the_report(tmp_path: Path) -> None:
    """A typo in [game] tag finds no thread: once a silent exit 0 with 问题 0 and an empty
    report; now a notice naming the tags the board's titles do carry."""
    text = (SAMPLE / "minimal.toml").read_text("utf-8")
    tag = re.search(r'(?m)^tag = "([^"]+)"', text)
    assert tag is not None
    wrong = tmp_path / "typo.toml"
    game_copy(SAMPLE / "minimal.toml", wrong, pages=SAMPLE / "pages")
    wrong.write_text(wrong.read_text("utf-8").replace(tag[0], 'tag = "M17"'), "utf-8")
    result = run_audit(wrong, reports=tmp_path / "r")
    said = "没有一个标题带游戏标签「M17」，本局的帖子一个也没有找到"
    assert any(said in n for n in result.notices), result.notices
    assert f"「{tag[1]}」" in result.line()  # the tag the titles carry, to compare
    assert result.report is not None
    assert said in (result.report / "report.html").read_text("utf-8")
    # the right tag says nothing of it
    right = game_copy(SAMPLE / "minimal.toml", tmp_path / "right.toml", pages=SAMPLE / "pages")
    assert not any("游戏标签" in n for n in run_audit(right, reports=tmp_path / "r2").notices)


def test_game_view_lists_sources_and_write_round_trips(tmp_path: Path) -> None:
    """`auditor game` shows each discovered item with its source; --write appends them to
    the file (its comments kept), after which nothing is left to discover and the game is
    the same."""
    from typer.testing import CliRunner

    from auditor.cli import app
    from auditor.pipeline import open_game

    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    original = minimal.read_text(encoding="utf-8")
    run_audit(minimal, reports=tmp_path / "r")
    runner = CliRunner()
    shown = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    for text in ("[M107] 进程帖", "pid 1001", "pid 1198", "油条当选警长", "--write"):
        assert text in shown.output, text
    before = open_game(minimal)
    written = runner.invoke(app, ["game", str(minimal), "--write"])
    assert written.exit_code == 0, written.output
    assert "帖子 8 个，天 3 个，事件 4 个" in written.output
    text = minimal.read_text(encoding="utf-8")
    assert text.startswith(original.rstrip("\n"))  # comments and keys as they were
    assert "# 来源：pid 1198" in text
    after = open_game(minimal)
    assert (after.threads, after.days, after.events) == (before.threads, before.days, before.events)
    assert not any(after.discovery.discovered(w) for w in ("threads", "days", "events"))
    again = runner.invoke(app, ["game", str(minimal)], env={"COLUMNS": "200"})
    assert "没有游戏文件之外的新发现" in again.output


@pytest.mark.parametrize(
    ("board", "fid"),
    [
        ("2", 2),
        ('"forum.php?mod=forumdisplay&fid=7"', 7),
        ('"https://bbs.example.com/forum-12-1.html"', 12),
    ],
)
def test_board_is_a_fid_or_a_board_url(tmp_path: Path, board: str, fid: int) -> None:
    from auditor.game.gamefile import load_game

    path = tmp_path / "g.toml"
    path.write_text(
        f'[game]\nname = "x"\nruleset = "m107"\ntag = "M107"\n[forum]\nurl = "https://bbs.example.com/"\n'
        f'board = {board}\n[players]\nnames = ["饺子"]\n',
        encoding="utf-8",
    )
    game = load_game(path)
    assert (game.forum.board, game.tag, game.threads) == (fid, "M107", ())


def test_a_board_without_a_tag_is_refused_naming_the_key(tmp_path: Path) -> None:
    from auditor.errors import GameFileError
    from auditor.game.gamefile import load_game

    path = tmp_path / "g.toml"
    path.write_text(
        '[game]\nname = "x"\nruleset = "m107"\n[forum]\nurl = "https://bbs.example.com/"\n'
        'board = 2\n[players]\nnames = ["饺子"]\n',
        encoding="utf-8",
    )
    with pytest.raises(GameFileError, match=r"game\.tag"):
        load_game(path)


def test_an_elimination_is_announced_when_the_directors_post_says_so(tmp_path: Path) -> None:
    """030 用语定义 出局 counts ghost posts from 已公示出局: a discovered elimination carries
    the time of the director's post that announced it; an elimination the game file states
    without `announced` takes it from that post too (the file's own time stays)."""
    from auditor.pipeline import open_game

    minimal = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    run_audit(minimal, reports=tmp_path / "r")
    game = open_game(minimal)
    posts = {s.pid: s for s in game.discovery.events if s.pid is not None}
    out = {e.player: e for e in game.events if e.type is EventType.ELIMINATED}
    hun = out["馄饨"]
    assert hun.announced is not None and hun.at is not None and hun.announced > hun.at
    assert posts[1198].item.announced == hun.announced  # type: ignore[union-attr]
    # the same elimination stated in the file, without `announced`
    stated = minimal.read_text(encoding="utf-8") + (
        f'\n[[event]]\ntype = "eliminated"\nplayer = "馄饨"\nat = {hun.at.isoformat()}\nhow = "{hun.how}"\n'
    )
    minimal.write_text(stated, encoding="utf-8")
    again = open_game(minimal)
    filed = next(e for e in again.events if e.type is EventType.ELIMINATED and e.player == "馄饨")
    assert (filed.at, filed.announced) == (hun.at, hun.announced)


def _retitled(pages: Path, dest: Path, old: str, new: str) -> Path:
    """A copy of the saved pages with one thread's title changed on the board and its page."""
    import shutil

    shutil.copytree(pages, dest)
    for path in dest.rglob("*"):
        if path.suffix == ".json":
            data = json.loads(path.read_text("utf-8"))
            text = json.dumps(data, ensure_ascii=False).replace(old, new)
            path.write_text(text, "utf-8")
        elif path.suffix == ".html":
            path.write_text(path.read_text("utf-8").replace(old, new), "utf-8")
    return dest


def test_a_thread_the_tag_drops_is_a_notice(tmp_path: Path) -> None:
    """Issue 30: a tag that did not take a thread the board shows (``[M 107] 进程帖`` under
    ``tag = "M107"``: its title carries the tag's words and says what kind of thread it is)
    dropped its posts silently (``问题 0``); now a notice names the thread."""
    pages = _retitled(SAMPLE / "pages", tmp_path / "pages", "[M107] 进程帖", "[M 107] 进程帖")
    game = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=pages)
    result = run_audit(game, reports=tmp_path / "r")
    dropped = [n for n in result.notices if "108" in n and "进程帖" in n]
    assert dropped, result.notices
    assert "M107" in dropped[0] and "[game] tag" in dropped[0]
    assert "注意" in result.line()
    # the sample as it is: every titled thread taken, no such notice
    right = game_copy(
        SAMPLE / "minimal.toml", tmp_path / "right" / "right.toml", pages=SAMPLE / "pages"
    )
    assert not any("没有采用" in n for n in run_audit(right, reports=tmp_path / "r2").notices)


def test_a_bracketed_tag_takes_the_same_threads(tmp_path: Path) -> None:
    """Issue 30: ``tag = "【M107】"`` (brackets copied with the tag) takes the sample's eight
    threads as ``tag = "M107"`` does."""
    from auditor.pipeline import open_game

    game = game_copy(SAMPLE / "minimal.toml", tmp_path / "minimal.toml", pages=SAMPLE / "pages")
    text = game.read_text("utf-8")
    assert 'tag = "M107"' in text
    game.write_text(text.replace('tag = "M107"', 'tag = "【M107】"'), "utf-8")
    result = run_audit(game, reports=tmp_path / "r")
    assert not any("游戏标签" in n for n in result.notices), result.notices
    assert len(open_game(game).threads) == 8
