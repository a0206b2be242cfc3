"""fh42 item 5 and "Wrong numbers / English": the report in a director's words.

His game (tests/desk/fh42) answered (his answered game file, the posts he read dismissed):
the re-audit's line said 「撤回 15 条（…：重新检查后不再成立（…）；…」 the same reason fifteen
times (1,700 characters); the report showed ``no seed text:``, ``[rules] reminder``,
``[[event]]`` / ``[[correction]]``, the preset's code (rabbit030), 「从论坛发现帖子 0 个、天 0
个、事件 0 个」 once everything was confirmed, 北风's 5 votes from four voters without the
sheriff's ×2, and 出局 in an open day's 结果.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from auditor.report.words import director_words, withdrawn_words
from tests import paths
from tests.desk_helpers import auditor, fh42_unread

FH42 = paths.TESTS / "desk" / "fh42"
DEVELOPER = ("no seed text", "[rules]", "[ruleset]", "[[event]]", "[[correction]]", "rabbit030")


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """His folder after his answers: (the report's text, the re-audit's line)."""
    folder = tmp_path_factory.mktemp("fh42-plain") / "wugang"
    fh42_unread(folder)  # (his 延时 and night deaths left unread: exit 7)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 7, res.stdout + res.stderr
    shutil.copy(FH42 / "answered.toml", folder / "wugang.toml")
    # (his answers close the questions they answer — fh42 item 3: nothing to dismiss)
    res = auditor("audit", "wugang.toml", cwd=folder)
    assert res.returncode == 0, res.stdout + res.stderr
    report = (folder / "reports" / "wugang" / "latest" / "report.html").read_text("utf-8")
    return report, res.stdout + res.stderr


def test_the_withdrawn_drafts_are_grouped_by_reason(answered: tuple[Path, str]) -> None:
    _, line = answered
    said = re.search(r"撤回 (\d+) 条", line)
    assert said is not None and int(said.group(1)) >= 5, line
    assert line.count("重新检查后不再成立") == 1, line  # one reason, then the drafts
    assert "小鹿" in line, line
    assert len(line) < 1200, len(line)


def test_the_report_has_no_developer_words(answered: tuple[Path, str]) -> None:
    report, _ = answered
    text = re.sub(r"<script.*?</script>|<style.*?</style>", "", report, flags=re.S)
    for word in DEVELOPER:
        assert word not in text, word
    assert "从论坛发现帖子 0 个" not in text and "帖子 0 个、天 0 个、事件 0 个" not in text
    assert re.search(r"游戏文件写明（已确认）帖子 \d+ 个、天 \d 个、事件 \d+ 个", text)


def test_the_tally_marks_the_sheriffs_weight_and_an_open_day_is_provisional(
    answered: tuple[Path, str],
) -> None:
    report, _ = answered
    day2 = report[report.index("<h3>第2天</h3>") :]
    day2 = day2[: day2.index("</table>")]
    assert "小鹿（警长 ×2）" in day2, day2
    day3 = report[report.index("<h3>第3天（进行中") :]
    day3 = day3[: day3.index("</table>")]
    results = re.findall(r'<td class="num">\d+</td><td>([^<]*)</td>', day3)
    assert results and all(r == "暂计" for r in results), results


def test_developer_words_are_said_in_words() -> None:
    cite = (
        "no seed text: 030 没有提醒投票的条款；导演在论坛提醒时在游戏文件里写 "
        '[rules] reminder = "forum"'
    )
    said = director_words(cite)
    assert "no seed text" not in said and "[rules]" not in said, said
    assert "规则设置里写 reminder" in said, said
    tally = "请核对游戏文件的 [[event]] 或投票（可用 [[correction]] 更正）"
    assert "[[" not in director_words(tally)
    grouped = withdrawn_words(
        ["甲 未投票 第2天：重新检查后不再成立", "乙 未投票 第2天：重新检查后不再成立"]
    )
    assert grouped == "重新检查后不再成立：甲 未投票 第2天、乙 未投票 第2天", grouped
