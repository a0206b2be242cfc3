"""Does the banned-phrase matcher generalise beyond the dev set it was tuned on?

Fresh validation lines, written for issue 6's follow-up from the seed clauses alone
(000 = M107 违规判定 1–4, 8, 12; 001 = 030 违规判定 1–4, 7(4)), as paraphrases of the
whole space of ways a player says each banned thing, plus hard negatives that carry the
same words in innocent senses. They were written (and committed) before the lexicons
were changed for generalisation, and none is copied from tests/devset/.

Labels follow tests/devset/README.md ("Labelling policy"): one category per line
(``A|B`` when two clauses are hit), ``NONE`` for a line a director would not card.
Scoring is line level, as scripts/devset_eval.py: a line is a true positive for C when
C is in its label and the matcher reports C; a reported category the line does not carry
is a false positive.

    python tests/rules/test_matcher_generalise.py      # per-category figures and the lines scored wrong
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.phrase_scoring import Wrong, ratio, score

LINES: list[tuple[str, str]] = [
    # ---- BLAME: 030 1(1) 讨论游戏责任 (甩锅、怪罪、追责、认锅)
    ("BLAME", "都怪你，昨天非要带节奏出包子"),
    ("BLAME", "要不是你乱跳预言家，我们好人早就赢了"),
    ("BLAME", "你害死了整个好人阵营"),
    ("BLAME", "这口锅你背定了"),
    ("BLAME", "这局要是输了，全是饺子的责任"),
    ("BLAME", "好人输就输在馄饨身上"),
    ("BLAME", "要是输了，罪魁祸首就是你"),
    ("BLAME", "输了你要负全责"),
    ("BLAME", "别甩锅给我，是你先跳的"),
    ("BLAME", "都是你的错，害我们白白丢了一个神"),
    ("BLAME", "都是因为你，狼队才翻盘的"),
    ("BLAME", "你得为这次失败负责"),
    ("BLAME", "这次投错人的锅我来背"),
    ("BLAME", "女巫不救人，输了就怨她"),
    ("BLAME", "好人被你坑惨了"),
    ("BLAME", "一切都是春卷的错"),
    # ---- DIRECTOR: M107 8(1)–(2)；030 3(1)–(2) 发表与导演的对话、反对导演的决定
    ("DIRECTOR", "导演说我的那票算有效"),
    ("DIRECTOR", "法官私信我说昨晚是平安夜"),
    ("DIRECTOR", "我问过导演了，女巫可以自救"),
    ("DIRECTOR", "导演这个判罚太不公平了"),
    ("DIRECTOR", "导演回我说可以改票"),
    ("DIRECTOR", "刚才导演私聊告诉我结果了"),
    ("DIRECTOR", "导演亲口说的，警长有1.5票"),
    ("DIRECTOR", "我去找导演问了，他说这个技能先结算"),
    ("DIRECTOR", "导演给的反馈是非村民阵营"),
    ("DIRECTOR", "这个蓝牌我不认"),
    ("DIRECTOR", "导演你判得不对吧"),
    ("DIRECTOR", "凭什么只罚我不罚他"),
    ("DIRECTOR", "导演你这是双标"),
    ("DIRECTOR", "这张黄牌我拒绝接受"),
    ("DIRECTOR", "根据导演私下的回复，守卫不能连守"),
    ("DIRECTOR", "跟导演确认过了，票型没问题"),
    ("DIRECTOR", "导演昨晚找我聊了，说我的身份没问题"),
    ("DIRECTOR", "法官的裁决我不接受"),
    # ---- GUARANTEE: M107 3(3)–(7)；030 2(6)–(7) 以生命、人格、信仰、判罚、揭秘担保或威胁
    ("GUARANTEE", "我拿人格担保，他是预言家"),
    ("GUARANTEE", "他要是好人，我退坛"),
    ("GUARANTEE", "我敢用ID保证我是好人"),
    ("GUARANTEE", "不信的话揭秘见"),
    ("GUARANTEE", "等复盘的时候你就知道谁对了"),
    ("GUARANTEE", "骗你我吃翔"),
    ("GUARANTEE", "我要是狼，我就删号"),
    ("GUARANTEE", "我是狼的话直播倒立"),
    ("GUARANTEE", "我用我的账号担保"),
    ("GUARANTEE", "拿我全家人的人格保证"),
    ("GUARANTEE", "我可以拿性命打赌他是狼"),
    ("GUARANTEE", "他要不是狼，我把ID倒过来写"),
    ("GUARANTEE", "如果我是狼，我自愿吃一张红牌"),
    ("GUARANTEE", "是不是狼，揭秘的时候见分晓"),
    ("GUARANTEE", "等结束了翻演员表，看我有没有骗你"),
    ("GUARANTEE", "你敢投我，揭秘后有你好看"),
    ("GUARANTEE", "再踩我，我就让导演给你黄牌"),
    ("GUARANTEE", "赌上我的版杀生涯，他必是狼"),
    ("GUARANTEE", "我用项上人头担保"),
    ("GUARANTEE", "我要是说谎，以后永远不玩版杀"),
    ("GUARANTEE", "他不是狼我名字倒着写"),
    ("GUARANTEE", "以我的信仰起誓，我是村民"),
    # ---- ASSISTANT: M107 4(4)；030 4(5) 讨论场外助理
    ("ASSISTANT", "我助理觉得包子是狼"),
    ("ASSISTANT", "我家场外说要投饺子"),
    ("ASSISTANT", "问了下我的军师，他也觉得馄饨有问题"),
    ("ASSISTANT", "你的场助是不是在帮你看帖"),
    ("ASSISTANT", "我场外帮我分析了一下票型"),
    ("ASSISTANT", "我背后有高人指点"),
    ("ASSISTANT", "他肯定有场外在教他"),
    ("ASSISTANT", "昨晚跟我助理商量了一下"),
    ("ASSISTANT", "有场助带就是不一样"),
    # ---- AWARD: 030 1(2) 讨论评奖或结束后事宜
    ("AWARD", "这局MVP非饺子莫属"),
    ("AWARD", "给汤圆颁个最佳演绎奖"),
    ("AWARD", "打完这局我请大家吃火锅"),
    ("AWARD", "游戏结束我要加你微信"),
    ("AWARD", "我把你拉进黑名单了"),
    ("AWARD", "最佳新人肯定是春卷"),
    ("AWARD", "结束后我们约个饭"),
    ("AWARD", "以后有你的场我都不报名"),
    ("AWARD", "这波演技值得一个小金人"),
    ("AWARD", "等揭秘了大家互关一下"),
    # ---- FACE: 030 2(8) 以贴脸作为讨论依据
    ("FACE", "饺子这波贴脸，我站他"),
    ("FACE", "他脸都贴我脸上了，我信"),
    ("FACE", "这么贴脸肯定是真预言家"),
    ("FACE", "包子贴臉贴成這樣，不像狼"),
    ("FACE", "能贴成这样的不可能是狼"),
    ("FACE", "看他那个贴脸的样子，我选择相信"),
    # ---- SOCKPUPPET: M107 4(1)；030 4(1)–(2)
    ("SOCKPUPPET", "这不就是你的小号吗"),
    ("SOCKPUPPET", "春卷的马甲我已经扒出来了"),
    ("SOCKPUPPET", "老公get(1/2)"),
    ("SOCKPUPPET", "我一眼就认出你是谁了"),
    ("SOCKPUPPET", "这个文风太熟了，肯定是老朋友"),
    ("SOCKPUPPET", "他的MJ早就掉了"),
    ("SOCKPUPPET", "你们都懂我的，我从来不悍跳"),
    # ---- PASTGAME: M107 4(2)；030 4(3)
    ("PASTGAME", "上一场你就是这么骗我的"),
    ("PASTGAME", "M106里你也这样悍跳"),
    ("PASTGAME", "上次版杀你拿狼也是这个套路"),
    ("PASTGAME", "你以前当预言家的时候可不是这样"),
    ("PASTGAME", "还记得上一届你被投出去吗"),
    ("PASTGAME", "之前那局你就是倒钩狼"),
    # ---- SUBSTITUTE: M107 4(3)；030 4(4)、4(6)
    ("SUBSTITUTE", "这个号是不是换人打了"),
    ("SUBSTITUTE", "包子的发言风格全变了，换人了吧"),
    ("SUBSTITUTE", "谁能来帮我顶一下号，明天出差"),
    ("SUBSTITUTE", "我明天没空，有没有人替我打"),
    ("SUBSTITUTE", "这号易主了吧"),
    ("SUBSTITUTE", "替补进来的人不知道前情"),
    ("SUBSTITUTE", "油条中途换了个人在玩"),
    ("SUBSTITUTE", "找个人替我玩两天"),
    # ---- KIN: M107 1(4)；030 2(3)
    ("KIN", "你丫的会不会玩"),
    ("KIN", "去你妈的预言家"),
    ("KIN", "他娘的又空刀"),
    ("KIN", "叫声爷爷我就放过你"),
    ("KIN", "奶奶个熊，又被刀了"),
    ("KIN", "你妹的，投我干嘛"),
    ("KIN", "尼玛，又是平安夜"),
    ("KIN", "cnmb，别踩我"),
    # ---- VULGAR: M107 1(2)；030 2(2)–(3)
    ("VULGAR", "卧了个槽，这都能翻盘"),
    ("VULGAR", "我屮，又是我"),
    ("VULGAR", "靠，又空刀"),
    ("VULGAR", "干！被刀了"),
    ("VULGAR", "What the fuck，这票型"),
    ("VULGAR", "握了个草"),
    ("VULGAR", "我日，女巫没救"),
    # ---- CHARACTER: M107 2(2)；030 2(4)
    ("CHARACTER", "你真不是个东西"),
    ("CHARACTER", "你这人太卑鄙了"),
    ("CHARACTER", "这人品我真是服气，烂透了"),
    ("CHARACTER", "没良心的家伙"),
    ("CHARACTER", "你还要不要脸"),
    ("CHARACTER", "脸皮真厚啊你"),
    ("CHARACTER", "你就是个伪君子"),
    ("CHARACTER", "你是什么东西，也配指挥我"),
    # ---- other categories, a few each (the lexicons were already strong here)
    ("BODY", "牛B啊这操作"),
    ("BODY", "你个傻叉"),
    ("BODY", "这刀真屌"),
    ("ANIMAL", "你个猪队友"),
    ("ANIMAL", "舔狗一个"),
    ("ANIMAL", "他就是个白眼狼"),
    ("IQ", "你脑子被驴踢了吧"),
    ("IQ", "智商欠费就别发言了"),
    ("IQ", "你是不是傻"),
    ("OATH", "我对天发誓，我是平民"),
    ("OATH", "我发四，我没骗人"),
    ("OATH", "天地良心，我真是猎人"),
    ("CURSE", "你不得好死"),
    ("CURSE", "祝你出门踩狗屎"),
    ("CURSE", "骗人的迟早遭报应"),
    ("EMOTION", "气死我了，又被刀"),
    ("EMOTION", "心态崩了，不想玩了"),
    ("EMOTION", "我真的要疯了"),
    ("DROWN", "明天我故意不发言，淹死算了"),
    ("DROWN", "反正要出我，我直接潜水好了"),
    ("DROWN", "我就不投票，吃黄牌就吃"),
    # ================= hard negatives (NONE)
    # BLAME traps: counterfactuals, 怪不得, food, procedure
    ("NONE", "要不是你提醒，我差点忘了投票"),
    ("NONE", "怪不得他要跳预言家"),
    ("NONE", "奇怪，狼队为什么不刀女巫"),
    ("NONE", "今晚想吃火锅"),
    ("NONE", "我负责今晚守护女巫"),
    ("NONE", "刚才投票格式错了，我重新投"),
    ("NONE", "这个锅盖是谁的"),
    ("NONE", "输入法出问题了，刚才打错字"),
    ("NONE", "他的发言错了一个细节：昨天是平安夜"),
    # DIRECTOR traps: public posts, thanks, questions, accepting rulings
    ("NONE", "导演辛苦了"),
    ("NONE", "请导演公示一下：女巫能不能自救"),
    ("NONE", "等导演发进程帖"),
    ("NONE", "导演在进程帖公布了，今天加速"),
    ("NONE", "请问导演，投票几点截止"),
    ("NONE", "接受导演的判罚，下次注意"),
    ("NONE", "导演的剧本设计得很有意思"),
    ("NONE", "按规则帖里写的，警长1.5票"),
    ("NONE", "导演什么时候开门"),
    # GUARANTEE traps: bare promises, in-game evidence, counterfactual reasoning
    ("NONE", "我保证明天第一个发言"),
    ("NONE", "不信你看看昨天的票型"),
    ("NONE", "等明天看预言家的查验结果"),
    ("NONE", "我要是狼，怎么会第一天就出来挡刀"),
    ("NONE", "假如我是狼，我会先刀女巫"),
    ("NONE", "我的人格分析：他比较冲动"),
    ("NONE", "这个账号是我自己注册的时候起的名"),
    ("NONE", "拿命去赌的是狼队，不是我们"),
    ("NONE", "演员表上写了角色的技能说明"),
    # ASSISTANT traps
    ("NONE", "场外信息不能用"),
    ("NONE", "他那一刀等于给狼队助攻"),
    ("NONE", "我是新手，多多指教"),
    ("NONE", "这是场内讨论，大家理性"),
    ("NONE", "军训的时候我也这么困"),
    # AWARD traps
    ("NONE", "最佳的办法是今天出包子"),
    ("NONE", "今晚的最佳选择是验饺子"),
    ("NONE", "投票结束后进入夜晚"),
    ("NONE", "游戏结束的条件是狼人全部出局"),
    ("NONE", "拉票环节开始了"),
    ("NONE", "我加了一票给包子"),
    ("NONE", "结束发言，过"),
    # FACE traps: rule reminders, other senses
    ("NONE", "规则说不能拿贴脸当理由，我就不说了"),
    ("NONE", "他的预言家跳得很果断"),
    ("NONE", "打脸来得太快"),
    ("NONE", "锅贴和饺子哪个好吃"),
    ("NONE", "铁链锁住了门"),
    ("NONE", "这张脸谱很好看"),
    # SOCKPUPPET traps: game roles and in-game analysis
    ("NONE", "他是不是那个跳预言家的"),
    ("NONE", "你是那个昨晚被刀的人吗"),
    ("NONE", "大家清楚我一直在踩包子"),
    ("NONE", "我拆出了狼坑：馄饨和油条"),
    ("NONE", "我知道你是想保女巫"),
    ("NONE", "大号字体是导演专用的"),
    ("NONE", "你知道我的意思吧，今天出包子"),
    ("NONE", "一眼看出他在划水"),
    ("NONE", "你们都知道我昨天投了谁"),
    ("NONE", "女巫的真实身份还没暴露"),
    # PASTGAME traps: same game, current game names, other senses of 场
    ("NONE", "轮到我上场了，我来分析"),
    ("NONE", "本场M107规则：警长1.5票"),
    ("NONE", "上一轮投票包子最高"),
    ("NONE", "那场面太乱了"),
    ("NONE", "之前那轮发言我补充一下"),
    ("NONE", "他前一天发言比较少"),
    ("NONE", "版杀7的规则是三轮投票"),
    ("NONE", "我以前不太会玩，请多包涵"),
    ("NONE", "你总是先发言再投票"),
    # SUBSTITUTE traps
    ("NONE", "替罪羊昨晚被投出去了"),
    ("NONE", "我改票，换投包子"),
    ("NONE", "我们换个人验吧"),
    ("NONE", "我替包子说句公道话"),
    ("NONE", "顶一下，大家快来看帖"),
    # VULGAR traps: 靠/擦/干/日 in ordinary senses
    ("NONE", "我靠直觉投票"),
    ("NONE", "我擦亮眼睛看看谁是狼"),
    ("NONE", "这跟你有什么相干"),
    ("NONE", "第2日开始加速"),
    ("NONE", "草草看了一下帖子"),
    ("NONE", "我靠近女巫的位置"),
    ("NONE", "干得漂亮，预言家"),
    ("NONE", "今日份的发言来了"),
    ("NONE", "天干物燥，小心火烛"),
    ("NONE", "滚动看帖太累了"),
    # KIN / CHARACTER / others traps
    ("NONE", "我妈叫我吃饭了，晚点来"),
    ("NONE", "他爸爸是警察这个设定好"),
    ("NONE", "孙悟空都看不出谁是狼"),
    ("NONE", "这票投得有点随意"),
    ("NONE", "东西南北四个方位"),
    ("NONE", "脸皮薄，不好意思踩人"),
    ("NONE", "猪肉炖粉条"),
    ("NONE", "我傻了，忘了写理由"),
    ("NONE", "发誓是违规的，大家别发"),
    ("NONE", "狼队被诅咒了，连着空刀"),
    ("NONE", "笑死，这票型"),
    ("NONE", "我淹死贴已经写好了"),
    ("NONE", "牛肉面真好吃"),
    ("NONE", "白痴翻牌，免于放逐"),
    # ================= second probe (76 lines), written after the first round of lexicon changes and
    # scored blind once (precision 0.905, recall 0.844; the lexicons before issue 6's follow-up: 0.769 / 0.444)
    ("BLAME", "今天这个局面，饺子要负主要责任"),
    ("BLAME", "好人崩盘全赖春卷"),
    ("BLAME", "你把好人坑死了"),
    ("BLAME", "输了这锅谁背"),
    ("BLAME", "都赖女巫不开药"),
    ("BLAME", "昨天要不是包子带歪，狼早出完了"),
    ("BLAME", "你就是这局的罪人"),
    ("BLAME", "追究起来，预言家责任最大"),
    ("DIRECTOR", "导演悄悄跟我说了一句"),
    ("DIRECTOR", "法官回复说守卫能自守"),
    ("DIRECTOR", "我刚私信导演，他让我放心"),
    ("DIRECTOR", "导演的解释我不认同"),
    ("DIRECTOR", "这判罚简直离谱"),
    ("DIRECTOR", "凭啥罚我蓝牌"),
    ("DIRECTOR", "导演昨晚回我消息了"),
    ("DIRECTOR", "我对这张红牌有意见"),
    ("GUARANTEE", "我拿脑袋担保他是狼"),
    ("GUARANTEE", "我赌上我的名誉"),
    ("GUARANTEE", "如果我骗人，我就删号退坛"),
    ("GUARANTEE", "他是好人的话我直播吃键盘"),
    ("GUARANTEE", "等演员表出来你就知道了"),
    ("GUARANTEE", "揭秘后看我打不打你脸"),
    ("GUARANTEE", "我以我妈的人格保证"),
    ("GUARANTEE", "再污蔑我，我就去投诉你"),
    ("ASSISTANT", "我的场外助理让我投包子"),
    ("ASSISTANT", "有大佬在背后帮我看"),
    ("ASSISTANT", "场助说你发言有问题"),
    ("AWARD", "最佳狼人非你莫属"),
    ("AWARD", "结束后加个QQ吧"),
    ("AWARD", "下场再也不跟你同场了"),
    ("AWARD", "这个演技可以拿奥斯卡了"),
    ("FACE", "他都贴到这份上了，还投？"),
    ("FACE", "这贴脸程度，必是真神"),
    ("SUBSTITUTE", "我下周要出差，想找人顶号"),
    ("SUBSTITUTE", "饺子的号现在不是本人在玩吧"),
    ("SUBSTITUTE", "有没有人帮我玩几天"),
    ("SOCKPUPPET", "你那个马甲我早认出来了"),
    ("SOCKPUPPET", "这口吻太熟悉了，是老王吧"),
    ("PASTGAME", "上把你也这么跳"),
    ("PASTGAME", "当年你拿女巫也是乱毒"),
    ("KIN", "他奶奶的，又是我"),
    ("KIN", "叫爸爸"),
    ("VULGAR", "我了个草"),
    ("CHARACTER", "你这种人真恶心"),
    ("CHARACTER", "你的人品太差了"),
    ("NONE", "包子负责归票"),
    ("NONE", "这个问题我来回答"),
    ("NONE", "我赖床了，来晚了"),
    ("NONE", "导演好，请问今天几点关门"),
    ("NONE", "我接受这个判罚"),
    ("NONE", "导演的进程帖发了吗"),
    ("NONE", "我保证会认真发言"),
    ("NONE", "演员表在规则帖里"),
    ("NONE", "揭秘之前大家别乱猜"),
    ("NONE", "他之前跳过预言家"),
    ("NONE", "最佳的时机已经过了"),
    ("NONE", "我加一句：包子划水"),
    ("NONE", "等结束再说吧"),
    ("NONE", "这贴子好长"),
    ("NONE", "我顶着压力投包子"),
    ("NONE", "替补规则在规则帖"),
    ("NONE", "场外的事不要讨论"),
    ("NONE", "他的风格很稳"),
    ("NONE", "上把刀给狼队"),
    ("NONE", "我以前没玩过这个板子"),
    ("NONE", "怪物猎人的技能"),
    ("NONE", "靠推理找狼"),
    ("NONE", "你这个推理有问题"),
    ("NONE", "我害怕被刀"),
    ("NONE", "号码是3号"),
    ("NONE", "他不是狼，是好人"),
    ("NONE", "请大家投包子"),
    ("NONE", "这把我站饺子"),
    ("NONE", "我要是女巫，今晚就救"),
    ("NONE", "你们知道我昨天验了谁吧"),
    ("NONE", "坑位：狼坑有两个"),
]

CATEGORIES = sorted({c for label, _ in LINES if label != "NONE" for c in label.split("|")})


def _score() -> tuple[Counter[str], Counter[str], Counter[str], Wrong]:
    return score(LINES)


_ratio = ratio


def test_validation_set_shape() -> None:
    positives = [t for label, t in LINES if label != "NONE"]
    negatives = [t for label, t in LINES if label == "NONE"]
    assert len(LINES) >= 150
    assert len(negatives) >= 0.6 * len(positives)
    assert len({t for _, t in LINES}) == len(LINES), "duplicate validation lines"


@pytest.mark.parametrize(
    ("scope", "min_precision", "min_recall"),
    [
        ("overall", 0.9, 0.85),
        # The categories the holdout found weakest: each must at least mostly generalise.
        *[
            (c, 0.8, 0.7)
            for c in (
                "BLAME",
                "DIRECTOR",
                "GUARANTEE",
                "ASSISTANT",
                "AWARD",
                "FACE",
                "SUBSTITUTE",
                "SOCKPUPPET",
                "PASTGAME",
                "KIN",
                "VULGAR",
                "CHARACTER",
            )
        ],
    ],
)
def test_generalises(scope: str, min_precision: float, min_recall: float) -> None:
    tp, fp, fn, wrong = _score()
    if scope == "overall":
        p = _ratio(sum(tp.values()), sum(fp.values()))
        r = _ratio(sum(tp.values()), sum(fn.values()))
        shown = wrong
    else:
        p, r = _ratio(tp[scope], fp[scope]), _ratio(tp[scope], fn[scope])
        shown = [w for w in wrong if scope in w[0].split("|") or scope in w[2]]
    assert p >= min_precision and r >= min_recall, (scope, round(p, 3), round(r, 3), shown)


if __name__ == "__main__":
    tp, fp, fn, wrong = _score()
    print(f"{'category':<12} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>9} {'recall':>7}")
    for c in sorted(set(tp) | set(fp) | set(fn)):
        print(
            f"{c:<12} {tp[c]:>4} {fp[c]:>4} {fn[c]:>4} {_ratio(tp[c], fp[c]):>9.3f} {_ratio(tp[c], fn[c]):>7.3f}"
        )
    print(
        f"{'overall':<12} {sum(tp.values()):>4} {sum(fp.values()):>4} {sum(fn.values()):>4} "
        f"{_ratio(sum(tp.values()), sum(fp.values())):>9.3f} {_ratio(sum(tp.values()), sum(fn.values())):>7.3f}"
    )
    for label, text, got in wrong:
        print(f"{label}\tgot={'|'.join(sorted(got)) or 'NONE'}\t{text}")
