"""An answer that changed a day while an audit was running (session 47 desk brief, item
3): that audit read the game file before the answer and judged the day as it was, so its
end does not spend the answer's lock (the day's drafts wait); a check begun after the
answer does."""

from __future__ import annotations

import time
from pathlib import Path

from auditor.ledger.held import day_answers, mark_changed
from auditor.store import Store


def _check(store: Store, run: int, serial: int) -> None:
    """A check ends: its run finished, its state saved (a new serial)."""
    store.set_state("serial", str(serial))
    store.finish_run(run, "ok", {})


def test_an_audit_running_during_the_answer_does_not_clear_its_lock(tmp_path: Path) -> None:
    with Store(tmp_path / "g.sqlite") as store:
        _check(store, store.start_run("audit"), 1)
        running = store.start_run("audit")  # reads the game file now
        time.sleep(1.1)  # (the runs' clock is in seconds)
        mark_changed(store, [2], "更正游戏文件里的第2天", "老贺")
        assert set(day_answers(store).changed) == {2}
        _check(store, running, 2)  # it ends: judged the day as it was before the answer
        assert set(day_answers(store).changed) == {2}
        time.sleep(1.1)
        _check(store, store.start_run("audit"), 3)  # the re-check, begun after the answer
        assert day_answers(store).changed == {}


def test_a_check_begun_after_the_answer_spends_it(tmp_path: Path) -> None:
    with Store(tmp_path / "g.sqlite") as store:
        _check(store, store.start_run("check"), 1)
        mark_changed(store, [1], "延时：第1天改为 12-04 21:30 关门", "阿May")
        assert set(day_answers(store).changed) == {1}
        time.sleep(1.1)
        _check(store, store.start_run("audit"), 2)
        assert day_answers(store).changed == {}
