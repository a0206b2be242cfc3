"""Issue 16: the nightly run costs what is new.  The crawl streams (each page stored as
soon as it is parsed), the store writes a page's posts in batches, and an incremental
night ends exactly where a full run ends."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests import paths

sys.path.insert(0, str(paths.ROOT / "benchmarks"))

from generate import GameConfig, append_posts, generate_game, write_game

import auditor.forum.crawl as crawl_mod
from auditor import pipeline
from auditor.forum.crawl import crawl
from auditor.game.gamefile import load_game
from auditor.rules import engine
from auditor.store import Store


@pytest.fixture(scope="module")
def small_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated game of 600 players' posts (75 desktop pages) written as a saved-pages folder."""
    out = tmp_path_factory.mktemp("game600")
    return write_game(generate_game(GameConfig(posts=600, seed=3)), out)


def test_saved_pages_are_stored_as_soon_as_parsed(
    small_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game(small_game)
    parsed = 0
    real_parse = crawl_mod.parse_page

    def counting_parse(*args: object, **kwargs: object) -> object:
        nonlocal parsed
        parsed += 1
        return real_parse(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(crawl_mod, "parse_page", counting_parse)
    seen: list[tuple[int, int]] = []  # (files parsed, pages in the store) at each stored page
    files = len(list((small_game.parent / "pages").glob("*.html")))
    with Store(tmp_path / "g.sqlite") as store:

        def progress(tid: int, page: int, total: int | None) -> None:
            seen.append((parsed, store.page_count()))

        report = crawl(game, store, progress=progress)
        assert report.ok and report.pages == files
        assert report.new_posts == store.post_count() >= 600
    assert files > 50
    # Page k is in the store when the k-th file has been parsed: nothing is held back.
    assert seen == [(k, k) for k in range(1, files + 1)]


_PROBE = """
import json, sys
from auditor.cli import main
sys.argv = ["auditor", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
print("MODULES", json.dumps(sorted(sys.modules)))
"""

HEAVY = (
    "requests",
    "urllib3",
    "rich.markdown",
    "typer.rich_utils",
    "pandas",
    "openpyxl",
    "starlette",
    "uvicorn",
    "pypinyin",
    "jieba",
)
# What a night with nothing new has no use for (issue 16, cold start): typer (the command
# line is the nightly fast path's) and its pydantic coercion, the rule engine, rule set and matcher, the ledger, the report's views and
# templates, the page parser and lxml, discovery, a progress bar nobody sees, rich at all
# (the summary line is plain text), the post and page values (no post is read), and the
# other commands' modules.
QUIET = (
    "typer",
    "pydantic",
    "typer._adapters",
    "auditor.rules.engine",
    "auditor.rules.registry",
    "auditor.rules.ruleset",
    "auditor.rules.matcher",
    "auditor.rules.phrases",
    "auditor.rules.votebook",
    "auditor.ledger.ledger",
    "auditor.ledger.decisions",
    "auditor.ledger.policy",
    "auditor.report.records",
    "auditor.report.html",
    "auditor.report.bbcode",
    "jinja2",
    "auditor.forum.parse",
    "lxml",
    "auditor.game.discover",
    "auditor.game.confirm",
    "rich.progress",
    "rich.table",
    "rich",
    "rich.console",
    "rich.markup",
    "auditor.models",
    "auditor.cli.foundation",
    "auditor.cli.game_cmd",
    "auditor.cli.ledger_cmd",
    "auditor.cli.lexicon_cmd",
    "auditor.cli.rules_cmds",
    "auditor.cli.serve",
    "auditor.cli.votes_cmd",
)


def _loaded(args: list[str], cwd: Path, names: Sequence[str] = HEAVY) -> list[str]:
    import json
    import subprocess

    out = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("MODULES "))
    modules = set(json.loads(line.removeprefix("MODULES ")))
    return [m for m in names if m in modules]


def test_a_saved_pages_audit_loads_no_http_stack_and_no_markdown(
    small_game: Path, tmp_path: Path
) -> None:
    args = ["audit", str(small_game), "-q", "--reports", str(tmp_path / "r")]
    # The first night reads every post: the pinyin of a misspelt vote target may be needed,
    # but never the HTTP stack, typer (the command line is the nightly fast path's),
    # pandas/openpyxl, the desk's Starlette or tomlkit (it only writes the game file,
    # which an audit never does).
    first = _loaded(args, tmp_path, (*HEAVY, "typer", "tomlkit"))
    assert set(first) <= {"pypinyin", "jieba"}
    # Nothing new: not even the pinyin tables or jieba's dictionary, nor any rule, the
    # ledger, the report's views or the parser.
    assert _loaded(args, tmp_path, HEAVY + QUIET) == []
    # A usage error still goes through typer's rich panel, in Chinese.
    assert "typer.rich_utils" in _loaded(["audit", str(small_game), "--nope"], tmp_path)


def test_the_sample_night_with_nothing_new_loads_only_what_it_needs(tmp_path: Path) -> None:
    """The sample holds desktop and API saves of every thread, the board list and the page
    writer's index.json: the second night parses none of them (nor loads the parser)."""
    import shutil

    shutil.copytree(
        paths.ROOT / "examples" / "sample",
        tmp_path / "s",
        ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"),
    )
    args = ["audit", str(tmp_path / "s" / "game.toml"), "--reports", str(tmp_path / "r")]
    first = _loaded(args, tmp_path, QUIET)
    assert {"auditor.rules.engine", "auditor.forum.parse", "jinja2"} <= set(first)
    assert _loaded(args, tmp_path, HEAVY + QUIET) == []
    # The whole app (every command module) is loaded only when asked for.
    assert set(_loaded(["--help"], tmp_path, QUIET)) >= {"auditor.cli.rules_cmds", "rich.table"}


# What differs between two runs by design: when each was written, and what the last crawl
# and the time since the previous report were (the night crawled 100 posts, the full run all).
_VOLATILE = re.compile(
    r"\d{4}-\d\d-\d\d \d\d:\d\d(?=</span>|（论坛时间）| ·|</title>)"  # generated / checked at
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00"  # generated_utc
    r"|(?<=（最近一次抓取 TIME（论坛时间），这次新读到 )\d+"
    r"|自上次报告（[^）]*）以来|到目前为止"
    r"|(?<=现在（)\d+月\d+日 \d\d:\d\d(?=，论坛时间）)"  # the no-open-day line: when run
)


# 论坛变动 lists what the crawls since the previous report found: the night, what its own crawl
# saw; a first (full) run, everything it saw first — a post already 屏蔽 included (counted
# whenever first seen).  Compared on its own below.
_CHANGES = re.compile(r'<section id="changes">.*?</section>', re.S)
_HIDDEN = re.compile(r"屏蔽 (\d+)")


def _report_files(directory: Path) -> dict[str, str]:
    return {
        p.name: _CHANGES.sub(
            "CHANGES", _VOLATILE.sub("TIME", _VOLATILE.sub("TIME", p.read_text("utf-8")))
        )
        for p in sorted(directory.iterdir())
        if p.is_file()
    }


def _hidden_listed(directory: Path) -> int:
    """How many 屏蔽 the report's 论坛变动 counts."""
    section = _CHANGES.search((directory / "report.html").read_text("utf-8"))
    assert section is not None
    found = _HIDDEN.search(section.group(0))
    return int(found.group(1)) if found else 0


def _findings(game_path: Path) -> list[tuple[object, ...]]:
    game = load_game(game_path)
    with Store(game.store) as s:
        return [
            tuple(r)[:-2]  # all but first_run, last_run
            for r in s.db.execute("SELECT * FROM findings WHERE active=1 ORDER BY fingerprint")
        ]


def test_an_incremental_night_gives_exactly_the_full_runs_findings_ledger_and_report(
    tmp_path: Path,
) -> None:
    before = generate_game(GameConfig(posts=1500, seed=5))
    after = append_posts(before, 100)  # the generator's own "nightly run's new posts"

    nightly = tmp_path / "nightly" / "game"  # same folder name: the same report slug
    write_game(before, nightly)
    first = pipeline.audit(nightly / "game.toml", reports=tmp_path / "r1")
    assert first.ok and first.report is not None
    write_game(after, nightly)  # the night: 100 new posts on the forum
    night = pipeline.audit(nightly / "game.toml", reports=tmp_path / "r1")
    assert night.ok and night.new_posts == 100 and not night.report_unchanged

    full = tmp_path / "full" / "game"
    write_game(after, full)
    whole = pipeline.audit(full / "game.toml", reports=tmp_path / "r2", full=True)
    assert whole.ok and whole.report is not None and night.report is not None

    assert _findings(nightly / "game.toml") == _findings(full / "game.toml")
    assert len(_findings(full / "game.toml")) > 10
    ours, theirs = _report_files(night.report), _report_files(whole.report)
    assert set(ours) >= {"report.html", "ledger.csv", "findings.csv", "announcement.bbcode"}
    for name in theirs:
        assert ours[name] == theirs[name], name
    # the posts already 屏蔽: the first report and the full run list them, the night not again
    assert first.report is not None and _hidden_listed(first.report) > 0
    assert _hidden_listed(whole.report) == _hidden_listed(first.report)
    assert _hidden_listed(night.report) == 0

    # A night with nothing new: no post is loaded, no report written, the last one stands.
    before_dirs = sorted((tmp_path / "r1").glob("*/2*"))
    quiet = pipeline.audit(nightly / "game.toml", reports=tmp_path / "r1")
    assert quiet.report_unchanged and quiet.report == night.report
    assert sorted((tmp_path / "r1").glob("*/2*")) == before_dirs
    assert _report_files(night.report) == ours  # only the checked-at time moved
    game = load_game(nightly / "game.toml")
    with Store(game.store) as s:
        assert engine.check(game, s, incremental=True).context is None

    # A decision is news: the report is written again.
    with Store(game.store) as s:
        fp, fid = s.db.execute("SELECT fingerprint, id FROM findings WHERE active=1").fetchone()
        s.add_decisions([{"fingerprint": fp, "finding_id": fid, "decision": "reject"}])
    decided = pipeline.audit(nightly / "game.toml", reports=tmp_path / "r1")
    assert not decided.report_unchanged and decided.report != night.report


def test_saved_file_keys_are_the_resolved_paths(tmp_path: Path) -> None:
    """A saved file's key is its resolved path, worked out in one directory scan: the same
    through a symlinked game folder and for a symlinked file; asset folders are skipped."""
    from auditor.forum.crawl import _saved_files

    real = tmp_path / "real" / "sub"
    real.mkdir(parents=True)
    (real / "a.html").write_text("x", "utf-8")
    (real / "b.HTM").symlink_to(real / "a.html")
    (real / "notes.txt").write_text("x", "utf-8")
    (real / "page_files").mkdir()
    (real / "page_files" / "frame.html").write_text("x", "utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    for folder in (tmp_path / "real", tmp_path / "link"):
        found = _saved_files(folder)
        assert [f.path for f in found] == [str(folder / "sub" / n) for n in ("a.html", "b.HTM")]
        assert [f.key for f in found] == [str(real / "a.html")] * 2
        assert all(f.key == str(Path(f.path).resolve()) for f in found)
        assert found[0].mark == found[1].mark  # the link's target


def test_a_rerun_opens_only_the_files_that_changed(
    small_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing new: one directory scan, no saved file opened or parsed and no thread's
    posts read for the deletion check.  A page replaced by a new file of the same size and
    modification time (an edited post, same byte length) is read again: the inode differs."""
    import os
    import shutil

    from auditor.models import FetchedPage

    folder = tmp_path / "g"
    shutil.copytree(small_game.parent, folder, ignore=shutil.ignore_patterns("*.sqlite*", "r"))
    game = load_game(folder / "game.toml")
    opened: list[str] = []
    real_init = FetchedPage.__init__

    def counting_init(self: FetchedPage, *args: object, **kwargs: object) -> None:
        opened.append(str(kwargs.get("url")))
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]

    deletion_checks: list[int] = []
    real_mark = Store.mark_deleted

    def counting_mark(self: Store, tid: int, *args: object) -> list[int]:
        deletion_checks.append(tid)
        return real_mark(self, tid, *args)  # type: ignore[arg-type]

    with Store(game.store) as store:
        first = crawl(game, store)
        assert first.ok and first.new_posts >= 600
        monkeypatch.setattr(FetchedPage, "__init__", counting_init)
        monkeypatch.setattr(Store, "mark_deleted", counting_mark)
        quiet = crawl(game, store)
        assert quiet.ok and (quiet.pages, quiet.new_posts, quiet.changed_posts) == (0, 0, 0)
        assert opened == [] and deletion_checks == []

        page = sorted((folder / "pages").glob("*.html"))[3]
        body = page.read_bytes()
        last_post = body.rindex(b'id="postmessage_')
        i = body.index("，".encode(), last_post)  # in the page's last post
        st = page.stat()
        fresh = page.with_suffix(".new")
        fresh.write_bytes(body[:i] + "。".encode() + body[i + 3 :])
        os.utime(fresh, ns=(st.st_atime_ns, st.st_mtime_ns))
        fresh.replace(page)
        assert (page.stat().st_size, page.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
        assert page.stat().st_ino != st.st_ino
        edited = crawl(game, store)
        assert edited.ok and (edited.pages, edited.changed_posts) == (1, 1)
        assert set(opened) == {page.resolve().as_uri()}  # (replace() re-inits it: capture time)
        assert len(deletion_checks) == 1  # that page's thread only
        # A run interrupted after storing a page but before its thread was finished: the
        # thread is not taken as settled next time.
        store.db.execute("UPDATE threads SET saved_mark=NULL WHERE tid=?", (deletion_checks[0],))
        store.db.commit()
        opened.clear()
        again = crawl(game, store)
        assert again.ok and again.pages == 0 and opened == []
        assert len(deletion_checks) == 2
