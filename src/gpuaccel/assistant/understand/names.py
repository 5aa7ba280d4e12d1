"""What a question names by name: a job of the queue (quoted, after "named", whole or by the first part of
its name, with spaces for its dashes), a GPU by its model ("the 4090", "the rtx") and a GPU by what the
last answer said of it ("the busy one" after "Idle: GPU 1", "the hot one" after a ranking of temperatures).

The rule picker (:mod:`~assistant.understand.picker`) and the picking grammar read names alike, so the model
may only write a job the question names.
"""

from __future__ import annotations

import re

from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context, JobBrief
from gpuaccel.assistant.understand.words import ACTIONS, ORDINALS, VOCAB

# the words a job's name shortens ("learning-rate sweep" is lr-sweep, "the resnet benchmark" resnet50-bench)
_SHORT = (
    (r"\blearning[ -]rates?\b", "lr"),
    # "the 70b ft": ML shorthand for it (not a part of a name, "bert-ft")
    (r"\bfine[ -]?tun(?:e|ing|ed)\b|(?<![\w.-])(?<!\d\s)ft(?![\w-]|\.\w)", "finetune"),
    (r"\bevaluation\b", "eval"),
    (r"\bbenchmark\b", "bench"),
    # "the image-recognition speed test", "the big llama test" (not inside a name: "unit-tests")
    (r"(?<![\w.-])(?:speed|perf|performance|throughput)[ -]?tests?(?![\w-])", "bench"),
    (r"(?<![\w.-])tests?(?![\w-])", "eval"),
    (r"\bstable diffusion\b", "sd"),
    (r"\b(\d+(?:\.\d+)?)[ -]?(?:billion|bn)(?:[ -]param(?:eter)?s?)?\b", r"\1b"),  # "the 70-billion model"
    (r"\b(\d+(?:\.\d+)?)[ -]?million(?:[ -]param(?:eter)?s?)?\b", r"\1m"),
)


# What a name part's model family is for, as people say it of a run ("the image generation training" of
# sd-xl-train, "the speech model" of whisper-finetune): a part matches when one of these is said.
_FAMILIES = {
    "sd": ("image generation", "image-generation", "diffusion", "text to image", "text-to-image"),
    "sdxl": ("image generation", "image-generation", "diffusion"),
    "flux": ("image generation", "image-generation"),
    "whisper": ("speech", "speech recognition", "speech-to-text", "transcription", "asr", "audio"),
    "resnet50": (
        "image classification",
        "image recognition",
        "image-recognition",
        "classifier",
        "vision bench",
    ),
    "vit": ("vision transformer", "image classification"),
}


# ... said of a run: "the speech recognition job", not "my paper about speech recognition"
_RUN_AFTER = (
    r"(?:'s)?\s+(?:run|runs|job|jobs|training|train|fine-?tun\w*|finetune|model|experiments?|eval\w*"
    r"|bench\w*)\b"
)


# the case endings Slavic and Baltic languages give a borrowed noun that ends in a consonant ("se sweepem":
# with the sweep, "log sweepu": the sweep's log, "energija sweepa", "lr-sweepas"): read off a job's name or a
# part of it (4+ letters, no common word), the name said as a job
_CASE_ENDING = r"(?:u|a|e|o|em|om|ou|ovi|as|ui)"


def as_named(question: str, context: Context | None = None) -> str:
    """The question in lower case with the long forms of name parts shortened as names write them, and
    with ``context`` the queue's names said with a case ending (:data:`_CASE_ENDING`) said as a job."""
    q = question.lower()
    for long, short in _SHORT:
        q = re.sub(long, short, q)
    if context is None:
        return q
    names = {n.lower() for n in context.job_names}
    said = names | {p for n in names for p in re.split(r"[-_.]", n) if len(p) >= 4 and p not in VOCAB}
    said = {w for w in said if re.fullmatch(r"[\w.-]*[b-df-hj-np-tv-xz]", w)}
    if not said:
        return q
    alt = "|".join(re.escape(w) for w in sorted(said, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:the\s+)?({alt}){_CASE_ENDING}(?![\w-])", r"the \1", q)


def quoted_job_name(question: str) -> str | None:
    """A job name in quotes (not the apostrophe of "I'd" or "what's") or after named / called."""
    m = (
        re.search(r"(?<![A-Za-z])[\"'`]([^\"'`]{2,60})[\"'`]", question)
        or re.search(r"\b(?:named|called)\s+([\w.-]+)", question, re.I)
        or re.search(r"\bwith\s+([\w.-]+)\s+in\s+(?:the|its|their)\s+names?\b", question, re.I)
        or re.search(r"\bnames?\s+(?:contains?|containing|including|like)\s+([\w.-]+)", question, re.I)
    )
    return m.group(1).rstrip(".") if m else None


def named_jobs(question: str, context: Context, stems: bool = True) -> list[int]:
    """The queue's jobs a question names by name, surest first: those named whole (a name of 3+ characters
    that is no common word: "why isn't eval-x starting?", or said with spaces for its dashes), then with
    ``stems`` the newest job of each first part of names it says ("what about eval?" of eval-x) or later
    part said as a job ("the sweep", "sweep element 2" of lr-sweep; not "train me a chatbot" of
    sd-xl-train): 4+ characters for a first part, 3+ for a later one ("the sft run"), no common word. The
    picking grammar lets the model write
    any of them; the rules take one (:func:`named_job`). A name is its newest job; where the words
    describe one element of that name's array ("the failed sweep job", "the lr-sweep run that broke"),
    that element."""
    described = described_jobs(question, context)
    found = _named_jobs(question, context, stems, described)
    if not described or not context.arrays:
        return found
    elements = [set(each.values()) for each in context.arrays.values()]
    fitting = []
    for i in found:
        fits = next((els & described for els in elements if i in els), set())
        fitting.append(fits.pop() if len(fits) == 1 and i not in described else i)
    return list(dict.fromkeys(fitting))


def _named_jobs(question: str, context: Context, stems: bool, described: set[int] | None) -> list[int]:
    """:func:`named_jobs` before an array's element is told apart (``described``: :func:`described_jobs`)."""
    q = as_named(question, context)
    squeezed = re.sub(r"\s", "", q)  # a part said with spaces inside it is in here; most parts are in neither

    def said(part: str) -> bool:  # as written, or with spaces inside it as a voice typist's text has it
        if re.search(rf"(?<![\w-]){re.escape(part)}(?![\w-])", q) is not None:
            return True
        if len(part) < 5 or not part.isalnum() or part not in squeezed:
            return _heard_as(part, q)
        spaced = r"\s?".join(re.escape(c) for c in part)  # "res net 50" says resnet50, "fine tune" finetune
        return re.search(rf"(?<![\w-]){spaced}(?![\w-])", q) is not None

    def said_whole(name: str) -> bool:  # "llm finetune" says llm-finetune
        return said(name) or (re.search(r"[-_.]", name) is not None and said(re.sub(r"[-_.]+", " ", name)))

    names = context.job_names.items()
    whole = [i for n, i in names if len(n) >= 3 and n.lower() not in VOCAB and said_whole(n.lower())]
    # in the order said: "how long did llama-70b-finetune wait before data-prep let it go" asks the first
    at = {i: q.find(n.lower().split("-")[0]) for n, i in names if i in whole}
    whole.sort(key=lambda i: at[i] if at[i] >= 0 else len(q))
    whole = whole or _one_letter_off(q, context)  # "sd-xl-trian", "llama-405b-prob": a name mistyped
    if not stems:
        return whole
    # the one name most of whose parts are said, two at least: "llama 8b" is llama-8b-eval, not the
    # newest llama job; a part counts inside a dashed word too ("the llama-70b finetune" says three parts
    # of llama-70b-finetune, two of llama-70b-eval)
    parted = re.sub(r"(?<=\w)[-_.](?=\w)", " ", q)
    words = re.findall(r"[a-z]+", q)  # (once a question, not once a job's part)

    def said_part(part: str) -> bool:
        if said(part) or re.search(rf"(?<!\w){re.escape(part)}(?!\w)", parted) is not None:
            return True
        # a long part mistyped by one letter: "the llama 70b fintune" of llama-70b-finetune
        if len(part) >= 6 and part.isalpha() and any(_distance_one(w, part) for w in words):
            return True
        # a part said as a verb's other form: "the sd training" of sd-xl-train, "the whisper finetuning"
        stem = part[:-1] if part.endswith("e") else part
        return (
            len(part) >= 4
            and part.isalpha()
            and re.search(rf"(?<!\w){stem}(?:ing|ed|er)(?!\w)", parted) is not None
        )

    said_parts = {
        i: sum(said_part(p) for p in re.split(r"[-_.]", n.lower()) if len(p) >= 2 and p not in VOCAB)
        for n, i in names
    }
    most = max(said_parts.values(), default=0)
    if most >= 2 and list(said_parts.values()).count(most) == 1:
        return list(dict.fromkeys(whole + [i for i, k in said_parts.items() if k == most]))
    sized = _by_size({i for i, k in said_parts.items() if k == most}, q, context) if most >= 2 else None
    if sized is not None:  # "the big llama test" of llama-8b-eval and llama-70b-eval
        return list(dict.fromkeys([*whole, sized]))
    # a model size only one name has: "the 7b training" is mistral-7b-sft
    # (not one said with "a": "how much vram does a 7b model need" asks of any model, not of this job)
    sizes = {
        i
        for n, i in names
        for p in re.split(r"[-_.]", n.lower())
        if _SIZE_PART.fullmatch(p) and said(p) and not re.search(rf"\b(?:a|an|any)\s+{re.escape(p)}\b", q)
    }
    if not whole and len(sizes) == 1:
        return list(sizes)
    # what the model family is for, one name having it: "the image generation training" is sd-xl-train
    families = {
        i
        for n, i in names
        for p in re.split(r"[-_.]", n.lower())
        if any(re.search(rf"\b{re.escape(said_as)}\b{_RUN_AFTER}", q) for said_as in _FAMILIES.get(p, ()))
    }
    if not whole and len(families) == 1:
        return list(families)

    # a part several jobs share is the one in focus when it has it ("the eval" after llama-8b-eval), else
    # the newest
    focus = context.last.job if context.last is not None and context.last.job is not None else None
    focus = context.subjects[0] if focus is None and len(context.subjects) == 1 else focus
    # else the one the conversation is about ("when did the finetune finish" after a list that named one)
    talked = set(context.subjects) | set(context.listing)
    # "the finetune after it" of data-prep: of the jobs with that part, the next one queued after the job
    # in focus ("before it": the one queued last before it)
    # ("sat in the queue behind it")
    after = re.search(r"\b(?:after|following|next to|behind) (?:it|that|this|them)\b", q)
    before = re.search(r"\bbefore (?:it|that|this|them)\b", q)

    def by_order(ids: set[int]) -> int | None:
        if focus is None or focus in ids or not (after or before):
            return None
        later, earlier = [i for i in ids if i > focus], [i for i in ids if i < focus]
        return min(later) if after and later else max(earlier) if before and earlier else None

    def of_described(ids: set[int]) -> int | None:  # "the overnight fine-tune" of two fine-tunes
        fits = ids & described if described is not None and len(ids) > 1 else set()
        return fits.pop() if len(fits) == 1 else None

    # what a job did ("how many Wh did the eval eat"): of the jobs with that part, those that ran
    # (or how it ended: "is the finetune finished" of a held one and one that ran is the one that ran)
    did = re.search(
        r"\b(?:did|ran|used|took|cost|burn(?:ed|t)?|eat|ate|consumed|drew|finished|completed|succeeded|ended)\b",
        q,
    )

    def newest(ids: set[int]) -> int:
        ran = {i for i in ids if (b := context.job_briefs.get(i)) is not None and b.started is not None}
        return max(ran) if did is not None and ran else max(ids)

    stemmed = [
        of_described(ids)
        or _by_size(ids, q, context)  # "the small llama model": the llama job of the smallest size
        or (focus if focus in ids else by_order(ids))
        or (min(ids & talked) if len(ids & talked) == 1 else newest(ids))
        for stem, ids in name_stems(q, context).items()
        if said(stem)
    ]
    if not whole and not stemmed and described is not None and len(described) == 1:
        stemmed = list(described)  # "the job that needs two GPUs": the one job it fits
    if not whole and not stemmed and described and len(described & set(context.listing)) == 1:
        stemmed = list(described & set(context.listing))  # "the one that broke" of the jobs just listed
    if not whole and not stemmed and context.listing:
        # "the sd one" after a list: the one listed job with a part of its name said (2+ letters) as a job
        listed = {n.lower(): i for n, i in names if i in context.listing}
        stemmed = [
            i
            for n, i in listed.items()
            if any(_said_as_job(p, q) for p in re.split(r"[-_.]", n) if len(p) >= 2 and p not in VOCAB)
        ]
        stemmed = stemmed if len(stemmed) == 1 else []
    return list(dict.fromkeys(whole + stemmed))


# a job said by what it is, singular and definite: "the job that needs two GPUs", "the training that is
# running now", "the big overnight fine-tune on the h100", "this morning's eval", "the eval from
# yesterday" (the words before the noun, the clause after it); the noun may end a name ("the lr-sweep
# that failed", "the failed lr-sweep")
_JOB_NOUN = (
    r"(?:job|run|training|finetune|finetuning|eval|bench|build|sweep|experiment|task|probe|export|one"
    r"|element|member)"
)
_WHEN_S = r"(?:yesterday|today|tonight|last night|this (?:morning|afternoon|evening))'s"
# a noun after a verb's helper is the verb ("which of the two cards has run hotter"), not a job
_HELPERS = ("has", "have", "had", "was", "were", "been", "is", "are", "be")
_NOT_A_NOUN = "".join(rf"(?<!\b{w} )" for w in _HELPERS)
_DESCRIBED, _DESCRIBED_IN_NAME = (
    re.compile(
        rf"(?:\b(?:the|that|this)|\b{_WHEN_S})\s+((?:[\w'-]+\s+){{0,4}}?{in_name}){_NOT_A_NOUN}({_JOB_NOUN})\b"
        r"(?:\s+(?:one|job|run)\b)?"  # "the sweep one that died", "the eval job from yesterday": one noun
        r"((?:\s+(?:that|which|who)\s+[^,.?;]*|\s+(?:on|with|using|needing|asking for|from)\s+[^,.?;]*"
        r"|\s+(?:yesterday|today|tonight|overnight|last night|this (?:morning|afternoon|evening))\b)?)"
    )
    for in_name in ("", r"(?:[\w.]+[-_])+")  # (then the noun as the end of a name)
)
# the same asked as which: "in the lr-sweep, which element failed" (the array's failed element)
_ASKED_WHICH = re.compile(
    rf"\bwhich\s+()({_JOB_NOUN})((?:\s+(?:failed|crashed|died|broke|errored|was cancell?ed|got killed))\b)"
)
_DESCRIBED_STATES = {
    "running": r"running|live|active|in progress|current",  # "the current job on the H100"
    "queued": r"queued|waiting|pending",
    "held": r"held|on hold",
    "failed": r"failed|crashed|died|broke|broken|errored|ooms?|crashing|failing|blew up|blown up|exploded",
    "cancelled": r"cancell?ed|killed|aborted",
    "succeeded": r"succeeded|successful|finished fine|completed",
}
_COUNT_WORDS = {"one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "eight": 8}
_GPU_COUNT = re.compile(r"\b(\d|one|single|two|three|four|eight)[\s-]*(?:gpus?|cards?)\b")
_GPU_INDEX = re.compile(r"\bon\s+(?:gpu|card)\s*(\d+)\b")


def untimed(question: str) -> str:
    """The question without a time said of one job ("this morning's eval", "yesterday's finetune"): that
    time picks the job, it is no span of the question's ("yesterday's jobs" keeps its span)."""
    one_job = rf"(?=(?:[\w-]+\s+){{0,3}}?{_JOB_NOUN}\b(?!s\b))"
    return re.sub(rf"\b{_WHEN_S}\s+{one_job}", "", question, flags=re.IGNORECASE)


def described_jobs(question: str, context: Context) -> set[int] | None:
    """The jobs a description in the question fits (its noun as a part of their names, their state, the
    GPUs they ask for, the GPU they ran on, when they ran), or None when the question describes no job so."""
    if not context.job_briefs:
        return None
    q = as_named(question, context)
    found = None
    for m in (*_DESCRIBED.finditer(q), *_DESCRIBED_IN_NAME.finditer(q), *_ASKED_WHICH.finditer(q)):
        said = f"{m.group(1)} {m.group(3)}"
        fits = dict(context.job_briefs)
        # the noun a name has as a part ("the overnight finetune" of llama-70b-finetune): those jobs only
        # (every element of an array of that name: "the failed sweep" of lr-sweep's four runs)
        names = {
            n for n in (*context.job_names, *context.arrays) if m.group(2) in re.split(r"[-_.]", n.lower())
        }
        kind = {context.job_names[n] for n in names if n in context.job_names}
        kind |= {i for n in names for i in context.arrays.get(n, {}).values()}
        if kind:
            fits = {i: b for i, b in fits.items() if i in kind}
        state = next((s for s, w in _DESCRIBED_STATES.items() if re.search(rf"\b(?:{w})\b", said)), None)
        if state is not None:
            fits = {i: b for i, b in fits.items() if b.state == state}
        count = _GPU_COUNT.search(said)
        if count is not None:
            n = int(_COUNT_WORDS.get(count.group(1), count.group(1)))
            fits = {i: b for i, b in fits.items() if b.gpus == n}
        index = _GPU_INDEX.search(said)
        on = {int(index.group(1))} if index else gpus_by_model(m.group(3), context) if m.group(3) else set()
        if on:
            fits = {i: b for i, b in fits.items() if on & set(b.ran_on)}
        # when it ran: "overnight", "this morning's", "from yesterday" (the span's words, read as anywhere)
        span = window_of(m.group(0), context.now) if context.now is not None else None
        if span is not None:
            fits = {i: b for i, b in fits.items() if _ran_in(b, span.t0, span.t1)}
        sized = _by_size(set(fits), said, context) if kind and _SIZE_SAID.search(m.group(1)) else None
        if sized is not None:  # "the big finetune" of two finetunes
            fits = {sized: fits[sized]}
        if state is None and count is None and not on and span is None and sized is None:
            continue
        found = set(fits)
        break
    return found


def _ran_in(brief: JobBrief, t0: float, t1: float) -> bool:
    """Whether a job ran at some time between ``t0`` and ``t1``."""
    return brief.started is not None and brief.started < t1 and (brief.until or brief.started) > t0


_SIZE_SAID = re.compile(
    r"\b(?:(small|smaller|smallest|little|tiny|mini)|(big|bigger|biggest|large|larger|largest|huge))\b"
)
_SIZE_PART = re.compile(r"(\d+(?:\.\d+)?)([kmb])")  # a name part that is a model size: "8b", "350m"
_SIZE_UNIT = {"k": 1e3, "m": 1e6, "b": 1e9}


def _by_size(ids: set[int], q: str, context: Context) -> int | None:
    """Of jobs whose names say a model size ("llama-8b-eval", "llama-70b-eval"), the smallest or the
    largest, where the question says so ("the small llama model", "the big llama test"); else None."""
    said = _SIZE_SAID.search(q)
    if said is None or len(ids) < 2:
        return None
    sizes = {
        i: float(size.group(1)) * _SIZE_UNIT[size.group(2)]
        for name, i in context.job_names.items()
        if i in ids
        for size in map(_SIZE_PART.fullmatch, re.split(r"[-_.]", name.lower()))
        if size is not None
    }
    if len(sizes) == 1 and said.group(2):  # "the big finetune": the one finetune that says a model size
        return next(iter(sizes))
    if len(sizes) < 2 or len(set(sizes.values())) < len(sizes):
        return None
    return (min if said.group(1) else max)(sizes, key=sizes.__getitem__)


def _skeleton(word: str) -> str:
    """A word's consonants, doubled ones once: what dictation keeps ("mist role", "mistral": mstrl)."""
    return re.sub(r"(.)\1+", r"\1", re.sub(r"[aeiouy]", "", word))


def _heard_as(part: str, q: str) -> bool:
    """Whether dictation wrote a name's part (6+ letters) as two words of 3+ letters with its consonants in
    order: "the mist role job" for mistral; its first three letters kept, the length within two."""
    if len(part) < 6 or not part.isalpha():
        return False
    words = re.findall(r"[a-z]+", q)
    return any(
        (a + b)[:3] == part[:3]
        and min(len(a), len(b)) >= 3
        and abs(len(a + b) - len(part)) <= 2
        and _skeleton(a + b) == _skeleton(part)
        for a, b in zip(words, words[1:], strict=False)
    )


def _one_letter_off(q: str, context: Context) -> list[int]:
    """The one job whose name (6+ characters, with a dash or dot) a dashed word of the question misses by
    one letter: a letter left out, added, changed or two swapped."""
    known = {n.lower(): i for n, i in context.job_names.items() if len(n) >= 6 and re.search(r"[-_.]", n)}
    found = {
        known[n]
        for word in re.findall(r"[a-z0-9]+(?:[-_.][a-z0-9]+)+", q)
        if word not in known
        for n in known
        if _distance_one(word, n)
    }
    return list(found) if len(found) == 1 else []


def _distance_one(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one edit: a letter added, dropped or changed, or two swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        swapped = (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
        return len(diff) == 1 or swapped
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:k] + long[k + 1 :] == short for k in range(len(long)))


def name_stems(question: str, context: Context) -> dict[str, set[int]]:
    """The parts of the queue's job names a question may name jobs by, each with the jobs that have it: a
    name's leading parts joined as written or run together ("sd-xl", "sdxl" of sd-xl-train), its first
    part (4+ characters, no common word), that part without its digits ("resnet" of resnet50-bench), and
    a later part (3+ characters) said as a job ("the sweep" of lr-sweep, "the sft run" of mistral-7b-sft)."""
    q = as_named(question, context)
    by_stem: dict[str, set[int]] = {}
    for name, job_id in context.job_names.items():
        parts = re.split(r"[-_.]", name.lower())
        for k in range(2, len(parts)):  # "sd-xl", "llama-70b": the name's beginning, written as it is
            by_stem.setdefault(name.lower()[: len("-".join(parts[:k]))], set()).add(job_id)
            squeezed = "".join(parts[:k])  # and run together, as people type it: "sdxl", "llama70b"
            if len(squeezed) >= 4 and squeezed not in VOCAB:
                by_stem.setdefault(squeezed, set()).add(job_id)
        for k, stem in enumerate(parts):
            bare = stem.rstrip("0123456789")
            for part in {stem, bare} if k == 0 else {stem}:
                # a short first part said right before a run word: "the sd job", "the lr runs"
                short = (
                    k == 0 and len(part) >= 2 and re.search(rf"(?<![\w-]){re.escape(part)}{_RUN_AFTER}", q)
                )
                if (
                    (len(part) >= (4 if k == 0 else 3) or short)  # a later part said as a job: "the sft run"
                    and part != name.lower()
                    and part not in VOCAB
                    and (k == 0 or _said_as_job(part, q))
                ):
                    by_stem.setdefault(part, set()).add(job_id)
    # a part a phone's autocorrect turned into a word one letter off, said as a job: "the mistrial run"
    # (mistral-7b-sft), "which sweet one died" (lr-sweep)
    as_job = r"(?=\s+(?:job|jobs|run|runs|one|ones|element|elements|task|training)\b)"
    for word in set(re.findall(rf"(?<![\w-])([a-z]{{5,}}){as_job}", q)) - set(by_stem) - set(VOCAB):
        for name, job_id in context.job_names.items():
            parts = [p for p in re.split(r"[-_.]", name.lower()) if len(p) >= 5 and p not in VOCAB]
            if any(_distance_one(word, p) for p in parts):
                by_stem.setdefault(word, set()).add(job_id)
    return by_stem


# the request reader's verbs (words.ACTIONS), longest first
_ACTING = "|".join(sorted({re.escape(v) for verbs in ACTIONS.values() for v in verbs}, key=len, reverse=True))


def _said_as_job(part: str, q: str) -> bool:
    """Whether a later part of a name is said as a job ("the sweep", "this morning's eval", "sweep element
    2", "cancel probe"), not as a word ("train me a chatbot" of sd-xl-train)."""
    return (
        re.search(
            rf"(?:\b(?:the|that|this|my|our)|\w's)\s+(?:(?:whole|entire|full|complete)\s+)?{re.escape(part)}(?![\w-])"
            rf"|(?<![\w-]){re.escape(part)}\s+(?:job|jobs|run|runs|one|element|elem|task)\b"
            # the object of a request, said tersely ("cancel probe", "kill sweep")
            rf"|\b(?:{_ACTING})\s+{re.escape(part)}(?![\w-])"
            # the subject of a follow-up or a status ask ("and what about probe?", "status of sweep?")
            rf"|(?:\b(?:what|how) about|\bstatus of|^\s*and)\s+{re.escape(part)}(?![\w-])",
            q,
        )
        is not None
    )


def named_group(question: str, context: Context) -> str | None:
    """The part of a name several jobs share when the question names them together: "the llama jobs", "all
    llama runs", "my whisper ones" (a plural after the part, or "all" before it); None otherwise."""
    q = as_named(question, context)
    for stem, ids in name_stems(q, context).items():
        if len(ids) < 2:
            continue
        s = re.escape(stem)
        if re.search(rf"(?<![\w-]){s}\s+(?:jobs|runs|ones|tasks)\b|\ball\s+(?:the\s+|my\s+)?{s}(?![\w-])", q):
            return stem
    return None


def named_job(question: str, context: Context, stems: bool = True) -> int | None:
    """The job the rules read as named: the first named whole, else the newest of the one first part said
    (two parts said is no reading)."""
    whole = named_jobs(question, context, stems=False)
    if whole or not stems:
        return whole[0] if whole else None
    parts = named_jobs(question, context)
    return parts[0] if len(parts) == 1 else None


def _name_beside(m: re.Match[str], context: Context) -> str:
    """The job's number alone where the words in parentheses after it name that job or the array it is an
    element of ("job 9 (lr-sweep)": one job, not also the sweep's newest); else as said."""
    job, named = int(m[2]), named_jobs(m[3], context)
    arrays = [set(elements.values()) for elements in context.arrays.values()]
    same = job in named or any(job in array and array & set(named) for array in arrays)
    return m[1] if same else m[0]


def named_jobs_in(question: str, context: Context) -> list[int]:
    """Every job a question names, by number (:data:`JOB_SAID`) or by name (:func:`named_jobs`); a name said
    in parentheses beside a job's number that is its own (:data:`_NAMED_BESIDE`) names no other."""
    question = _NAMED_BESIDE.sub(lambda m: _name_beside(m, context), question)
    numbers = [int(n) for n in re.findall(rf"{JOB_SAID}(\d+)\b", question.lower())]
    for listed in JOB_LIST.finditer(question.lower()):  # each number of a list: "jobs 7 and 10"
        numbers += [int(n) for n in re.findall(r"\d+", listed[0])]
    # every job the machine has: a name's newest, every element of an array ("job 7 and job 8 of the
    # sweep"), and the jobs read this turn
    elements = {i for each in context.arrays.values() for i in each.values()}
    known = set(context.job_names.values()) | elements | set(context.job_briefs)
    return list(dict.fromkeys([n for n in numbers if n in known] + named_jobs(question, context)))


def _num(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else None


_INDEX_WORD = r"(?:index\s*|number\s*|no\s*|n\s*)?"
# a GPU numbered with "#", as a sysadmin labels hardware ("GPU #0", "card #1", "gpu#1"): the GPU's index,
# never job 0 (a bare "#12" is still a job)
GPU_HASH = re.compile(r"\b(?:gpus?|cards?|devices?|boards?|slots?)\s*#\s*\d+", re.I)


def numbered(text: str, question: str, context: Context) -> tuple[int | None, int | None]:
    """The GPU and the job a question names by number (``text``: its repaired words): "gpu 1", "job 5",
    "#5", "the second one", "vram on 0", else the GPU by its model (:func:`gpu_by_model`). A clock time's
    hour is no index ("the other card, 13:45 to 13:50": its words read "card 13 45")."""
    for h, mm in re.findall(r"\b(\d{1,2}):(\d\d)\b", question):
        text = re.sub(rf"\b{h} {mm}\b", " ", text)
    said = set(re.findall(rf"\b(?:gpu|card|device|gpus)\s*(?:with\s+)?{_INDEX_WORD}(\d+)\b", text))
    if len(said) > 1:  # "gpu 0 versus gpu 1", "gpu 0 and gpu 1": both, as every GPU's reading says them
        return None, _num(r"\b(?:job|jb|j|task|id)\s*(?:number\s*|no\s*|n\s*)?(\d+)\b", text)
    gpu = _num(rf"\b(?:gpu|card|device|gpus)\s*(?:with\s+)?{_INDEX_WORD}(\d+)\b", text)
    job = _num(r"\b(?:job|jb|j|task|id)\s*(?:number\s*|no\s*|n\s*)?(\d+)\b", text) or _num(
        r"#\s*(\d+)", GPU_HASH.sub(" ", question)
    )
    if gpu is None and job is None:
        job = bare_job(text, context, question)  # "5", "9 waited how long", "why is 13 PD", "util during 6"
    if gpu is None and job is None:  # "the second one", "vram on 0"
        nth = re.search(rf"\b({'|'.join(ORDINALS)})\s+(?:one|gpu|card|device|accelerator|chip)\b", text)
        gpu = ORDINALS.index(nth.group(1)) % 4 if nth else _num(r"\bon (\d+)\b(?! (?:gpus|cards))", text)
        if gpu is not None and not nth and context.gpus and gpu not in context.gpus:
            gpu = None  # "procs on 4090": a model number, read below (not GPU index 4090)
    if gpu is None and job is None:
        gpu = gpu_by_model(question, context)  # "on the 4090", "the h100"
    if gpu is None and job is None:
        gpu = gpu_by_size(question, context)  # "the big card", "the smaller gpu"
    return gpu, job


# What follows a number that counts or measures, so it names no job: "2 gpus", "85 c", "30 min", "14:00".
_UNIT = (
    r"(?:%|°|:\d|[.,]\d|c|f|w|watts?|kw|wh|kwh|gb|gib|mb|mib|mhz|ghz|min|mins|minutes?|h|hrs?|hours?|s|secs?"
    r"|seconds?|days?|weeks?|gpus?(?![\s-]*hours?)|cards?|devices?|jobs?|runs?|am|pm|x|times?|of|percent"
    r"|degrees?|lines?|b)\b"
)
# a job said by its number, before the number: "job 12", "jobs 7", "#12", "job #12", and as one who spells
# numbers out or dictates says it, "job number 12", "job no. 12", "job nr 12" ("job number twelve" reaches the
# readers as "job number 12": spoken.written)
_JOB_WORD = r"\bjobs?\s*(?:(?:number|no\.?|num|nr)\s*)?#?\s*"
JOB_SAID = rf"(?:{_JOB_WORD}|#\s*)"
# a job's number with words in parentheses after it ("job 9 (lr-sweep)", "#4 (the export)"): its name, said
# beside it, where those words name that job or its array (:func:`_name_beside`)
_NAMED_BESIDE = re.compile(rf"({JOB_SAID}(\d+))\s*\(([^()]{{1,60}})\)")
# what was meant, said after a word taking a request back ("sorry, it was 13", "no no, it's 13", "oops, was
# 13"): a correction (:data:`_BARE_JOB`; acts' requests asked again of the job meant)


def job_called(job: int, names: dict[int, str]) -> str:
    """ "job 12 (llama-70b-eval)", as a reply names a job (its id alone where it has no name)."""
    return f"job {job}" + (f" ({names[job]})" if job in names else "")


_NAMED_AT_MOST = 6  # the jobs :func:`which_of` names each of


def which_of(several: list[int], context: Context) -> str:
    """The question back to one job said without its number or name after an answer naming several
    (:meth:`Context.several_meant`): which of them, each named (a long list by its numbers alone)."""
    if len(several) > _NAMED_AT_MOST:
        return f"Which job do you mean: jobs {', '.join(map(str, several))}? Ask again with its number."
    names = context.names_by_id()
    each = [job_called(i, names) for i in several]
    return f"Which job do you mean: {', '.join(each[:-1])} or {each[-1]}? Ask again with its number or name."


TAKEN_BACK = (
    r"(?:no|nope|oops|sorry|wait|my bad|my mistake|actually)\W+(?:(?:it|that)(?: was| is|'s)|it's|was)"
)
# jobs said as one list that "job(s)" opens: "jobs 7 and 10", "jobs 4, 6 & 9", "job 3 and 5", "job 3 and job
# 5" (not "jobs 7 and 10 minutes" nor "job 6 and 2 others": a count)
JOB_LIST = re.compile(
    rf"{_JOB_WORD}\d+(?:\s*(?:,|&|\band\b|\bor\b)\s*(?:jobs?\s*)?#?\d+\b"
    rf"(?!\s*(?:{_UNIT}|others?\b|more\b)))+",
    re.IGNORECASE,
)
_BARE_JOB = (
    re.compile(r"^#?(\d+)$"),  # the number alone, as a Slurm user answers "which job?"
    re.compile(rf"^(\d+)\b(?!\s*{_UNIT})"),  # "9 waited how long", "3 - exit code?"
    re.compile(r"\b(?:during|while) (\d+)$"),  # "avg util during 6"
    re.compile(r"\b(?:with|about|of|for|on|to) #?(\d+)$"),  # "whats up with 14", "what happened to 6"
    # what a job used: "GPU-h burned by 11 so far" (not "done by 11": a time)
    re.compile(r"\b(?:used|burned|burnt|consumed|drawn|spent|taken|held|eaten) by #?(\d+)\b"),
    re.compile(r"^why(?: \w+){1,2} #?(\d+)$"),  # "why fail 5", "why stuck 13": the job said last
    # a correction: "sorry, wrong number, I mean number 9, why did that one fail?" (the number said, not the
    # job before); a terse one drops its "I" ("sorry, meant 13"), or says what it was ("oops, it was 13")
    re.compile(rf"\b(?:i meant?|meant|{TAKEN_BACK}) (?:the )?(?:number |no |num )?#?(\d+)\b(?!\s*{_UNIT})"),
    # ... or says the number first ("no hang on, 13 I meant", "sorry, 9 is what I meant")
    re.compile(rf"\b#?(\d+)\b(?!\s*{_UNIT})(?: is| was)?(?: what)? (?:i meant?|i mean|i meant to say)$"),
    # "the 13 why is not running": the number said with an article, then the question
    re.compile(r"^(?:and |so |ok )?the #?(\d+) (?:why|what|how|when|is|was|has|did|does)\b"),
    # its progress: "how far along is 11", "how far has 11 got"
    re.compile(r"\bhow far(?: along)? (?:is|has|did|was) #?(\d+)\b(?!\s*(?:%|percent))"),
    # "why is 13 PD", "why's 13 stuck" (the 's dropped with the apostrophe)
    re.compile(
        r"\b(?:is|was|why) (\d+) (?:still )?(?:pd|pending|running|queued|held|r|stuck|blocked|waiting)\b"
    ),
    # the number between an auxiliary and its verb: "how long has 12 been sitting", "did 9 fail", "why
    # isnt 13 starting", "why won't 13 start" (a negated auxiliary: "won t" in words, or "wont"), "why is
    # 13 not starting" (the "not" after the number, as Swedish's "varför startar inte 13" reads)
    re.compile(
        r"\b(?:has|had|have|did|does|do|will|wo|can|ca|could|would|was|is|are)(?:n'?t|n t| not)? (\d+) "
        r"(?:still |been |ever |already |actually |yet |not )*"
        r"(?:sit|sitting|sat|wait|waiting|waited|queued|pending|running|ran|run|fail|failed|failing|finish|finished|"
        r"finishing|start|started|starting|take|took|taking|use|used|using|get|got|getting|end|ended|ending|"
        r"succeed|succeeded|die|died|dying|crash|crashed|crashing|go|going|moving|scheduled"
        r"|log|logged|logging|print|printed|printing|output|outputting|say|said|saying|write|wrote|writing)\b"
    ),  # ("wat did 9 log")
    # "what's 7 printing", "what 9 is logging": what the job is writing now (its "is" dropped with the 's)
    re.compile(r"\bwhat(?:'?s| is)? #?(\d+) (?:is |s )?(?:logging|printing|outputting|saying|writing)\b"),
    # (not a count of things: "one of the 4 pieces failed")
    re.compile(
        r"\b(\d+)\s+(?:(?!(?:pieces|parts|chunks|runs|jobs|tasks|elements|shards|of)\b)\w+\s+)?"
        r"(?:pd|pending|running|queued|held|failed|state|elapsed|walltime)\b"
    ),
    # a shell user's word for what to show, then the job: "tail 9", "why 5 dead", "wait time 12", "energy 4",
    # "gpu-h 11 so far", "rt 7", "gpu-hours on 11 so far"; Slurm's and pueue's job tools: "sacct 11",
    # "seff 4", "scontrol show job 9", "status 12"
    re.compile(
        r"^(?:tail|log|logs|why|wait|waited|energy|kwh|runtime|gpu h|gpu hours?|gpu time|info|detail|details"
        r"|sacct|sstat|seff|scontrol show(?: job)?|show|status|inspect|describe)"
        r"(?: time)?(?: on| of| for| by)? #?(\d+)\b"
    ),
)


# A number read as a clock time or a range's end: "12:30 to 1:30", "9 to 10", "3pm"
_CLOCKED = re.compile(r"^\s*(?:[:.]\d|\s*(?:to|till|until|-|–|and|am|pm|o'?clock)\b)", re.I)


def bare_job(text: str, context: Context, question: str = "") -> int | None:
    """A job said by its number alone, as a Slurm or pueue user says it ("5", "13 pending how long", "why is
    13 PD", "avg util during 6"): only a job the queue has, and a number that is also a GPU's index only
    when it is the whole question."""
    said = text.strip(" ?.!")
    known = set(context.job_names.values()) | {
        i for elements in context.arrays.values() for i in elements.values()
    }
    for k, pattern in enumerate(_BARE_JOB):
        m = pattern.search(said)
        if m is None:
            continue
        n = int(m.group(1))
        where = re.search(rf"(?<![\d:.]){n}(?![\d])(.*)$", question)
        if where is not None and _CLOCKED.match(where.group(1)):
            continue  # "12:30 to 1:30 - average power": a span, not job 12
        if n in known and (k == 0 or n not in context.gpus):  # "1" alone is a job; "1 is hot" a GPU
            return n
    return None


def gpu_by_model(question: str, context: Context) -> int | None:
    """The one GPU whose model name has a word of the question with a digit ("the 4090", "the h100") or a
    word of 3+ letters that no other GPU's model has and that is no topic word ("the rtx", "the geforce";
    not "nvidia" when every GPU is one)."""
    hits = gpus_by_model(question, context)
    return hits.pop() if len(hits) == 1 else None


# a GPU called by its kind: "the gaming card", "our consumer gpu" (a GeForce or a Titan), "the datacenter
# card", "the data-center one", "the server gpu" (an H100, an A100, an L40S: a data-center model)
_KIND_CARD = re.compile(
    r"\b(?:the|that|our|my|this) (?:(gam(?:ing|er)|consumer|desktop)"
    r"|(data[\s-]?cent(?:er|re)|server|enterprise)) (?:graphics card|card|gpu|one)\b",
    re.I,
)
_CONSUMER_MODEL = re.compile(r"\b(?:geforce|titan)\b", re.I)
_DATACENTER_MODEL = re.compile(r"\b(?:tesla|[abhlvt]\d{1,3}s?|g[hb]\d{3})\b", re.I)


def gpus_by_kind(question: str, context: Context) -> list[tuple[str, int]]:
    """Each GPU the question calls by its kind where the machine has one of that kind: "the gaming card"
    (its one GeForce or Titan), "the datacenter card" (its one data-center model); the words and the index."""
    found = []
    for m in _KIND_CARD.finditer(question):
        kind = _CONSUMER_MODEL if m.group(1) else _DATACENTER_MODEL
        ones = [i for i, model in context.gpu_models.items() if kind.search(model)]
        if len(ones) == 1:
            found.append((m.group(0), ones[0]))
    return found


def gpus_called(question: str, context: Context) -> list[tuple[str, int]]:
    """Every GPU the question calls by what it is, not by its number or model: by its state where the last
    answer tells which (:func:`gpu_by_state`), by its kind (:func:`gpus_by_kind`), by its size ("the big
    card", :func:`gpu_by_size`); the words and the index of each ("the big card or the gaming card": two)."""
    state = gpu_by_state(question, context)
    sized = [
        (m.group(0), i) for m in _BIG.finditer(question.lower()) if (i := _sized(m, context)) is not None
    ]
    return ([state] if state else []) + gpus_by_kind(question, context) + sized


def model_said_as_a_kind(question: str, context: Context) -> bool:
    """Whether the question names GPU models only as a kind of card ("on a 4090", "for an h100"), never
    one of this machine's ("the 4090", "my h100")."""
    q = question.lower()
    said = [
        m
        for model in context.gpu_models.values()
        for part in re.findall(r"[a-z]*\d+[a-z0-9]*", model.lower())
        if not re.fullmatch(r"\d{1,2}|\d+(?:gb|gib|g)", part)
        for m in re.finditer(rf"(?<![\w-]){re.escape(part)}(?![\w-])", q)
    ]
    kind = r"\b(?:a|an|any|one)\s+(?:(?:nvidia|geforce|rtx|tesla)\s+)*$"
    return bool(said) and all(re.search(kind, q[: m.start()]) for m in said)


# a GPU product's code as people write it: "H200", "A100", "L40S", "GH200", "MI300X", "RTX 3090", "5090 Ti"
_PRODUCT_CODE = re.compile(
    r"\b(?:[ahblv]\d{2,3}[sx]?|g[hb]\d{3}|mi\d{3}x?|rtx ?\d{4}(?: ?ti| ?super)?|\d{4} ?(?:ti|super)"
    r"|[1-5]0[5-9]0)\b"  # (a GeForce's number alone: "a 5090 or a used 3090")
)
# two things set side by side: "H100 vs H200 memory bandwidth?", "how much faster is an H200 than our H100"
_SIDE_BY_SIDE = re.compile(r"\b(?:vs\.?|versus|than|differences?|differ|differs|compared?|comparison)\b")


def other_model_compared(question: str, context: Context) -> bool:
    """Whether the question sets a GPU model this machine has none of ("H200" beside an H100 and a 4090)
    beside another, naming no GPU or job by number: what those products are is general knowledge, no
    reading of this machine's."""
    q = question.lower()
    codes = [m.group(0) for m in _PRODUCT_CODE.finditer(q)]
    # two products set as a choice: "5090 or a used 3090 for finetuning?"
    either = len(codes) >= 2 and re.search(r"\b(?:or|and)\b", q) is not None
    if re.search(r"\b(?:gpu|card|job|device)\s*#?\d", q) or not (_SIDE_BY_SIDE.search(q) or either):
        return False
    models = [model.lower() for model in context.gpu_models.values()]
    ours = {part for model in models for part in re.findall(r"[a-z]*\d+[a-z0-9]*", model)}

    def other(code: str) -> bool:  # "rtx 4090" is ours where a GPU is a GeForce RTX 4090; "4090 ti" is not
        core = re.findall(r"[a-z]*\d+[a-z0-9]*", code)[-1]
        suffix = re.search(r"\b(?:ti|super)$", code)
        return core not in ours or (
            suffix is not None and not any(suffix.group(0) in m.split() for m in models)
        )

    return any(other(code) for code in codes)


def gpus_by_model(question: str, context: Context) -> set[int]:
    """Every GPU a word of the question names by its model (as :func:`gpu_by_model` reads them): "the
    h100 or the 4090" names two."""
    asked = set(re.findall(r"[a-z]*\d+[a-z0-9]*", question.lower()))
    # "and the 4090s": the 4090's (not "for H100s": a kind of card)
    asked |= set(re.findall(r"\bthe ([a-z]*\d+[a-z0-9]*?)s\b", question.lower()))
    hits = {
        index
        for index, model in context.gpu_models.items()
        for part in re.findall(r"[a-z]*\d+[a-z0-9]*", model.lower())
        if part in asked and not re.fullmatch(r"\d{1,2}|\d+(?:gb|gib|g)", part)  # not "80GB"
    }
    said = set(re.findall(r"[a-z]+", question.lower()))
    names = {i: set(re.findall(r"[a-z]{3,}", model.lower())) for i, model in context.gpu_models.items()}
    shared = set.intersection(*names.values()) if len(names) > 1 else set()
    hits |= {index for index, ws in names.items() if (ws - shared - set(VOCAB)) & said}
    return hits


def known_name(name: str, context: Context) -> bool:
    """Whether a quoted text could name a job of the queue (any part of a job's name)."""
    return any(name.lower() in n.lower() for n in context.job_names)


# A GPU called by its state: word -> (the reading it is of, "max" for the most of it, "min" the least)
_STATE_OF = {
    **dict.fromkeys("busy busier busiest loaded working".split(), ("util", "max")),
    **dict.fromkeys("idle free unused spare available".split(), ("util", "min")),
    **dict.fromkeys("hot hotter hottest warm warmer warmest".split(), ("temperature", "max")),
    **dict.fromkeys("cool cooler coolest cold colder coldest".split(), ("temperature", "min")),
}
_CALLED = re.compile(rf"\b(?:the|that) ({'|'.join(_STATE_OF)}) (?:one|gpu|card|device)\b")


def gpu_by_state(question: str, context: Context) -> tuple[str, int] | None:
    """The words and the GPU of "the busy one", "the idle card", "that hot gpu" when the last answer tells
    which GPU that is: after the idle GPUs ("Idle: GPU 1"), the idle one is the one it named and the busy
    one the only other; after a ranking of that reading, its first is the one of its order and, of two
    GPUs, the other is the opposite. None when the answer does not tell (the picker reads the words)."""
    m = _CALLED.search(question.lower())
    last = context.last
    if m is None or last is None or not context.subject_gpus:
        return None
    reading, order = _STATE_OF[m.group(1)]
    named = context.subject_gpus
    if last.name == "idle_gpus" and reading == "util":
        chosen = named if order == "min" else [g for g in context.gpus if g not in named]
    elif last.name == "gpu_rank" and last.metric == reading:
        others = [g for g in context.gpus if g != named[0]]
        chosen = named[:1] if order == last.order else others if len(context.gpus) == 2 else []
    else:
        return None
    return (m.group(0), chosen[0]) if len(chosen) == 1 else None


def named_process(question: str, context: Context) -> tuple[str, int] | None:
    """The GPU of the one GPU process the question names ("how much memory is fake-trainer using", "is
    Xorg on the 4090"): a process name of 3+ characters said whole that is no common word nor a job's
    name, with the GPU; None otherwise."""
    q = question.lower()
    jobs = {n.lower() for n in context.job_names}
    hits = {
        (name, gpu)
        for name, gpu in context.process_names.items()
        if len(name) >= 3
        and name.lower() not in VOCAB
        and name.lower() not in jobs
        and re.search(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", q)
    }
    return hits.pop() if len(hits) == 1 else None


# (the dearer card is the one with more memory: "the expensive card" of an H100 and a 4090)
_BIG = re.compile(
    r"\b(?:the|that|our) (?:(big|bigger|biggest|large|larger|largest|expensive|pricey|pricier|costly|fancy)"
    r"|(small|smaller|smallest|little|cheap|cheaper|cheapest))"
    r" (?:one|card|gpu|device)\b"
    # "the graphics card with more memory", "the gpu with less vram"
    r"|\bthe (?:graphics )?(?:card|gpu|one|device) with (?:(more|the most|most|the bigger|bigger|the larger)"
    r"|(less|the least|least|the smaller|smaller)) (?:memory|vram|ram)\b"
)


def gpu_by_size(question: str, context: Context) -> int | None:
    """The GPU with the most (least) memory when the question calls it the big (small) one ("is the big
    card busy?"); None when not said, or when two GPUs have as much."""
    m = _BIG.search(question.lower())
    return _sized(m, context) if m is not None else None


def _sized(m: re.Match[str], context: Context) -> int | None:
    if len(context.gpu_memory) < 2:
        return None
    bigger = m.group(1) is not None or m.group(3) is not None
    sizes = sorted(context.gpu_memory.items(), key=lambda kv: kv[1], reverse=bigger)
    return sizes[0][0] if sizes[0][1] != sizes[1][1] else None
