"""The drafts in the directors' own script (session 50; fh49: 小鹿 writes 繁體 in 台灣用語 and
her announcement draft came in simplified).  The script is read off the directors' posts;
only the draft's own words change — names (forum accounts), BBCode tags, links and quoted
posts stay as they were."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.report.script import SIMPLIFIED, TRADITIONAL, directors_script, in_script
from tests.desk_helpers import auditor, fh47_game

TRAD = "第二天開始，昨晚芋圓被帶走了。今天九點開門，十點關門，大家記得發言，別潛水喔！"
SIMP = "第二天开始，昨晚芋圆被带走了。今天九点开门，十点关门，大家记得发言，别潜水哦！"


@pytest.mark.parametrize(
    ("texts", "script"),
    [
        ([TRAD, TRAD], TRADITIONAL),
        ([SIMP], SIMPLIFIED),
        ([TRAD, SIMP, SIMP], SIMPLIFIED),  # (mostly simplified: simplified)
        (["開門"], SIMPLIFIED),  # (too few to tell: the default)
        ([], SIMPLIFIED),
    ],
)
def test_the_directors_script_is_read_off_their_posts(texts: list[str], script: str) -> None:
    assert directors_script(texts) == script


def test_only_the_drafts_own_words_change() -> None:
    text = (
        "[b]第2天计票[/b]\n发财：5 票（芋圆、说书人） → 出局\n"
        "[url=http://bbs.example.com/forum.php?mod=viewthread&tid=7]发言帖[/url]\n"
        "[quote]芋圆说：这里发了一张图[/quote]\n暂无"
    )
    got = in_script(text, TRADITIONAL, ["发财", "芋圆", "说书人"])
    assert got.startswith("[b]第2天計票[/b]\n发财：5 票（芋圆、说书人） → 出局\n"), got
    assert "[url=http://bbs.example.com/forum.php?mod=viewthread&tid=7]發言帖[/url]" in got
    assert "[quote]芋圆说：这里发了一张图[/quote]" in got and got.endswith("暫無")
    assert in_script(text, SIMPLIFIED, ["发财"]) == text


def test_her_announcement_draft_is_in_her_script(tmp_path: Path) -> None:
    game = fh47_game(tmp_path / "g", night=2, game="discovery_fh49/xiaolu")
    assert auditor("audit", game.name, cwd=game.parent).returncode in (0, 7)
    drafts = list((game.parent / "reports").rglob("announcement.bbcode"))
    assert drafts, list((game.parent / "reports").rglob("*"))
    text = drafts[0].read_text("utf-8")
    assert "[b]判罰[/b]" in text and "計票" in text and "判罚" not in text, text[:600]
    assert "芋圓" in text and "滷肉飯" in text  # (her players' names, as typed)
