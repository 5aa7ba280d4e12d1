"""Korean and Japanese read in English: their day words and the readings they ask for."""

from __future__ import annotations

import re

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
_EAST_ASIAN = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff]+")


def east_asian(text: str, lean: Lean | None = None) -> str:
    """``text`` with the Korean and Japanese of :data:`_EAST_ASIAN_ASKS` and :data:`_EAST_ASIAN_WORDS` in
    English, the rest of such words left out (a message with neither English of its own nor one of those
    asks stays as it is)."""
    asks = any(said in text for said, _ in _EAST_ASIAN_ASKS)
    if not reads(lean, "east_asian", _EAST_ASIAN.search(text) and (asks or re.search(r"[A-Za-z]{2}", text))):
        return text
    for said, english in (*_EAST_ASIAN_ASKS, *_EAST_ASIAN_WORDS):
        text = text.replace(said, f" {english} ")
    text = _EAST_ASIAN.sub(" ", text)
    return re.sub(r"\s+([?.!,])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()
