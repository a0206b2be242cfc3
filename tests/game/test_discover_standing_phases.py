"""版杀7 with one vote thread a day (issue 34, session 41; fh41 first-hour report item 3): a
standing schedule that states the 环节 by hours (分两个环节：第一环节 10:00 至 17:00，第二环节
17:00 至 24:00) makes each day's 环节 — a proposal shown as inferred — and a 版杀7 day whose
环节 cannot be found is asked, never silently counted as one (killbar7 5 时间分配).  A small
writer game of its own: 6 players, two days, one vote thread a day."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from auditor.game.discover import Discovery
from auditor.game.gamefile import DaySpec
from auditor.pipeline import audit, current, open_game, open_store
from tools.writer import parse_script, write_site

TZ = ZoneInfo("Asia/Shanghai")
DIRECTOR = "法官"
PLAYERS = ["青梅", "竹马", "白露", "寒霜", "秋月", "春风"]
D1 = datetime(2026, 11, 3, 10, 0, tzinfo=TZ)


def _site(folder: Path, rules: str) -> Path:
    pid = iter(range(800, 900))

    def post(who: str, at: datetime, text: str) -> dict[str, object]:
        return {"author": who, "at": at, "message": text, "pid": next(pid)}

    threads: list[tuple[str, list[dict[str, object]]]] = [
        ("[版杀7]『青梅竹马』规则帖", [post(DIRECTOR, D1 - timedelta(days=1), rules)])
    ]
    for n, cn in ((1, "一"), (2, "二")):
        day = D1 + timedelta(days=n - 1)
        threads.append(
            (
                f"[版杀7] 第{cn}天讨论帖",
                [
                    post(DIRECTOR, day, f"第{cn}天开始，今天 10:00 开帖，24:00 关帖。"),
                    *(
                        post(p, day + timedelta(hours=1 + i), "先听听。")
                        for i, p in enumerate(PLAYERS)
                    ),
                ],
            )
        )
        threads.append(
            (
                f"[版杀7] 第{cn}天投票帖",
                [
                    post(DIRECTOR, day, "请在本帖投票。"),
                    *(
                        post(p, day + timedelta(hours=2, minutes=i), "投 春风")
                        for i, p in enumerate(PLAYERS[:-1])
                    ),
                ],
            )
        )
    script = {
        "forum": {
            "base_url": "http://bbs.example.com/",
            "rendered_at": D1 + timedelta(days=2),
            "boards": {"2": "版杀区"},
        },
        "members": {DIRECTOR: 1, **{p: i + 2 for i, p in enumerate(PLAYERS)}},
        "thread": [
            {"tid": 900 + i, "fid": 2, "subject": s, "post": ps}
            for i, (s, ps) in enumerate(threads)
        ],
    }
    pages = folder / "pages"
    write_site(parse_script(script), pages)
    return pages


def _found(folder: Path, rules: str) -> tuple[list[DaySpec], Discovery]:
    pages = _site(folder, rules)
    path = folder / "minimal.toml"
    path.write_text(
        f'[game]\nname = "青梅竹马"\nruleset = "killbar7"\ndirectors = ["{DIRECTOR}"]\n'
        f'tag = "版杀7"\n\n[forum]\npages = "{pages.as_posix()}"\nboard = 2\n\n'
        "[players]\nnames = [" + ", ".join(f'"{p}"' for p in PLAYERS) + "]\n",
        encoding="utf-8",
    )
    audit(path, reports=folder / "reports")
    game = open_game(path)
    with open_store(game) as store:
        found = current(game, store, fresh=True)
    return list(found.days), found.discovery


def _hours(d: DaySpec) -> list[tuple[int, str, str]]:
    return [(p.number, f"{p.opens:%d %H:%M}", f"{p.closes:%d %H:%M}") for p in d.phases]


@pytest.mark.parametrize(
    "schedule",
    [
        "每天分两个环节：第一环节 10:00 至 17:00，第二环节 17:00 至 24:00。",
        "日程：每天两个环节\n环节一 10:00-17:00\n环节二 17:00-24:00",
    ],
)
def test_a_schedule_of_phase_hours_makes_each_days_phases(tmp_path: Path, schedule: str) -> None:
    days, disc = _found(tmp_path, "规则同版杀7。\n" + schedule)
    assert [_hours(d) for d in days] == [
        [(1, "03 10:00", "03 17:00"), (2, "03 17:00", "03 23:59")],
        [(1, "04 10:00", "04 17:00"), (2, "04 17:00", "04 23:59")],
    ]
    # a proposal shown as inferred: the schedule says the hours, not which day's
    sourced = [s for s in disc.days if s.source != "游戏文件"]
    assert [s.status for s in sourced] == ["inferred", "inferred"]
    assert all("规则帖的环节时间" in s.fields["phases"][0] for s in sourced)
    assert not any("没有找到环节" in p for p in disc.problems)


@pytest.mark.parametrize(
    "rules",
    [
        "规则同版杀7。",
        # twins: one 环节's hours are no schedule of 环节; a supposition states none
        "规则同版杀7。第一环节 10:00 至 17:00。",
        "规则同版杀7。如果分两个环节的话，第一环节 10:00 至 17:00，第二环节 17:00 至 24:00 吗？",
    ],
)
def test_a_day_whose_phases_are_not_found_is_asked(tmp_path: Path, rules: str) -> None:
    days, disc = _found(tmp_path, rules)
    assert [d.phases for d in days] == [(), ()]
    asked = [p for p in disc.problems if "没有找到环节" in p]
    assert [p[:4] for p in asked] == ["第1天没", "第2天没"]
