"""Report facts for the prose the model learns to write, the documents made from people's summaries of them.

Why generated facts: the model's summaries are trained on prose people wrote (helpers who read only the
facts and the slot rule, never the code), and each person needs many different reports to write about --
quiet days and bad ones, one GPU or eight, jobs that failed out of memory or were cancelled. The facts have
the shape :func:`gpuaccel.assistant.reports.report.daily_facts` / ``job_facts`` return, and go through the
product's own :func:`~gpuaccel.assistant.reports.prose.prompt`, so training and use see one format.

``python -m assistant_lab.prose facts --n 50 --seed 1 --out DIR/sets1.json`` writes fact sets with their
prompts for a writer, who writes ``DIR/w1.json`` (``[{"id", "summaries": [...]}]``); :func:`documents` turns
a folder of them into chat documents for the corpus (``english.build --prose DIR``), and ``... eval --model F
--mark DIR`` scores a trained model on fact sets nobody wrote on and marks the file (``report_prose=slots``
and its English check's word pairs).
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from assistant_lab.machines import job_name
from gpuaccel.accel.telemetry.fields import energy_text
from gpuaccel.api.durations import format_duration, parse_duration
from gpuaccel.assistant.prose_checks import SLOT, fill, pair_words, pairs_of, sentences
from gpuaccel.assistant.reports.summary import Writer, slot_prompt, slots, slotted_summary
from gpuaccel.assistant.reports.summary import params as summary_params

REASONS = (
    "CUDA out of memory (exit code 1)",
    "exited with code 1: ValueError: loss is NaN at step {n}",
    "killed by signal 9 (SIGKILL)",
    "crashed (SIGSEGV)",
    "exited with code 1: RuntimeError: NCCL timeout after 1800 s",
    "exited with code 2: FileNotFoundError: /data/shard-{n}.bin",
    "exited with code 137",
    "exited with code 1: ModuleNotFoundError: No module named 'flash_attn'",
    "exited with code 1: AssertionError: shapes do not match",
)
WAITS = (
    ("queued", "waiting for {g} GPUs: GPU {i} is held by job {j}"),
    ("queued", "waiting for a free GPU"),
    ("waiting on a dependency", "waiting for job {j} (running)"),
    ("held", "-"),
    ("retrying", "retrying in 30 s after attempt {a}"),
)
STATES = ("succeeded", "failed", "cancelled", "running", "succeeded", "failed", "succeeded")


def _reason(rng: random.Random) -> str:
    return rng.choice(REASONS).format(n=rng.randrange(100, 20000, 100), h=rng.choice((2, 4, 12, 24)))


def _exit_code(reason: str) -> int:
    """The exit code a failure's reason implies (a signal as its negative number, as the queue records it)."""
    code = re.search(r"code (\d+)", reason)
    if code:
        return int(code.group(1))
    return -9 if "SIGKILL" in reason else -11 if "SIGSEGV" in reason else -15


def _gpu(rng: random.Random, i: int, busy: float, seconds: float) -> tuple[dict[str, Any], float]:
    """One GPU's readings over ``seconds`` around a mean utilization of ``busy`` %, and its energy in J."""
    util = max(0.0, min(100.0, rng.gauss(busy, 12)))
    watts = 60 + util * rng.uniform(3.0, 6.5)
    temp = 30 + util * rng.uniform(0.35, 0.6) + rng.uniform(-3, 6)
    return {
        "gpu": i,
        "util_avg_pct": round(util, 1),
        "tensor_avg_pct": round(util * rng.uniform(0.3, 0.95), 1) if rng.random() < 0.7 else None,
        "temp_peak_c": round(min(temp + rng.uniform(2, 12), 95.0), 1),
        "energy": energy_text(watts * seconds),
        "tflops_est_avg": None,
        "resolution": rng.choice(("1 s", "1 s", "1 min")),
    }, watts * seconds


def daily(rng: random.Random) -> dict[str, Any]:
    """One day of a machine: its jobs and how they ended, its GPUs' readings, what waits at report time."""
    n_gpus = rng.choice((1, 2, 2, 4, 4, 8))
    mood = rng.random()  # a quiet day, a normal one, or one where everything was busy
    ran = 0 if rng.random() < 0.08 else rng.randint(1, 4 + int(mood * 40))
    busy = 5 + 90 * mood if ran else rng.uniform(0, 3)  # no job ran: the GPUs idled
    failed = min(ran, int(rng.random() ** 2 * ran * 0.6 + (rng.random() < 0.4)))
    going = min(ran - failed, rng.choice((0, 0, 1, 1, 2, 3)))
    cancelled_ran = min(ran - failed - going, rng.choice((0, 0, 0, 1, 2)))
    succeeded = ran - failed - going - cancelled_ran
    before = rng.choice((0, 0, 0, 0, 1, 2))
    gpus, joules = zip(*(_gpu(rng, i, busy, 86400) for i in range(n_gpus)), strict=True)
    hours = sum(g["util_avg_pct"] for g in gpus) / 100 * 24 * rng.uniform(0.8, 1.1) if ran else 0.0
    failures = []
    for _ in range(failed):
        tries = rng.choice((1, 1, 1, 2, 3))
        failures.append(
            {
                "job": rng.randint(1, 900),
                "name": job_name(rng),
                "attempts": tries,
                "gpu_time": format_duration(rng.uniform(20, 5 * 3600) * tries),
                "reason": _reason(rng),
            }
        )
    failures.sort(
        key=lambda f: -parse_duration(f["gpu_time"])
    )  # the costliest first, as the report lists them
    waiting = []
    for _ in range(rng.choice((0, 0, 1, 2, 3, 5))):
        how, why = rng.choice(WAITS)
        waiting.append(
            {
                "job": rng.randint(1, 900),
                "name": job_name(rng),
                "waiting": how,
                "why": why.format(g=rng.randint(2, 8), i=rng.randrange(n_gpus), j=rng.randint(1, 900),
                                  a=rng.randint(1, 3)),
            }
        )  # fmt: skip
    return {
        "day": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "jobs_run": ran,
        "jobs_succeeded": succeeded,
        "jobs_failed": failed,
        "jobs_unfinished": going,
        "jobs_cancelled": cancelled_ran + before,
        "jobs_waiting": len(waiting),
        "failures": failures,
        "waiting": waiting,
        "gpu_hours": round(min(hours, 24 * n_gpus), 2),
        "gpus": list(gpus),
        "energy": {"total_j": sum(joules), "total": energy_text(sum(joules))},
    }


def job(rng: random.Random) -> dict[str, Any]:
    """One job's report: what it was, how it ended or where it stands, its GPUs' readings while it ran."""
    state = rng.choice(STATES)
    n = rng.choice((1, 1, 1, 2, 4, 8))
    ids = sorted(rng.sample(range(8), n))
    seconds = rng.choice((rng.uniform(30, 600), rng.uniform(600, 4 * 3600), rng.uniform(4 * 3600, 40 * 3600)))
    attempt = rng.choice((1, 1, 1, 2, 3))
    busy = rng.uniform(40, 99)
    gpus, joules = zip(*(_gpu(rng, i, busy, seconds) for i in ids), strict=True)
    reason = (
        _reason(rng) if state == "failed" else ("cancelled by the user" if state == "cancelled" else None)
    )
    exit_code = {"succeeded": 0, "failed": _exit_code(reason or ""), "cancelled": -15}.get(state)
    return {
        "job": rng.randint(1, 900),
        "name": job_name(rng),
        "kind": "command",
        "state": state,
        "reason": reason,
        "exit_code": exit_code,
        "attempt": attempt,
        "assigned_gpus": ",".join(map(str, ids)),
        "duration_s": round(seconds, 1),
        "gpu_hours": round(seconds * n / 3600, 3),
        "energy": energy_text(sum(joules)),
        "telemetry": list(gpus),
    }


def fact_sets(n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` reports, daily and job alternating, each with its slots and prompt."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        facts = daily(rng) if i % 2 == 0 else job(rng)
        out.append({"id": f"{seed}-{i}", "facts": facts, "slots": slots(facts), "prompt": slot_prompt(facts)})
    return out


def written(folder: Path) -> Iterator[tuple[dict[str, Any], str]]:
    """Each summary people wrote (``folder/w<k>.json``) with the facts it was written from
    (``folder/sets<k>.json``)."""
    for path in sorted(folder.glob("w*.json")):
        sets = {s["id"]: s for s in json.loads((folder / path.name.replace("w", "sets", 1)).read_text())}
        for item in json.loads(path.read_text()):
            for text in item["summaries"]:
                yield sets[item["id"]]["facts"], text.strip()


def documents(folder: Path, copies: int, seed: int) -> Iterator[str]:
    """``copies`` chat documents per written summary: the report's prompt, then the summary as the answer.
    Each copy after the first lists the slots the summary uses and a random part of the others, so the
    model learns to write from the facts listed, not from where a fact sits in the list."""
    rng = random.Random(seed)
    docs = []
    for facts, text in written(folder):
        known = slots(facts)
        used = set(SLOT.findall(text))
        for k in range(copies):
            keep = 1.0 if k == 0 else rng.uniform(0.5, 1.0)
            listed = {n: v for n, v in known.items() if n in used or rng.random() < keep}
            docs.append(f"{slot_prompt(facts, listed)} {text}\n\n")
    rng.shuffle(docs)
    yield from docs


def english_pairs(texts: Iterable[str], vocabulary: set[str]) -> set[tuple[str, str]]:
    """The checked word pairs of real English (the pretraining corpus) whose words are all in
    ``vocabulary``: the English check then accepts the prose's words in every order English uses them."""
    return pairs_of((line for text in texts for line in text.split("\n")), vocabulary)


def prose_pairs(folder: Path, english: Path | None) -> set[tuple[str, str]]:
    """What the English check of the model's summaries accepts: every pair of words of the summaries people
    wrote (their words are the check's lexicon), and the checked pairs of real English (``english``: an xz
    text file of the corpus) within those words."""
    people = list(written(folder))
    texts = [text for _, text in people]
    # as written (each slot one token) and filled with the facts they were written from: where a value's
    # words meet the sentence's ("it exited with code 1") is English people wrote too
    texts += [fill(text, slots(facts)) for facts, text in people]
    pairs = pairs_of(texts, every=True)  # every word people wrote or their facts hold is in the lexicon
    if english is not None:
        vocabulary = {w for text in texts for s in sentences(text) for w in pair_words(s)} | {"<s>", "</s>"}
        with lzma.open(english, "rt", errors="ignore") as f:
            pairs |= english_pairs(f.read().split("\0"), vocabulary)
    return pairs


def pairs_text(pairs: set[tuple[str, str]]) -> str:
    """The pairs as a model file's ``prose_pairs`` metadata holds them: one "a b" a line, sorted."""
    return "\n".join(f"{a} {b}" for a, b in sorted(pairs))


def _kind_of_drop(why: str) -> str:
    """A check's reason without its particulars, to count alike reasons together."""
    if re.fullmatch(r"'[^']*'", why):  # the agreement check names only the words that disagree
        return "a count and its noun or verb disagree"
    why = re.sub(r"'[^']*'", "'...'", why.split(" (")[0])
    return re.sub(r"\{[a-z0-9_]+\}", "{slot}", re.sub(r"-?\d+(\.\d+)?", "N", why))


def evaluate(model: Path, sets: list[dict[str, Any]], strategy: str = "cpu fp32") -> dict[str, Any]:
    """The model's summaries of ``sets`` (reports it never saw) as the product makes them
    (:func:`~gpuaccel.assistant.reports.summary.slotted_summary`): how many reports get a summary, how many
    sentences pass the checks, why the others were dropped, and every summary shown."""
    from gpuaccel.assistant.engine.models import prose_pairs as file_pairs
    from gpuaccel.assistant.engine.runtime import Engine, Utf8Stream

    engine = Engine(model, strategy)
    tok = engine.tokenizer
    drafts: list[str] = []

    def generate(prompt: str, seed: int | None) -> str:
        utf8, out = Utf8Stream(), []
        for token in engine.generate(tok.encode(prompt), summary_params(seed)):
            out.append(utf8.feed(tok.token_bytes(token)))
        drafts.append("".join(out) + utf8.flush())
        return drafts[-1].strip()

    t0 = time.time()
    result = score(sets, Writer("slots", model.stem, generate, file_pairs(model)), drafts)
    result["seconds_per_report"] = round((time.time() - t0) / max(1, len(sets)), 2)
    return {"model": str(model), **result}


def score(sets: list[dict[str, Any]], writer: Writer, drafts: list[str]) -> dict[str, Any]:
    """Each report's summary as the product picks it among its drafts (``writer`` appends each draft it
    writes to ``drafts``), the checks' reasons for what they dropped, and the totals."""
    rows, why = [], Counter()
    for s in sets:
        first = len(drafts)
        checked = slotted_summary(s["facts"], writer)
        why.update(_kind_of_drop(d["why"]) for d in checked.dropped)
        rows.append(
            {"id": s["id"], "summary": checked.text, "dropped": checked.dropped, "drafts": drafts[first:]}
        )
    return {
        "reports": len(rows),
        "with_summary": sum(bool(r["summary"]) for r in rows),
        "sentences_kept": sum(len(sentences(r["summary"])) for r in rows),
        "sentences_dropped_in_kept_drafts": sum(len(r["dropped"]) for r in rows),
        "drafts_per_report": len(drafts) / max(1, len(rows)),
        "dropped_why": why.most_common(),
        "rows": rows,
    }


def rescore(model: Path, earlier: dict[str, Any], seed: int) -> dict[str, Any]:
    """An earlier :func:`evaluate`'s drafts checked again by today's checks (the drafts do not depend on the
    checks, only the choice among them does): the same result as evaluating anew, without the model."""
    from gpuaccel.assistant.engine.models import prose_pairs as file_pairs

    saved = iter([d for row in earlier["rows"] for d in row["drafts"]])
    drafts: list[str] = []

    def generate(prompt: str, seed: int | None) -> str:
        drafts.append(next(saved))
        return drafts[-1].strip()

    sets = fact_sets(len(earlier["rows"]), seed)
    result = score(sets, Writer("slots", model.stem, generate, file_pairs(model)), drafts)
    return {"model": str(model), "seconds_per_report": earlier.get("seconds_per_report"), **result}


def mark(model: Path, pairs: set[tuple[str, str]], scores: dict[str, Any]) -> None:
    """Say in the model file that it writes report summaries in slots, with its English check's pairs and
    the held-out scores (what :func:`~gpuaccel.assistant.engine.models.prose_kind` reads)."""
    from gpuaccel.assistant.engine.safetensors_header import read_header, write_metadata

    meta = dict(read_header(model)[1])
    meta["report_prose"] = "slots"
    meta["prose_pairs"] = pairs_text(pairs)
    meta["prose_eval"] = json.dumps({k: v for k, v in scores.items() if k not in ("rows", "model")})
    write_metadata(model, meta)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("facts", help="write fact sets for people to summarize")
    f.add_argument("--n", type=int, default=60)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--out", type=Path, required=True)
    e = sub.add_parser("eval", help="the model's summaries of held-out fact sets, checked")
    e.add_argument("--model", type=Path, required=True)
    e.add_argument("--n", type=int, default=60)
    e.add_argument("--seed", type=int, default=99, help="fact sets of this seed (never one people wrote on)")
    e.add_argument("--strategy", default="cpu fp32")
    e.add_argument("--out", type=Path, required=True)
    e.add_argument("--mark", type=Path, help="the written summaries' folder: mark the model with their pairs")
    e.add_argument("--english", type=Path, help="the corpus's English (xz) for the pairs")
    e.add_argument("--drafts", type=Path, help="an earlier eval's JSON: check its drafts again, no model run")
    args = ap.parse_args(argv)
    if args.cmd == "facts":
        args.out.write_text(json.dumps(fact_sets(args.n, args.seed), indent=1))
        return 0
    pairs = prose_pairs(args.mark, args.english) if args.mark is not None else None
    if pairs is not None:  # the check the product will run, with its pairs, is the one scored
        mark(args.model, pairs, {})
    if args.drafts is not None:
        result = rescore(args.model, json.loads(args.drafts.read_text()), args.seed)
    else:
        result = evaluate(args.model, fact_sets(args.n, args.seed), args.strategy)
    args.out.write_text(json.dumps(result, indent=1))
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}, indent=1))
    if pairs is not None:
        mark(args.model, pairs, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
