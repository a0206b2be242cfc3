"""PHRASE-*: banned phrases by category (lexicons in ``lexicons/``, matcher in auditor.rules.matcher).

One rule per lexicon category.  Each yields at most one finding per post, holding every
match of its category; the match detail names the lexicon entry and the normalisation that
found it (原文, 全半角/大小写, 繁简, 形近, 表情, 去噪, 叠字, 音近, 近音, 首字母,
句式: ``matcher.TAGS``).  Quoted text is never charged: ``Post.text``
is the post's own text without its quotes.

The game file may add the director's own lexicons (files, folders or a Discuz! 词语过滤
export) with ``[rules] lexicons = ["my_lexicons/"]`` (paths relative to the game file).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from itertools import accumulate, compress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from auditor.game.gamefile import ThreadKind
from auditor.rules.base import (
    DATA_DEPENDENCIES,
    POST_BATCH,
    Context,
    Finding,
    GamePost,
    Match,
    Option,
    post_finding,
    rule,
)
from auditor.rules.lexicon import (
    CENSOR,
    DEFAULT_DIR,
    Category,
    Lexicon,
    LexiconError,
    Problem,
    headers,
    lexicon_digest,
)
from auditor.rules.matcher import Matcher, PhraseMatch, cached_matcher
from auditor.rules.phrasemodel import Asked, cleared, question
from auditor.rules.said import named_reported

if TYPE_CHECKING:
    from auditor.models import Post

# M107 判罚依据：判罚范围包括一切与版杀游戏相关的讨论帖、投票帖、规则帖、进程帖。
PHRASE_KINDS = (ThreadKind.DISCUSSION, ThreadKind.VOTE, ThreadKind.PROCESS, ThreadKind.RULES)

# The PHRASE rules: one per lexicon category.  A rule's title and seed are its lexicon's
# @title and @seed lines (lexicons/<category>.txt, read by lexicon.headers); here each code has
# a FAIL and a PASS example, which tests/rules/cases/phrases.toml runs.  CENSOR is the forum's
# own 词语过滤 list (lexicons/censor.txt holds only its header; the entries are imported from a
# Discuz! export).  A lexicon category without a row here, or a row without a lexicon, is an
# error (`auditor lexicon lint`, and `auditor check` for the director's own lexicons).
PHRASE_RULES: dict[str, tuple[str, str]] = {
    # code: (FAIL example, PASS example)
    "PHRASE-ANIMAL": ("白眼狼，昨天我还保你", "我属狗的，今年本命年"),
    "PHRASE-ASSISTANT": ("我信A，但是我场助比较信B", "场外因素不考虑，只看发言"),
    "PHRASE-AWARD": ("一定要选他当MVP", "演员们辛苦了，今天也好好找狼"),
    "PHRASE-BLAME": ("我准备好背锅了", "锅包肉配米饭，吃饱了来分析"),
    "PHRASE-BODY": ("你个吊毛，金水都看不懂", "这个悍跳太逼真了，我差点信了"),
    "PHRASE-CENSOR": ("有人要代练吗", "我自己练级"),
    "PHRASE-CHARACTER": ("你杀品真差", "饺子的发言逻辑有问题"),
    "PHRASE-CURSE": ("悍跳的狼不得好死", "饺子昨晚死了，女巫没救"),
    "PHRASE-DIRECTOR": ("导演给我的反馈就是这样的", "导演在讨论帖里说了明天加速"),
    "PHRASE-DROWN": ("你们要出我不如我淹死好了", "饺子昨天只发了三帖，会不会被判黄牌"),
    "PHRASE-EMOTION": ("我能说脏话吗", "笑哭，我居然是警长"),
    "PHRASE-FACE": ("他都这么贴脸了，我没法不信他", "我头像换了张笑脸，没有含义"),
    "PHRASE-GUARANTEE": ("我以人格担保，我是真预言家", "警长的金水不一定真，他不是担保人"),
    "PHRASE-IQ": ("你智商欠费了吧", "智囊团在哪？帮我看看票型"),
    "PHRASE-KIN": ("去你大爷的，我才不是狼", "我妈喊我吃饭，晚点回来分析"),
    "PHRASE-OATH": ("我对天发誓，饺子是我验的金水", "我发4帖了，还差一帖"),
    "PHRASE-PASTGAME": ("你忘了那场女巫黑情侣了？", "前天晚上女巫救了人"),
    "PHRASE-SOCKPUPPET": ("我的马甲是饺子，大家懂的", "狼队今晚的刀法很奇怪"),
    "PHRASE-SUBSTITUTE": ("他这么换替补我怎么认他狼", "用逻辑代替感觉"),
    "PHRASE-VULGAR": ("我操，饺子居然是查杀", "饺子这手操作有点迷，先观察"),
}

# The categories whose phrases in a player's last words become a notice to the director
# (提醒导演, card none) when the rule set does not card them there: an oath, a curse, a
# guarantee or an insult, which the director would not publish as it stands.
LASTWORDS_NOTICE = frozenset(
    ("BODY", "VULGAR", "ANIMAL", "KIN", "IQ", "CHARACTER", "OATH", "CURSE", "GUARANTEE")
)

LEXICONS = headers(DEFAULT_DIR)  # category -> its header (title, seeds, file)
CATEGORIES = tuple(code.removeprefix("PHRASE-") for code in PHRASE_RULES)


def rules_without_lexicon(lexicons: Mapping[str, Category] = LEXICONS) -> list[Problem]:
    """PHRASE rules whose category no lexicon file declares: they could never find anything."""
    return [
        Problem(
            str(DEFAULT_DIR),
            0,
            f"规则 {code} 没有词库：lexicons/ 中没有 @category {code.removeprefix('PHRASE-')}",
        )
        for code in PHRASE_RULES
        if code.removeprefix("PHRASE-") not in lexicons
    ]


_MATCHERS: dict[tuple[tuple[str, ...], bytes], Matcher] = {}


def matcher_for_context(ctx: Context) -> Matcher:
    """The built-in lexicons plus the game file's ``[rules] lexicons`` (relative to the file).

    Built once per check (kept in the context) and reused across checks of one process
    while the lexicon files are unchanged: an edited file gives a fresh matcher.
    """
    if ctx.matcher is not None:
        return ctx.matcher
    extra = ctx.ruleset["lexicons"]
    base = Path(ctx.game.path).parent if getattr(ctx.game, "path", None) else Path(".")
    paths = tuple(str((base / p).resolve()) if not Path(p).is_absolute() else str(p) for p in extra)
    key = (paths, lexicon_digest(ctx.game))
    matcher = _MATCHERS.get(key)
    if matcher is None:
        _MATCHERS.clear()
        matcher = cached_matcher(paths, default=True)
        # a director's @category without a PHRASE rule would be loaded and never reported
        if unreported := categories_without_rule(matcher.category_files):
            raise LexiconError(unreported)
        _MATCHERS[key] = matcher
    ctx.matcher = matcher
    return matcher


DATA_DEPENDENCIES.append(lexicon_digest)


def post_matches(gp: GamePost, ctx: Context) -> list[PhraseMatch]:
    """Every phrase match of a post, all categories, computed once per post and run
    (for the posts of a check all at once, by :func:`_prepare`)."""
    cache = ctx.phrase_matches
    key = id(gp.post)
    if key not in cache:
        text = gp.post.text
        cache[key] = _kept(text, matcher_for_context(ctx).find(text), ctx, gp.post.author)
    return cache[key]


def _kept(text: str, found: list[PhraseMatch], ctx: Context, author: str = "") -> list[PhraseMatch]:
    # A player's name is a name: "先出生煎" is not 畜生 (a sound-alike across the name
    # 生煎), and a player called 狗蛋 is not an insult; but "你个老王八蛋" is one even
    # with a player called 老王.  (A phrase quoted or named as a rule, 禁止说“我发誓”, is
    # left out by the matcher: said.mentioned.)  Another player named as the one who swears
    # or whose words are told (肠粉发誓都冇用, 芋圆说别人智商有问题: said.named_reported) is
    # his, not the poster's; the poster's own name is not another's.
    if not found:
        return found
    names = _name_spans(text, _game_names(ctx))
    others = [(a, b) for a, b in names if text[a:b] != author]
    return [
        m
        for m in found
        if not _in_a_name(m, names) and not (others and named_reported(text, m, others))
    ]


def _prepare(
    ctx: Context, posts: Sequence[GamePost], codes: frozenset[str]
) -> dict[str, set[int]] | None:
    """The matches of every post a check will look at, found in one batch
    (:meth:`Matcher.find_all`: one scan over all of them, several times less work than
    one post at a time); only when a rule that reads them is enabled.  Returns, for each
    enabled PHRASE rule of a category, the posts holding a match of it: the only posts
    its check can report (the engine calls it on those alone)."""
    if not any(c.startswith("PHRASE-") for c in codes):
        return None
    cache = ctx.phrase_matches
    looked = [gp.post for gp in posts if gp.kind is not None]
    if cache:
        todo = [p for p in looked if id(p) not in cache]
        _match_batch(ctx, todo)
        matched = list(filter(cache.__getitem__, map(id, looked)))  # (the few with a match)
    else:  # (a check's first batch: what it matched is all there is)
        matched = _match_batch(ctx, looked)
    found: dict[str, set[int]] = {f"PHRASE-{c}": set() for c in CATEGORIES}
    for key in matched:
        for m in cache[key]:
            found.setdefault(f"PHRASE-{m.category}", set()).add(key)
    # The posts the matcher left alone that the model asks about (auditor.rules.phrasemodel)
    for post in looked:
        if not cache.get(id(post)) and (asked := model_question(post.text, ctx)) is not None:
            found[f"PHRASE-{asked[0]}"].add(id(post))
    return {code: ids for code, ids in found.items() if code in codes}


def _match_batch(ctx: Context, todo: Sequence[Post]) -> list[int]:
    """Match ``todo`` and keep each post's matches in the context; returns the posts (ids)
    with a match."""
    cache = ctx.phrase_matches
    matched: list[int] = []
    if not todo:
        return matched
    matcher = matcher_for_context(ctx)
    # In slices of about BATCH_CHARS characters: the batch's normalised copies and index
    # arrays scale with what is scanned together (a 100k-post game's posts at once peaked
    # at 400 MB), each slice is a full numpy-sized batch, and each post is matched alike.
    # The slices are of even size (not a last short one that misses the array passes).
    texts = [p.text for p in todo]
    ends = list(accumulate(map(len, texts)))  # (the characters up to each text's end)
    total = ends[-1] if ends else 0
    per = total / max(1, -(-total // BATCH_CHARS))
    start = 0
    while start < len(texts):
        # (the slice ends at the first text that takes it to ``per`` characters)
        before = ends[start - 1] if start else 0
        end = max(start + 1, min(len(texts), bisect_left(ends, before + per, start) + 1))
        found = matcher.find_all(texts[start:end])
        cache.update(zip(map(id, todo[start:end]), found, strict=True))
        for k in compress(range(start, end), found):  # (the few with a match)
            key = id(todo[k])
            if kept := _kept(texts[k], found[k - start], ctx, todo[k].author):
                matched.append(key)
            cache[key] = kept
        start = end
    return matched


POST_BATCH.append(_prepare)

#: Characters of post text :func:`_prepare` hands the matcher at once.
BATCH_CHARS = 500_000


def model_question(text: str, ctx: Context) -> Asked | None:
    """What the learned reading tells the director about a post the matcher found nothing
    in: (category, probability, card) or None (:func:`auditor.rules.phrasemodel.question`,
    the game's players read as names, the matcher's own normalisation)."""
    return question(text, _game_names(ctx), matcher_for_context(ctx))


def model_cleared(text: str, ctx: Context) -> float | None:
    """The learned reading's veto of the matcher's hits on a post: the model's CLEAN
    probability where it is sure enough that the hits are shown as a question, not carded
    (:func:`auditor.rules.phrasemodel.cleared`); else None."""
    return cleared(text, _game_names(ctx), matcher_for_context(ctx))


def _in_a_name(m: PhraseMatch, names: list[tuple[int, int]]) -> bool:
    """The match lies inside a player's name, or straddles one as a sound-alike or
    look-alike (found by what the characters sound or look like, not what they are)."""
    for a, b in names:
        if a <= m.start and m.end <= b:
            return True
        if a < m.end and m.start < b and ({"音近", "形近"} & set(m.how)):
            return True
    return False


def _game_names(ctx: Context) -> tuple[str, ...]:
    # Players only: the director is usually called 导演, the very word director talk
    # (PHRASE-DIRECTOR) is about.
    return _longest_first(tuple(ctx.game.players))


@functools.lru_cache(maxsize=64)
def _longest_first(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(names, key=len, reverse=True))


def _name_spans(text: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for name in names:
        start = text.find(name)
        while start >= 0:
            spans.append((start, start + len(name)))
            start = text.find(name, start + 1)
    return spans


def to_match(m: PhraseMatch) -> Match:
    detail = f"{m.category} {m.entry}（{m.how_text}）"
    if m.category == CENSOR and m.note:  # whose word: the forum's filter, the director's own
        detail += f"；{m.note}"
    return Match(m.text, m.start, m.end, detail)


def _model_finding(
    code: str, gp: GamePost, opts: Mapping[str, object], title: str, asked: Asked, notice: bool
) -> Finding:
    """What the learned reading tells the director (「机读：…」, the line quoted): a card where
    its category's evidence holds (auditor.rules.phrasemodel.CARDS) and the post is not last
    words the preset leaves to the director; else a question (card none)."""
    text = gp.post.text.strip()
    shown = text if len(text) <= 60 else text[:59] + "…"
    start = gp.post.text.find(text[:60])
    carded = asked.card and not notice
    detail = f"机读：{'' if carded else '疑似'}{title}（把握 {asked.probability:.0%}）"
    note = (
        f"机读：{title}「{shown}」——词库里没有这个词，机读模型很有把握（这一类留一套验证的精确率"
        "不低于词库）；出牌只凭机读，请导演复核"
        if carded
        else f"机读：疑似{title}「{shown}」——词库里没有找到词，请导演判断（不出牌）"
    )
    return post_finding(
        code,
        gp,
        opts,
        [Match(text[:60], start, start + len(text[:60]), detail)],
        key="model",
        note=note,
        card=None if carded else "none",
    )


def _hit_finding(
    code: str,
    gp: GamePost,
    opts: Mapping[str, object],
    found: list[Match],
    ctx: Context,
    notice: bool,
) -> Finding:
    """The finding of the matcher's hits on a post: a card; a notice in last words the preset
    leaves to the director; a question (card none) where the learned reading reads the whole
    line as ordinary talk (the veto, auditor.rules.phrasemodel.VETO)."""
    # What he wrote, quoted as written (俾車撞), never the lexicon entry it was read as
    # (冚家铲): the director must find the words in the post (fh44 item 3).
    entries = "、".join(f"「{t}」" for t in dict.fromkeys(m.text for m in found))
    if notice:
        return post_finding(
            code,
            gp,
            opts,
            found,
            key="lastwords",
            note=f"遗言里的{entries}：提醒导演（公示前看一下；预设没有把遗言列入判罚范围，不出牌）",
            card="none",
        )
    if (clean := model_cleared(gp.post.text, ctx)) is not None:
        return post_finding(
            code,
            gp,
            opts,
            found,
            note=f"{entries}：机读：整句像是正常说话（把握 {clean:.0%}：谈论这件事、转述别人或"
            "引用规则），词库只看到了词——请导演判断（不出牌）",
            card="none",
        )
    return post_finding(code, gp, opts, found, note=entries)


# A sentence that asks the director for the speaker's own substitute (导演 sorry，我明天开始出差
# 一周，想请假/找替补) is the procedure the rules give, not talk of substitutes (030 替补: 若玩家
# …无法继续进行游戏，可以向导演申请更换替补；替补人选由导演最终决定，玩家不可私下寻找替补;
# M107 10 替补: 若玩家在游戏过程中因某些原因无法继续进行游戏…): fh47b, 卤煮 in the 进程帖.
# Its shape: the director addressed in the sentence, the speaker asking (我…想/要/申请, 请/麻烦/求),
# and no other player named — 他这么换替补我怎么认他狼 talks of someone else's substitute.
_SENTENCE_END = re.compile(r"[。！？!?\n]")
_ASKS = re.compile(
    r"我[^。！？!?\n]{0,24}?(?:想|要|申请|需要|得|只能|能不能|能否|可否|可以)|申请|麻烦|拜托|求"
)


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds ``text[start:end]``."""
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    after = _SENTENCE_END.search(text, end)
    return text[before[-1] if before else 0 : after.start() if after else len(text)]


def asks_director_for_substitute(text: str, match: Match, gp: GamePost, ctx: Context) -> bool:
    """Whether the match is in a sentence that asks the director for the speaker's own
    substitute or leave (the rules' own procedure, never 讨论替补 / 私下寻找替补)."""
    said = _sentence(text, match.start, match.end)
    addressed = "导演" in said or any(d and d in said for d in ctx.game.directors)
    others = [p for p in ctx.game.players if p != gp.player and p in said]
    return addressed and not others and "他" not in said and _ASKS.search(said) is not None


# Per category: matches the rules' own procedure makes no violation of (see each function).
_PROCEDURE = {"SUBSTITUTE": asks_director_for_substitute}


def _violations(
    matches: Sequence[PhraseMatch], category: str, gp: GamePost, ctx: Context
) -> list[Match]:
    """The category's matches, less those the rules' own procedure makes (:data:`_PROCEDURE`)."""
    found = [to_match(m) for m in matches if m.category == category]
    procedure = _PROCEDURE.get(category)
    if procedure is None:
        return found
    return [m for m in found if not procedure(gp.post.text, m, gp, ctx)]


def _make(code: str, lexicon: Category, fail: str, passes: str) -> None:
    category = code.removeprefix("PHRASE-")
    seed = "；".join(lexicon.seeds)

    def check(gp: GamePost, ctx: Context, opts: Mapping[str, Any]) -> Iterator[Finding]:
        if gp.kind is None:
            return
        matches = post_matches(gp, ctx)  # found for the whole check at once (_prepare)
        asked = None if matches else model_question(gp.post.text, ctx)
        if not matches and (asked is None or asked[0] != category):
            return  # most posts: nothing for any PHRASE rule (a few: the model's question)
        notice = False
        if gp.lastwords:
            # Last words are carded when the rule set lists them (a clause that reaches
            # them), wherever they were posted.  Otherwise an oath or an insult in them is
            # a notice to the director, who publishes them (the seeds' 判罚范围 names the
            # game threads, and bans only Discuz! code in last words explicitly).
            if ThreadKind.LASTWORDS.value not in opts["threads"]:
                if category not in LASTWORDS_NOTICE:
                    return
                notice = True
        elif gp.kind.value not in opts["threads"]:
            return
        if asked is not None:  # a card only where its category's evidence holds (phrasemodel)
            yield _model_finding(code, gp, opts, lexicon.title, asked, notice)
            return
        found = _violations(matches, category, gp, ctx)
        if found:
            yield _hit_finding(code, gp, opts, found, ctx, notice)

    check.__name__ = f"phrase_{category.lower()}"
    check.__doc__ = f"""{lexicon.title}（内置词库 lexicons/{Path(lexicon.path).name}，@category {category}）。

    依据：{seed}。

    导演自己要加的词写进自己的词库文件，在游戏文件里用 [rules] lexicons 指明（格式见
    lexicons/README.md“导演自己的词库”）；不要改内置词库：安装后它在程序的安装目录里，
    升级时会被覆盖。匹配会经过全半角、大小写、繁简、去噪（卧~槽）、叠字、形近、表情
    （🐶 读作 狗）、音近（拼音）、近音（l/n、zh/z 等）、首字母（wc、tmd）等归一化，
    并用 jieba 分词确认词边界（操作、逼近、吃草 不算）。
    引用别人的内容不算在引用者头上；提到规则（规则说不能发誓）、转述别人的发誓不算。
    一帖一条发现，列出该帖本类全部命中。预设的 threads 不含 lastwords 时，遗言里的
    骂人、发誓、诅咒、担保只提醒导演（card none，遗言由导演公示）。
    词库什么也没找到、而机读模型（auditor.rules.phrasemodel，按已评分的测试集训练的字 n 元
    线性模型）很有把握是本类的帖子，作为问题交给导演（「机读：疑似…」并引用原句，card none）；
    留一套交叉验证里这一类的精确率不低于词库、且问题够多的类别，把握更高时出牌（「机读：…」，
    注明只凭机读）。词库有意放过的同类说法（提到规则、游戏用语）机读不问。

    FAIL：“{fail}”。

    PASS：“{passes}”。
    """
    rule(
        code=code,
        title=lexicon.title,
        seed=seed,
        thread_kinds=(*PHRASE_KINDS, ThreadKind.LASTWORDS),
        options={
            "threads": Option(
                list,
                [k.value for k in PHRASE_KINDS],
                "检查的帖子类型",
                tuple(k.value for k in ThreadKind),
            ),
        },
    )(check)


if _missing := rules_without_lexicon():
    raise LexiconError(_missing)
for _code, (_fail, _pass) in PHRASE_RULES.items():
    _make(_code, LEXICONS[_code.removeprefix("PHRASE-")], _fail, _pass)


def categories_without_rule(lex: Lexicon | Mapping[str, str]) -> list[Problem]:
    """Lexicon categories no PHRASE rule reports: their matches would never be seen.
    ``lex``: a lexicon, or its categories' files by code (``Matcher.category_files``)."""
    files = lex if isinstance(lex, Mapping) else {c: cat.path for c, cat in lex.categories.items()}
    return [
        Problem(
            path or "<lexicon>",
            1,
            f"类别 {code} 没有对应的规则（PHRASE-{code}）：它的词条永远不会被报告；"
            f"可用的类别：{'、'.join(CATEGORIES)}",
        )
        for code, path in sorted(files.items())
        if code not in CATEGORIES
    ]
