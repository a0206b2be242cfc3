"""The command-line hints and the game file's table names in the messages of the game's
state, the tally and the audit line, said in a director's words (on the desk: its buttons).
Kept apart from :mod:`auditor.report.labels` and free of heavy imports: the nightly command
line says its audit line with it on a night with nothing new, which loads no ledger or rules."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: The one wording of ``auditor game --dismiss`` wherever a director reads it (the command's
#: help, the game screen under 未读懂的公告, the report): the command with the game file and
#: the post's pid, never "编号" (a draft's F… is an 编号 too).
DISMISS = "auditor game {game} --dismiss pid"
DISMISS_WHAT = "标为不是公告"
DISMISS_PID = "pid 见「未读懂的公告」"


def dismiss_hint(game: str = "游戏文件") -> str:
    """不是公告的：auditor game m107.toml --dismiss pid（pid：…）."""
    return f"不是公告的：{DISMISS.format(game=game)}（{DISMISS_PID}）"


#: A command-line hint in a message the game's state or the tally writes (auditor/game,
#: auditor/rules), as a director reads it: on the desk (buttons) and elsewhere (the report,
#: the CLI: one wording of each command).  Each is (the hint, on the desk, elsewhere).
_HINTS: tuple[tuple[str, str, str], ...] = (
    (
        "：auditor game --add day 补上这一天",
        "：在「待确认」下面的「补上漏读的一天或一个事件」里补上这一天",
        "：在审计台「补上漏读的一天或一个事件」里补上（或 auditor game 游戏文件 --add day）",
    ),
    (
        "：写进游戏文件的 [[thread]] day",
        "：在游戏文件里这个帖子的条目下写上它是第几天（day = 数字）",
        "：在游戏文件里这个帖子的条目下写上它是第几天（day = 数字）",
    ),
    (
        "：auditor game 查看，读错的用 --add 补上，不是公告的用 --dismiss 编号",
        "：见下面「未读懂的公告」：读错或漏读的，在「补上漏读的一天或一个事件」里补上；"
        "都已读对或处理好的，点它旁边的「读对了 / 已处理」；不是公告的，点「不是公告」",
        "：在审计台逐条处理（读错或漏读的补上；读对了的点「读对了 / 已处理」；"
        "不是公告的点「不是公告」），"
        "或 " + DISMISS.format(game="游戏文件") + f"（{DISMISS_PID}）",
    ),
    ("（auditor game 查看）", "（见「待确认」）", "（审计台「待确认」，或 auditor game 游戏文件）"),
)
#: The game file's tables, named as a director knows them.
_TABLES = {
    "[[event]]": "事件记录（出局、警长）",
    "[[correction]]": "更正记录",
    "[[thread]]": "帖子条目",
    "[[day]]": "天的条目",
    # (the ledger's citation of a rule the seed post does not state)
    "种子规则没有直接条文：": "规则帖没有直接条文，参照：",
}
#: A preset's citation of a value its seed has no clause for (``no seed text: …``).
_NO_SEED = re.compile(r"no seed text:\s*")
#: A game file setting named in a citation (``在游戏文件里写 [rules] reminder = "forum"``):
#: the table's name in words (规则设置), the line to write kept as it is.
_SETTING = re.compile(r"\[(rules|ruleset|forum|game)\]\s*(?=[\w-]+\s*=)")
_WRITE_SETTING = re.compile(r"游戏文件里写\s*\[(rules|ruleset|forum|game)\]\s*(?=[\w-]+\s*=)")
_SECTION_WORDS = {
    "rules": "规则设置里",
    "ruleset": "规则集设置里",
    "forum": "论坛设置里",
    "game": "游戏设置里",
}


def director_words(text: str, desk: object = False) -> str:
    """``text`` (a message of the game's state, the tally or the audit) with its
    command-line hints said as a director acts: on the desk (``desk`` true) by the desk's
    buttons, elsewhere in one wording; the game file's ``[[table]]`` names in words."""
    for hint, on_desk, elsewhere in _HINTS:
        text = text.replace(hint, on_desk if desk else elsewhere)
        if desk:  # (a line the CLI already said: the desk's run of `auditor audit`)
            text = text.replace(elsewhere, on_desk)
    for table, words in _TABLES.items():
        text = text.replace(table, words)
    text = _NO_SEED.sub("规则帖没有直接条文，参照：", text)
    text = _WRITE_SETTING.sub(lambda m: f"游戏文件的{_SECTION_WORDS[m.group(1)]}写 ", text)
    return _SETTING.sub(lambda m: f"{_SECTION_WORDS[m.group(1)]}的 ", text)


def withdrawn_words(items: Sequence[str]) -> str:
    """The drafts a night's check withdrew (``人 规则 第N天：why`` each), grouped by why:
    one reason, then the drafts it took (fh42 item 5: the same reason fifteen times made
    a line of 1,700 characters)."""
    groups: dict[str, list[str]] = {}
    for item in items:
        what, sep, why = item.rpartition("：")
        if not sep:
            what, why = item, ""
        groups.setdefault(why, []).append(what)
    return "；".join(
        f"{why}：{'、'.join(whats)}" if why else "、".join(whats) for why, whats in groups.items()
    )


def audit_line(line: str, desk: object = False) -> str:
    """The audit's summary line as a director reads it: its hints in words
    (:func:`director_words`) and its ``问题 N`` named for what it counts, the crawl's
    problems — not the game's state, said apart (游戏状态不完整)."""
    return director_words(line, desk).replace("，问题 ", "，抓取问题 ")
