"""The game's own vocabulary, read from the game itself (issue 34, session 51).

A director who writes in sustained metaphor (an auction: 流拍 = died, 起拍 / 落槌 = the day
opens / closes; a lighthouse: 点灯 / 收灯, 守灯钥匙 = the sheriff's badge) defeats a grammar
written from other directors' words, and a phrasing added for his 流拍 will not read the next
director's 收网.  What carries to a new writer is reading the theme's words *as a class*,
from his own posts:

* **glossed** — the director says what his word means (:func:`glosses`): ``流拍 = 出局``,
  ``流拍就是出局``, ``流拍（即出局）`` / ``守灯钥匙（警长）``, ``流拍，也就是出局``, ``所谓流拍，指
  出局``, ``本局流拍指出局``, ``出局在本局叫流拍``, ``触礁什么意思：就是死了``, a legend line
  ``点灯：开帖``.  A glossed word reads as the grammar's own word: an event he wrote.
* **inferred** from its use (:func:`used`): two times in one post each beside a word (``点灯：
  9月2日 09:00`` ⏎ ``收灯：9月3日 21:30``) — the earlier word opens, the later closes (a word
  the time reader already knows takes its own role and gives the other word the other); a
  word in the slot where the grammar's word for leaving stands (``昨夜W：X``, ``X W。``,
  ``X（W）``) said of two or more players in two or more of his posts; a 延 + the theme's
  noun (起拍, 落槌 → 延拍) for a delay.  An inferred word is a guess: what it reads is a
  proposal marked 推断, with its text and link, never an event the director did not confirm
  (:mod:`auditor.game.discover` asks it).

A word the grammar already reads is not learned (it needs nothing), nor one that names a
player, undoes (不, 没), or is one of the states a player stays in the game with
(:func:`auditor.game.announce.keeps_in_game`: 喵喵, 请假, 替补 …).

:meth:`Theme.rewrite` says a post in the grammar's words (流拍 → 出局, 点灯 → 开帖, 守灯钥匙 →
警徽, 延拍 → 延时), so the grammar (:mod:`auditor.game.announce`) and the time reader
(:mod:`auditor.game.when`) read it unchanged.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from auditor.game.announce import Patterns
from auditor.game.announce import keeps_in_game as _grammar_keeps
from auditor.game.lazy import lazy
from auditor.game.when import find_points
from auditor.models import Post

# what each kind of word is in the grammar's own words, and the words a gloss may give
CANON = {
    "out": "出局",
    "opens": "开帖",
    "closes": "关帖",
    "badge": "警徽",
    "delay": "延时",
}
_MEANS = {
    "out": r"出局|死亡|死了|阵亡|淘汰|离场|被淘汰|挂了",
    "opens": r"开帖|开门|开始|开放|开启|开场",
    "closes": r"关帖|关门|截止|结束|封帖|收帖",
    "badge": r"警长|警徽",
    "delay": r"延时|延长|延期",
}
_ANY_MEANING = "|".join(f"(?P<{k}>{v})" for k, v in _MEANS.items())
_HAN = r"[\u4e00-\u9fff]"
# what stands before a gloss's marker, back to the clause's start: its word is the last
# piece after a function word (第一日的投票只选守灯钥匙（警长） → 守灯钥匙; 有人问触礁什么意思 → 触礁)
_HEAD = r"(?P<head>[^\s，,。；;：:！!？?（()）“”「」『』\"、|｜]{2,16}?)"
_LEADS = lazy(r"选出|请投|[的是选给由把将为叫问让被在投请]|本局|这局|所谓|有人|里面?|当中")
_WORD = r"[“「『\"]?(?P<head>[\u4e00-\u9fff]{2,5})[”」』\"]?"
_GLOSS_RES = (
    # 守灯钥匙（警长）, 流拍（即出局）, 流拍(=出局): a bracket glosses a badge or an exit
    # only (环节二（延长） is the 环节's state, not a word)
    lazy(
        rf"{_HEAD}[”」』\"]?\s*[（(]\s*(?:即|也就是|就是|=|＝|指)?\s*"
        rf"(?:(?P<out>{_MEANS['out']})|(?P<badge>{_MEANS['badge']}))\s*[）)]"
    ),
    # 流拍就是出局, 流拍即出局, 流拍 = 出局, 流拍，也就是出局, 流拍的意思是出局
    lazy(
        rf"{_HEAD}[”」』\"]?\s*(?:[，,]\s*)?(?:就是|即是|即为|即|也就是|的意思是|意思是|等于|等同于?|"
        rf"视为|算作?|指的?是|指|=|＝)\s*(?:{_ANY_MEANING})"
    ),
    # 所谓流拍，指出局 / 所谓流拍，就是出局
    lazy(rf"所谓\s*{_WORD}\s*[，,]?\s*(?:就是|即|是|指的?是|指)\s*(?:{_ANY_MEANING})"),
    # 出局在本局叫流拍 / 出局本局称为流拍
    lazy(
        rf"(?:{_ANY_MEANING})\s*(?:在本局|在这局|本局)?\s*(?:叫做?|称为|称作|记作|说成)\s*{_WORD}"
    ),
    # 触礁什么意思：就是死了 (a question the director answers himself)
    lazy(
        rf"{_HEAD}[”」』\"]?\s*(?:是)?(?:什么|啥)意思[？?：:，,\s]*(?:就是|即|是|指)\s*(?:{_ANY_MEANING})"
    ),
)
# a legend line: 点灯：开帖 (the word, a colon, the meaning and nothing else)
_LEGEND = lazy(rf"^\s*[-*•·]?\s*{_WORD}\s*[：:=＝]\s*(?:{_ANY_MEANING})\s*[。；;]?\s*$")
_UNDOES = lazy(r"不|没|未|无|非|别|吗|如果|假如|是否")

# a clock with what may lead it (a date, a part of the day) — the time a word stands beside
_CLOCK = (
    r"(?:\d{1,2}\s*[月/.-]\s*\d{1,2}\s*[日号]?\s*(?:[（(][^）)]{1,4}[）)])?\s*)?"
    r"(?:(?:今|明|后|本)[天日晚早]\s*)?"
    r"(?:早上|上午|中午|下午|晚上|傍晚|夜里|凌晨|早|晚|午|夜)?\s*"
    r"(?:\d{1,2}\s*[:：]\s*\d{2}|[\d零一二两三四五六七八九十]{1,3}\s*[点點时時]"
    r"(?:\s*半|\s*\d{1,2}\s*分?|\s*[一二三四五]十\s*分?|整)?)"
)
_BOUNDARY = r"[\s，,。；;：:！!】\]、|｜/（()）—\-~～]"
# what may stand before a day's word beside a time and still leave it a word of its own
# (本场落槌时间：, 新的收灯时间：)
_DETERMINERS = ("本场", "本轮", "本期", "新的", "的", "天", "日", "场")
_BEFORE_TIME = lazy(
    rf"(?:^|(?<={_BOUNDARY})|{'|'.join(f'(?<={d})' for d in _DETERMINERS)})(?P<w>{_HAN}{{2}})(?:时间|时刻)?[^\S\n]*[：:—\-－~～]*[^\S\n]*(?P<t>{_CLOCK})"
)
_AFTER_TIME = lazy(
    rf"(?P<t>{_CLOCK})[^\S\n]*(?:才|就|便|准时|照常|正式|再)?[^\S\n]*(?P<w>{_HAN}{{2}})(?={_BOUNDARY}|$)"
)
# a word beside a time that is no verb of the day: the time's own words, a count, a place
_NOT_A_TIME_WORD = lazy(
    r"[今明昨后每本周日天号月年晚早午夜分至到从第票投帖楼人名次前起止场轮局回改为延]"
    r"|[一二两三四五六七八九十]|时间|之后|以前|以后|为止|环节|通知|提醒|公告|注意|提示|说明"
)

# the slot of the word for leaving: 昨夜W：X / X W。 / X（已W）
_SLOT_ADVERB = r"(?:昨夜|昨晚|昨天|今早|今晨|已经|已|即刻|当场|直接|正式|也|都)?"


@dataclass(frozen=True, slots=True)
class Word:
    """One word of the theme: what it is in the grammar's words (a key of :data:`CANON`),
    whether the director glossed it (else it is inferred from its use), and the clause it
    was learned from (shown with what it reads)."""

    word: str
    kind: str
    glossed: bool
    source: str


@dataclass(frozen=True)
class Theme:
    """The words a game's directors use for its events and times (:func:`learn`)."""

    words: tuple[Word, ...] = ()
    _by_word: dict[str, Word] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for w in self.words:
            self._by_word.setdefault(w.word, w)

    def __bool__(self) -> bool:
        return bool(self.words)

    def glossed(self) -> Theme:
        """The words the director glossed himself (read as his own words: events)."""
        return Theme(tuple(w for w in self.words if w.glossed))

    def inferred(self) -> tuple[Word, ...]:
        return tuple(w for w in self.words if not w.glossed)

    def rewrite(self, text: str, players: Sequence[str] = ()) -> str:
        """``text`` in the grammar's words: each theme word as :data:`CANON` says (a gloss
        itself — 首席竞拍牌（警长） — as the meaning it gives), never inside a player's name."""
        if not self.words:
            return text
        words = sorted(self._by_word, key=len, reverse=True)
        if self._times_unknown(text, players):
            # a post beside whose times stands a word neither the time reader nor the theme
            # knows (开席：早上九点入席，晚上九点半散席): its times are read by their places
            # (auditor.game.when.paired_times), whole — one word said in the grammar's
            # would break the pair
            words = [w for w in words if self._by_word[w].kind not in ("opens", "closes")]
            if not words:
                return text
        names = sorted((p for p in players if p), key=len, reverse=True)
        alts = [re.escape(n) for n in names]
        word_alt = "|".join(re.escape(w) for w in words)
        gloss = rf"(?P<g>{word_alt})\s*[（(]\s*(?:即|也就是|就是|=|＝|指)?\s*(?P<m>{_ALL_MEANINGS})\s*[）)]"
        parts = [rf"(?P<name>{'|'.join(alts)})"] if alts else []
        parts += [gloss, rf"(?P<w>{word_alt})"]
        rx = _compiled("|".join(parts))

        # a day's word is one beside a time (收灯 21:30): elsewhere the theme's same word may
        # be another thing (入住 / 退房 the day, 连夜退房：X a death)
        beside = {at for at, _, _ in _time_words(text)}

        def one(m: re.Match[str]) -> str:
            if m.group("g"):
                return m.group("m")
            w = m.group("w")
            if not w:
                return m.group(0)
            kind = self._by_word[w].kind
            if kind in ("opens", "closes") and m.start() not in beside:
                return w
            return CANON[kind]

        return rx.sub(one, text)

    def _times_unknown(self, text: str, players: Sequence[str]) -> bool:
        return any(
            w not in self._by_word and _time_role(w) is None
            for _, w, _ in _time_words(unicodedata.normalize("NFKC", text))
            if _a_word(w, players)
        )


_ALL_MEANINGS = "|".join(_MEANS.values())


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _trim(head: str) -> str:
    """The gloss's word: the last piece of what stands before the marker, after a function
    word (:data:`_LEADS`), at most five characters."""
    piece = _LEADS.split(head)[-1]
    return piece if len(piece) <= 5 else ""


def _kind_of(m: re.Match[str]) -> str | None:
    return next((k for k in _MEANS if m.groupdict().get(k)), None)


def glosses(text: str, players: Sequence[str] = ()) -> list[Word]:
    """The words a director's post glosses (:data:`_GLOSS_RES`, :data:`_LEGEND`), sentence by
    sentence: a question he does not answer (下车算出局吗？) glosses nothing."""
    found: list[Word] = []
    text = unicodedata.normalize("NFKC", text)
    for sentence in re.split(r"[。！!；;\n]", text):
        answered = re.search(r"意思[？?：:，,\s]*(?:就是|即|是|指)", sentence)
        if re.search(r"[？?]|吗", sentence) and not answered:
            continue
        for rx in (*_GLOSS_RES, _LEGEND):
            for m in rx.finditer(sentence):
                kind = _kind_of(m)
                word = _trim(m.group("head"))
                if kind is None or not _a_word(word, players) or _means_itself(word):
                    continue
                if all(w.word != word for w in found):
                    found.append(Word(word, kind, True, sentence.strip()))
    return found


def _means_itself(word: str) -> bool:
    """The word is one of the meanings itself (出局（死亡）glosses nothing new)."""
    return bool(re.fullmatch(_ALL_MEANINGS, word))


def _a_word(word: str, players: Sequence[str]) -> bool:
    return (
        len(word) >= 2
        and not _UNDOES.search(word)
        and not any(p and (p in word or word in p) for p in players)
    )


# ----------------------------------------------------------------------------- by their use

_PROBE_AT = datetime(2026, 1, 5, 8, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


@functools.lru_cache(maxsize=1024)
def _time_role(word: str) -> str | None:
    """The role the time reader already gives the word beside a time (起拍 21:30 → opens?),
    or None: a word it does not know."""
    for probe in (f"{word} 21:30", f"21:30 {word}"):
        roles = {p.role for p in find_points(probe, _PROBE_AT, _PROBE_AT.tzinfo)} - {None}  # type: ignore[arg-type]
        if len(roles) == 1:
            return roles.pop()
    return None


def _time_words(text: str) -> list[tuple[int, str, int]]:
    """The words beside the post's times, in the order written: (where, word, where its
    time is).  A word is a label or a verb of its own (its clause starts or ends with it):
    never the tail of a longer phrase (舱门将于 21:30 关闭)."""
    out: list[tuple[int, str, int]] = []
    for rx in (_BEFORE_TIME, _AFTER_TIME):
        for m in rx.finditer(text):
            word = m.group("w")
            if _time_role(word) or not (_NOT_A_TIME_WORD.search(word) or _UNDOES.search(word)):
                out.append((m.start("w"), word, m.start("t")))
    return sorted(out)


def _day_pair(text: str, players: Sequence[str]) -> tuple[str, str] | None:
    """The two words beside two times in one post, in the order written (点灯：9月2日 09:00
    ⏎ 收灯：9月3日 21:30); None for a post with another count of such words (a schedule of
    other things, or one time)."""
    beside = [(w, t) for _, w, t in _time_words(text) if _a_word(w, players)]
    said = list(dict.fromkeys(w for w, _ in beside))
    if len(said) != 2:
        return None
    times = [{t for w, t in beside if w == word} for word in said]
    if times[0] & times[1]:
        return None  # both beside one time (提醒：今日 21:30 截止): no pair of times
    return said[0], said[1]


def _day_words(text: str, players: Sequence[str]) -> list[Word]:
    """Two words beside two times in one post (:func:`_day_pair`): the first opens the day,
    the second closes it; a word the time reader knows keeps its role and gives the other
    word the other (起拍 09:00，落槌 21:30: 起拍 opens, so 落槌 closes)."""
    pair = _day_pair(text, players)
    if pair is None:
        return []
    roles = (_time_role(pair[0]), _time_role(pair[1]))
    if roles == ("closes", None) or roles == (None, "opens"):
        kinds = ("closes", "opens")
    else:
        kinds = ("opens", "closes")
    if all(roles):
        return []  # both the time reader's own: nothing to learn
    out = []
    for word, kind in zip(pair, kinds, strict=True):
        # (the pair's known word too — 开钟 beside 停钟 — unless it is the grammar's own
        # word: the pair is said in the grammar's words, whole)
        if not _means_itself(word):
            out.append(Word(word, kind, False, text.strip()[:60]))
    return out


def _slot_res(players: Sequence[str]) -> tuple[re.Pattern[str], ...]:
    """The slots of the word for leaving: X W。 / 昨夜W：X / X（已W）— each its own pattern
    (a label's slot taken by another word, 公示：X, leaves X to the next)."""
    names = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True) if p)
    if not names:
        return ()
    return (
        _compiled(
            rf"(?P<n>{names})\s*[，,]?\s*{_SLOT_ADVERB}\s*(?P<w>{_HAN}{{2}})了?"
            r"(?=\s*(?:[。！!；;，,\n（(）)|｜]|$))"
        ),
        _compiled(
            rf"(?:^|(?<=[\s，,。；;：:！!】\]]))(?:昨夜|昨晚|今早|今晨|本场)?(?P<w>{_HAN}{{2}})"
            rf"\s*[：:]\s*(?P<n>{names})"
        ),
        _compiled(rf"(?P<n>{names})\s*[（(]\s*(?:已经|已)?\s*(?P<w>{_HAN}{{2}})\s*[）)]"),
    )


def _slot_uses(text: str, players: Sequence[str]) -> list[tuple[str, str]]:
    """(word, player) for each word in a slot of the word for leaving that the grammar does
    not read already."""
    out: list[tuple[str, str]] = []
    for rx in _slot_res(players):
        for m in rx.finditer(text):
            word, who = m.group("w"), m.group("n")
            if _a_word(word, players) and not keeps_in_game(word) and not _read_already(word):
                out.append((word, who))
    return out


# a state the rule sets' players stay in the game with that the grammar's closed class has
# no word for yet (seed 004's 发病 = Lv.3)
_ILL = lazy(r"发病|犯病|病发")


def keeps_in_game(word: str) -> bool:
    """The word says a state a player stays in the game with (the grammar's closed class,
    :func:`auditor.game.announce.keeps_in_game`, and :data:`_ILL`)."""
    return _grammar_keeps(word) or bool(_ILL.search(word))


_NOT_AN_EXIT = lazy(r"[票投说问是的在有和与及也都还又再被把将对向给让请第号人日天夜晚早今明昨]")


@functools.lru_cache(maxsize=2048)
def _read_already(word: str) -> bool:
    """The grammar reads the word already (甲乙 W。 announces something), or it is no verb
    of leaving by its make (a count, a day, a function word)."""
    if _NOT_AN_EXIT.search(word) or _means_itself(word):
        return True
    return bool(Patterns(["甲乙"]).find(f"甲乙 {word}。"))


def _delay_words(text: str, nouns: set[str]) -> list[Word]:
    """延 + the theme's noun (起拍, 落槌 → 延拍): the theme's word for a delay."""
    out = []
    for m in re.finditer(r"延([\u4e00-\u9fff])", text):
        if m.group(1) in nouns:
            out.append(Word(m.group(0), "delay", False, text.strip()[:60]))
    return out


def learn(texts: Iterable[str], players: Sequence[str] = (), known: Theme | None = None) -> Theme:
    """The theme's words in a game's directors' posts (story order): each glossed word, the
    day's words two times show, and a word for leaving used in the slot of one of two or
    more players in two or more posts.  A word glossed wins over its inference."""
    words: dict[str, Word] = {}
    slot_posts: dict[str, set[int]] = defaultdict(set)
    slot_players: dict[str, set[str]] = defaultdict(set)
    slot_source: dict[str, str] = {}
    texts = [unicodedata.normalize("NFKC", t) for t in texts]
    for w in known.words if known else ():
        words[w.word] = w
    nouns: set[str] = set()
    for i, text in enumerate(texts):
        for w in glosses(text, players):
            words[w.word] = w
        day_words = _day_words(text, players)
        for w in day_words:
            words.setdefault(w.word, w)
        if day_words:  # (the theme's nouns: 起拍 / 落槌 → 拍, 槌)
            nouns |= {w[-1] for w in _day_pair(text, players) or ()}
        for word, who in _slot_uses(text, players):
            slot_posts[word].add(i)
            slot_players[word].add(who)
            slot_source.setdefault(word, text.strip()[:60])
    for word, posts in slot_posts.items():
        if len(posts) >= 2 and len(slot_players[word]) >= 2 and word not in words:
            words[word] = Word(word, "out", False, slot_source[word])
    nouns |= {w.word[-1] for w in words.values() if w.kind in ("opens", "closes")}
    if nouns:
        for text in texts:
            for w in _delay_words(text, nouns):
                words.setdefault(w.word, w)
    return Theme(tuple(words.values()))


# ----------------------------------------------------------------------------- a game's posts


def in_game_words(
    posts: Sequence[Post], directors: Iterable[str], players: Sequence[str]
) -> tuple[list[Post], dict[int, list[Word]]]:
    """The posts with each director's post said in the game's words (:func:`learn` over
    the directors' posts, in story order; :meth:`Theme.rewrite`), and for each post read
    in a word only inferred from its use, the words (by pid): discovery asks them, the post
    listed with its text and link and what it reads proposed — never taken silently.  A
    player's post is left as it is."""
    who = set(directors)
    theirs = sorted((p for p in posts if p.author in who), key=lambda p: p.posted_at)
    theme = learn((_post_text(p) for p in theirs), players)
    if not theme:
        return list(posts), {}
    glossed = theme.glossed()
    inferred = theme.inferred()
    asked: dict[int, list[Word]] = {}
    out: list[Post] = []
    for p in posts:
        if p.author not in who:
            out.append(p)
            continue
        text = _post_text(p)
        said = theme.rewrite(text, players)
        if said == text:
            out.append(p)
            continue
        if p.pid is not None and said != glossed.rewrite(text, players):
            folded = unicodedata.normalize("NFKC", text)
            asked[p.pid] = [w for w in inferred if w.word in folded]
        out.append(
            replace(
                p,
                text=theme.rewrite(p.text, players),
                lines=tuple(theme.rewrite(x, players) for x in p.lines),
            )
        )
    return out, asked


def _post_text(p: Post) -> str:
    return "\n".join(p.lines) if p.lines else p.text


def question(word: Word, pid: int) -> str:
    """What discovery asks of a word it inferred (shown with the post's link)."""
    meaning = {
        "out": "出局（离开游戏）",
        "opens": "开帖（一天开始）",
        "closes": "关帖（一天结束）",
        "badge": "警徽（警长）",
        "delay": "延时",
    }[word.kind]
    return f"本局用语「{word.word}」按用法推断为{meaning}（推断，pid {pid}）：对吗？"
