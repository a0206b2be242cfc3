"""The registers a director writes in, said in the grammar's words (auditor/game/fold.py):
one case table per family of writing, each with the neighbours that must stay as they are."""

from __future__ import annotations

import pytest

from auditor.game.fold import fold, shorthand


def said(text: str) -> str:
    return shorthand(fold(text))


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # 粤语 (traditional characters): its days, negation, copula and aspect
        ("琴晚 圓規 出咗局", "昨晚 圆规 出局了", "咗"),
        ("尋日 墨水 同 尺子 平票", "昨天 墨水 和 尺子 平票", "同"),
        ("聽日夜晚十點截票", "明天", "听日"),
        ("琴晚 订书机 冇咗。", "订书机 出局了", "冇"),
        ("唔好意思，琴晚死嘅係 剪刀，唔係胶水", "不是胶水", "唔"),
        ("便签係警長，移交畀 尺子", "便签是警长,移交给 尺子", "畀"),
        ("佢做警長", "他当选警长", "做"),
        # a Mandarin post keeps its 系 and 同 (the register is not spoken there)
        ("请联系导演，同意延时的人请回复", "联系导演,同意延时", "和意"),
    ],
)
def test_cantonese_is_said_in_mandarin(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means"),
    [
        ("昨夜，钢笔殁。", "钢笔出局"),
        ("昨夜无人殒命。", "无人死亡"),
        ("昨夜墨水、书签俱亡。", "墨水、书签死亡"),
        ("一为狼所噬，一为女巫所鸩。", "一被狼杀害,一被女巫毒死"),
        ("警长墨水被逐。墨水殉职，传位于修正带。", "将警长移交给修正带"),
        ("胶水得票最多，立为警长。", "当选警长"),
        ("票毕：荧光笔得八票", "投票结束"),
        ("第肆日将启。是日九时开帖", "第四日将启。今日九时开帖"),
        ("首日票决定警长", "第一日投票"),
        ("第六日。昨夜无事。", "昨夜平安"),
        # an old hour glossed with its clock: the clock, with the verb after it
        ("亥时半闭（21:30）", "21:30关"),
        ("巳时（09:00）开帖", "09:00开帖"),
        ("戌时（21:00）闭帖", "21:00关帖"),
    ],
)
def test_classical_chinese_is_said_in_modern_words(text: str, means: str) -> None:
    assert means in said(text)


@pytest.mark.parametrize(
    "text",
    [
        "辰时开帖",  # an old hour with no gloss is no clock (judgement call 1)
        "亡羊补牢",  # 亡 in an idiom is no death of a player
        "伤亡",
        "俱乐部",
    ],
)
def test_classical_words_leave_their_neighbours(text: str) -> None:
    assert said(text) == text


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("第一天 10:00 开播，明晚 22:00 下播", "10:00 开门,明晚 22:00 关门", "播"),
        ("昨晚 毛笔 走了😭", "毛笔 出局", "走了"),
        ("昨晚倒下了两位😭 笔袋 和 订书机", "出局了两位", "倒下"),
        ("昨晚…… 圆规 🥀", "圆规  出局", "🥀"),
        ("昨晚：没人死🕊️", "无人死亡", "🕊"),
        ("第三天💪 昨晚🕊️", "平安夜", "🕊"),
        ("今天🚀 19:00 结算", "加速", "🚀"),
        ("加速🚀🚀 成功啦 8/11", "加速成功", "加速加速"),
        ("宝子们 替补 图钉 来啦📌 顶替 毛笔 的位置", "替补 毛笔", "宝子们"),
        ("粉笔 来替 书签 啦", "粉笔 替补 书签", "来替"),
        # a death someone was carried to (被带走了) is no 走了
        ("榛子 和 红枣 被带走了……", "被带走了", "出局"),
        # the signs the grammar reads itself stay
        ("💀 油条（夜）", "💀 油条", "  油条"),
    ],
)
def test_livestream_slang_and_emoji(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("开 12.14 0900\n关 12.15 2130", "开 12/14 09:00\n关 12/15 21:30", "0900"),
        ("D5 12/19 0900-2130", "12/19 09:00-21:30", "0900"),
        ("订正：D5 关 12.27 2200，不是 12.26", "12/27 22:00", "2200"),
        # a year, an ISO date, a count and a decimal are not clocks or dates
        ("2026年12月14日", "2026年", "20:26"),
        ("2026-12-14 09:00", "2026-12-14", "20:26"),
        ("警长票算 1.5 票", "1.5 票", "1/5"),
        ("共 1000 字以内", "1000 字", "10:00"),
    ],
)
def test_terse_numbers(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means"),
    [
        ("1. 昨夜出局：钢笔\n2. 关帖：21:30", "昨夜出局:钢笔\n关帖:21:30"),
        ("① 环节二 延长", "环节二 延长"),
        ("- **第三天** 开门 09:00", "第三天 开门 09:00"),
        ("[b]第三天[/b] [color=red]21:30 关门[/color]", "第三天 21:30 关门"),
        ("今晚 21:30（UTC+8）关门", "今晚 21:30 关门"),
        ("北京时间 21:30 关门", "21:30 关门"),
    ],
)
def test_layouts_around_the_words(text: str, means: str) -> None:
    assert means in said(text)


def test_a_quote_keeps_its_tags() -> None:
    assert "[quote]" in said("[quote]钢笔出局[/quote]")


@pytest.mark.parametrize(
    ("text", "means"),
    [
        ("Opens: Dec 16, 10:00. Closes: Dec 17, 22:00", "12月16日 10:00"),
        ("Closes: Dec 17, 22:00", "关门: 12月17日 22:00"),
        ("Day Five, Phase One: midnight to midnight, Dec 26.", "第5天, 环节1: 12月26日 0:00-24:00"),
        ("Phase 3 is open now until midnight.", "now 至24:00"),
        ("Day 3, Phase 1 open, all day Dec 21.", "12月21日全天"),
        ("Extension granted: Day 3 now closes Dec 23 at 02:00", "延时成功"),
        ("胶水 killed by the killers; 修正带 sniped", "胶水 被杀手杀害; 修正带 被狙击手狙杀"),
        ("尺子 was needled by the doctor (dead).", "尺子 被医生扎死"),
        ("修正带 died to the witch's poison", "修正带 被女巫毒死"),
        ("Substitute: 粉笔 in for 圆规", "粉笔 替补 圆规"),
        ("剪刀 picks 橡皮 as the new sheriff.", "剪刀 将警徽移交给 橡皮"),
        ("the sheriff badge went to 胶水", "警徽移交给 胶水"),
        ("Red card: 笔袋, for posting role screenshots.", "红牌: 笔袋"),
        ("DDL EOD", "关帖 今天24:00"),
        ("Night falls — actions due by 20:00 Dec 18.", "进入夜晚"),
    ],
)
def test_english(text: str, means: str) -> None:
    assert means in said(text)


def test_an_english_night_that_is_no_report() -> None:
    assert "昨夜" not in said("Night on Dec 20.")
    assert "昨夜" in said("Night: 钢笔 dead")


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a terse writer's 出, a count joined to its outcome, 0 死, the badge given
        ("订书机 6 出", "订书机 6 票 出局", None),
        ("夜：胶水 出、圆规 出（殉情）", "胶水 出局、圆规 出局", None),
        ("D2 出：订书机", "第2天 投票出局:订书机", None),
        ("Vote: 钢笔 8 — out.", "钢笔 8 票 出局", None),
        ("墨水 8 → 出", "墨水 8 票 出局", None),
        ("夜：0 死", "无人死亡", None),
        ("墨水 殉职 → 警长 给 剪刀", "殉职，警徽移交给 剪刀", None),
        # an adverb between the dead and their death
        ("昨夜墨水、书签俱亡。", "墨水、书签死亡", "都"),
        ("铅笔都出局", "铅笔出局", "都"),
        # a hunter's shot said by where it struck
        ("毛筆係獵人，開咗最後一槍，打中 鉛筆", "开枪带走 铅笔", "打中"),
        # 出 inside a word, a count with no outcome and 都 elsewhere stay
        ("出发前请投票", "出发前", "出局"),
        ("钢笔 8 票，尺子 3 票", "钢笔 8 票,尺子 3 票", "出局"),
        ("大家都很努力", "都很努力", None),
        ("瓜子回来了", "瓜子回来了", None),
    ],
)
def test_terse_words_and_outcomes(text: str, means: str, not_means: str | None) -> None:
    out = said(text)
    assert means in out
    assert not_means is None or not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("昨晚：墨水 没了😭", "墨水 出局", "没了"),
        ("昨晚走了 毛笔😢", "昨晚出局： 毛笔", "走了"),
        ("票没了。", "票没了", "出局"),
        ("狼人阵营赢了，游戏完！", "狼人阵营胜,游戏结束", "赢"),
        ("游戏完成度很高", "游戏完成", "结束"),
    ],
)
def test_slang_for_deaths_and_wins(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("Results: 橡皮 7, 胶水 3. 橡皮 is out.", "橡皮 出局", "is"),
        ("the last killer 铅笔 was voted out", "铅笔 被投出", "was"),
        ("No one is out today.", "无人出局", "出局 今天出局"),
        ("Phase 1: 订书机 has 9 of 14 — majority.", "订书机 9 票 — 过半", "has"),
        ("Day 6 vote: 荧光笔 (idiot) flips — stays in", "荧光笔  翻牌白痴 — 留场", "(翻牌"),
        # a copula before other words stays
        ("Day 2 is open", "is", None),
    ],
)
def test_english_outcomes(text: str, means: str, not_means: str | None) -> None:
    out = said(text)
    assert means in out
    assert not_means is None or not_means not in out


def test_a_headed_table_says_its_cells_with_the_header() -> None:
    table = "| 天数 | 开帖 | 关帖 |\n|---|---|---|\n| 第三天 | 12/21 10:00 | 12/22 22:00 |\n备注"
    assert said(table) == "第三天 开帖：12/21 10:00 关帖：12/22 22:00\n备注"


def test_a_table_with_no_header_row_stays_a_table() -> None:
    assert said("|杀手杀人|柿饼|") == "|杀手杀人|柿饼|"


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("- [x] D3 关帖 ~~21:00~~ 21:30", "关帖  21:30", "21:00"),
        ("[s]钢笔[/s] 尺子 出局", "尺子 出局", "钢笔"),
        ("今晚 22:00（北京时间）关门", "今晚 22:00 关门", "北京"),
        ("今晚 22:00（台湾时间）关门", "今晚 22:00 关门", "台湾"),
        ("开帖时间：09:00", "开帖时间", None),
        ("今儿个晚上十点关门", "今天晚上十点关门", "儿"),
        ("明儿 09:00 开门", "明天 09:00", "儿"),
        ("隔天 09:00 开门", "次日 09:00", "隔天"),
        ("钢笔嘎了", "钢笔出局", "嘎"),
        ("昨晚 尺子 寄了😭", "尺子 出局", "寄"),
        ("第二天清晨，人们发现钢笔倒在血泊中。", "钢笔死亡", "血泊"),
        ("钢笔昨晚被刀了", "被杀", "刀"),
        ("2026-12-17T09:00 ~ 2026-12-17T21:30", "2026-12-17 09:00 ~ 2026-12-17 21:30", "T"),
        ("closes 9 p.m.", "21:00", "p.m"),
        # the neighbours: a knife that is no kill, a story's words that are no death
        ("这把刀很锋利", "刀很锋利", "被杀"),
        ("寄信给导演", "寄信", "出局"),
    ],
)
def test_neighbouring_registers(text: str, means: str, not_means: str | None) -> None:
    out = said(text)
    assert means in out
    assert not_means is None or not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("Last night: 书签 was found dead.", "书签 死亡", "found"),
        ("订书机 was a lover, so 毛笔 also left (heartbreak).", "毛笔  殉情", "heartbreak"),
        ("毛笔 died of a broken heart", "毛笔  殉情", "died"),
        ("荧光笔 was shot by the hunter", "荧光笔 被猎人开枪带走", "was"),
        ("回形针 was sheriff and passed the badge to 尺子.", "将警徽移交给 尺子", "badge"),
        ("荧光笔 got the most votes first and is now sheriff.", "荧光笔 得票最多，当选警长", "and"),
        ("late start after yesterday's extension", "昨天的", "昨日"),
        # a poisoned hunter is a kind of hunter, not a death
        ("a poisoned hunter can still shoot", "poisoned", "毒死"),
    ],
)
def test_english_deaths_and_badges(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        ("荧光笔翻牌，白痴也，装傻不死。", "是白痴", "白痴也"),
        ("加速🚀🚀 成功啦 8/11！", "加速成功啦", "加速 成功"),
        ("延时 ✅ 通过", "延时通过", "延时 通过"),
        # 也 as "also" stays
        ("钢笔也是好人", "钢笔也是好人", "是钢笔"),
    ],
)
def test_classical_copula_and_split_outcomes(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means"),
    [
        ("昨晚鋼筆陣亡。", "钢笔死亡"),
        ("尺子 当场去世", "尺子 死亡"),
        ("closes at 10 o'clock", "10点"),
    ],
)
def test_more_deaths_and_clocks(text: str, means: str) -> None:
    assert means in said(text)


def test_classical_characters_only_in_a_classical_post() -> None:
    # a modern post keeps a name's 乃 and an idiom's 亡
    assert said("木乃伊 出局，亡命之徒 被投出") == "木乃伊 出局,亡命之徒 被投出"
    # a classical one reads them
    assert "尺子是猎人" in said("昨夜，钢笔殁。尺子乃猎人。")
    assert "回形针死亡" in said("是日平安。昨夜回形针亡。")


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a dashed date in any line's voice: month and day in words
        ("+ 环节二：01-06 全天", "1月6日", "01-06"),
        ("第三天 12-25 22:00 关帖", "12月25日 22:00", "12-25"),
        ("开帖 01-11 10:00，关帖 01-12 22:00", "关帖 1月12日 22:00", "01-12"),
        ("口琴 请假两天（01-12、01-13）", "1月12日、1月13日", "01-13"),
        ("away 01-17–01-18", "1月17日–1月18日", "01-18"),
        # twins: a year's month, a score, a count, a clock range stay as written
        ("关闭时间：2027-01-10 22:00", "2027-01-10", "1月10日"),
        ("比分 10-12，平局", "10-12", "10月12日"),
        ("得票 05-07 票", "05-07", "5月7日"),
        ("开门 09:01-12:00", "09:01-12:00", "月"),
    ],
)
def test_a_dashed_date_is_said_as_month_and_day(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # another zone's clock: the forum's (+8)
        ("DDL = 13:30 UTC", "21:30", "13:30"),
        ("截止 13:00 (UTC)", "21:00", "13:00"),
        ("close at UTC 14:00", "22:00", "14:00"),
        ("关帖 16:00 GMT", "24:00", "16:00"),
        ("DDL 18:30 UTC", "次日 02:30", "18:30"),
        ("关帖 08:30 GMT-5", "21:30", "08:30"),
        ("关帖 22:30 UTC+9", "21:30", "22:30"),
        # twins: the forum's own zone is only dropped; no clock, nothing moved
        ("DDL 21:30 (UTC+8)", "21:30", "13:30"),
        ("GMT+8 21:00 关帖", "21:00", "05:00"),
        ("时间都按 UTC 自己换算", "UTC", ":"),
    ],
)
def test_a_clock_in_another_zone_is_the_forums(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a form's or a bot's labels for a day's times
        ("（开启时间 09:00，关闭时间 21:30）", "关帖时间 21:30", "关闭"),
        ("讨论帖已开启，关闭时间：01-10 22:00", "关帖时间", "关闭"),
        ("本帖 21:30 关闭", "21:30 关帖", "关闭"),
        ("开启时间：09:00", "开帖时间", "开启时间"),
        # twins: a thread closed with no time, a feature switched off, after a close
        ("讨论帖已关闭。", "已关闭", "关帖"),
        ("关闭投票功能", "关闭投票", "关帖"),
        ("帖子关闭后请勿回复", "关闭后", "关帖"),
    ],
)
def test_a_days_time_labels_are_its_opening_and_close(
    text: str, means: str, not_means: str
) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a 环节 in short, with its day or alone
        ("D2 P1 open", "第2天环节1", "P1"),
        ("D3-P2 DDL 24:00", "第3天环节2", "P2"),
        ("P2 DDL: tonight 24:00", "环节2", "P2"),
        ("P3 (showdown): tie", "环节3", "P3"),
        # EOD with its clock: the clock; alone: the day's end
        ("DDL EOD 21:30", "21:30", "24:00"),
        ("DDL EOD (24:00 GMT+8)", "24:00", "EOD"),
        ("DDL EOD", "今天24:00", "EOD"),
        # twins: a page or a floor of the thread
        ("规则见P2", "P2", "环节"),
        ("看 P3楼 的投票", "P3", "环节"),
    ],
)
def test_english_shorthand_for_phases_and_eod(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a changelog's or checklist's added request: granted
        ("+ 加速 (D5)", "加速成功", "+"),
        ("+ 加速（6/10，过半）", "加速成功", "+ 加速"),
        ("[x] 延时", "延时成功", "[x]"),
        ("Extension requested by 5/7 → passed", "延时成功", "passed"),
        ("Acceleration requests 5/8 → approved", "加速成功", "approved"),
        # twins: only asked, failed, in doubt, taken away, quoted in a revert
        ("+ 加速申请 3/8", "加速申请", "成功"),
        ("+ 加速（4/9，未过半）", "未过半", "成功"),
        ("+ 延时？", "延时", "成功"),
        ("- 加速", "加速", "成功"),
        ('! revert: "+ 加速 (D5)"', "revert", "成功"),
        ("Extension requested by 3/7 → failed", "failed", "成功"),
        ("Extension requested by 5/7 → passed?", "passed", "成功"),
    ],
)
def test_a_request_listed_as_added_is_granted(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a two-column table titled by its first row: the title, then each row's label and value
        (
            "| 第三日 | 09:00 – 21:00 |\n|---|---|\n| 昨日票出 | 唢呐 |",
            "第三日 09:00 – 21:00\n昨日票出：唢呐",
            "21:00：唢呐",
        ),
        (
            "| 第三日 | |\n|---|---|\n| 开帖 | 01-11 10:00 |\n| 关帖 | 01-12 22:00 |",
            "关帖：1月12日 22:00",
            "开帖 关帖",
        ),
        ("| 结局 | |\n|---|---|\n| 胜利阵营 | 狼人阵营 |", "结局\n胜利阵营：狼人阵营", "|"),
        (
            "| D4 | 1/13 10:00 → 1/14 22:00 |\n|---|---|\n| 昨夜出局 | 竖琴 |",
            "昨夜出局：竖琴",
            "22:00：竖琴",
        ),
        # the same in BBCode
        (
            "[table]\n[tr][td]第六日[/td][td]01-18 10:00 ~ 01-19 22:00[/td][/tr]\n"
            "[tr][td]昨夜出局[/td][td]无[/td][/tr]\n[/table]",
            "第六日 1月18日 10:00 ~ 1月19日 22:00\n昨夜出局：无",
            "[td]",
        ),
        (
            "[table]\n[tr][td]环节[/td][td]日期[/td][td]时间[/td][/tr]\n"
            "[tr][td]第一天 环节一[/td][td]1月5日[/td][td]0:00—24:00[/td][/tr]\n[/table]",
            "第一天 环节一 日期：1月5日",
            "[tr]",
        ),
        # paired labels over paired times
        ("开/关：09:00 / 21:30", "开 09:00 关 21:30", "开/关"),
        ("开帖/关帖 1月5日 09:00 / 1月6日 21:30", "关帖 1月6日 21:30", "/"),
        # twins: a table of columns keeps its header's words; a key with a day in it is no title
        ("| 玩家 | 票数 |\n|---|---|\n| 风铃 | 4 |", "风铃 票数：4", "玩家\n"),
        (
            "[table]\n[tr][td]第2天投票出局[/td][td]漆器[/td][/tr]\n[tr][td]警长[/td][td]景泰蓝[/td][/tr]\n[/table]",
            "第2天投票出局：漆器\n警长：景泰蓝",
            "警长 漆器",
        ),
    ],
)
def test_a_titled_or_bbcode_table_says_each_row(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out
    assert not_means not in out


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a request told by its count, then its outcome alone: granted, the count kept
        ("加速 7/12 过", "加速通过", None),
        ("延时：5/8，通过了！", "延时通过", None),
        ("加速 9 人 / 存活 14 人 过", "加速通过", None),
        ("加速，八人。存活十一人。过了。", "加速通过", None),
        ("今日加速 6/10 成了，20点关", "加速通过", None),
        ("延时 (4/7) 过 改 23关", "延时通过", None),
        # twins: failed, short, a majority's word, a question, a "but"
        ("加速 4/12 没过", "加速 4/12 没过", "通过"),
        ("加速，5人。存活11人。没过。", "没过", "通过"),
        ("加速 6/11 过半了吗？", "过半", "通过"),
        ("延时过了吗？", "过了吗", "通过"),
        ("加速 5/12，不过还差一人", "不过", "通过"),
        ("加速申请 3 人，不够过", "不够过", "通过"),
    ],
)
def test_a_request_told_by_its_count_then_granted(
    text: str, means: str, not_means: str | None
) -> None:
    said = shorthand(fold(text))
    assert means in said
    assert not_means is None or not_means not in said


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # an hour with no 点 right before a bare close
        ("D3开 21关", "21点关", None),
        ("明晚22关", "22点关", None),
        ("D2 改 19关门", "19点关", None),
        ("开 9点 关 周日 22关", "22点关", None),
        ("第五日，23关帖。", "23点关", None),
        # twins: a level, a count, a longer number, a word that only starts with 关
        ("打到第21关了", "第21关", "21点"),
        ("连过12关。", "12关", "12点"),
        ("D3开 21关卡", "21关卡", "21点"),
        ("D3开 21关于投票的说明", "21关于", "21点"),
        ("第3关", "第3关", "3点"),
    ],
)
def test_a_bare_hour_before_a_close(text: str, means: str, not_means: str | None) -> None:
    said = shorthand(fold(text))
    assert means in said
    assert not_means is None or not_means not in said


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # ▶ before words is a list's bullet; before a time it opens the day
        ("▶ 第四日延时至 23:00 关帖", "第四日延时至", "开门"),
        ("▶ 进程公告", "进程公告", "开门"),
        ("▶▶ 今日时刻表：09:00 开帖", "今日时刻表", "开门"),
        ("D4 ▶ 09:00", "开门 09:00", None),
        ("▶ 9:30 ⏹ 21:30", "开门 9:30", None),
    ],
)
def test_a_play_sign_opens_only_before_a_time(text: str, means: str, not_means: str | None) -> None:
    said = shorthand(fold(text))
    assert means in said
    assert not_means is None or not_means not in said


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # a count said with 的 (延时的有 8 个，过了): granted
        ("我看延时的有 8 个，过了。", "延时通过", None),
        ("加速的 10 个，过了！", "加速通过", None),
        ("延时的，七个。通过。", "延时通过", None),
        # twins
        ("延时的有 3 个，没过。", "没过", "通过"),
        ("加速的事情过了再说", "过了再说", "通过"),
    ],
)
def test_a_request_counted_with_de(text: str, means: str, not_means: str | None) -> None:
    said = shorthand(fold(text))
    assert means in said
    assert not_means is None or not_means not in said


# A story's words, a hurried correction and a substitute on the leaver's account, each read
# by the grammar as the event it tells (this file's own cast), and their twins read as none.
_CAST = ["松针", "石榴", "芦苇", "银杏", "麦穗", "海棠"]


def _read(text: str) -> list[tuple[str, str, str | None]]:
    from auditor.game.announce import Patterns

    return [(str(a.type), a.player, a.how) for a in Patterns(_CAST).find(text)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("号角吹过三遍，从今天起，石榴就是山寨的警长了。", [("sheriff", "石榴", "elected")]),
        ("最后，芦苇成了新的警长。", [("sheriff", "芦苇", "elected")]),
        ("第二天，海棠从大家手里接过了金徽。", [("sheriff", "海棠", "handed_over")]),
        ("清晨，人们发现银杏已经没有了呼吸。", [("eliminated", "银杏", None)]),
        ("天一亮，麦穗背上行囊出了寨门，一去不返。", [("eliminated", "麦穗", None)]),
        ("松针回头看了一眼，慢慢走进了浓雾里。", [("eliminated", "松针", None)]),
    ],
)
def test_a_storys_office_deaths_and_departures(
    text: str, want: list[tuple[str, str, str | None]]
) -> None:
    assert _read(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "石榴不是山寨的警长。",  # denied
        "如果芦苇成了新的警长，我们怎么办？",  # supposed, asked
        "麦穗出去买东西了，还没有回来。",  # not yet back
        "银杏说他想走进雾里看看？",  # asked
        "那枚金徽还放在柜台上。",  # the badge with no taker
    ],
)
def test_a_storys_words_undone_or_idle_read_as_nothing(text: str) -> None:
    assert _read(text) == []


def test_a_hurried_correction_restates_the_nights_death() -> None:
    from auditor.game.announce import Patterns

    got = [
        (a.player, a.how, a.correction, a.replaces)
        for a in Patterns(_CAST).find("更正！昨晚是石榴 不是芦苇 打错名字了")
    ]
    assert got == [("石榴", "night", True, ("芦苇",))]
    # no correction said: 昨晚是 is no death (昨晚是石榴守的夜); a correction to a quiet night
    assert _read("昨晚是石榴守的夜") == []
    assert "出局" not in said("更正：昨晚是平安夜")


def test_a_substitute_on_the_leavers_account() -> None:
    from auditor.game.announce import Patterns

    (a,) = Patterns(_CAST).find("麦穗有事退了 核桃来替补 用麦穗的号 从现在开始算")
    assert (str(a.type), a.player, a.same_account) == ("substitute", "麦穗", True)
    # a substitute on an account of their own: its value is the new account
    assert "沿用原账号" not in said("核桃来替补麦穗，用自己的号")
    # the leaver's account handed on to the substitute (X 的账号由替补 Y 接手)
    (a,) = Patterns(_CAST).find("海棠 请假退出，海棠 的账号由替补 核桃 接手，身份不变")
    assert (a.player, a.value, a.same_account) == ("海棠", "核桃", True)
    # the twin: the substitute's own account given to them (their value stands)
    (a,) = Patterns(_CAST).find("海棠 请假退出，由替补 核桃 接替，核桃 用自己的账号")
    assert (a.player, a.same_account) == ("海棠", False)


@pytest.mark.parametrize(
    ("text", "means", "not_means"),
    [
        # 版杀7's 环节 by name (seed 002, 5 时间分配) and in short
        ("今日进入可疑者辩论，照旧全天。", "环节二（可疑者辩论）", "环节一"),
        ("零点至二十四点，为试探性投票时间。", "为环节一（试探性投票）时间", "环节二"),
        # a 环节 told of, not scheduled
        ("试探性投票里，没有人过半。", "试探性投票里", "环节"),
        ("【环节二】可疑者辩论投票。", "【环节二】可疑者辩论", "（可疑者辩论）"),
        ("D6 环一 开。", "环节一 开", "环一"),
        ("环境不错，环保第一", "环境不错", "环节"),
        # an acceleration by its label and outcome, or beside its close
        ("加速：已通过，18:00 关", "加速成功", "已通过"),
        ("关门（加速）。", "关门，加速成功", "（加速）"),
        ("加速：未通过", "加速:未通过", "成功"),
        # a BBCode list's items each a line
        ("[list][*]加速：已通过[*]昨夜：无[/list]", "\n昨夜", "[*]"),
    ],
)
def test_phases_by_name_and_accelerations_by_label(text: str, means: str, not_means: str) -> None:
    out = said(text)
    assert means in out and not_means not in out


@pytest.mark.parametrize(
    ("text", "closes"),
    [
        ("📅 D3\n⏰ 22:30", True),  # the alarm set for a time alone: the deadline
        ("⏰ 09:00-21:30", False),  # before a range: no verb of its own
        ("⏰ 22:00 → 23:00", False),  # an arrow moves it: read as before
    ],
)
def test_the_alarm_clock_before_a_time_alone_is_the_close(text: str, closes: bool) -> None:
    assert ("关门" in said(text)) is closes
