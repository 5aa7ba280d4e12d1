"""Typos of the assistant's topic words that its spelling repair must still read as the word meant: every
slip of the fingers on each word (two letters swapped, one dropped, one doubled, a key one off) and
misspellings as people write them (``benchmarks/word_repair.py`` measures them).
"""

from __future__ import annotations

from gpuaccel.assistant.understand.spelling import NEIGHBOURS

# Misspellings as people write them, beyond one slip of a key: sounds spelt out, letters left off.
WRITTEN_TYPOS: dict[str, str] = {
    "tempurature": "temperature",
    "temprature": "temperature",
    "temperture": "temperature",
    "tempreature": "temperature",
    "temerature": "temperature",
    "memroy": "memory",
    "memmory": "memory",
    "memeory": "memory",
    "utilisation": "utilization",
    "utilzation": "utilization",
    "utilizaton": "utilization",
    "utilazation": "utilization",
    "bsuy": "busy",
    "buzy": "busy",
    "bussiest": "busiest",
    "faild": "failed",
    "failded": "failed",
    "fialed": "failed",
    "falied": "failed",
    "crahsed": "crashed",
    "crashd": "crashed",
    "cancelld": "cancelled",
    "cancled": "cancelled",
    "canceld": "cancelled",
    "cancellled": "cancelled",
    "gpuu": "gpu",
    "gppu": "gpu",
    "powr": "power",
    "pwoer": "power",
    "poewr": "power",
    "yesterdy": "yesterday",
    "yestrday": "yesterday",
    "yesturday": "yesterday",
    "hotest": "hottest",
    "hottets": "hottest",
    "coolst": "coolest",
    "quued": "queued",
    "queud": "queued",
    "qeue": "queue",
    "qeueu": "queue",
    "runing": "running",
    "runnign": "running",
    "pendng": "pending",
    "wating": "waiting",
    "waitng": "waiting",
    "summery": "summary",
    "sumary": "summary",
    "sumarize": "summarize",
    "energey": "energy",
    "enrgy": "energy",
    "electricty": "electricity",
    "celcius": "celsius",
    "degres": "degrees",
    "idel": "idle",
    "idlee": "idle",
    "avaliable": "available",
    "availible": "available",
    "availabe": "available",
    "unsued": "unused",
    "proces": "process",
    "procesess": "processes",
    "processs": "processes",
    "longst": "longest",
    "slowst": "slowest",
    "shortst": "shortest",
    "durtion": "duration",
    "tflps": "tflops",
    "througput": "throughput",
    "throughtput": "throughput",
    "tensr": "tensor",
    "clsuter": "cluster",
    "cluser": "cluster",
    "ndoes": "nodes",
    "servr": "server",
    "graphcis": "graphics",
    "accelerater": "accelerator",
    "devcie": "device",
    "maximun": "maximum",
    "minimun": "minimum",
    "lowst": "lowest",
    "highst": "highest",
    "consumtion": "consumption",
    "watss": "watts",
    "jbos": "jobs",
    "jobss": "jobs",
    "tasl": "task",
    "finised": "finished",
    "finshed": "finished",
    "completd": "completed",
    "sucessful": "successful",
    "succesful": "successful",
    "succeded": "succeeded",
    "submited": "submitted",
    "throtling": "throttling",
    "throttleing": "throttling",
    "overveiw": "overview",
    "reprot": "report",
    "happend": "happened",
    "hapened": "happened",
    "errros": "errors",
    "eror": "error",
    "probelm": "problem",
    "problms": "problems",
}


def _slips(word: str) -> set[str]:
    """One slip of the fingers on ``word``: two letters swapped, one dropped, one doubled, one key off."""
    out = set()
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])  # dropped
        out.add(word[:i] + word[i] + word[i:])  # doubled
        out |= {word[:i] + k + word[i + 1 :] for k in NEIGHBOURS.get(word[i], ())}  # one key off
        if i + 1 < len(word):
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])  # swapped
    return out - {word}


def slip_typos(cues: list[str], keep_out: set[str]) -> dict[str, str]:
    """Each cue word's slips (4+ letters, as shorter words are never repaired) that are no word of
    ``keep_out`` (the common words and the vocabulary: a slip that spells another word is that word)."""
    typos: dict[str, str] = {}
    for cue in cues:
        for t in sorted(_slips(cue)):
            if len(t) >= 4 and t not in keep_out:
                typos.setdefault(t, cue)
    return typos
