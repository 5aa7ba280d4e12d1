"""Korean, Japanese and Chinese read in English: their day words, the readings they ask for, and (Chinese,
which a user writes whole around English job names) its question words, requests and cards."""

from __future__ import annotations

import re
from collections.abc import Callable

from gpuaccel.assistant.understand.languages.tables import Lean, reads

# Korean and Japanese said in passing in an English message ("오늘 h100 max temp", "4090 昨日 peak"):
# their day words in English; any other Hangul or CJK word (a feeling, "혹시", "ㅇㅋ") asks nothing of
# the machine and is left out, where the message has English of its own to read
_EAST_ASIAN_WORDS = (
    ("그저께", "the day before yesterday"), ("어젯밤", "last night"), ("오늘", "today"),
    ("어제", "yesterday"), ("지금", "now"), ("현재", "now"), ("방금", "just now"),
    ("아까", "earlier today"), ("오전", "this morning"), ("오후", "this afternoon"),
    ("저녁", "this evening"), ("이번 주", "this week"), ("이번주", "this week"), ("지난주", "last week"),
    ("今日", "today"), ("昨日", "yesterday"), ("今朝", "this morning"), ("昨夜", "last night"),
    ("午後", "this afternoon"), ("午前", "this morning"), ("今週", "this week"), ("今", "now"),
)  # fmt: skip
# what is asked, in Japanese ("今のGPU温度は?", "今日の電力量は?", "ジョブ3はなぜ失敗?") and Korean: a message
# with one of these asks of the machine even with no English of its own
_EAST_ASIAN_ASKS = (
    ("消費電力量", " energy "), ("電力量", " energy "), ("消費電力", " power draw "), ("電力", " power "),
    ("温度", " temperature "), ("使用率", " utilization "), ("利用率", " utilization "),
    ("メモリ", " memory "), ("ファン", " fan "), ("クロック", " clock "), ("ジョブ", " job "),
    ("なぜ", " why "), ("失敗", " failed "), ("最大", " max "), ("最高", " max "), ("平均", " average "),
    ("最小", " min "), ("何時", " what time "),
    ("いつ", " when "), ("どのくらい", " how long "), ("エネルギー", " energy "), ("キュー", " queue "),
    ("온도", " temperature "), ("전력량", " energy "), ("전력", " power "), ("사용률", " utilization "),
    ("메모리", " memory "), ("작업", " job "), ("왜", " why "), ("최대", " max "), ("평균", " average "),
)  # fmt: skip
# Chinese numerals before what they count ("两张卡", "一号卡", "一小时", "一周以前"): in digits, so the
# English reader counts them; a number written in digits stays whole ("调到 10" is ten, never "1 0"); "一次"
# is once ("再 retry 一次": again), no count
_CHINESE_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CHINESE_NUMERAL = re.compile(
    r"(?!一\s*次)([零一二两三四五六七八九十]{1,3})(?=\s*(?:号|张|块|个|小时|天|周|星期|分钟|次))"
)
# traditional characters (Taiwan, Hong Kong) as their simplified forms, for the characters the Chinese
# reader's words use: read before anything else, so each word is named once, in simplified
_TRADITIONAL = str.maketrans(
    "兩個為麼優會兒內況刪號後嗎塊復複張當總掛換時顯暫氣沒點熱現電著繼續結級讓設試說請調謝敗轉過運還這進鐘"
    "長閒閑間隊順頻風煩幫們對幾開來計週佔誌溫從",
    "两个为么优会儿内况删号后吗块复复张当总挂换时显暂气没点热现电着继续结级让设试说请调谢败转过运还这进钟"
    "长闲闲间队顺频风烦帮们对几开来计周占志温从",
)
# Chinese (simplified; traditional read as simplified by :data:`_TRADITIONAL`) around English words and job
# names, most specific first: each pattern read in order, then any other Han word left out as in Japanese and
# Korean. Chinese puts the object before its verb with 把 ("把它 priority 调到 10", "把整个 queue 暂停", "把 X
# kill 掉"), or names it first as the topic ("X 先暂停一下", "X 不要了, 帮我砍掉", "X 的 priority 调到 5"):
# read as the English verb first; a follow-up "X呢" (Taiwan's "X咧") with no question word of its own is
# English's "and X?"; "N个加起来" is all N together; Chinese has no tense, so what ran "then" (那会儿, 当时)
# was running; its verb said twice ("用 GPU 用得最多") is said once
_ACT = r"暂停|恢复|取消|砍掉|砍了|清理掉?|清掉|删掉|删除|重新跑|重跑|重试"  # what is done to a job
_ENGLISH_ACT = r"(?<![A-Za-z])(pause|resume|cancel|kill|hold|release|retry|delete|remove|requeue)(?![A-Za-z])"
_REQUEST = _ACT + r"|调到|调成|改到|改成|设为|设成|设到|挪到|放到|移到|换一下|交换|互换|对调|调换"
_CHINESE: tuple[tuple[str, str], ...] = (
    (r"([0-9])\s*号\s*(?:卡|GPU)", r" GPU \1 "), (r"(?:卡|GPU)\s*([0-9])\s*号?", r" GPU \1 "),
    (r"(?:2|两)\s*[张块个]\s*(?:卡|GPU)", " both GPUs "), (r"[那这]\s*[张块]\s*卡", " the GPU "),
    (r"把\s*(.+?)\s*(?:调到|调成|改成|设为|设成|设到)", r" set \1 to "),
    (r"把\s*(.+?)\s*(?:改到|挪到|放到|移到)", r" move \1 to "),
    (r"把\s*(.+?)\s*(" + _REQUEST + r")", r" \2 \1 "),
    (r"把\s*(.+?)\s*(?:先|都|就)?\s*" + _ENGLISH_ACT, r" \2 \1 "),
    (r"^\s*([A-Za-z][\w.-]*)\s*(?:那个|这个)?\s*(?:不要了|不用了)?\s*[,，]?\s*(?:先|就)?\s*(?:帮我|帮忙|请|麻烦你?)?"
     r"\s*(?:先|就)?\s*(" + _ACT + r")", r" \2 \1 "),
    (r"让\s*(.+?)\s*(继续跑|继续运行|接着跑|继续)", r" \2 \1 "),
    (r"(?:整个)?\s*(?:队列|queue)\s*(?:先|都|就)?\s*(?:停一下|停掉|停下来?|暂停)", " pause the queue "),
    (r"(?:整个)?\s*(?:队列|queue)\s*(?:先|都|就)?\s*(?:恢复|继续|重新开始|开始跑)", " resume the queue "),
    (r"^\s*([A-Za-z][\w.-]*)\s*(?:帮我|帮忙|请)?\s*(?:调到|调成|改成|改为|换成|设为|设成|设到)?\s*只\s*(?:跑在|用|在)",
     r" make \1 only use "),
    (r"(?:调到|调成|改成|改为|换成|设为|设成|设到)?\s*只\s*(?:跑在|用|在)", " make it only use "),
    (r"的?\s*(?:priority|优先级)\s*(?:帮我|帮忙|请|麻烦你?)?\s*(?:调到|调成|改成|改为|设为|设成|设到)\s*([0-9]+)",
     r" set priority to \1 "),
    (r"(?:调到|调成|改成|设为|设成|设到)(?=\s*\d)", " set to "), (r"(?:改到|挪到|放到|移到)", " move to "),
    (r"它的|它(?=\s*[A-Za-z])", " its "), (r"[它他她]们?", " it "),
    (r"今天上午|今天早上|今早", " this morning "), (r"今晚|今天晚上", " tonight "),
    (r"今天下午", " this afternoon "), (r"今天|今日|今儿", " today "),
    (r"昨晚|昨天晚上", " last night "), (r"前天", " the day before yesterday "),
    (r"昨天|昨日", " yesterday "),
    (r"上午|早上", " this morning "), (r"下午", " this afternoon "), (r"晚上", " this evening "),
    (r"本周|这周", " this week "), (r"上周", " last week "), (r"现在|目前|当前|眼下", " now "),
    (r"(?:过去|最近)\s*([2-9]|[0-9]{2,})\s*个?\s*小时", r" in the last \1 hours "),
    (r"(?:过去|最近|这)\s*1?\s*个?\s*小时", " in the last hour "),
    (r"([0-9]+)\s*(小时|天|周|星期)以前", r" older than \1 \2 "), (r"以前|之前", " before "),
    (r"小时", " hour "),
    (r"(?:周|星期)", " week "), (r"天(?!气)", " day "), (r"这个|这", " this "), (r"不对[,，]?", " no, "),
    (r"我是说|我说的是", " I mean "),
    (r"(那时候|那个时候|那会儿?|当时)(.*?)(?:正在|在)?跑(?:的是|的)?", r" then \2 was running "),
    (r"用\s*(?:GPU|卡)\s*用[得的]最多", " used the most GPU time "), (r"用[得的]最多", " used the most "),
    (r"那时候|那个时候|那会儿?|当时", " then "), (r"从(?=\s*(?:什么|甚么|啥|几)\s*(?:时候|点))", " since "),
    (r"(?:什么|甚么|啥)\s*时候|几时|何时", " when "), (r"几点", " what time "),
    (r"多长时间|多久", " how long "),
    (r"([0-9]+)\s*个\s*(?:都|全部)?\s*(?:加起来|加在一起|一共|总共|合计)", r" all \1 in total "),
    (r"一共|总共|加起来|总计", " in total "), (r"多少度|几度", " what temperature "),
    (r"最热", " hottest "), (r"峰值", " peak "), (r"最高", " max "),
    (r"最低", " min "), (r"最多", " most "), (r"平均", " average "), (r"功耗|功率", " power draw "),
    (r"显存|内存", " memory "), (r"(?:利用率|使用率|占用率)", " utilization "),
    (r"风扇转速|风扇", " fan speed "),
    (r"频率|时钟", " clock "), (r"降频", " throttle "), (r"进程", " processes "),
    (r"闲着\s*没事[做干]?|没事[做干]|空闲|闲置|闲着", " idle "),
    (r"(?:用|耗)了多少电", " used how much energy "), (r"多少电", " how much energy "),
    (r"电量|能耗|耗电|用电", " energy "),
    (r"日志", " log "), (r"最后一行|最新一行", " last line "), (r"排队|在等", " waiting "),
    (r"队列", " queue "),
    (r"没在跑|没在运行", " not running "), (r"正在跑|在跑|跑着|正在运行|在运行", " running "),
    (r"还没开始跑|还没开始|还没跑", " not started yet "),
    (r"一直不跑|不跑|没跑", " not running "), (r"跑了|运行了", " ran "), (r"开始", " start "),
    (r"结束了?", " ended "), (r"跑完了?|完成了?", " finished "),
    (r"\b(cancel|kill|hold|delete|stop)\s*(?:掉|住)(?!\s*[它他她])", r" \1 it "),
    (r"挂(?!起)掉?了?|崩掉?了?|失败了?", " failed "), (r"停的", " stopped "), (r"为什么|为啥|怎么", " why "),
    (r"什么|甚么|啥", " what "), (r"哪个|哪些|哪", " which "), (r"有没有", " is there "),
    (r"多少", " how much "),
    (r"几次", " how many "), (r"总结|概况|情况", " summary "), (r"整个", " the whole "), (r"顺序", " order "),
    (r"暂停", " pause "), (r"恢复|继续跑|继续运行|接着跑", " resume "),
    (r"换一下|交换|互换|对调|调换", " switch "), (r"优先级", " priority "),
    (r"\b(release|hold|cancel|kill|resume|retry|pause)\s*一下(?=\s*(?:[,，。.!！?？吧啊]|谢谢|$))",
     r" \1 it "),
    (r"取消|砍掉|砍了", " cancel "), (r"清理掉?|清掉|清除", " clean "),
    (r"删掉|删除", " delete "), (r"重新跑|重跑|重试", " retry "),
    (r"帮我|帮忙|麻烦你?|能不能|能否|可不可以", " please "), (r"忙", " busy "),
    (r"和|跟", " and "), (r"以上", " or more "), (r"各", " each "), (r"卡", " GPU "),
)  # fmt: skip
# Korean (Hangul, casual or polite) around English words and job names, most specific first, each pattern
# read in order, then any other Hangul word left out. Its particles (은/는/이/가/을/를/에/에서/로) are left
# out with the rest, so only words and verb stems are named here, whatever their ending (했어, 했지, 한,
# 해줘, 했었어). Numbers before a counter: "0번 (GPU|카드)" is a GPU, "3번 잡" a job; native numerals
# (한/두/세 시간, 두 개, 한 개로) in digits, though "한번 더" (once more) is no number. Korean puts
# the verb last: a request whose English verb ends its clause ("그거 cancel 해줘", "기록 지워줘") is
# read verb first.
# A follow-up "X는?" / "X은?" (polite "X는요?") with no question word of its own is English's "and X?".
# The n-th card ("두 번째 카드") counts from one; an hour "오후 2시부터" is the clock's 14:00 with what it
# bounds; a job's GPUs as a count ("GPU 하나로", "카드 두 개로") or as the card it runs on ("1번 GPU에서만").
# A span from a time ago ("한 시간 전부터 지금까지") is the last hours, its 전부 no "all"; "X 말고 Y" sets X
# aside ("not X, Y").
_KOREAN_NATIVE = {
    "한": 1,
    "두": 2,
    "세": 3,
    "네": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
    "열": 10,
}
_KOREAN_NUMERAL = re.compile(
    r"(?<![가-힣])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?=(?:시간|개|장|대|주|달|명|일)(?:으로|로|만|의|을|를|이|가|은|는|도|동안)?(?![가-힣]))"
)
_KOREAN_VERB = r"cancel|retry|hold|release|pause|resume|remove|delete|kill|stop|show|restart|requeue|change"


def _verb_last(verbs: str) -> re.Pattern[str]:
    """A clause whose English verb (one of ``verbs``) came last, as Korean and Japanese put it, with what
    stands before and after it: read verb first."""
    return re.compile(r"([^,.!?]*?)\s*\b(" + verbs + r")\b([^A-Za-z0-9,.!?]*)(?=[,.!?]|$)")


# a job's GPU said as where it runs ("GPU 1에서 돌게 바꿔", "1번 GPU에서만 실행되도록 해 주세요"): the verb
# of running in any of its "so that" endings (게, 도록), then the verb of changing
_KOREAN_RUN_ON = (
    r"(?:(?:돌|돌아\s*가|실행\s*되|실행\s*하|실행|쓰|사용\s*하)\s*(?:게|도록))?"
    r"\s*(?:바꿔|해|옮겨|변경|설정|고정|수정)"
)
_KOREAN_ORDINAL = {"첫": 1, "한": 1, "두": 2, "세": 3, "네": 4}
_KOREAN_HALF_DAY = {"오전": 0, "새벽": 0, "아침": 0, "오후": 12, "저녁": 12, "밤": 12}


def _korean_clock(m: re.Match[str]) -> str:
    """An hour said "오후 2시", "오전 9시 30분", "3시 반" as the clock writes it, the afternoon's hours
    past noon, with what it bounds: "부터" (since), "까지" (until), "에" (at)."""
    hour = int(m[2]) % 12 + _KOREAN_HALF_DAY[m[1]] if m[1] else int(m[2])
    minute = int(m[3]) if m[3] else 30 if m[4] else 0
    bound = {"부터": "since", "까지": "until", "에": "at"}.get(m[5] or "", "")
    return f" {bound} {hour}:{minute:02d} "


def _korean_priority(m: re.Match[str]) -> str:
    """A priority set ("X 우선순위를 5로 올려"): of the job named before it, else of the one spoken of."""
    return f" set the priority of {m[1]} to {m[2]} " if m[1] else f" set its priority to {m[2]} "


def _korean_memory(m: re.Match[str]) -> str:
    """A job's memory request set ("X 메모리 40000으로 줄여"), as English says it: of the job named before it,
    else of the one spoken of; the amount in the unit said (none: the flag's MiB)."""
    amount = f"{m[2]} {m[3]}" if m[3] else m[2]
    return f" set {m[1]}'s memory to {amount} " if m[1] else f" set its memory to {amount} "


_KOREAN: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"(첫|한|두|세|네|[0-9])\s*번\s*째\s*(?:GPU|gpu|카드|그래픽\s*카드)",
     lambda m: f" GPU {int(_KOREAN_ORDINAL.get(m[1], m[1])) - 1} "),
    (r"(?:다른|나머지|반대\s*쪽)\s*(?:GPU|gpu|카드|그래픽\s*카드)", " the other GPU "),
    (r"(오전|새벽|아침|오후|저녁|밤)?\s*([0-9]{1,2})\s*시(?!간)\s*(?:([0-9]{1,2})\s*분|(반))?\s*(부터|까지|에)?",
     _korean_clock),
    (r"지금\s*까지", " until now "),
    (r"([A-Za-z0-9][\w.-]*)?\s*(?:의\s*)?우선\s*순위\s*(?:를|을)?\s*([0-9]+)\s*(?:으로|로)",
     _korean_priority),
    (r"우선\s*순위", " priority "),
    (r"([A-Za-z0-9][\w.-]*)?\s*(?:의\s*)?메모리\s*(?:요청|제한|설정|지정)?\s*(?:를|을)?\s*([0-9]+)\s*"
     r"((?:MiB|MB|GiB|GB)(?![A-Za-z]))?\s*(?:으로|로)\s*(?:줄여|늘려|바꿔|변경|설정|해|올려|내려|낮춰|수정)",
     _korean_memory),
    (r"(?:GPU|gpu|카드)\s*(?:를|을)?\s*(하나|[0-9]+\s*(?:개|장|대))\s*(?:로|으로|만)"
     r"|([0-9]+)\s*(?:개|장|대)\s*(?:의\s*)?(?:GPU|gpu|카드)\s*(?:로|으로|만)",
     lambda m: f" to {1 if m[1] == '하나' else re.sub(r'[^0-9]', '', m[1] or m[2])} GPU change "),
    (r"([0-9]+)\s*번\s*(?:잡|작업|job)", r" job \1 "),
    (r"([0-9])\s*번\s*(?:GPU|gpu|카드|그래픽\s*카드)?", r" GPU \1 "),
    (r"(?:GPU|gpu|카드)\s*([0-9])\s*번", r" GPU \1 "),
    (r"(?:GPU|gpu|카드)\s*(?:2\s*(?:개|장|대)\s*(?:다|모두)?|둘\s*다)", " both GPUs "),
    (r"2\s*(?:개|장|대)\s*(?:의\s*)?(?:GPU|gpu|카드)", " both GPUs "),
    (r"(?:지난|최근)\s*1\s*시간(?:\s*동안)?", " in the last hour "),
    (r"(?:지난|최근)\s*([0-9]+)\s*시간(?:\s*동안)?", r" in the last \1 hours "),
    (r"1\s*시간\s*전\s*부터", " in the last hour "),
    (r"([0-9]+)\s*시간\s*전\s*부터", r" in the last \1 hours "),
    (r"([0-9]+)\s*시간\s*전", r" \1 hours ago "), (r"([0-9]+)\s*분\s*전", r" \1 minutes ago "),
    (r"([0-9.]+\s*%)\s*이상", r" at or above \1 "), (r"([0-9.]+\s*%)\s*이하", r" at or below \1 "),
    (r"([^\s가-힣]+)\s*기준", r" by \1 "),
    (r"(\S+?)(?:이|가)?\s*(\S+?)보다\s*먼저\s*돌게.*?순서\s*바꿔", r" switch the order of \1 and \2 "),
    (r"순서\s*바꿔|순서\s*바꾸", " switch the order "),
    (r"(\S+)\s+GPU\s*([0-9])\s*(?:에서|로|으로)\s*만?\s*" + _KOREAN_RUN_ON, r" move \1 to GPU \2 "),
    (r"(?:GPU\s*([0-9]))\s*(?:로|으로)\s*(?:옮겨|바꿔)", r" move to GPU \1 "),
    (r"(?:GPU\s*([0-9]))\s*(?:에서|로|으로)\s*만?\s*" + _KOREAN_RUN_ON, r" move to GPU \1 "),
    (r"([0-9]+)\s*도\s*(?:를|가|이)?\s*(?:이상|넘|초과)", r" at or above \1 degrees "),
    (r"([0-9]+)\s*도\s*(?:이)?\s*(?:이하|미만)", r" at or below \1 degrees "),
    (r"([0-9]+)\s*(?:W|와트)\s*(?:를|가|이)?\s*(?:이상|넘|초과)", r" at or above \1 W "),
    (r"([0-9]+)\s*(?:W|와트)\s*(?:이)?\s*(?:이하|미만)", r" at or below \1 W "),
    (r"오늘\s*(?:아침|오전)", " this morning "), (r"오늘\s*(?:오후|낮)", " this afternoon "),
    (r"오늘\s*(?:저녁|밤)", " this evening "), (r"어제\s*밤|어젯밤", " last night "),
    (r"그저께|엊그제", " the day before yesterday "), (r"어제", " yesterday "),
    (r"오늘\s*하루|오늘", " today "), (r"아침|오전", " this morning "), (r"오후", " this afternoon "),
    (r"이번\s*주", " this week "), (r"지난\s*주|저번\s*주", " last week "),
    (r"그\s*때\s*(?:가|는|이)?\s*몇\s*시", " at what time "), (r"지금|현재|방금", " now "),
    (r"그\s*때|그\s*당시|그\s*시간에", " then "),
    (r"잘못\s*말|잘못\s*썼|아니\s*아니|아니다|아니", " no, "),
    (r"((?:GPU\s*)?\S+?)(?:\s*(?:전체|전부))?\s*(?:은|는)?\s*말고", r" not \1, "),
    (r"(?:GPU|gpu)\s*시간", " GPU-hours "), (r"시간\s*(?:은|이)?\s*얼마나", " how long "),
    (r"얼마나\s*(?=[가-힣 ]*(?:걸|돌|기다|오래|놀|쉬))", " how long "),
    (r"얼마나\s*오래|오래", " how long "), (r"얼마나|얼마", " how much "),
    (r"몇\s*(?:시간|분)(?!\s*(?:에|쯤에))", " how long "), (r"몇\s*시", " what time "),
    (r"몇\s*도", " what temperature "), (r"몇\s*%", " what % "), (r"몇\s*번", " how many times "),
    (r"몇", " how many "), (r"언제\s*부터", " since when "), (r"언제", " when "), (r"왜", " why "),
    (r"누가|누구", " who "),
    (r"어느|어떤|무슨", " which "), (r"뭐라고|뭐야|뭐|무엇|뭘|뭔", " what "),
    (r"(?:GPU|gpu|카드)\s*(?:를|을)?\s*(?:제일|가장)\s*많이\s*(?:쓴|썼|사용)", " used the most GPU time "),
    (r"(\S+)\s*(?:제일|가장)\s*많이\s*(?:쓴|사용한)\s*(?:잡|작업|job)", r" job that used the most \1 "),
    (r"제일\s*많이\s*(?:쓴|썼|사용)", " used the most "), (r"제일\s*높|가장\s*높", " highest "),
    (r"제일\s*낮|가장\s*낮", " lowest "), (r"제일\s*뜨거|가장\s*뜨거", " hottest "),
    (r"(?:제일|가장)\s*많이", " the most "),
    (r"마지막\s*줄", " last line "), (r"온도", " temperature "), (r"전력량|전기|에너지", " energy "),
    (r"전력|소비\s*전력", " power "), (r"메모리", " memory "),
    (r"팬\s*(?:속도|회전\s*수)?", " fan speed "), (r"클럭", " clock "),
    (r"스로틀(?:링)?\s*(?:이|가)?\s*(?:걸렸|걸려\s*있|걸린)?", " throttling "),
    (r"사용률|사용량|사용율", " utilization "), (r"프로세스", " processes "), (r"로그", " log "),
    (r"(?:대기열|큐)\s*(?:전체|전부)", " the whole queue "), (r"대기열|큐", " queue "),
    (r"잡|작업", " job "), (r"카드", " GPU "), (r"최고|최대", " max "),
    (r"최저|최소", " min "), (r"평균", " average "), (r"요약|정리", " summary "),
    (r"전체|전부|모두", " the whole "),
    (r"기록|이력", " record "), (r"제출", " submitted "),
    (r"(?:놀|쉬)\s*(?:고\s*있|았|었)?\s*(?:던|는|은)|(?:놀|쉬)고\s*있|놀았|쉬었|유휴|한가", " idle "),
    (r"바빴|바쁜|바쁘|바빠|일\s*(?:한|했|하던|하는)|(?:일|작업)\s*중이던", " busy "),
    (r"실행\s*시간|(?:돌|돌아\s*간|돌린)\s*시간", " run time "),
    (r"실행\s*(?:중|되고\s*있|하고\s*있)", " running "),
    (r"(?:보류|홀드|hold)\s*(?:을|를)?\s*(?:풀어|해제)", " release "),
    (r"(?:보류|홀드|hold)\s*(?:상태|중|된|됐|되어\s*있|걸린|걸려\s*있)", " held "), (r"보류|홀드", " hold "),
    (r"(?:였|이었|했)고\s", " and "),
    (r"(?:돌|돌아\s*가)\s*다가?\s*(?:죽|멈|끝|실패|취소|터)[가-힣]*", " ran "),
    (r"안\s*돌", " not running "), (r"(?:돌아\s*가|돌)\s*고\s*있|떠\s*있|돌아가는|도는", " running "),
    (r"대기\s*중|기다리(?:고\s*있|는)", " waiting "), (r"기다렸|기다린|대기했", " waited "),
    (r"재\s*시작", " restart "), (r"시작", " start "), (r"끝났|끝난|끝나", " ended "),
    (r"죽인|죽였", " killed "), (r"죽었|죽은|죽", " failed "),
    (r"실패", " failed "), (r"취소\s*(?:되|된|됐)", " cancelled "), (r"걸렸|걸린", " took "),
    (r"남아\s*있|남은", " left "), (r"썼|쓴|쓰고\s*있|쓰는|먹었|먹은|먹고\s*있|사용", " used "),
    (r"돌았었|돌았|돌린|돌렸", " ran "), (r"(?:hold|홀드)\s*(?:을|를)?\s*풀어", " release "),
    (r"멈춰|멈추|일시\s*정지|정지|중지", " pause "), (r"풀어|재개", " resume "),
    (r"지워|지우|삭제", " remove "), (r"취소", " cancel "), (r"킬", " kill "),
    (r"다시\s*돌려|재시도", " retry "),
    (r"보여", " show "), (r"그거|그것|그게|그건|걔|그\s*(?:잡|job)|이거|저거", " it "),
)  # fmt: skip
_KOREAN_READ = tuple((re.compile(p), e) for p, e in _KOREAN)
_KOREAN_AND_THEN = re.compile(r"^([^?,.!]{1,30}?)(?:은|는)\s*요?\s*\?")
_KOREAN_ASKED = re.compile(r"뭐|무엇|얼마|몇|언제|왜|어느|어떤|누가|누구")
_KOREAN_REQUEST = _verb_last(_KOREAN_VERB)
_CHINESE_READ = tuple((re.compile(p), e) for p, e in _CHINESE)


def _japanese_purpose(m: re.Match[str]) -> str:
    """What the user wants to do, said as the reason before the ask ("4090で走らせたいから GPU指定1番に
    変えて"): said after it, as English's "so I can ...", where the ask names something of its own (a
    card, a job, a number); else (its object left to the reason: "job 3のログ見たいから見せて") as said."""
    return f" {m[2]}, so I can {m[1]} " if re.search(r"[A-Za-z0-9]", m[2]) else m[0]


# Japanese (kana with kanji and katakana loanwords, polite or casual, Kansai's "やけど" and
# "始まらん" too) around English job names, most specific first: each pattern read in order, then
# any other kana or kanji left out. Its particles (は/が/を/に/で/の/って) and verb endings (して,
# しといて, してください, お願い, したい, やった) are left out with the rest, so only words and verb
# stems are named here. GPUs: "0番", "GPU1", the n-th card "2枚目" (counted from one: the second is
# GPU 1); "1枚" counts cards, "3番のジョブ" is a job. "一番" is the most, "一時停止" pause,
# "もう一回" again: read before any numeral. What ran is past ("走ってた": ran), what runs now present.
# Japanese puts the verb last and leaves out what the conversation names: a request's clause-final
# English verb is read first, as in Korean, on "it" where it has no object. A follow-up "X は？"
# with no question word of its own is English's "and X?". Kanji words Chinese shares with the same
# meaning (今日, 昨日, 平均, 温度) are read here as Chinese reads them. What the user wants to do, said as
# the reason first ("4090で走らせたいから、…", "…見たいので"), is said after the ask as English's "so I
# can ...", which asks nothing where the ask says enough on its own.

_JAPANESE_DIGITS = str.maketrans("０１２３４５６７８９％（）", "0123456789%()")
_JAPANESE_VERB = _KOREAN_VERB + r"|move|change|switch"
_JAPANESE: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"([^,.!?]*?)たい\s*(?:から|ので)\s*,?\s*([^.!?]*)", _japanese_purpose),
    (r"([0-9]+)\s*番\s*の?\s*ジョブ|ジョブ\s*([0-9]+)\s*番?", r" job \1\2 "),
    (r"([0-9])\s*枚目", lambda m: f" GPU {int(m[1]) - 1} "),
    (r"[0-9]{3,4}\s*(?:の\s*(?:ほう|方))?\s*\(\s*((?:GPU|カード)\s*[0-9])\s*\)", r" \1 "),
    (r"(?:GPU|カード)\s*(?:を|は)?\s*([0-9]+)\s*(?:枚|台)|([0-9]+)\s*(?:枚|台)\s*の?\s*(?:GPU|カード)?",
     r" \1\2 GPU "),
    (r"([0-9])\s*番\s*(?:の\s*)?(?:GPU|カード)?", r" GPU \1 "),
    (r"(?:GPU|カード)\s*([0-9])\s*番?", r" GPU \1 "),
    (r"(?:両方|2\s*枚とも|全部)\s*の?\s*(?:GPU|カード)", " both GPUs "),
    (r"(?:もう\s*(?:片方|一方|一枚|1\s*枚|ひとつ|一つ)|他方|別|反対|他)\s*の\s*(?:GPU|カード)",
     " the other GPU "),
    (r"もう\s*(?:片方|一方|一枚|1\s*枚|ひとつ|一つ)|他方|反対側", " the other one "),
    (r"(?:GPU|カード)\s*(?:ごと|別|毎)", " per GPU "),
    (r"(?:直近|過去|最近|ここ)\s*1\s*時間", " in the last hour "),
    (r"1\s*時間\s*前\s*(?:から|以降)(?:\s*(?:今|現在)\s*まで)?", " in the last hour "),
    (r"([0-9]+)\s*時間\s*前\s*(?:から|以降)(?:\s*(?:今|現在)\s*まで)?", r" in the last \1 hours "),
    (r"([0-9]+)\s*時間\s*前", r" \1 hours ago "), (r"([0-9]+)\s*分\s*前", r" \1 minutes ago "),
    (r"(?:直近|過去|最近|ここ)\s*([0-9]+)\s*時間", r" in the last \1 hours "),
    (r"([0-9.]+\s*%)\s*以上", r" at or above \1 "), (r"([0-9.]+\s*%)\s*以下", r" at or below \1 "),
    (r"([0-9]+)\s*度\s*(?:以上|超え)", r" at or above \1 degrees "),
    (r"([0-9]+)\s*度\s*以下", r" at or below \1 degrees "),
    (r"([0-9]+)\s*W\s*(?:以上|超え)", r" at or above \1 W "), (r"([0-9]+)\s*W\s*以下", r" at or below \1 W "),
    (r"優先度\s*(?:を)?\s*(?:上げ|下げ|変え|変更)[^0-9,.!?]*[,.]?\s*([0-9]+)\s*(?:で|に)",
     r" set priority to \1 "),
    (r"(?:memory|メモリ)\s*(?:指定|制限|要求|割り当て)?\s*(?:も|を)?\s*([0-9]+)\s*"
     r"((?:MiB|MB|GiB|GB)(?![A-Za-z]))?\s*(?:に|へ)\s*(?:変え|変更|減らし|下げ|上げ|増やし|し)",
     lambda m: f" set its memory to {m[1]} {m[2] or ''} "),
    (r"優先度\s*(?:を)?\s*([0-9]+)\s*(?:に|へ)", r" set priority to \1 "), (r"優先度", " priority "),
    (r"(?:GPU|カード)\s*(?:の)?\s*(?:指定|割り当て|割当)\s*(?:を|は)?\s*(?:GPU\s*)?([0-9])\s*(?:番)?\s*(?:に|へ)"
     r"\s*(?:変え|変更|し|固定)", r" to GPU \1 move "),
    (r"GPU\s*([0-9])\s*(?:の\s*(?:ほう|方))?\s*(?:に|へ|で)\s*(?:固定|移|移動|動か|回|走らせ)"
     r"(?:[るす]?\s*ように\s*(?:変更|変え|設定|し))?", r" to GPU \1 move "),
    (r"([0-9]+)\s*GPU\s*(?:だけ)?\s*(?:で|に)\s*(?:動く|走る|回る|実行する)?\s*(?:ように)?"
     r"\s*(?:変え|変更|減らし|し)",
     r" to \1 GPU change "),
    (r"(?:キュー|queue)\s*(?:を|は|の)?\s*(?:全体|全部)?\s*(?:を|は)?\s*(?:一時停止|止め|停止|ストップ|pause)",
     " pause the queue "),
    (r"(?:キュー|queue)\s*(?:を|は|の)?\s*(?:全体|全部)?\s*(?:を|は)?\s*(?:再開|動かし)",
     " resume the queue "),
    (r"(?:一番|いちばん|最も)\s*(?:熱|暑)", " hottest "), (r"(?:一番|いちばん|最も)\s*忙し", " busiest "),
    (r"(?:一番|いちばん|最も)\s*空いて", " freest "), (r"一番|いちばん|最も", " the most "),
    (r"(?:pause|一時停止|ポーズ)\s*(?:を)?\s*(?:解除|外)", " resume "),
    (r"一時停止|いったん止め|一旦止め", " pause "),
    (r"(?:リトライ|再試行|再実行|retry|retries)\s*(?:も|を)?\s*(?:込み|込め|含め|入れ)",
     " including retries "),
    (r"(?:もう)?(?:一回|一度|1回|1度)\s*(?:流|回|走らせ|実行|動かし)|再実行|再試行|やり直|再投入|リトライ",
     " retry "),
    (r"(?:もう)?(?:一回|一度|1回)", " "),
    (r"今日の?午前中?|今朝", " this morning "), (r"今日の?午後", " this afternoon "),
    (r"昨日の?夜|昨夜|昨晩|夕べ|ゆうべ", " last night "), (r"今夜|今晩", " tonight "),
    (r"一昨日|おととい", " the day before yesterday "), (r"昨日|きのう", " yesterday "),
    (r"今日|きょう", " today "), (r"午前中?", " this morning "), (r"午後", " this afternoon "),
    (r"今週", " this week "), (r"先週", " last week "), (r"今|いま|現在", " now "),
    (r"その\s*(?:とき|時)|そん\s*時|その頃|当時", " then "),
    (r"ごめん|すみません|すまん", " sorry, "), (r"間違え|違う|ちゃう", " no, "),
    (r"何\s*時\s*から", " since when "), (r"何\s*(?:が)?\s*(?:動いて|走って|回って)", " what is running "),
    (r"((?:GPU\s*[0-9]|[0-9]{4}|[A-Z][0-9]{2,3})\s*(?:の\s*(?:ほう|方))?)\s*(?:は|が)?\s*"
     r"(?:何\s*時\s*間|(?:どれ|どの|どん)\s*(?:くらい|ぐらい))\s*(?:回って|動いて|稼働して)(?:い)?た",
     r" how long was \1 busy "),
    (r"(?:何\s*時\s*間|何\s*分|(?:どれ|どの|どん)\s*(?:くらい|ぐらい))\s*(?:動いて|走って|回って)(?:い)?た",
     " how long did it run "),
    (r"(?:時間\s*(?:は)?\s*)?(?:どれ|どの|どん)\s*(?:くらい|ぐらい)"
     r"(?=[^?,.!]{0,10}?(?:かか|走|動|待|アイドル|空いて|忙し|続))"
     r"|時間\s*(?:は|って)?\s*(?:どれ|どの|どん)\s*(?:くらい|ぐらい)|何\s*時\s*間|何\s*分", " how long "),
    (r"(?:どれ|どの|どん)\s*(?:くらい|ぐらい)", " how much "), (r"何\s*時", " what time "),
    (r"何\s*度", " what temperature "), (r"何\s*%", " what % "), (r"いつ", " when "),
    (r"なんで|なぜ|どうして|何故", " why "),
    (r"誰", " who "), (r"どの|どれ|どっち", " which "), (r"いくつ|いくら|何\s*(?=[A-Za-z])", " how much "),
    (r"どう\s*(?:なって|なった|だった)", " status "), (r"何", " what "),
    (r"全部で|合計|トータル|合わせて", " in total "),
    (r"GPU\s*時間", " GPU hours "), (r"時間", " hours "),
    (r"最高|最大|ピーク", " max "), (r"最低|最小", " min "), (r"平均", " average "),
    (r"消費電力量|電力量|電気代|電気", " energy "), (r"消費電力|電力", " power draw "),
    (r"温度", " temperature "), (r"使用率|利用率|稼働率", " utilization "),
    (r"メモリ使用量|メモリ|VRAM", " memory "), (r"ファン\s*(?:回転数|速度)?", " fan speed "),
    (r"クロック", " clock "), (r"プロセス", " processes "), (r"スロットリング|スロットル", " throttling "),
    (r"アイドル|空いて|空き", " idle "), (r"忙しかった|忙しい|ビジー", " busy "),
    (r"ログ", " log "), (r"最後の行", " last line "), (r"まとめ|サマリー?|概要|状況", " summary "),
    (r"キュー|待ち行列", " queue "), (r"ジョブ|タスク", " job "), (r"コマンド", " command "),
    (r"ホールド\s*(?:を)?\s*(?:解除|外)|保留\s*(?:を)?\s*解除|リリース|解放", " release "),
    (r"(?:ホールド|保留)\s*(?:され|中|に\s*なって|になっ|状態|扱い)", " held "), (r"ホールド|保留", " hold "),
    (r"キャンセルされ|取り消され", " cancelled "), (r"キャンセル|取り消|中止", " cancel "),
    (r"依存\s*(?:関係)?\s*(?:を)?\s*(?:外|解除|削除|消)", " remove the dependency "),
    (r"再開", " resume "), (r"削除|消し", " remove "), (r"止め|停止|ストップ", " cancel "),
    (r"固定|移動", " move "), (r"入れ替え|入れ換え|入替|交換|スワップ", " switch "),
    (r"順番|順序", " order "), (r"変え|変更", " change "),
    (r"(?:失敗|落ち|コケ)\s*(?:した|た)\s*(?:やつ|ジョブ|方|もの)", " the failed one "),
    (r"失敗|落ち|死ん|コケ|こけ", " failed "), (r"始まら|動かな|走らな|動いてな|走ってな", " not running "),
    (r"(?:動いて|走って|回って)(?:い)?た", " ran "), (r"動いて|走って|実行中|回って", " running "),
    (r"待って|待ち", " waiting "), (r"始ま", " started "),
    (r"終わ|完了", " finished "), (r"かかっ", " took "), (r"投げ|投入|出し|サブミット", " submitted "),
    (r"使って(?:る|いる|ます)|使用中", " using "), (r"食っ|使っ|消費", " used "), (r"見せて|表示", " show "),
    (r"ある\s*[?？]", " are there any? "),
    (r"いただけ|いただき|頂け|頂き", " "),
    (r"それ|あれ|これ|そいつ|そのジョブ|その", " it "), (r"だけ", " only "), (r"以上", " or more "),
    (r"(?<=[A-Za-z0-9])\s*と\s*(?=[A-Za-z0-9])", " and "),
)  # fmt: skip
# kanji numerals before a counter ("二枚", "三時間"), as Chinese writes them; "一番" (most), "一時停止"
# (pause) and "もう一回" (again) are no numbers
_JAPANESE_NUMERAL = re.compile(r"(?<!もう)([一二三四五六七八九十]{1,3})(?=\s*(?:枚|台|時間|日|週|分|個))")
_JAPANESE_READ = tuple((re.compile(p), e) for p, e in _JAPANESE)
_JAPANESE_AND_THEN = re.compile(r"^([^?,.!]{1,20}?)\s*は\s*\?\s*$")
_JAPANESE_ASKED = re.compile(r"何|いつ|どれ|どの|どこ|どう|なぜ|なんで|誰|いくつ|いくら")
_JAPANESE_REQUEST = _verb_last(_JAPANESE_VERB)
# a Chinese follow-up leaning on the last answer ("风扇转速呢？", "最高呢", "SM clock 咧"): the clause before
# 呢 (咧 in Taiwan) with no question word of its own
_AND_THEN = re.compile(r"^([^？?，,。]{1,30}?)\s*[呢咧]\s*[？?]?")
_ASKED = re.compile(r"什么|啥|多少|多久|为什么|为啥|怎么|哪|几|吗|有没有")
_EAST_ASIAN = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff]+")


def east_asian(text: str, lean: Lean | None = None) -> str:
    """``text`` in English: Chinese (Han characters with no kana or Hangul) by :func:`chinese_read`, Korean
    by :func:`korean_read`, then the Japanese (and Korean) of :data:`_EAST_ASIAN_ASKS` and
    :data:`_EAST_ASIAN_WORDS`; the rest of such words left out (a message with none of these, nor English of
    its own, stays as it is)."""
    chinese = bool(re.search(r"[\u4e00-\u9fff]", text)) and not re.search(
        r"[\u3040-\u30ff\uac00-\ud7af]", text
    )
    korean = bool(re.search(r"[\uac00-\ud7af]", text))
    japanese = not korean and bool(re.search(r"[\u3040-\u30ff]", text))
    asks = chinese or korean or japanese or any(said in text for said, _ in _EAST_ASIAN_ASKS)
    if not reads(lean, "east_asian", _EAST_ASIAN.search(text) and (asks or re.search(r"[A-Za-z]{2}", text))):
        return text
    text = text.translate(_FULL_WIDTH)
    if chinese:
        text = chinese_read(text)
    elif korean:
        text = korean_read(text)
    elif japanese:
        text = japanese_read(text)
    for said, english in (*_EAST_ASIAN_ASKS, *_EAST_ASIAN_WORDS):
        text = text.replace(said, f" {english} ")
    text = _EAST_ASIAN.sub(" ", text)
    return re.sub(r"\s+([?.!,])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()


_FULL_WIDTH = str.maketrans({"？": "?", "，": ",", "。": ".", "！": "!", "、": ",", "：": ":", "；": ";"})


def _leaning_on(text: str, follow_up: re.Pattern[str], asked: re.Pattern[str]) -> str:
    """``text`` with a follow-up that leans on the last answer ("X呢", "X는?", "Xは？": the clause of
    ``follow_up``, with no question word of its own, ``asked``) as "and X?", the rest of the message kept."""
    said = follow_up.match(text)
    return f"and {said[1]}?" + text[said.end() :] if said and not asked.search(said[1]) else text


def _numeral(said: str) -> str:
    """A Chinese numeral up to 99 ("两", "十", "十二", "二十") in digits."""
    if "十" not in said:
        return "".join(str(_CHINESE_DIGITS[c]) for c in said)
    tens, _, units = said.partition("十")
    return str(10 * (_CHINESE_DIGITS[tens] if tens else 1) + (_CHINESE_DIGITS[units] if units else 0))


def chinese_read(text: str) -> str:
    """``text``'s Chinese in English (:data:`_CHINESE`): traditional characters as simplified, its numerals in
    digits, a follow-up "X呢" as "and X?", its words in order; Han words it does not name are left for
    :func:`east_asian` to drop."""
    text = _CHINESE_NUMERAL.sub(lambda m: f" {_numeral(m[1])} ", text.translate(_TRADITIONAL))
    text = _leaning_on(text, _AND_THEN, _ASKED)
    for pattern, english in _CHINESE_READ:
        text = pattern.sub(english, text)
    return text


def korean_read(text: str) -> str:
    """``text``'s Korean in English (:data:`_KOREAN`): a follow-up "X는?" as "and X?", native numerals
    before a counter in digits, its words in order, then a request's clause-final English verb moved first
    (Korean puts the verb last); Hangul it does not name is left for :func:`east_asian` to drop."""
    text = _leaning_on(text, _KOREAN_AND_THEN, _KOREAN_ASKED)
    text = _KOREAN_NUMERAL.sub(lambda m: f" {_KOREAN_NATIVE[m[1]]} ", text)
    for pattern, english in _KOREAN_READ:
        text = pattern.sub(english, text)
    text = _EAST_ASIAN.sub(" ", text)
    return _KOREAN_REQUEST.sub(lambda m: f" {m[2]} {m[1].strip()}{m[3]}", text)


def japanese_read(text: str) -> str:
    """``text``'s Japanese in English (:data:`_JAPANESE`): full-width and kanji digits as digits, a follow-up
    "X は？" as "and X?", its words in order, then a request's clause-final English verb moved first
    (Japanese puts the verb last); kana and kanji it does not name are left for :func:`east_asian` to drop."""
    text = _JAPANESE_NUMERAL.sub(lambda m: f" {_numeral(m[1])} ", text.translate(_JAPANESE_DIGITS))
    text = _leaning_on(text, _JAPANESE_AND_THEN, _JAPANESE_ASKED)
    for pattern, english in _JAPANESE_READ:
        text = pattern.sub(english, text)
    text = _EAST_ASIAN.sub(" ", text)
    return _JAPANESE_REQUEST.sub(lambda m: f" {m[2]} {_object(m[1].strip())}{m[3]}", text)


def _object(said: str) -> str:
    """A request's object as English says it: Japanese leaves out what the conversation names ("再開して",
    "2枚に変えて"), which English says as "it"."""
    return "it" if not said else f"it {said}" if said.startswith("to ") else said
