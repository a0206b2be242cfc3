"""The verdict: is a match a phrase mentioned rather than said?  It asks the
principles in turn (a quotation, another sense, a title, a named act told in the story,
reported, named as a rule, asked about or disclaimed), each in a module of its own."""

from __future__ import annotations

from dataclasses import replace

from auditor.rules.phrasematch import PhraseMatch
from auditor.rules.said.disclaimed import ADVISED_AGAINST, DENIED, method_weighed, spoken_of
from auditor.rules.said.quoted import (
    named_as_bad_word,
    named_as_writing,
    quoted_as_rule,
    reported_quote,
    talked_of_in_quotes,
)
from auditor.rules.said.reported import (
    denied_as_own,
    disowned_words,
    insult_reported,
    other_reported,
    reported_of_other,
    words_reported,
)
from auditor.rules.said.rule import (
    ALLOWED_ONLY,
    RULE_SAYS,
    asked_of_rules,
    named_as_rule,
    substitute_as_announced,
    talk_refused,
)
from auditor.rules.said.senses import (
    IDIOT_ROLE,
    STORY,
    STORY_TAG,
    heading_picture,
    other_sense,
    self_belittled,
)
from auditor.rules.said.text import (
    CLAUSE_MARKS,
    NAMED_ACTS,
    SENTENCE_PUNCT,
    TOPICS,
    around,
    in_title,
    plain_table,
)


def mentioned(text: str, m: PhraseMatch) -> bool:
    """Is the match a phrase mentioned rather than said: a sound-alike inside a title
    (《…》), quoted in a rule reminder (禁止说
    “我发誓”, “不信等揭秘”这种话别说), a rule named in the poster's own words (规则说不能
    发誓, 你这算发誓吧小心被罚), or another player's oath or guarantee reported (他刚才
    发誓了)?  Insults are never mentions: only the categories of :data:`NAMED_ACTS` and
    quoted phrases.  Read in simplified characters and half-width letters, whatever the
    script of the post."""
    plain = text.translate(plain_table())
    if plain != text:
        text, m = plain, replace(m, text=plain[m.start : m.end])
    return _mentioned_in_any(text, m) or (m.category in NAMED_ACTS and _act_mentioned(text, m))


def _mentioned_in_any(text: str, m: PhraseMatch) -> bool:
    """Mentions of a phrase of any category: quoted in a rule reminder or a report, used in
    another sense, inside a title, 白痴 the role, an emoji illustrating the story."""
    if _quoted_or_another_sense(text, m):
        return True
    if ("音近" in m.how or "近音" in m.how) and in_title(text, m.start, m.end):
        return True  # 《李狗嗨》: a title sounds like what it sounds like
    if m.category in NAMED_ACTS and in_title(text, m.start, m.end):
        return True  # 《最佳演绎》, a novel: the act's word as a name
    sentence = around(text, m.start, m.end, SENTENCE_PUNCT)
    if insult_reported(text, m, sentence):
        return True  # 8号骂5号狗东西，这算违规吗: another's words, handed on
    if words_reported(text, m):
        return True  # 有人说你脑子有问题: another's words, told
    if m.category == "IQ" and self_belittled(text, m):
        return True  # 我太笨了，被3号骗了两天: the poster of himself
    if m.category == "IQ" and "白痴" in m.text:
        return bool(IDIOT_ROLE.search(text, *sentence))  # 他是白痴，翻牌了: the role
    if "表情" not in m.how:
        return False
    # 🌿 剧情里那片草地: a picture beside the story it illustrates
    return bool(STORY.search(text, *sentence) or STORY_TAG.match(text)) or heading_picture(text, m)


def _quoted_or_another_sense(text: str, m: PhraseMatch) -> bool:
    """Quoted in a rule reminder or a report, used in another sense, disowned, or named as a
    word (“逼”字, “信球”是骂人话)."""
    return (
        quoted_as_rule(text, m.start, m.end)
        or reported_quote(text, m.start, m.end)
        or other_sense(text, m)
        or disowned_words(text, m)
        or named_as_writing(text, m.start, m.end)
        or named_as_bad_word(text, m.start, m.end)
    )


def _act_mentioned(text: str, m: PhraseMatch) -> bool:
    """A named act (:data:`NAMED_ACTS`) told in the story, reported of another, or named
    as a rule."""
    s_lo, s_hi = around(text, m.start, m.end, SENTENCE_PUNCT)
    lo, hi = around(text, m.start, m.end, CLAUSE_MARKS)
    before, after = text[lo : m.start], text[m.end : hi]
    if STORY.search(before) or STORY_TAG.match(text):
        return True  # 故事里二叔说他出门被车撞了: the story's words, not the poster's
    if DENIED.match(text, m.end) or talked_of_in_quotes(text, m.start, m.end):
        return True
    if method_weighed(text, m, (s_lo, s_hi)):
        return True  # 如果说贴脸能判断，那游戏就不用玩了: the method weighed, nobody read
    if ADVISED_AGAINST.search(before) or ADVISED_AGAINST.search(text, lo, m.start + 1):
        return True  # 不用拿人格担保，说说逻辑就行: advice not to (its 用 may open the match)
    if m.category in TOPICS and ALLOWED_ONLY.search(text, s_lo, s_hi):
        return True  # 树洞里才可以拆马甲: where the rules allow it, a reminder
    if denied_as_own(m, before) or reported_of_other(text, m, (s_lo, s_hi), before, after):
        return True
    lead = RULE_SAYS.match(text, s_lo)
    if (
        lead
        and lead.end() <= m.start
        and not any(c in CLAUSE_MARKS for c in text[lead.end() : m.start])
    ):
        return True  # 规则说反对导演的判罚也算违规: the rule, stated
    if m.category == "SUBSTITUTE" and substitute_as_announced(text, m, s_lo, s_hi):
        return True
    if _asked_told_or_refused(text, m, (s_lo, s_hi), before, after):
        return True
    return named_as_rule(text, (s_lo, s_hi), m.start, before, after) or spoken_of(
        m, before, after, text[m.end : s_hi]
    )


def _asked_told_or_refused(
    text: str, m: PhraseMatch, sentence: tuple[int, int], before: str, after: str
) -> bool:
    """A rule asked about (问一下规则，担保和发誓算一种吗？), another's act told (有人在帖子里骂人了),
    or talk of the topic refused (讨论马甲、提往届场次都不行)."""
    return (
        asked_of_rules(text, m)
        or other_reported(text, m, sentence, before)
        or talk_refused(before, after)
    )
