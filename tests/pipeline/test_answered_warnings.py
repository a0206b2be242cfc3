"""fh46b item 7 (round 2 item 3): once the director has confirmed, corrected or added an
item (a ``confirm`` run), the 「论坛上写的是…（以游戏文件为准）」 warnings about that item stop:
the file's item is his answer; the others stay."""

from __future__ import annotations

import json
from types import SimpleNamespace

from auditor.game.discover import Discovery
from auditor.pipeline import answered_key, without_answered_warnings

OUT = "鸭肠 的出局：帖子 pid 1071 公示的是 12-03 02:00 投票，游戏文件写的是 12-03 23:59 投票（以游戏文件为准）"
DAY = "第1天：论坛上写的是 12-01 00:00 至 12-03 02:00（帖子 pid 1064），游戏文件写的是 12-01 00:00 至 12-03 23:59（以游戏文件为准）"
SUB = "藕片 的替补：帖子 pid 1089 公示的是 第二天开始冰粉，游戏文件写的是 冰粉（以游戏文件为准）"
OTHER = "毛肚 的出局：帖子 pid 1111 公示的是 12-06 00:00 夜晚，游戏文件写的是 12-05 20:00 夜晚（以游戏文件为准）"


def _run(wrote: str, status: str = "ok") -> dict[str, object]:
    summary = {"proposal": "x", "by": "老贺", "kind": "event", "wrote": wrote, "was": ""}
    return {"command": "confirm", "status": status, "summary": json.dumps(summary)}


def test_a_confirmed_item_answers_its_forum_warnings() -> None:
    disc = Discovery(warnings=[OUT, DAY, SUB, OTHER])
    store = SimpleNamespace(
        runs=lambda: [
            _run("出局：鸭肠，12-03 23:59 投票"),
            _run("第1天：12-01 00:00 至 12-03 23:59；替补：藕片（由 冰粉 接替），12-05 00:00"),
            _run("出局：毛肚，12-05 20:00 夜晚", status="failed"),  # (not written)
            {"command": "audit", "status": "ok", "summary": "{}"},
        ]
    )
    game = SimpleNamespace(discovery=disc)
    without_answered_warnings(game, store)  # type: ignore[arg-type]
    assert disc.warnings == [OTHER]


def test_the_key_of_each_kind_of_item() -> None:
    assert answered_key("帖子 208「第一夜 遗言帖」是遗言帖") == "帖子 208「"
    assert answered_key("第2天：12-05 00:00 至 12-05 20:00，加速日") == "第2天："
    assert answered_key("出局：腰片，12-05 20:10 投票") == "腰片 的出局："
    assert answered_key("计票：第2天 腰片 5 票") is None
