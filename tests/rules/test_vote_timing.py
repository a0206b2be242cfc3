"""A vote time the page shows without seconds, in the deadline's minute (issue 18
correction 5): the director is told, the time is not silently taken as :00.

The pages are the project's page writer's desktop pages with the seconds cut from the
post times: a labelled synthetic variant of a forum whose time format is ``H:i`` (the
captures in ../shared/discuz show seconds).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from auditor.forum.parse import dedupe_posts, parse_page
from auditor.game.gamefile import load_game
from auditor.models import FetchedPage
from auditor.rules.engine import build_context, ruleset_for, run_rules
from auditor.store import Store
from tests.rules.test_rule_cases import BASE_URL, build_script, dump_toml, game_data
from tools.writer import parse_script, render_thread_pages

NOW = datetime.fromisoformat("2026-12-01T12:00:00+08:00")  # > 7 days later: absolute times
_SECONDS = re.compile(r"(发表于 \d{4}-\d{1,2}-\d{1,2} \d{2}:\d{2}):\d{2}")


def _findings(tmp: Path, posts: list[dict[str, Any]], cut_seconds: bool) -> list[Any]:
    data = game_data("m107", "")
    (tmp / "pages").mkdir(parents=True, exist_ok=True)
    (tmp / "game.toml").write_text(dump_toml(data) + "\n", "utf-8")
    game = load_game(tmp / "game.toml")
    script = parse_script(build_script(data, posts, NOW))
    with Store(game.store) as store:
        for tid in script.threads:
            parsed = []
            for url, body, ctype in render_thread_pages(script, tid):
                if not url.startswith("forum.php"):
                    continue
                if cut_seconds:
                    body = _SECONDS.sub(r"\1", body.decode("utf-8")).encode("utf-8")
                page = FetchedPage(BASE_URL + url, 200, body, ctype, fetched_at=NOW)
                parsed.append(parse_page(page, game.timezone, now=NOW))  # type: ignore[arg-type]
            store.upsert_posts(dedupe_posts(parsed), None)
        rs = ruleset_for(game)
        ctx = build_context(game, store, now=NOW, ruleset=rs)
        return run_rules(ctx, rs, codes=["VOTE-LATE"])


def _at(hms: str) -> datetime:
    return datetime.fromisoformat(f"2026-11-20T{hms}+08:00")


POSTS = [
    {
        "author": "饺子",
        "tid": 12,
        "at": _at("22:00:30"),
        "message": "投票对象：包子\n投票理由：晚了吗",
    },
    {
        "author": "包子",
        "tid": 12,
        "at": _at("21:59:30"),
        "message": "投票对象：饺子\n投票理由：准时",
    },
]


def test_minute_only_time_in_the_closing_minute_is_flagged(tmp_path: Path) -> None:
    found = _findings(tmp_path, POSTS, cut_seconds=True)
    notes = {(f.player, f.key): f for f in found}
    assert ("饺子", "time_uncertain") in notes  # shown 22:00: 22:00:00 or 22:00:59
    assert notes[("饺子", "time_uncertain")].card == "warning"
    assert "只到分钟" in notes[("饺子", "time_uncertain")].note
    assert ("包子", "time_uncertain") not in notes  # shown 21:59: before 22:00:00 either way
    assert not any(f.key == "after_close" for f in found)  # taken as 22:00, not judged late


def test_with_seconds_the_time_is_certain(tmp_path: Path) -> None:
    found = _findings(tmp_path, POSTS, cut_seconds=False)
    assert {(f.player, f.key) for f in found} == {("饺子", "after_close")}


def test_a_minute_only_proxy_vote_in_the_proxy_deadlines_minute_is_flagged(tmp_path: Path) -> None:
    """M107 玩家须知 9: the director posts a proxy vote at least 30 minutes before the close
    (21:30:00); shown as 21:30 it may be 21:30:40, too late: the director is told."""
    posts = [
        {
            "author": "导演",
            "tid": 12,
            "at": _at("21:30:40"),
            "message": "【代投】馄饨\n投票对象：包子\n投票理由：馄饨委托",
        },
        {
            "author": "导演",
            "tid": 12,
            "at": _at("21:20:40"),
            "message": "【代投】饺子\n投票对象：包子\n投票理由：饺子委托",
        },
    ]
    found = _findings(tmp_path, posts, cut_seconds=True)
    notes = {(f.player, f.key): f for f in found}
    assert ("馄饨", "time_uncertain") in notes and "代投截止" in notes[
        ("馄饨", "time_uncertain")
    ].note
    assert ("饺子", "time_uncertain") not in notes  # 21:20: before 21:30:00 either way
    with_seconds = _findings(tmp_path / "s", posts, cut_seconds=False)
    assert ("馄饨", "proxy_late") in {(f.player, f.key) for f in with_seconds}
