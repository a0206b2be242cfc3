"""The first-hour director's findings of session 43 (issue 34, fh43) over real HTTP: his own
result posts the tool partly read answered 读对了 / 已处理 (not 不是公告) and kept answered on
the next night; a proposal rejected so its question goes away."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import requests

from auditor.pipeline import open_game, open_store
from tests.desk_helpers import auditor, csrf, desk_server, fh43_game, flashes
from tests.game.test_discover_autonomy import audit, own_style, setup


def test_a_partly_read_post_answered_handled_stays_answered(tmp_path: Path) -> None:
    path = setup(tmp_path / "game", own_style(day3=False, loose_vote=False))
    code, _ = audit(path, tmp_path / "game" / "reports")
    assert code == 7
    with desk_server(path) as srv:
        s = requests.Session()
        page = s.get(srv.links["老王"], timeout=60).text
        top = page[: page.index('id="game-state"')]
        (pid,) = re.findall(r'<li id="unread-(\d+)"', top)
        item = top[top.index(f'<li id="unread-{pid}"') :]
        item = item[: item.index("</li>")]
        assert 'value="handled"' in item and "读对了 / 已处理" in item, item
        assert 'value="not_announcement"' in item and "不是公告" in item, item
        r = s.post(
            f"{srv.base}/g/{srv.slug}/dismiss",
            data={"csrf": csrf(page), "pid": pid, "answer": "handled"},
            timeout=120,
        )
        said = " ".join(flashes(r.text))
        assert f"pid {pid} 已标为读对了 / 已处理（老王" in said, said
        assert "不是公告" not in said, said
        assert f'id="unread-{pid}"' not in r.text
    with open_store(open_game(path)) as store:
        kept = store.state.dismissed[int(pid)]
    assert kept["answer"] == "handled" and kept["by"] == "老王", kept
    # the next night: the post says the same, so it is not asked again
    code, _ = audit(path, tmp_path / "game" / "reports")
    with desk_server(path) as srv:
        page = requests.get(srv.links["老王"], timeout=60).text
    assert f'id="unread-{pid}"' not in page


def _proposal(page: str, ident: str) -> str:
    item = page[page.index(f'<li id="proposal-{ident}"') :]
    return item[: item.index("</li>")]


def test_a_tallys_vote_out_answered_still_open_goes_away(tmp_path: Path) -> None:
    """His day-3 「竹影 最高票出局」 (the tally of a day he had not closed, judged days later)
    had only a 确认 button, so 「先回答这些问题」 never went away: 无人出局 / 还没关门 /
    不对，不要 now (his pages as saved on 12-06, after day 3's close)."""
    game = fh43_game(tmp_path / "h", saved="2026-12-06 20:00")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        (ident,) = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">出局</span>\s*'
            r'<span class="text">第3天计票：竹影 最高票出局',
            page,
        )
        item = _proposal(page, ident)
        for answer in ("no_one_out", "not_closed", "wrong"):
            assert f'name="answer" value="{answer}"' in item, item
        asked = int(re.search(r'id="question-count">(\d+)<', page).group(1))  # type: ignore[union-attr]
        r = s.post(
            f"{srv.base}/g/{srv.slug}/reject",
            data={"csrf": csrf(page), "id": ident, "answer": "not_closed"},
            timeout=120,
        )
        said = " ".join(flashes(r.text))
        assert "已答「还没关门」（老钟" in said, said
        assert f'id="proposal-{ident}"' not in r.text
        now = int(re.search(r'id="question-count">(\d+)<', r.text).group(1))  # type: ignore[union-attr]
        assert now == asked - 1, (asked, now)
        # a piped event answered 不对，不要 goes too; 无人出局 is for a vote-out only
        (piped,) = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">吹笛</span>\s*'
            r'<span class="text">吹笛：青柠',
            r.text,
        )
        assert 'value="no_one_out"' not in _proposal(r.text, piped)
        r = s.post(
            f"{srv.base}/g/{srv.slug}/reject",
            data={"csrf": csrf(r.text), "id": piped, "answer": "no_one_out"},
            timeout=120,
        )
        assert "只用来回答计票得出的出局" in " ".join(flashes(r.text)), flashes(r.text)
        r = s.post(
            f"{srv.base}/g/{srv.slug}/reject",
            data={"csrf": csrf(r.text), "id": piped, "answer": "wrong"},
            timeout=120,
        )
        assert "已答「不对，不要」" in " ".join(flashes(r.text)), flashes(r.text)
        assert f'id="proposal-{piped}"' not in r.text
    # the next night with no new post: still answered
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    listed = auditor("game", game.name, "--format", "json", cwd=game.parent).stdout
    assert ident not in listed and piped not in listed


def test_a_delay_past_the_next_days_opening_moves_that_day_in_the_same_form(
    tmp_path: Path,
) -> None:
    """His 延时 to 11-27 21:30 was refused (「晚于第3天的开门时间」) with no way on: the form
    now says what to fill in, and with day 3's new opening (「第三天顺延到28号早上十点开门」)
    confirms both in one write. (Discovery reads his 进程帖8 whole since session 43, so the
    game is copied with its two times in words it does not read, as he first met it.)"""
    game = fh43_game(tmp_path / "h", unread_delay=True)
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        (ident,) = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">延时</span>', page
        )
        item = _proposal(page, ident)
        # day 3's opening is read from its own thread's first post (11-28 10:00); a 延时 past it
        # is refused until the form says where day 3 goes, then both are written at once
        assert "第3天改为几点开门" in item and 'value="2026-11-28T10:00"' in item, item
        form = {"csrf": csrf(page), "id": ident, "closes": "2026-11-28T11:00"}
        form |= {"next_opens": "2026-11-28T10:00", "next_opens_was": "2026-11-28T10:00"}
        r = s.post(f"{srv.base}/g/{srv.slug}/confirm", data=form, timeout=120)
        said = " ".join(flashes(r.text))
        assert "晚于第3天现在的开门时间 2026-11-28 10:00" in said, said
        assert "「第3天改为几点开门」" in said, said
        assert f'id="proposal-{ident}"' in r.text  # still asked, nothing written
        form |= {"csrf": csrf(r.text), "next_opens": "2026-11-28T12:00"}
        r = s.post(f"{srv.base}/g/{srv.slug}/confirm", data=form, timeout=120)
        said = " ".join(flashes(r.text))
        assert "随第2天延时顺延" in said, said
        assert f'id="proposal-{ident}"' not in r.text
    days = {d.number: d for d in open_game(game).days}
    tz = days[2].closes.tzinfo
    assert days[2].delayed and days[2].closes == datetime(2026, 11, 28, 11, 0, tzinfo=tz)
    assert days[3].opens == datetime(2026, 11, 28, 12, 0, tzinfo=tz), days[3]


def test_the_substitutes_newcomer_is_named_in_the_confirm_form(tmp_path: Path) -> None:
    """His 进程帖7 「由 路人甲 替补竹影，号已交接」: the form names the newcomer and his
    account (竹影's or his own); 路人甲 is recorded beside the event in the game file."""
    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        (ident,) = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">替补</span>', page
        )
        item = _proposal(page, ident)
        assert 'name="newcomer"' in item and "替补的人" in item, item
        assert 'name="account" value="same" checked' in item and "用竹影的帐号" in item, item
        assert 'value="own"' in item and "用他自己的帐号" in item, item
        form = {"csrf": csrf(page), "id": ident, "newcomer": "路人甲", "account": "same"}
        r = s.post(f"{srv.base}/g/{srv.slug}/confirm", data=form, timeout=120)
        said = " ".join(flashes(r.text))
        assert "替补的人：路人甲，用 竹影 的帐号" in said, said
    text = game.read_text("utf-8")
    table = text[text.index('type = "substitute"') - 300 :]
    table = table[: table.index("[[", 310) if "[[" in table[310:] else len(table)]
    assert "替补的人：路人甲，用 竹影 的帐号" in table and "value" not in table, table


def test_one_event_read_from_two_posts_is_one_proposal_and_confirm_all_takes_its_list(
    tmp_path: Path,
) -> None:
    """秋刀鱼's piping, read from 进程帖5 (1062) and again from its 更正 (1064), was two
    proposals, and 全部确认 then said 「没有确认：P…（…不在待确认的列表里）」 of its own list."""
    game = fh43_game(tmp_path / "h")
    assert auditor("audit", game.name, cwd=game.parent).returncode == 7
    with desk_server(game) as srv:
        s = requests.Session()
        page = s.get(srv.links["老钟"], timeout=60).text
        top = page[: page.index('id="add-item"')]
        piped = re.findall(
            r'<li id="proposal-(\w+)"[^>]*>\s*<span class="badge">吹笛</span>\s*'
            r'<span class="text">吹笛：秋刀鱼',
            top,
        )
        assert len(piped) == 1, piped
        # since the events reader's round 2 a 更正 that repeats what stands is no second event,
        # so the one proposal cites 进程帖5 alone (the desk's own merge of two is not reached here)
        assert "来源：pid 1062" in _proposal(top, piped[0]), _proposal(top, piped[0])
        form = re.search(r'<form[^>]*id="confirm-posted-form".*?</form>', page, re.S)
        assert form, "no 全部确认 of the posted days and events"
        ids = re.search(r'name="ids" value="([^"]+)"', form.group(0)).group(1)  # type: ignore[union-attr]
        r = s.post(
            f"{srv.base}/g/{srv.slug}/confirm-all",
            data={"csrf": csrf(page), "ids": ids},
            timeout=300,
        )
        said = " ".join(flashes(r.text))
        assert "不在待确认的列表里" not in said and "没有确认" not in said, said
        assert f"已确认 {len(ids.split(','))} 项" in said, said
    text = game.read_text("utf-8")
    assert text.count('player = "秋刀鱼"') == 1, text
