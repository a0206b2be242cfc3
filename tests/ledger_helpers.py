"""Helpers for the ledger, decisions and report tests: a small game file and findings."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from auditor.game.gamefile import Game, load_game
from auditor.rules.base import Finding, Match

PLAYERS = ["饺子", "包子", "馄饨", "豆浆", "油条", "烧卖", "春卷", "汤圆"]

GAME = """\
[game]
name = "账本测试"
ruleset = "{ruleset}"
timezone = "Asia/Shanghai"
directors = ["导演"]
spectators = ["观众"]
decided_by = "导演"

[forum]
{forum}

[players]
names = {players}

[[thread]]
tid = 11
kind = "discussion"
day = 1

[[thread]]
tid = 12
kind = "vote"
day = 1

[[thread]]
tid = 21
kind = "discussion"
day = 2

[[day]]
number = 1
opens = 2026-11-20T09:00:00+08:00
closes = 2026-11-20T22:00:00+08:00

[[day]]
number = 2
opens = 2026-11-21T09:00:00+08:00
closes = 2026-11-21T22:00:00+08:00
"""


def make_game(
    tmp_path: Path,
    ruleset: str = "m107",
    extra: str = "",
    forum: str = 'url = "http://bbs.example.com/"',
) -> Game:
    players = "[" + ", ".join(f'"{p}"' for p in PLAYERS) + "]"
    path = tmp_path / "game.toml"
    path.write_text(
        GAME.format(ruleset=ruleset, players=players, forum=forum) + extra, encoding="utf-8"
    )
    return load_game(path)


def finding(
    code: str,
    player: str,
    day: int,
    pid: int | None = None,
    *,
    card: str = "blue",
    text: str = "违规的话",
    key: str = "",
    at: str | None = None,
) -> Finding:
    posted = (
        datetime.fromisoformat(at)
        if at
        else (datetime.fromisoformat(f"2026-11-2{day - 1}T10:00:00+08:00") if pid else None)
    )
    return Finding(
        code=code,
        player=player,
        day=day,
        phase=None,
        tid=11 if pid else None,
        pid=pid,
        floor=(pid - 1000) if pid else None,
        matches=(Match(text, 0, len(text), "测试"),) if pid else (),
        excerpt=text,
        card=card,
        key=key,
        note="",
        posted_at=posted,
    )


# --------------------------------------------------------------------------- real posts

HOSTILE_SCRIPT = "<script>alert('xss-1')</script>"
HOSTILE_IMG = "<img src=x onerror=\"alert('xss-2')\">"
HOSTILE_LINK = "javascript:alert('xss-3')"
HYPERLINK = '=HYPERLINK("http://evil.example/","点我")'

# 油条 is voted out at the close of day 1; everything he posts on day 2 is 诈尸 (GHOST-POST),
# so the rules turn these hostile texts into findings whose excerpts reach every report view.
HOSTILE_GAME = """
[[event]]
type = "eliminated"
player = "油条"
at = 2026-11-20T22:00:00+08:00
how = "vote"
"""


def hostile_posts() -> list[dict[str, object]]:
    from datetime import datetime as dt

    def at(day: int, hh: int, mm: int) -> dt:
        return dt.fromisoformat(f"2026-11-{19 + day}T{hh:02d}:{mm:02d}:00+08:00")

    posts: list[dict[str, object]] = []
    for day, tid in ((1, 11), (2, 21)):
        for i, name in enumerate(PLAYERS):
            if name == "油条" and day == 2:
                continue
            posts.append(
                {
                    "author": name,
                    "tid": tid,
                    "at": at(day, 10, i * 6),
                    "message": f"{name}第{day}天的发言",
                    "repeat": 5 if name != "春卷" else 3,
                }
            )
    posts.append(
        {
            "author": "饺子",
            "tid": 12,
            "at": at(1, 20, 0),
            "message": "投票对象：包子\n投票理由：发言太少",
        }
    )
    posts += [
        {"author": "油条", "tid": 21, "at": at(2, 15, 0), "message": HOSTILE_SCRIPT},
        {"author": "油条", "tid": 21, "at": at(2, 15, 5), "message": HOSTILE_IMG},
        {"author": "油条", "tid": 21, "at": at(2, 15, 10), "message": HOSTILE_LINK},
        {"author": "油条", "tid": 21, "at": at(2, 15, 15), "message": HYPERLINK},
    ]
    return posts


def hostile_game(tmp: Path) -> tuple[Game, object, datetime]:
    """A real game (writer → parser → store) with hostile posts and findings checked.

    Returns (game, store, now); the game file is switched to a forum URL so that reports
    link to posts.  The caller closes the store.
    """
    from auditor.rules.engine import check
    from tests.rules.test_rule_cases import build_case

    now = datetime.fromisoformat("2026-11-21T23:00:00+08:00")
    built = build_case(tmp, "m107", HOSTILE_GAME, hostile_posts(), now=now)
    path = built.game.path
    text = path.read_text("utf-8")
    assert 'pages = "pages"' in text
    text = text.replace('pages = "pages"', 'url = "http://bbs.example.com/"')
    # two more directors sign decisions in the tests (--by); unsigned ones are 导演's
    assert 'directors = ["导演"]' in text
    text = text.replace(
        'directors = ["导演"]', 'directors = ["导演", "副导演", "三号导演"]\ndecided_by = "导演"'
    )
    path.write_text(text, "utf-8")
    game = load_game(path)
    check(game, built.store, now=now)
    return game, built.store, now
