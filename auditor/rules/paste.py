"""Evidence pastes (贴证): chat logs and records (PASTE-CHATLOG), links, images and
attachments (PASTE-LINK).

Both look only at the post's own content: a quoted block is never the quoter's paste.
Chat-log shapes are judged line by line on ``Post.lines``; a time mentioned in prose
("我明早8点上线", "今晚十点前都在", "明天 20:00 开门") is not a record: a record line has
a speaker followed by a clock time *with seconds*, or by a date, or by a QQ number, or
stands alone as "known member + time".

Each line is read in simplified characters (:func:`auditor.hanzi.to_simplified`, one
character for one, so the spans are the posted text's): 「預言家 21:15:03 反饋：非村民陣營」
is the same record as 「预言家 21:15:03 反馈：非村民阵营」, with no pattern written twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlparse

from auditor.forum.parse.smilies import smiley_code
from auditor.game.gamefile import Game
from auditor.hanzi import to_simplified
from auditor.models import Post
from auditor.rules.base import Context, Finding, GamePost, Match, Option, post_finding, rule
from auditor.rules.markup import GAME_KINDS, Locator, is_mention, own_elements

# ------------------------------------------------------------------ line offsets


def line_spans(post: Post) -> list[tuple[str, int]]:
    """Each own-text line with its offset in ``Post.text`` (lines are joined by spaces)."""
    out: list[tuple[str, int]] = []
    pos = 0
    for line in post.lines:
        at = post.text.find(line, pos)
        if at < 0:
            at = pos
        out.append((line, at))
        pos = at + len(line)
    return out


# ------------------------------------------------------------------ PASTE-CHATLOG

_SEP = r"[\s\u3000]"
_TIME_S = r"\d{1,2}[:：]\d{2}[:：]\d{2}"
_TIME_M = r"\d{1,2}[:：]\d{2}(?:[:：]\d{2})?"
_DATE = r"(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?|\d{1,2}[-/月]\d{1,2}日?)"
_NAME = r"(?P<name>[^\s\u3000:：，,。！？!?、；;“”\"'()（）<>＜＞《》【】\[\]]{1,16})"
_QQ = r"[(（]\s*(?:\d{5,12}|[\w.+-]+@[\w.-]+)\s*[)）]"
_ROLE = r"(?:【[^】]{1,8}】\s*)?"  # QQ group titles: 【群主】取酒

CHAT_HEADER_QQ = re.compile(rf"^{_ROLE}{_NAME}\s*{_QQ}{_SEP}*(?:{_DATE}{_SEP}+)?{_TIME_M}")
CHAT_HEADER_DATE = re.compile(rf"^{_ROLE}{_NAME}{_SEP}+{_DATE}{_SEP}+{_TIME_M}")
CHAT_HEADER_SECONDS = re.compile(rf"^{_ROLE}{_NAME}{_SEP}+{_TIME_S}(?!\d)")
CHAT_HEADER_MINUTES = re.compile(rf"^{_ROLE}{_NAME}{_SEP}+{_TIME_M}\s*$")
CHAT_TIME_FIRST = re.compile(rf"^[\[［(（]?{_TIME_S}[\]］)）]?{_SEP}*{_NAME}\s*[:：]")
# a bracketed clock to the minute, then a member's name and a colon (fh49: 「[12:03] 小葵：我是
# 預言家」 pasted after a [quote], silent): a record only when the name is a member's, as for
# CHAT_HEADER_MINUTES — 「[12:00] 集合：…」 is a timetable, not a chat
CHAT_TIME_FIRST_MINUTES = re.compile(rf"^[\[［(（]{_TIME_M}[\]］)）]{_SEP}*{_NAME}\s*[:：]")
FEEDBACK = re.compile(
    r"反馈\s*(?:[:：]\s*[<＜〈《【「]?|[<＜〈《【「])\s*[^\s<>＜＞〈〉《》【】「」]{0,8}阵营"
    r"(?:\s*[>＞〉》】」])?"
)
VERDICT = re.compile(r"[<＜〈]\s*[^\s<>＜＞〈〉]{1,8}阵营\s*[>＞〉]")
PM_HEADER = re.compile(r"(?:发件人|收件人|发信人|收信人|发送人|发送时间|发送于|消息来自)\s*[:：]")
POST_HEADER = re.compile(rf"{_NAME}{_SEP}*发表于{_SEP}*{_DATE}{_SEP}+{_TIME_M}")

# Words that stand before a clock time in prose, never a speaker.
_NOT_A_NAME = re.compile(
    r"^(?:[我你他她它]们?|大家|咱们|今天|明天|昨天|前天|后天|今晚|明晚|昨晚|今早|明早|早上|晚上|"
    r"上午|下午|中午|凌晨|半夜|傍晚|夜里|现在|目前|大约|大概|约|到|在|于|是|周.|星期.|礼拜.)$"
    r"|时间|截止|截至|之前|以前|以后|之后|左右|开始|结束|关门|开门|发帖|投票|讨论|零点|整点"
)

CHAT_KINDS = ("chat", "feedback", "pm", "post")
_KIND_LABEL = {
    "chat": "聊天记录",
    "feedback": "导演反馈",
    "pm": "站内信/短消息",
    "post": "帖子/树洞记录",
}


def _name_ok(name: str) -> bool:
    return not _NOT_A_NAME.search(name) and not re.fullmatch(r"[\d\s:：./-]+", name)


_HEADER_TAIL = re.compile(r"\s*(?:[:：]\s*\S|$)")


def _header_ends(line: str, end: int) -> bool:
    """A name + time header is a record only when it ends the line (the message follows on
    the next line), or is followed by a colon and the message, or by the director's
    feedback (030 "取酒 21:15:03 反馈：村民阵营"); a header running into prose ("包子
    21:59:58 卡点改票，很可疑") is someone talking about a time."""
    if line[end - 1 : end] in (":", "："):
        return True  # [21:15:03] 取酒：…
    rest = line[end:]
    return bool(_HEADER_TAIL.match(rest)) or bool(FEEDBACK.match(rest.strip()))


def chatlog_matches(post: Post, kinds: Sequence[str], members: set[str]) -> list[Match]:
    """Record-shaped pieces of a post's own lines."""
    out: list[Match] = []
    known = members | set(map(to_simplified, members))
    for posted, offset in line_spans(post):
        # read in simplified characters (same length: the spans are the posted line's)
        line = to_simplified(posted)
        found: list[tuple[int, int, str]] = []
        # What every pattern needs (a clock time, a PM header's colon; 阵营; 发表于): most
        # lines have none of it, and the patterns cost far more than this look (same matches).
        colon = ":" in line or "：" in line
        if "chat" in kinds and colon:
            m = (
                CHAT_HEADER_QQ.match(line)
                or CHAT_HEADER_DATE.match(line)
                or CHAT_HEADER_SECONDS.match(line)
                or CHAT_TIME_FIRST.match(line)
            )
            if m is None:
                mm = CHAT_HEADER_MINUTES.match(line) or CHAT_TIME_FIRST_MINUTES.match(line)
                if mm and mm.group("name") in known:
                    m = mm
            if m is not None and _name_ok(m.group("name")) and _header_ends(line, m.end()):
                found.append((0, len(line), "chat"))
        if "feedback" in kinds and "阵营" in line:
            found.extend((m.start(), m.end(), "feedback") for m in FEEDBACK.finditer(line))
            found.extend((m.start(), m.end(), "feedback") for m in VERDICT.finditer(line))
        if "pm" in kinds and colon:
            found.extend((m.start(), len(line), "pm") for m in PM_HEADER.finditer(line))
        if "post" in kinds and colon and "发表于" in line:
            found.extend(
                (m.start(), m.end(), "post")
                for m in POST_HEADER.finditer(line)
                if _name_ok(m.group("name"))
            )
        out.extend(_widest(found, posted, offset))
    return out


def _widest(found: list[tuple[int, int, str]], line: str, offset: int) -> Iterator[Match]:
    """One match per line: the widest piece (a header line holds its feedback)."""
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    covered = -1
    for start, end, kind in found:
        if start < covered:
            continue
        piece = line[start:end].strip()
        lead = len(line[start:end]) - len(line[start:end].lstrip())
        at = offset + start + lead
        yield Match(piece, at, at + len(piece), _KIND_LABEL[kind])
        covered = end


@rule(
    code="PASTE-CHATLOG",
    title="贴证：聊天记录、导演反馈、站内信、树洞记录",
    seed="M107 违规判定 7(1)“禁止…贴出、伪造或变造QQ、站内信息、树洞记录”；030 违规判定 1(3)“例：取酒 21:15:03 反馈：村民阵营”",
    thread_kinds=GAME_KINDS,
    options={
        "kinds": Option(
            list,
            list(CHAT_KINDS),
            "识别哪些记录：chat 聊天记录行、feedback 导演反馈、"
            "pm 站内信/短消息头、post 帖子/树洞记录头",
            CHAT_KINDS,
        ),
    },
)
def paste_chatlog(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """在游戏帖里贴出（或伪造）带格式的记录。

    认得的形状（逐行看，只看自己写的内容，引用不算）：

    * 聊天记录行：``取酒 21:15:03``、``取酒(123456789) 21:15``、``【群主】取酒 2026/11/20 21:15``、
      ``[21:15:03] 取酒：…``；只有“人名 + 时:分”时，人名必须是本局的玩家、导演或观众，
      且这一行只有这两样；
    * 导演反馈：``反馈：村民阵营``、``反馈<非村民阵营>``、``<村民阵营>``；
    * 站内信/短消息头：``发件人：``、``收件人：``、``发送时间：``；
    * 帖子/树洞记录头：``麻花 发表于 2026-11-22 21:15``。

    FAIL：“取酒 21:15:03 反馈：村民阵营”（030 的原例）；“取酒 21:15:03”换行“反馈：村民阵营”；
    繁體一样：“預言家 21:15:03 反饋：非村民陣營”、“發件人：”。

    记录头（人名 + 时间）必须单独成行（下一行是消息）、或后面紧跟冒号和消息、或后面是导演反馈；
    接着写议论的不是记录：“包子 21:59:58 卡点改票，很可疑”、“豆浆 2026-11-19 21:15 那帖我就说过了”。

    PASS：“我明早8点上线”、“今晚十点前都在”、“明天 20:00 开门”、“23:59 最后一帖”、
    “我验了他，是村民阵营”（自述验人结果不是贴证）。
    """
    kinds = list(opts["kinds"])
    g = ctx.game
    members = set(g.players) | set(g.directors) | set(g.spectators)
    matches = chatlog_matches(gp.post, kinds, members)
    if matches:
        labels = "、".join(dict.fromkeys(m.detail for m in matches))
        yield post_finding("PASTE-CHATLOG", gp, opts, matches, note=f"贴证（{labels}）")


# ------------------------------------------------------------------ PASTE-LINK

BARE_URL = re.compile(r"(?:(?:https?|ftp)://|www\.)[^\s<>\"'，。！？、；）】」》\u3000]+", re.I)
_TID = re.compile(r"(?:[?&;](?:p?tid)=|thread-)(\d+)", re.I)

LINK_KINDS = ("link", "url_text", "image", "attachment")


def _game_tid(href: str, tids: set[int], host: str | None) -> int | None:
    m = _TID.search(href)
    if not m or int(m.group(1)) not in tids:
        return None
    parsed = urlparse(href)
    if parsed.netloc and host and parsed.netloc.lower() != host:
        return None
    return int(m.group(1))


# id(game) -> (the game, its thread ids, its forum's host): worked out once per game, not
# once per post.
_LINKS: dict[int, tuple[Game, set[int], str | None]] = {}


def _game_links(game: Game) -> tuple[set[int], str | None]:
    """The game's thread ids and its forum's host (lower case; None without a URL)."""
    hit = _LINKS.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1], hit[2]
    tids = {t.tid for t in game.threads}
    host = urlparse(game.forum.url or "").netloc.lower() or None
    if len(_LINKS) > 8:
        _LINKS.clear()
    _LINKS[id(game)] = (game, tids, host)
    return tids, host


@rule(
    code="PASTE-LINK",
    title="贴证：网址、图片、附件",
    seed="M107 违规判定 7(1)“禁止在除树洞以外的游戏相关帖内贴出…网址、附件等”；玩家须知 3；"
    "030 判罚依据 1 发言(3)“在公开的帖子内贴出（或伪造）包括QQ聊天记录、树洞记录在内的带有格式的"
    "相关记录”（截图、上传的记录图片）",
    thread_kinds=GAME_KINDS,
    options={
        "kinds": Option(
            list,
            list(LINK_KINDS),
            "查哪些：link 链接、url_text 文字里的网址、image 图片、attachment 附件",
            LINK_KINDS,
        ),
        "allow_game_threads": Option(bool, False, "允许链接到本局自己的帖子（电梯、引用楼层）"),
        "evidence_words": Option(
            list,
            [],
            "图片、附件只在帖子自己的文字里有这些词（截图、为证、聊天记录…）时才算贴证；"
            "空表示每张图片、每个附件都算（030 违规判定 1(3) 只禁止贴出记录）",
        ),
    },
)
def paste_link(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
    """在游戏帖里贴出网址、图片（``[img]``、上传的图片）或附件。

    表情（``:lol`` 等小镇表情）从不算。指向本局自己帖子的链接也算，除非规则集打开
    ``allow_game_threads``。引用里的链接不算引用者的。

    FAIL：“这是我做的分析 [url]https://example.com/a[/url]”；“[img]http://…/a.png[/img]”；
    文字里直接写 “www.example.com”；上传的附件。

    PASS：“站取酒 +1 :lol”；引用别人带链接的帖子；``@包子``（Discuz! 把 @ 渲染成
    ``home.php?mod=space&uid=…`` 的链接，文字以 @ 开头：不算贴网址）。

    截图当贴证（030 违规判定 1(3)“贴出（或伪造）包括QQ聊天记录、树洞记录在内的带有格式的
    相关记录”）：``evidence_words`` 不为空时，图片和附件只有在帖子自己的文字里出现这些词
    （“截图”“为证”“聊天记录”…）时才算；030 的预设只查图片和附件（没有网址条款）。

    FAIL（030）：“上截图为证 [img]…/qq.png[/img]”；“这是我和他的聊天记录”加上传的图片。

    PASS（030）：“[img]…/cat.png[/img] 今天天气不错”；“[url]https://example.com[/url]”。
    """
    kinds = set(opts["kinds"])
    post = gp.post
    tids, host = _game_links(ctx.game)
    loc = Locator(post.text)
    matches: list[Match] = []
    taken: list[tuple[int, int]] = []

    def add(m: Match) -> None:
        matches.append(m)
        if m.end > m.start:
            taken.append((m.start, m.end))

    def want(el: Any) -> bool:
        tag = el.tag
        if tag == "a":
            return "link" in kinds and bool(el.get("href")) and not is_mention(el)
        if tag == "img":
            if smiley_code(el.get("src") or "", el.get("smilieid")) is not None:
                return False
            return ("attachment" if el.get("aid") else "image") in kinds
        if tag == "ignore_js_op":
            return "attachment" in kinds
        return False

    has_markup = bool(post.links or post.images or post.attachments)
    for el, text in own_elements(post, want) if has_markup else ():
        if el.tag == "a":
            href = el.get("href") or ""
            tid = _game_tid(href, tids, host)
            if tid is not None and opts["allow_game_threads"]:
                continue
            detail = f"链接 {href}" + (f"（本局帖子 tid {tid}）" if tid is not None else "")
            add(loc.find(text or href, detail) if text else Match(href, 0, 0, detail))
        elif el.tag == "img":
            src = el.get("zoomfile") or el.get("file") or el.get("src") or ""
            kind = "附件图片" if el.get("aid") else "图片"
            add(loc.find(text, f"{kind} {src}"))
        else:
            add(loc.find(text, "附件") if text else Match("[附件]", 0, 0, "附件"))
    if "attachment" in kinds:
        for att in post.attachments:
            if not att.inline:
                name = att.name or f"附件 {att.aid}"
                add(Match(name, 0, 0, "附件" + ("图片" if att.is_image else "")))
    if "url_text" in kinds:
        for m in BARE_URL.finditer(post.text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            url = m.group(0)
            tid = _game_tid(url, tids, host)
            if tid is not None and opts["allow_game_threads"]:
                continue
            add(Match(url, m.start(), m.end(), "文字网址"))
    words = [w for w in opts["evidence_words"] if w]
    said = [w for w in words if w.lower() in post.text.lower()]
    if words and not said:
        # an image or attachment is 贴证 only with evidence words in the post (030 1(3))
        matches = [m for m in matches if not m.detail.startswith(("图片", "附件"))]
    if matches:
        labels = "、".join(dict.fromkeys(m.detail.split(" ")[0] for m in matches))
        if said:
            labels += f"；帖子里说了“{'、'.join(said)}”"
        yield post_finding(
            "PASTE-LINK", gp, opts, sorted(matches, key=lambda m: m.start), note=f"贴证（{labels}）"
        )
