"""What the report and the announcement say while a day has an open question (session 43
desk brief items 2 and 3; issue 34 §3 never silent; review42 item 8).

The first-hour director's own 030 game at night 2 with two of his posts unread
(tests/desk_helpers.fh42_unread): days 1 to 3 have open questions.

* The announcement never carries an approved card whose day now has an open question: a
  day-2 lurk card approved anyway (仍然批准) is left out and said to the director apart
  (fh46: 「待确认：…」 is no text for the players); a red-font card — a per-post rule, not
  judged from the day's close — is in it.
* The report's first screen never says 没有问题 while a day has a question, even when the
  game's state lacks nothing.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditor import pipeline
from auditor.report.bbcode import UNSURE_MARK, held_back, render_bbcode
from auditor.report.records import Records, build_records
from auditor.report.write import write_report
from tests.desk_helpers import fh42_unread


@pytest.fixture(scope="module")
def approved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Records, str]:
    """His night 2 with a held day-2 lurk card approved anyway and a red-font card approved:
    the records, and the red-font card's player."""
    folder = tmp_path_factory.mktemp("fh42")
    game = fh42_unread(folder / "wugang")
    pipeline.audit(game, reports=folder / "reports")
    g = pipeline.open_game(game)
    with pipeline.open_store(g) as store:
        drafts = build_records(pipeline.current(g, store), store).drafts
        lurk = next(
            d for d in drafts if (d["code"], d["player"], d["day"]) == ("LURK-DAY", "小鹿", 2)
        )
        font = next(d for d in drafts if d["code"] == "FONT-RED")
        assert lurk["held"] == 2 and font["held"] is None
        for d, anyway in ((lurk, True), (font, False)):
            pipeline.decide(
                g, store, str(d["id"]), "approve", card=None, note="", by=None, anyway=anyway
            )
        return build_records(pipeline.current(g, store), store), str(font["player"])


def test_an_approved_card_of_a_day_with_a_question_is_marked_in_the_announcement(
    approved: tuple[Records, str],
) -> None:
    recs, font_player = approved
    text = render_bbcode(recs)
    lines = text.splitlines()
    # (fh46: a status is no text for the players — the card is left out, with its 累计, and
    # said to the director beside the announcement)
    cards = text.split("[b]第2天计票[/b]", 1)[0]  # (判罚 and 累计; 潜水 lists the day's facts)
    assert "小鹿：" not in cards, cards
    assert UNSURE_MARK not in text, text
    said = held_back(recs)
    assert len(said) == 1 and said[0].startswith("没有写进公告：小鹿 "), said
    assert f"（{UNSURE_MARK}：第2天还有没答的问题；" in said[0], said
    plain = next(x for x in lines if x.startswith(f"{font_player}：") and "[color=Blue]" in x)
    assert UNSURE_MARK not in plain, plain


def test_the_first_screen_says_no_problem_only_without_a_question(
    approved: tuple[Records, str], tmp_path: Path
) -> None:
    recs, _ = approved
    asked = sum(len(q["items"]) for q in recs.questions)
    assert asked
    # the game's state lacking nothing, the days' questions still open
    state = {**recs.game_state, "problems": [], "unread": []}
    html = _html(replace(recs, game_state=state), tmp_path / "a")
    assert "没有问题" not in html
    assert f'还有 <span id="open-questions">{asked}</span> 个问题没答' in html
    html = _html(replace(recs, game_state=state, questions=[]), tmp_path / "b")
    assert "抓取正常，没有问题。" in html


def _html(recs: Records, folder: Path) -> str:
    written = write_report(recs, folder)
    return (written.directory / "report.html").read_text("utf-8")
