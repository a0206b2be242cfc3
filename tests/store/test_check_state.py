"""The check state typed (auditor.store.state): entries as older versions wrote them read
back as attributes, and what is written through the attributes is the text they wrote."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from auditor.store import Checked, CheckState, Store

TZ = timezone(timedelta(hours=8))

# The check_state rows as version 0.2.0 left them (key, text).
OLD_ROWS = [
    ("config", "c0ffee"),
    ("serial", "7"),
    ("now", "2026-12-04T22:00:00+08:00"),
    ("pending_days", "[2, 3]"),
    ("side_serial", "4"),
    ("side_checked", "3"),
    ("incomplete_tids", "[11]"),
    ("space_problem", "甲 的回复列表：网络错误"),
    ("report_key", "k1"),
    ("report_dir", "/r/game-1"),
    ("report_notices", '["注意"]'),
    ("report_state", '["缺少第2天"]'),
    ("night", '{"report_key": "k1", "findings": 3}'),
    ("board_threads", '[{"tid": 5, "subject": "s", "author": null}]'),
    ("board_seen", '{"5": [10, "2026-12-04T21:00:00+08:00"]}'),
    ("proposals", '["p"]'),
    ("dismissed:42", '{"by": "导演", "at": "12-04 22:00", "note": "", "digest": "d"}'),
    ("dismissed:x", "not a pid"),
    ("blob:records", "{}"),
    ("blob:counted:2", "[]"),
    ("blob:status", "null"),
]


def _old_store(path: Path) -> Store:
    store = Store(path)
    with store.transaction():
        store.db.executemany("INSERT OR REPLACE INTO check_state VALUES (?, ?)", OLD_ROWS)
    return store


def test_an_older_stores_entries_read_typed(tmp_path: Path) -> None:
    with _old_store(tmp_path / "old.sqlite") as store:
        state = store.check_state()
        assert state == CheckState(
            config="c0ffee",
            serial=7,
            checked_at=datetime(2026, 12, 4, 22, tzinfo=TZ),
            pending_days=(2, 3),
            side_checked=3,
            side_serial=4,
            incomplete_tids=(11,),
            space_problem="甲 的回复列表：网络错误",
            report_key="k1",
            report_dir="/r/game-1",
            report_notices=("注意",),
            report_state=("缺少第2天",),
        )
        assert state.side_changed
        assert store.state.night == {"report_key": "k1", "findings": 3}
        assert store.state.board_threads == [{"tid": 5, "subject": "s", "author": None}]
        assert store.state.proposals == ["p"]
        assert store.state.records == "{}"
        assert store.state.counted == {2: "[]"}
        assert store.state.status is None
        assert list(store.state.dismissed) == [42]


def test_an_empty_state_reads_as_the_defaults(tmp_path: Path) -> None:
    with Store(tmp_path / "new.sqlite") as store:
        assert store.check_state() == CheckState()
        assert store.state.night == {} and store.state.saved_plan is None
        assert store.state.dismissed == {} and store.state.counted == {}


def test_written_entries_are_the_text_older_versions_wrote(tmp_path: Path) -> None:
    with _old_store(tmp_path / "old.sqlite") as store:
        before = dict(store.state_values(""))
    with Store(tmp_path / "again.sqlite") as store:
        store.state.incomplete_tids = (11,)
        store.state.space_problem = "甲 的回复列表：网络错误"
        store.state.report_key, store.state.report_dir = "k1", "/r/game-1"
        store.state.report_notices = ["注意"]
        store.state.report_state = ["缺少第2天"]
        store.state.board_seen = {"5": [10, "2026-12-04T21:00:00+08:00"]}
        store.state.dismiss(42, {"by": "导演", "at": "12-04 22:00", "note": "", "digest": "d"})
        store.state.side_serial = 4
        store.save_check_state(
            Checked(
                config="c0ffee",
                serial=7,
                checked_at=datetime(2026, 12, 4, 22, tzinfo=TZ),
                pending_days=(2, 3),
                side_checked=3,
                records="{}",
                proposals=["p"],
                status="null",
                counted={2: "[]"},
            ),
            lambda pid: (None, False),
        )
        after = store.state_values("")
    for key, text in after.items():
        if key not in ("store_id", "checked_rowid"):
            assert before[key] == text, key
