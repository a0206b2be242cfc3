"""投票规则：格式、对象、改票、截止、关门后编辑，以及未投票（潜水）。

These rules read the day's judged votes from :func:`auditor.rules.votebook.votes_for` (parsed
once per run and shared through ``ctx.votes``); each vote post with a problem gives one
finding on that post, charged to the voter (the proxied player for a 代投).  The vote
format, the roles (vote / change / abstain) and the tally are documented in
:mod:`auditor.rules.votebook`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from auditor.rules.base import (
    Context,
    Finding,
    Match,
    Option,
    aggregate_finding,
    excerpt,
    post_finding,
    rule,
)
from auditor.rules.votebook import PROBLEM_RULE, PROBLEM_TEXT, Ballot, VoteBook, votes_for


def _book(ctx: Context) -> VoteBook:
    return votes_for(ctx)


def _finding(
    code: str, b: Ballot, opts: Mapping[str, Any], key: str, note: str, card: str | None = None
) -> Finding:
    match = b.match or Match(b.gp.post.text[:20], 0, min(len(b.gp.post.text), 20), "")
    f = post_finding(code, b.gp, opts, [match], key=key, note=note, card=card)
    f = f._replace(player=b.voter, day=b.day, phase=b.round)
    if b.judged:  # judged on an earlier version: show that text, and say so
        at = max(b.judged.find(match.text), 0)
        f = f._replace(
            excerpt=excerpt(b.judged, at, at + len(match.text)),
            note=f"{note}；{b.note}" if b.note and b.note not in note else note,
        )
    return f


def _problem_findings(code: str, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    for b in _book(ctx).ballots:
        if b.problem and PROBLEM_RULE.get(b.problem) == code and ctx.in_scope(b.day):
            note = PROBLEM_TEXT[b.problem] + (f"：{b.detail}" if b.detail else "")
            if b.proxy:
                note += f"（{b.proxy} 代投）"
            yield _finding(code, b, opts, b.problem, note)


@rule(
    code="VOTE-FORMAT",
    scope="day",
    title="投票格式有误（废票）",
    seed="M107 投票规则；030/M39 投票规则；版杀7 4.1.2",
    kind="aggregate",
    options={
        "format": Option(
            str,
            "labelled",
            "投票格式：labelled 须写“投票对象：”；free 自由格式（“我投包子”“包子一票”“弃权”，版杀7）",
            ("labelled", "free"),
        ),
        "reason_required": Option(bool, True, "投票帖必须写明“投票理由：”（labelled 格式）"),
        "one_line": Option(
            bool,
            True,
            "投票对象与投票理由可以写在同一行（labelled 格式；030/M39：可以不换行；"
            "M107 的格式是两行，false）",
        ),
        "change_label": Option(
            bool,
            True,
            "改票须写“改票对象：”（labelled 格式；M107 投票规则“明确说明改票对象和改票理由”、"
            "030/M39【改票格式】；版杀7 4.1.2 没有改票格式，false：说明改票、写“投票对象：”的帖子也是改票）",
        ),
    },
)
def vote_format(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """投票帖不符合格式：算作废票，须重新发帖更正。

    格式（全角、半角标点相同；“投票对象”与“投票理由”之间可以不换行）::

        投票对象：饺子
        投票理由：饺子好吃

    PASS: ``投票对象：饺子 投票理由：饺子好吃``、``投票对象:弃权 投票理由:搞不清楚``
    FAIL: ``我投饺子``（没有“投票对象：”）、``投票对象：饺子``（缺少投票理由）、
    ``投票对象饺子 投票理由：好吃``（缺少冒号）

    投票帖里不是投票的发言不报：只有带冒号的“投票对象：/改票对象：”（或行首缺冒号的标签）、
    或“投 + 玩家名”（我投包子、投给包子、投票：包子）才算投票；“我晚点再投票，先看看”不是。
    理由里提到“他的投票对象”不算第二个投票对象。不要求理由时（``reason_required = false``）
    ``投票对象：包子，他很可疑`` 投的是包子。

    想投票却没投成的也是投票帖（废票）：投 + 不是玩家的名字（投小笼包，报告给出最像的玩家）、
    投导演、跟楼上投、投给那个……的人；导演的代投没写是谁的票。划掉的字（[s]…[/s]）不算
    投票；问格式的帖子（“投票对象：XX 投票理由：XX 是这样写吗？”）不是投票帖。

    ``format = "free"``（版杀7 4.1.2 没有规定投票格式）：``我投包子``、``包子一票``、``弃权``、
    ``票出包子``、``一票送给包子``、``@包子 我投你``、``还是包子吧``（犹豫之后的决定）都是投票，
    写错的标签（投票对像：包子）也是；“大家别投包子”“你投包子吗？”“打算投包子，再等等”“有人
    让我改票投包子”不是；一帖同时投两人是废票。导演代投仍按“投票对象：”读。
    不带动词和冒号的也是投票：``包子 +1``（“楼上+1”“同意+1”是附和，不是投票）、``【投票】包子``、
    ``投票！包子！``、``～～包子～～一票``、对包子说的“这票是你的”、``送包子上路 一票``、
    ``说到做到：包子``；票型、计票（“包子 4票”“饺子投馄饨，包子投饺子”）、犹豫未决（“投包子
    or 投馄饨……纠结”）、请导演代投（“导演帮我投包子”“麻烦代投包子”）都不是投票帖。

    繁体字按简体读（投票對象：湯圓、這票投給湯圓、投餛飩），玩家名单用繁体也一样，投票对象按
    名单上的写法记。
    M107：“投票格式有误的投票将算作废票”；030/M39：“投票格式或投票对象有误的票无效。
    无效票须通过重新发帖来更正”。
    """
    yield from _problem_findings("VOTE-FORMAT", ctx, opts)


@rule(
    code="VOTE-TARGET",
    scope="day",
    title="投票对象或投票者无效",
    seed="M107 用语定义 出局、白痴 装傻；030 出局、装傻",
    kind="aggregate",
    options={"suggest": Option(bool, True, "投票对象拼错时提示最接近的玩家名（音近、形近）")},
)
def vote_target(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """投票对象必须恰好是一名存活、可被投票的玩家（忽略全半角、大小写和空格）；投票者
    必须存活且有投票权。

    PASS: ``投票对象：饺子``、``投票对象：ｂａｏ子`` 对玩家 “BAO子”
    FAIL: ``投票对象：馄钝``（不是玩家；提示：馄饨）、投给已出局的玩家、投给已翻牌的白痴、
    已出局或已翻牌白痴的玩家投票；版杀7 第二、三轮投给候选人以外的玩家。

    版杀7 不规定格式，票投给谁清楚即有效：名字写成音近、形近的字或只有一人可指的昵称
    （投豆酱、投饺纸、投冬爪、投圆仔），名单上恰好只有一名玩家这么接近时算投给他，投票记录注明
    “按音近读作 豆浆”；接近两名玩家（瓜瓜）或谁都不像（番薯）的不猜。其余规则下照旧无效，
    并提示最接近的玩家。

    M107：“已经公示的出局角色……不允许被选为技能或投票的目标”；白痴<装傻>后“不能成为
    投票对象，不能参与投票”。
    """
    for f in _problem_findings("VOTE-TARGET", ctx, opts):
        if not opts["suggest"] and "是否想投" in f.note:
            f = f._replace(note=f.note.split("，是否想投")[0])
        yield f


@rule(
    code="VOTE-CHANGE",
    scope="day",
    title="改票无效",
    seed="M107 投票规则、讨论日长短；030/M39 投票规则；版杀7 4.1.2 说明 2-4",
    kind="aggregate",
    options={
        "limit": Option(int, 1, "每次投票（每天；版杀7 每轮）允许的改票次数", minimum=0),
        "deadline": Option(
            int, 60, "投票截止（关门；版杀7 本轮结束）前多少分钟内不允许改票", minimum=0
        ),
        "quote": Option(bool, True, "改票必须引用（回复）原投票帖"),
    },
)
def vote_change(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """改票无效：超过改票次数（``limit``）、投票截止前 ``deadline`` 分钟内改票、加速日改票、
    没有引用（回复）原投票帖（``quote``）。无效的改票不计，原来的票仍然有效；无效的改票不占用
    改票次数。

    投票之后再投另一个对象就是改票，不论写的是“改票对象”还是“投票对象”（所以一个不引用原帖的
    “投票对象：”在 ``quote = true`` 时是未引用的改票）；引用了原投票帖、却仍写“投票对象：”的改票
    在有格式的规则集里是格式有误的废票（VOTE-FORMAT：M107“改票时…明确说明改票对象和改票理由”，
    030/M39“请严格依照投票格式或改票格式进行投票”），原来的票仍然有效；导演代投不在此列。在没有
    有效投票之前写的“改票对象：”就是这个玩家的投票。弃权也算一次投票或改票。用“回复”回复原投票
    楼层（帖首“回复 14# 饺子”，14# 链接原帖）和引用原帖一样（030/M39“改票需回复原投票楼层”）。

    M107、030、M39（``limit = 1``、``deadline = 60``、``quote = true``）：每天一次改票，关门前一小时
    内不得改票，改票须引用原投票帖；加速日不得改票。M107：“（只）有一次改票机会，改票时必须引用
    原投票帖……白天结束前一个小时不得改票”，“进程加速后不允许改票，所有改票作废”；030/M39：
    “改票只允许进行一次。关门前一小时不允许改票或代投”，“改票需回复原投票楼层”。

    版杀7（``quote = false``，自由格式投票）：一天最多三轮投票（试探性、可疑者辩论、高票对决），
    每一轮是一次投票，各有一次改票（4.1.2 说明 2“每次投票只允许改票1次”），截止时间是该轮的
    结束时间（说明 3“投票时间结束前1小时内不允许改票”）；不要求引用原帖；之后另投他人是改票，
    再投同一个人不算改票（不报）。版杀7 规则没有加速进程：游戏文件里标为加速的一天（``accelerated``）
    照样不允许改票。

    PASS: 引用原投票帖的 ``改票对象：包子 改票理由：包子也好吃``（关门一小时以前）；版杀7 第 2 轮
    里第一次改投（第 1 轮已经改过一次也可以）
    FAIL: 第二次改票；关门前 59 分钟改票；加速日改票；没有引用原投票帖的改票
    （再发一个不引用原帖的“投票对象：”也算未引用的改票；引用了原帖却写“投票对象：”的是
    VOTE-FORMAT 废票）；版杀7 同一轮里第二次改投他人、
    本轮结束前一小时内改投。
    """
    yield from _problem_findings("VOTE-CHANGE", ctx, opts)


@rule(
    code="VOTE-LATE",
    scope="day",
    title="截止后投票／代投超时",
    seed="M107 投票规则、玩家须知 9；030/M39 投票规则",
    kind="aggregate",
    options={
        "proxy_deadline": Option(int, 30, "导演代投须在投票截止前多少分钟发出", minimum=0),
        "proxy_change": Option(
            str,
            "void",
            "导演代投的改票晚于改票截止：void 作废；notice 只提醒导演（M107 玩家须知 9：代投改票须"
            "提前一小时联系导演，工具看不到联系时间；晚于代投时限仍作废）",
            ("void", "notice"),
        ),
    },
)
def vote_late(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """投票截止（关门）以后的投票帖不计；导演代投晚于时限的票作废。

    PASS: 关门那一秒（22:00:00）发的投票帖；关门 30 分钟以前的代投（M107）
    FAIL: 22:00:01 的投票帖；M107 关门前 29 分钟的代投；030/M39 关门前一小时内的代投

    M107：“投票截止时间是当天白天结束”，“导演至少在投票截至的30分钟前……发出代投信息”；
    030/M39：“关门前一小时不允许改票或代投”。

    提醒（不作废，warning）：M107 的导演代投改票发在关门前 60–30 分钟之间（玩家须知 9：须提前
    一小时联系导演，工具看不到联系时间；``proxy_change = "notice"``）；页面上的时间只显示到
    分钟、又与截止时间在同一分钟的投票帖（无法确定是否按时，不当作 :00 处理）。
    """
    yield from _problem_findings("VOTE-LATE", ctx, opts)
    for b in _book(ctx).ballots:
        if ctx.in_scope(b.day):
            for key, text in b.notices:
                who = f"（{b.proxy} 代投）" if b.proxy else ""
                yield _finding("VOTE-LATE", b, opts, key, text + who, card="warning")


@rule(
    code="VOTE-EDIT",
    scope="day",
    title="关门后编辑了投票帖",
    seed="M107 投票规则“修改错别字不算做改票”",
    kind="aggregate",
)
def vote_edit(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """关门后编辑过的投票帖，且没有保存关门前的版本：暂不计票（现在的内容写于关门后；版杀7 4.1.2
    截止后的投票无效，M107“修改错别字不算做改票”），在计票待核对里附原帖和链接请导演核对；游戏文件
    记的出局若能由这一票得出，本轮按记录判定并询问。

    保存了关门前的版本时，计票用那个版本，不报此项（投票表里注明）。编辑提示只精确到分钟，
    管理员编辑和 60 秒内的编辑没有提示，所以这是提醒导演核对，而不是判罚。

    投票对象被编辑修改（与最早保存的版本相比，规范化后的对象不同）：编辑不算改票（改票须另发帖
    引用原投票帖；030“无效票须通过重新发帖来更正”），计票按最早的版本，并报此项请导演核对
    （导演可用更正覆盖）。

    PASS: 关门前编辑（修改错别字不算改票，对象不变）；关门后编辑但抓取过关门前的版本
    FAIL: “本帖最后由 饺子 于 关门以后 编辑”，且只有关门后抓取的版本；
    ``投票对象：包子`` 被编辑成 ``投票对象：馄饨``（按包子计），关门后才编辑、两次抓取都在关门后
    也一样（最早保存的版本与之后的每个版本比较）
    """
    for b in _book(ctx).ballots:
        if b.edit_check and ctx.in_scope(b.day):
            yield _finding("VOTE-EDIT", b, opts, "edited_after_close", b.note)
        if b.edited_target and ctx.in_scope(b.day):
            yield _finding("VOTE-EDIT", b, opts, "edited_target", b.edited_target)


@rule(
    code="LURK-NOVOTE",
    scope="day",
    title="未投票",
    seed="M107 违规判定 5(2)；030 违规判定 5(3)；M39 投票规则",
    kind="aggregate",
    options={
        "requires": Option(
            str,
            "vote_post",
            "vote_post：关门前发过投票帖（弃权、废票也算）；reply：关门前回复过当天的投票帖",
            ("vote_post", "reply"),
        )
    },
)
def lurk_novote(ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """未加速的讨论日，关门时没有投票的存活玩家记一张黄牌（固定黄牌）。

    - ``requires = "vote_post"``（M107 “没有投票（或弃票）的玩家将记作一张黄牌”）：关门前
      发过投票帖即可，弃权是投票，格式或对象有误的废票也是投票帖（只是不计票）。
    - ``requires = "reply"``（030 “讨论结束时，未回复投票帖者将被判罚黄牌”，M39 同文）：关门前
      回复过当天的投票帖即可。

    导演代投算作该玩家的投票和回复；被屏蔽的投票帖仍是投票帖（计票表注明无法计票，请导演核对）。加速日不判（M107 5(2)“未加快进程”；030/M39“执行加速时
    ……未投票者将不被判罚”）。当天开门时已出局、当天关门前出局或已翻牌的白痴不需要投票。

    PASS: 饺子 21:59 发“投票对象：弃权 投票理由：搞不清楚”
    FAIL: 汤圆 当天投票帖里一帖也没有；饺子 22:00:01（关门后）才投票
    """
    book = _book(ctx)
    mode = opts["requires"]
    for dv in book.days.values():
        if dv.accelerated or not dv.closed or not dv.vote_tids or not ctx.in_scope(dv.day):
            continue
        done = dv.voted if mode == "vote_post" else dv.replied
        for player in dv.eligible:
            if player not in done:
                what = "没有投票" if mode == "vote_post" else "没有回复投票帖"
                yield aggregate_finding(
                    "LURK-NOVOTE",
                    player,
                    dv.day,
                    opts,
                    key=mode,
                    note=f"第 {dv.day} 天关门前{what}",
                    tid=dv.vote_tids[0],
                )
