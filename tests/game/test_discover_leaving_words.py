"""The theme's word for leaving the game reaches the reader (issue 34, session 41): a game
file's ``[game] leaving`` or a director's rules post that declares it (下车就是出局) makes a
report's 昨夜：X 下车 a death; without either, the post is listed (a wrong death is worse
than a question).  A small writer game of its own: 6 players, one day, one night."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.discover import declared_leaving
from auditor.game.gamefile import EventType
from auditor.pipeline import audit, current, open_game, open_store
from tools.writer import parse_script, write_site

TZ = ZoneInfo("Asia/Shanghai")
DIRECTOR = "站长"
PLAYERS = ["枫叶", "松针", "柳絮", "竹影", "桂香", "荷风"]
D1 = datetime(2026, 10, 5, 9, 0, tzinfo=TZ)
REPORT = 501  # the process thread's 昨夜：柳絮 下车


def _site(folder: Path, rules: str) -> Path:
    pid = iter(range(500, 600))

    def post(who: str, at: datetime, text: str) -> dict[str, object]:
        return {"author": who, "at": at, "message": text, "pid": next(pid)}

    threads = [
        ("[M77]『末班车』规则帖", [post(DIRECTOR, D1 - timedelta(days=1), rules)]),
        (
            "[M77] 进程帖",
            [post(DIRECTOR, D1 + timedelta(days=1, hours=1), "昨夜：柳絮 下车。\n第二天开始。")],
        ),
        (
            "[M77] 第一天讨论帖",
            [
                post(DIRECTOR, D1, "第一天开始，今天 9:00 开帖，21:00 关帖。"),
                *(post(p, D1 + timedelta(hours=1 + i), "先听听。") for i, p in enumerate(PLAYERS)),
            ],
        ),
    ]
    script = {
        "forum": {
            "base_url": "http://bbs.example.com/",
            "rendered_at": D1 + timedelta(days=1, hours=2),
            "boards": {"2": "版杀区"},
        },
        "members": {DIRECTOR: 1, **{p: i + 2 for i, p in enumerate(PLAYERS)}},
        "thread": [
            {"tid": 700 + i, "fid": 2, "subject": s, "post": ps}
            for i, (s, ps) in enumerate(threads)
        ],
    }
    pages = folder / "pages"
    write_site(parse_script(script), pages)
    return pages


def _minimal(folder: Path, rules: str, leaving: str = "") -> Path:
    pages = _site(folder, rules)
    path = folder / "minimal.toml"
    path.write_text(
        f'[game]\nname = "末班车"\nruleset = "m107"\ndirectors = ["{DIRECTOR}"]\ntag = "M77"\n'
        f"{leaving}\n"
        f'[forum]\npages = "{pages.as_posix()}"\nboard = 2\n\n'
        "[players]\nnames = [" + ", ".join(f'"{p}"' for p in PLAYERS) + "]\n",
        encoding="utf-8",
    )
    return path


def _deaths(path: Path) -> tuple[list[tuple[str, str | None]], set[int]]:
    """The deaths discovered, and the pids listed as 未读懂的公告."""
    audit(path, reports=path.parent / "reports")
    game = open_game(path)
    with open_store(game) as store:
        found = current(game, store, fresh=True)
    deaths = [(e.player, e.how) for e in found.events if e.type is EventType.ELIMINATED]
    return deaths, {u.pid for u in found.discovery.unread}


@pytest.mark.parametrize(
    ("rules", "leaving", "deaths"),
    [
        # the rules post declares the word; the game file does; a post's own gloss does
        ("规则同 M107。本局里“下车”就是出局。", "", [("柳絮", "night")]),
        ("规则同 M107。", 'leaving = ["下车"]', [("柳絮", "night")]),
        # twin: no declaration (a question or a denial is none: below), no death — listed
        ("规则同 M107。下车算出局吗？", "", []),
    ],
)
def test_the_themes_word_for_leaving_reaches_the_reader(
    tmp_path: Path, rules: str, leaving: str, deaths: list[tuple[str, str | None]]
) -> None:
    found, unread = _deaths(_minimal(tmp_path, rules, leaving))
    assert found == deaths
    assert (REPORT in unread) == (not deaths)  # never silent: the report unread is asked


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("本局里“下车”就是出局。", ("下车",)),
        ("上岸（出局）的玩家不能再发言。", ("上岸",)),
        ("出局在本局叫做「熄灯」。", ("熄灯",)),
        ("落水即死亡。", ("落水",)),
        # twins: a question, a denial, the grammar's own word
        ("下车算出局吗？", ()),
        ("中途下车不算出局。", ()),
        ("投票出局的玩家可以留遗言。", ()),
    ],
)
def test_what_a_rules_post_declares_as_leaving(text: str, words: tuple[str, ...]) -> None:
    assert declared_leaving(text) == words
