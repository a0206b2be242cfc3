"""Every command has Chinese help text with an example, and the documented exit codes hold."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import typer
from typer.main import get_command
from typer.testing import CliRunner

from auditor.cli import app
from tests import paths

runner = CliRunner()


def _commands() -> dict[str, object]:
    root = get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    out: dict[str, object] = {}
    for name, cmd in root.commands.items():
        out[name] = cmd
        sub = getattr(cmd, "commands", None)
        if sub:
            for sub_name, sub_cmd in sub.items():
                out[f"{name} {sub_name}"] = sub_cmd
    return out


def test_every_command_has_help_with_an_example() -> None:
    commands = _commands()
    assert {"init", "crawl", "posts"} <= set(commands)
    for name, cmd in commands.items():
        if getattr(cmd, "commands", None):
            continue  # a group: its subcommands are checked
        help_text = getattr(cmd, "help", None) or ""
        assert re.search(r"[\u4e00-\u9fff]", help_text), f"{name}: no Chinese help text"
        assert "例：auditor " in help_text, f"{name}: no example in the help text"
        res = runner.invoke(app, [*name.split(), "--help"])
        assert res.exit_code == 0, res.output


def test_init_writes_a_template_that_loads(tmp_path) -> None:
    from auditor.game.gamefile import load_game

    path = tmp_path / "new.toml"
    assert runner.invoke(app, ["init", str(path)]).exit_code == 0
    assert load_game(path).ruleset == "m107"
    res = runner.invoke(app, ["init", str(path)])
    assert res.exit_code == 2 and "已存在" in res.output


def test_init_names_the_store_so_a_renamed_file_keeps_it(tmp_path: Path) -> None:
    """``auditor init m107.toml`` writes ``store = "m107.sqlite"`` (not commented out): the
    file renamed later still opens the same store, not a fresh one by its new name."""
    from auditor.game.gamefile import load_game

    path = tmp_path / "m107.toml"
    assert runner.invoke(app, ["init", str(path)]).exit_code == 0
    assert re.search(r'(?m)^store = "m107\.sqlite"', path.read_text("utf-8"))
    renamed = path.rename(tmp_path / "m107-final.toml")
    assert Path(load_game(renamed).store) == tmp_path / "m107.sqlite"


def test_bad_rule_override_is_reported_before_any_traffic(tmp_path) -> None:
    path = tmp_path / "g.toml"
    assert runner.invoke(app, ["init", str(path)]).exit_code == 0
    # The template points at bbs.example.com: a crawl that reached the network would hang
    # or fail differently; the rule-set error must come first.
    path.write_text(path.read_text("utf-8") + "\n[rules.NO-SUCH-RULE]\nenabled = true\n", "utf-8")
    res = runner.invoke(app, ["crawl", str(path)])
    assert res.exit_code == 3
    assert "rules.NO-SUCH-RULE" in res.output


def test_forum_text_is_not_rich_markup(tmp_path) -> None:
    """A post saying "[/]" or "[red]" is shown as typed, not parsed as console markup."""
    import shutil
    from dataclasses import replace

    from auditor.game.gamefile import load_game
    from auditor.store import Store

    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(sample, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game_path = tmp_path / "s" / "game.toml"
    assert runner.invoke(app, ["crawl", str(game_path)]).exit_code == 0
    game = load_game(game_path)
    with Store(game.store) as store:
        post = store.posts()[5].post
        store.upsert_posts([replace(post, pid=9999, text="[/] 和 [red]红字[/red]")], None)
    res = runner.invoke(app, ["posts", str(game_path), "--player", post.author])
    assert res.exit_code == 0, res.output  # "[/]" as markup would raise MarkupError
    assert "红" in res.output
    res = runner.invoke(app, ["posts", str(game_path), "--player", post.author, "-f", "json"])
    assert "[/] 和 [red]红字[/red]" in res.stdout


def test_posts_shows_deleted_posts_and_earlier_versions(tmp_path) -> None:
    """Removed or rewritten posts can be evidence: --deleted and --versions show them."""
    import csv
    import io
    import shutil
    from dataclasses import replace

    from auditor.game.gamefile import load_game
    from auditor.models import HiddenReason
    from auditor.store import Store

    sample = paths.ROOT / "examples" / "sample"
    shutil.copytree(sample, tmp_path / "s", ignore=shutil.ignore_patterns("*.sqlite*", "*.lock"))
    game_path = tmp_path / "s" / "game.toml"
    assert runner.invoke(app, ["crawl", str(game_path)]).exit_code == 0
    game = load_game(game_path)
    with Store(game.store) as store:
        posts = [sp.post for sp in store.posts() if sp.post.author == "包子"]
        hidden, gone = posts[0], posts[1]
        store.upsert_posts(
            [replace(hidden, text="", lines=(), hidden=HiddenReason.MODERATOR)], None
        )
        store.db.execute("UPDATE posts SET deleted=1 WHERE pid=?", (gone.pid,))

    def rows(*extra: str) -> list[dict[str, str]]:
        res = runner.invoke(app, ["posts", str(game_path), "--player", "包子", "-f", "csv", *extra])
        assert res.exit_code == 0, res.output
        return list(csv.DictReader(io.StringIO(res.stdout)))

    plain = rows()
    assert str(gone.pid) not in {r["pid"] for r in plain}
    assert [r["text"] for r in plain if r["pid"] == str(hidden.pid)] == [""]
    with_deleted = rows("--deleted")
    assert [r["deleted"] for r in with_deleted if r["pid"] == str(gone.pid)] == ["1"]
    # the table: six columns that fit a terminal (帖子, 楼层, 作者, 时间, 标记, 内容), the 0/1
    # flags as words in 标记 (14 columns once squeezed to a character each at 80 columns)
    res = runner.invoke(
        app, ["posts", str(game_path), "--player", "包子", "--deleted"], env={"COLUMNS": "80"}
    )
    table = {
        (cells[0], cells[1]): cells
        for ln in res.stdout.splitlines()
        if ln.count("│") == 7 and ln.split("│")[1].strip()
        for cells in [[c.strip() for c in ln.split("│")[1:-1]]]
    }
    assert table[(str(gone.tid), str(gone.floor))][4] == "已删除"
    assert table[(str(hidden.tid), str(hidden.floor))][4] == "已屏蔽"
    words = {"已编辑", "已屏蔽", "已删除", "时间近似"}
    assert all(set(filter(None, r[4].split("、"))) <= words for r in table.values()), table
    assert all(r[2] == "包子" and len(r[3]) == len("11-20 09:03:00") for r in table.values())
    history = [r for r in rows("--versions") if r["pid"] == str(hidden.pid)]
    assert [(r["version"], r["hidden"], r["text"]) for r in history] == [
        ("1", "0", hidden.text),
        ("2", "1", ""),
    ]


def test_rules_code_table_says_a_missing_seed_clause_in_chinese() -> None:
    res = runner.invoke(app, ["rules", "NOT-A-PLAYER"], env={"COLUMNS": "400"})
    assert res.exit_code == 0, res.output
    assert "no seed text" not in res.output and "种子规则没有直接条文：" in res.output
    res = runner.invoke(app, ["rules", "NOT-A-PLAYER", "--format", "csv"])
    assert "no seed text:" in res.stdout  # the machine format keeps the preset's text


def test_rules_code_shows_one_rule_with_options_defaults_and_citations() -> None:
    import csv
    import io

    res = runner.invoke(app, ["rules", "VOTE-CHANGE", "--format", "csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    # VOTE-CHANGE owns its thresholds: options with one default each, every preset's value
    # (a citation alone cites the default) and its seed citation
    limit = {r["ruleset"]: r for r in rows if r["option"] == "limit"}
    assert set(limit) == {"m107", "rabbit030", "m39", "killbar7"}
    assert limit["m107"]["default"] == "1" and limit["m107"]["kind"] == "option"
    assert limit["m107"]["value"] == "1" and "有一次改票机会" in limit["m107"]["source"]
    assert "每次投票只允许改票1次" in limit["killbar7"]["source"]
    quote = {r["ruleset"]: r for r in rows if r["option"] == "quote"}
    assert quote["m107"]["value"] == "1" and quote["killbar7"]["value"] == "0"
    assert {r["option"] for r in rows} == {"card", "kind", "limit", "deadline", "quote"}
    assert {r["kind"] for r in rows} == {"option"}  # no rule-set setting with a second default
    res = runner.invoke(app, ["rules", "VOTE-CHANGE"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "版杀7" in res.stdout and "每轮" in res.stdout  # the doc is right for killbar7
    assert "killbar7 = 否" in res.stdout
    # the doc's paragraphs run on (not broken where the source's lines were), code marks
    # written as the word
    assert "``" not in res.stdout and "超过改票次数（limit）" in res.stdout
    assert "原来的票仍然有效；无效的改票不占用改票次数。" in res.stdout.replace("\n", "§")
    # a code typed nearly right is named
    res = runner.invoke(app, ["rules", "VOTE-CHANG"])
    assert res.exit_code != 0 and "你是不是想用 VOTE-CHANGE？" in res.output

    res = runner.invoke(app, ["rules", "PHRASE-OATH", "--ruleset", "m107"])
    assert res.exit_code == 0, res.output
    assert "PHRASE-OATH" in res.stdout and "发誓" in res.stdout and "threads" in res.stdout
    assert "M107 违规判定 3(1)" in res.stdout

    res = runner.invoke(app, ["rules", "NO-SUCH"])
    assert res.exit_code != 0 and "未知的规则代码：NO-SUCH" in res.output


def test_findings_on_a_narrow_terminal_are_blocks_not_a_folded_table(sample_game: Path) -> None:
    """At 80 columns the twelve-column table folded every id over three lines; below 120
    columns each finding is a block: its short fields on one line, then 命中, 摘录, 说明."""
    import csv
    import io

    from auditor.rules.registry import REGISTRY

    assert runner.invoke(app, ["check", str(sample_game)]).exit_code == 0
    res = runner.invoke(app, ["findings", str(sample_game)], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    rows = list(
        csv.DictReader(
            io.StringIO(runner.invoke(app, ["findings", str(sample_game), "-f", "csv"]).stdout)
        )
    )
    lines = res.stdout.splitlines()
    assert "┃" not in res.stdout and f"发现（{len(rows)} 条）" in lines[0]
    for r in rows:  # every id whole, at the start of its block's first line
        head = next(ln for ln in lines if ln.startswith(r["id"]))
        # (a director's block names the rule by its title; the code is the CSV's)
        assert REGISTRY[r["code"]].title in head and r["code"] not in head, head
        assert r["player"] in head
    assert any(ln.startswith("  摘录：") for ln in lines)
    wide = runner.invoke(app, ["findings", str(sample_game)], env={"COLUMNS": "200"})
    assert "┃" in wide.stdout  # a wide terminal keeps the table


def test_short_columns_stay_whole_when_the_text_columns_keep_room(sample_game: Path) -> None:
    """A table's ids, times and counts are not folded when the text columns keep ten cells
    each beside them (11-21 13:05:00 was folded over three lines); when they would not,
    every column folds as before, none squeezed to nothing."""
    for width, whole in (("130", True), ("60", False)):
        res = runner.invoke(app, ["votes", str(sample_game)], env={"COLUMNS": width})
        assert res.exit_code == 0, res.output
        assert ("11-21 13:05:00" in res.stdout) is whole, res.stdout[:2000]
        top = next(ln for ln in res.stdout.splitlines() if ln.startswith("┏"))
        assert top.count("┳") == 10  # every column kept, 问题 among them (why a vote is invalid)
        assert "━┳┳━" not in top and "┳┓" not in top  # none squeezed to nothing


def test_posts_by_pid(sample_game: Path) -> None:
    """``auditor game`` names its sources by pid (pid 1198): ``posts --pid`` shows that one."""
    import csv
    import io

    res = runner.invoke(app, ["posts", str(sample_game), "--pid", "1198", "-f", "csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [r["pid"] for r in rows] == ["1198"] and "馄饨出局" in rows[0]["text"]


def test_posts_by_pid_of_a_deleted_or_unknown_post_says_so(sample_game: Path) -> None:
    """Issue 30: ``posts --pid N`` of a deleted post printed an empty table.  A deleted post
    asked for by its pid is listed (its saved text, 已删除) with a note; a pid the store
    does not hold is an error that says so; a post the other filters leave out is said."""
    import csv
    import io

    from auditor.game.gamefile import load_game
    from auditor.store import Store

    game = load_game(sample_game)
    with Store(game.store) as store:
        gone = next(sp.post for sp in store.posts() if sp.post.author == "包子")
        store.db.execute("UPDATE posts SET deleted=1 WHERE pid=?", (gone.pid,))
    res = runner.invoke(app, ["posts", str(sample_game), "--pid", str(gone.pid), "-f", "csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [(r["pid"], r["deleted"]) for r in rows] == [(str(gone.pid), "1")]
    assert f"pid {gone.pid} 的帖子已被删除" in res.stderr
    res = runner.invoke(app, ["posts", str(sample_game), "--pid", str(gone.pid)])
    assert "已删除" in res.stdout and "已被删除" in res.stderr
    res = runner.invoke(
        app, ["posts", str(sample_game), "--pid", "99999999"], env={"COLUMNS": "200"}
    )
    assert res.exit_code == 2, res.output
    assert "没有 pid 99999999 的帖子" in res.output
    other_day = next(d.number for d in game.days if d.number != 1)
    res = runner.invoke(
        app,
        ["posts", str(sample_game), "--pid", "1198", "--player", "饺子", "--day", str(other_day)],
    )
    assert res.exit_code == 0, res.output
    assert "pid 1198 的帖子不符合其他筛选条件" in res.stderr


def test_the_tid_column_is_called_topic(sample_game: Path) -> None:
    """Issue 30: the posts table's column 帖子 held the tid; a tid names a 主题 (a thread), so
    the column says 主题 (in the findings table too)."""

    def head(*args: str) -> list[str]:
        res = runner.invoke(app, [*args, str(sample_game)], env={"COLUMNS": "200"})
        assert res.exit_code == 0, res.output
        line = next(ln for ln in res.stdout.splitlines() if "楼层" in ln and "┃" in ln)
        return [c.strip() for c in line.split("┃")[1:-1]]

    assert head("posts")[:2] == ["主题", "楼层"]
    assert runner.invoke(app, ["check", str(sample_game)]).exit_code == 0
    findings = head("findings")
    assert "主题" in findings and "帖子" not in findings


def test_init_says_what_to_fill_in_as_the_guide_does(tmp_path: Path) -> None:
    """Session 38 round 2: init asked for 帖子…日程 where the guide (and discovery) need
    only the tag, the forum and board, and the players."""
    res = runner.invoke(app, ["init", str(tmp_path / "m107.toml")])
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    for needed in ("tag", "url", "board", "names"):
        assert needed in said, said
    assert "日程" not in said and "不用写" in said, said


def test_decide_on_a_notice_says_read_or_closed_never_approved(tmp_path: Path) -> None:
    """A 提醒导演 / 不处罚 notice is no card: `decide … approve` says 已知悉, `reject` says
    已关闭 — never 已批准 / 已驳回, which read as a card given or refused."""
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path)
    notice = finding("GHOST-POST", "油条", 1, 1001, card="warning")
    quiet = finding("GHOST-POST", "春卷", 1, 1002, card="none")
    card = finding("GHOST-POST", "饺子", 1, 1003)
    with Store(game.store) as store:
        store.save_findings([notice, quiet, card], 1)
    runner = CliRunner()

    def said(ident: str, *args: str) -> str:
        res = runner.invoke(app, ["decide", str(game.path), ident, *args])
        assert res.exit_code == 0, res.output
        return res.output

    seen = said(notice.id, "approve")
    assert "已知悉" in seen and "提醒导演" in seen and "批准" not in seen, seen
    again = said(notice.id, "approve")
    assert "已知悉" in again and "批准" not in again, again
    closed = said(quiet.id, "reject")
    assert "已关闭" in closed and "不处罚" in closed and "驳回" not in closed, closed
    back = said(quiet.id, "undo")
    assert "提醒" in back and "草稿" not in back, back
    # a real card still reads as one, and a notice the director turns into a card too
    assert "已批准" in said(card.id, "approve")
    assert "已批准" in said(notice.id, "approve", "--card", "yellow")


def test_a_notices_before_and_now_never_say_rejected(tmp_path: Path) -> None:
    """A notice changed again says what it was in notice words: closed after being read is
    之前：知悉（提醒导演） → 现在：关闭提醒, and undone after closing 之前：关闭提醒 — never
    驳回, which reads as a card refused (a closed card still says 驳回)."""
    from auditor.store import Store
    from tests.ledger_helpers import finding, make_game

    game = make_game(tmp_path)
    notice = finding("GHOST-POST", "油条", 1, 1001, card="warning")
    card = finding("GHOST-POST", "饺子", 1, 1003)
    with Store(game.store) as store:
        store.save_findings([notice, card], 1)
    runner = CliRunner()

    def said(ident: str, *args: str) -> str:
        res = runner.invoke(app, ["decide", str(game.path), ident, *args])
        assert res.exit_code == 0, res.output
        return " ".join(res.output.split())

    said(notice.id, "approve")
    closed = said(notice.id, "reject")
    assert "之前：知悉（提醒导演） → 现在：关闭提醒" in closed, closed
    assert "驳回" not in closed, closed
    back = said(notice.id, "undo")
    assert "之前：关闭提醒" in back and "驳回" not in back, back
    # the twin: a card rejected and undone still says 驳回
    said(card.id, "reject")
    assert "之前：驳回" in said(card.id, "undo")


def test_game_screen_says_where_an_unread_post_is_and_one_dismiss_wording(
    tmp_path: Path,
) -> None:
    """`auditor game` on a game read from saved pages (no forum url, so no link): each
    未读懂的公告 says its thread and floor in words, and the line under it gives the one
    wording of --dismiss (the same as the command's help and the report's)."""
    from auditor.report.words import DISMISS, director_words, dismiss_hint
    from tests.game.test_discover_autonomy import audit, own_style, setup

    minimal = setup(tmp_path, own_style(day3=False, loose_vote=False))
    audit(minimal, tmp_path / "r")
    res = CliRunner().invoke(app, ["game", str(minimal)], env={"COLUMNS": "240"})
    assert res.exit_code == 0, res.output
    shown = " ".join(res.output.split())
    assert re.search(r"「\[M107\] 第.天..帖」（tid \d+）第 \d+ 楼", shown), res.output
    assert "--dismiss 编号" not in shown, res.output  # the state's problem line too
    assert " ".join(dismiss_hint(str(minimal)).split()) in shown, res.output
    assert "--by 导演" not in shown and "--dismiss pid --by" not in shown
    one = DISMISS.format(game="游戏文件")
    helped = CliRunner().invoke(app, ["game", "--help"], env={"COLUMNS": "400"})
    assert one in " ".join(helped.output.split()), helped.output
    said = director_words("x：auditor game 查看，读错的用 --add 补上，不是公告的用 --dismiss 编号")
    assert one in said and "--dismiss 编号" not in said, said


def test_game_screen_quotes_a_game_path_with_a_space(tmp_path: Path) -> None:
    """The --add / --dismiss line under 未读懂的公告 is a command to paste: a game file in a
    folder whose name has a space is quoted (shlex), so the shell reads one path."""
    import shlex

    from tests.game.test_discover_autonomy import audit, own_style, setup

    folder = tmp_path / "my games"
    folder.mkdir()
    minimal = setup(folder, own_style(day3=False, loose_vote=False))
    audit(minimal, tmp_path / "r")
    res = CliRunner().invoke(app, ["game", str(minimal)], env={"COLUMNS": "400"})
    assert res.exit_code == 0, res.output
    lines = [x for x in res.output.splitlines() if x.startswith("读错或漏读的：")]
    assert lines, res.output
    for line in lines:
        assert f"auditor game {shlex.quote(str(minimal))} --add" in line, line
        assert f"auditor game {shlex.quote(str(minimal))} --dismiss" in line, line


def test_help_never_starts_a_line_with_a_closing_mark() -> None:
    """rich folds a run of Chinese at the terminal's width, so `serve --help` at 80 columns
    had a lone 。 on a line, and a docstring's source line breaks stayed mid-sentence: the
    help is wrapped as Chinese is (a closing mark stays with the character before it)."""
    from auditor.cli.common import wrap_help

    said = wrap_help("一二三四五六七八九。\n十一\n\n例：auditor x", 18)
    assert said == "一二三四五六七八\n九。十一\n\n例：auditor x", said
    starts = "。，、；：？！）」》】"
    for width in (50, 64, 70, 80, 90, 100):
        for name in ["", *_commands()]:
            res = runner.invoke(app, [*name.split(), "--help"], env={"COLUMNS": str(width)})
            assert res.exit_code == 0, res.output
            for line in res.output.splitlines():
                shown = line.strip(" │")
                assert not shown.startswith(tuple(starts)), (width, name, line, res.output)


def test_help_wraps_without_typers_private_helper_or_changing_the_command(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """--help wraps Chinese at the terminal's width even where typer has no private
    `_get_rich_console` (older typer), and the command object, shared by every caller, keeps
    its own help while the help is drawn (the wrapped text goes to a copy)."""
    import typer.rich_utils

    seen: list[str | None] = []
    draw = typer.rich_utils.rich_format_help

    def spy(*, obj, ctx, markup_mode):  # type: ignore[no-untyped-def]
        seen.append(ctx.command.help)
        return draw(obj=obj, ctx=ctx, markup_mode=markup_mode)

    monkeypatch.setattr(typer.rich_utils, "rich_format_help", spy)
    # an older typer: `from typer.rich_utils import _get_rich_console` fails
    import sys
    import types

    older = types.ModuleType("typer.rich_utils")
    older.__dict__.update(
        {k: v for k, v in vars(typer.rich_utils).items() if k != "_get_rich_console"}
    )
    monkeypatch.setitem(sys.modules, "typer.rich_utils", older)
    res = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    assert "审计台" in res.output, res.output
    assert not any(line.strip().startswith("。") for line in res.output.splitlines())
    command: typing.Any = typer.main.get_command(app)
    serve = command.get_command(command.make_context("auditor", ["serve"]), "serve")
    assert serve is not None and seen and seen[-1] == serve.help


def test_game_help_says_each_thread_kind_in_chinese(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`game --help` listed discussion | vote | process … in English only."""
    monkeypatch.setenv("COLUMNS", "200")
    res = CliRunner().invoke(app, ["game", "--help"])
    text = " ".join(res.output.split())
    for word in ("discussion 讨论帖", "vote 投票帖", "process 进程帖", "lastwords 遗言帖"):
        assert word in text, text


def test_an_unread_posts_link_is_whole_in_a_narrow_terminal(tmp_path: Path) -> None:
    """At 60 columns rich folded the 未读懂的公告 table's link at its column's width: the
    URL came out in pieces that open nothing.  The links are printed under the table, one
    a line, never wrapped by the tool (session 40, item 4); a proposal whose words carry a
    link (the tally's unread director posts) on its 提议 line, never wrapped, and the table
    says 链接见上面的提议 (session 43 round 3)."""
    from tests.game.test_discover_autonomy import audit, own_style, setup

    minimal = setup(tmp_path, own_style(day3=False, loose_vote=False))
    text = minimal.read_text("utf-8").replace(
        "[forum]\n", '[forum]\nurl = "http://bbs.example.com/"\n', 1
    )
    minimal.write_text(text, "utf-8")
    audit(minimal, tmp_path / "r")
    res = CliRunner().invoke(app, ["game", str(minimal)], env={"COLUMNS": "60"})
    assert res.exit_code == 0, res.output
    # (a link inside a proposal's words ends at the full-width punctuation after it)
    links = re.findall(r"http://bbs\.example\.com/[^\s，。；、）]+", res.output)
    assert links, res.output
    for link in links:
        assert re.fullmatch(
            r"http://bbs\.example\.com/forum\.php\?mod=redirect&goto=findpost&ptid=\d+&pid=\d+",
            link,
        ), res.output


def test_serve_help_names_what_set_password_takes() -> None:
    """fh41 item 10: --set-password showed 「<文本,文本>」."""
    res = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "<游戏文件 导演名>" in res.stdout and "文本,文本" not in res.stdout, res.stdout


def test_findings_say_a_seen_notice_is_known_not_approved(sample_game: Path) -> None:
    """A notice (the rule set suggests no card) marked seen is 「知道了」 in ``auditor
    findings`` as on the desk, never 「已批准」 (老金, fh48: his dismissed notices were listed
    as approved); a card's approval stays 已批准."""
    import csv
    import io

    assert runner.invoke(app, ["check", str(sample_game)]).exit_code == 0
    rows = list(
        csv.DictReader(
            io.StringIO(runner.invoke(app, ["findings", str(sample_game), "-f", "csv"]).stdout)
        )
    )
    notice = next(r for r in rows if r["card"] in ("none", "warning"))
    card = next(r for r in rows if r["card"] == "blue")
    for r in (notice, card):
        res = runner.invoke(app, ["decide", str(sample_game), r["id"], "approve", "--anyway"])
        assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["findings", str(sample_game)], env={"COLUMNS": "80"})
    lines = res.stdout.splitlines()
    seen = next(ln for ln in lines if ln.startswith(notice["id"]))
    approved = next(ln for ln in lines if ln.startswith(card["id"]))
    assert "知道了" in seen and "已批准" not in seen, seen
    assert "已批准" in approved, approved
