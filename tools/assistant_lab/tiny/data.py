"""Build the tiny model's training text from this repository alone, plus generated dialogues.

Sources (nothing outside the repository is read, nothing downloaded): the project's Markdown docs
(``docs/*.md``, ``README.md``), the docstrings of every module, class and function under ``src/gpuaccel``,
and dialogues in the RWKV chat format about GPU operations, generated from templates with random but
self-consistent numbers: the answer quotes the facts block it is given, which is the habit the assistant's
prompts rely on; and (``--query-mb``) the query picking corpus of :mod:`assistant_lab.corpus`.

Output: ``train.bin`` / ``val.bin`` (raw bytes, documents separated by byte 0 = end of text; the last 2%
of every source held out) and ``sources.json`` with byte counts. Usage:
``python -m assistant_lab.tiny.data --out .tinydata`` (the defaults are the sizes the bundled model
was trained with).
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

GPU_NAMES = ("NVIDIA H100 80GB HBM3", "NVIDIA H200", "NVIDIA A100-SXM4-80GB", "NVIDIA RTX 4090")


def clean(text: str) -> str:
    text = text.replace("\r", "").replace("\t", "    ").replace("\x00", "")
    text = "".join(ch for ch in text if ch == "\n" or 32 <= ord(ch) < 127)
    text = re.sub(r"[ ]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def project_docs(repo: Path) -> Iterator[str]:
    """The Markdown documentation: docs/*.md, then README.md."""
    for path in [*sorted(repo.glob("docs/*.md")), repo / "README.md"]:
        if path.is_file():
            yield clean(path.read_text(errors="ignore"))


def docstrings(repo: Path) -> Iterator[str]:
    """One document per module: its docstring, then those of its classes and functions, headed by name."""
    for path in sorted((repo / "src" / "gpuaccel").rglob("*.py")):
        tree = ast.parse(path.read_text(errors="ignore"), filename=str(path))
        parts = []
        module_doc = ast.get_docstring(tree)
        if module_doc:
            parts.append(module_doc)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    parts.append(f"{node.name}: {doc}")
        text = clean("\n\n".join(parts))
        if text:
            module = ".".join(path.relative_to(repo / "src").with_suffix("").parts)
            yield f"{module}\n\n{text}"


def _facts(rng: random.Random) -> tuple[str, dict]:
    n = rng.choice((1, 1, 2, 4))
    gpus = []
    for i in range(n):
        total = rng.choice((81559, 143771, 24564))
        used = rng.randint(0, total)
        gpus.append(
            {
                "i": i,
                "name": rng.choice(GPU_NAMES),
                "temp": rng.randint(28, 88),
                "util": rng.randint(0, 100),
                "used": used,
                "total": total,
                "power": rng.randint(60, 700),
                "tensor": rng.randint(0, 95),
            }
        )
    jobs = {"running": rng.randint(0, 3), "queued": rng.randint(0, 9), "failed": rng.randint(0, 5)}
    fail = {
        "id": rng.randint(1, 400),
        "reason": rng.choice(
            (
                "exit code 1",
                "CUDA out of memory",
                "timed out after 600 s",
                "killed by signal 9",
                "dependency job 3 failed",
                "daemon lost its worker",
            )
        ),
    }
    lines = ["Facts:"]
    for g in gpus:
        lines.append(
            f"- GPU {g['i']} ({g['name']}): {g['temp']} C, util {g['util']}%,"
            f" memory {g['used']}/{g['total']} MiB, power {g['power']} W, tensor activity {g['tensor']}%"
        )
    j = jobs
    lines.append(f"- queue: {j['running']} running, {j['queued']} queued, {j['failed']} failed today")
    lines.append(f"- job {fail['id']} failed: {fail['reason']}")
    return "\n".join(lines), {"gpus": gpus, "jobs": jobs, "fail": fail}


def dialogue(rng: random.Random) -> str:
    """One conversation: a facts block, then 1-3 turns whose answers quote it."""
    facts, f = _facts(rng)
    turns = []
    for _ in range(rng.randint(1, 3)):
        g = rng.choice(f["gpus"])
        kind = rng.randrange(7)
        if kind == 0:
            q = rng.choice((f"How hot is GPU {g['i']}?", f"what temperature is gpu {g['i']} at", "Hot?"))
            a = f"GPU {g['i']} is at {g['temp']} C." + (
                " That is warm; check the fans and airflow." if g["temp"] > 80 else " That is fine."
            )
        elif kind == 1:
            q = rng.choice((f"Why did job {f['fail']['id']} fail?", "why did my job fail?"))
            a = f"Job {f['fail']['id']} failed: {f['fail']['reason']}. Look at its log for details."
        elif kind == 2:
            q = rng.choice(("What is using GPU memory?", f"how much memory is used on GPU {g['i']}?"))
            a = f"GPU {g['i']} uses {g['used']} of {g['total']} MiB."
        elif kind == 3:
            q = rng.choice(("How busy are the GPUs?", "status?", "What are the GPUs doing?"))
            a = " ".join(f"GPU {x['i']} is at {x['util']}% utilization." for x in f["gpus"])
        elif kind == 4:
            q = rng.choice(("What is in the queue?", "how many jobs are waiting?"))
            j = f["jobs"]
            a = f"{j['running']} jobs are running and {j['queued']} are queued."
        elif kind == 5:
            q = rng.choice(("Are the tensor cores used?", f"tensor activity on GPU {g['i']}?"))
            a = f"Tensor activity on GPU {g['i']} is {g['tensor']}%."
        else:
            q = rng.choice(("How much power is GPU {i} drawing?".format(i=g["i"]), "power draw?"))
            a = f"GPU {g['i']} draws {g['power']} W."
        turns.append(f"User: {q}\n\nAssistant: {a}")
    return f"System: {facts}\n\n" + "\n\n".join(turns) + "\n\n"


def build(out: Path, repo: Path, dialog_mb: float, seed: int = 1, query_mb: float = 0.0) -> dict:
    """``query_mb`` > 0 adds query picking and answers from real results (:mod:`assistant_lab.corpus`)."""
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    sources = {
        "project_docs": (project_docs(repo), 1.0),
        "docstrings": (docstrings(repo), 1.0),
        "dialogues": ((dialogue(rng) for _ in iter(int, 1)), dialog_mb),
    }
    if query_mb > 0:
        from assistant_lab.corpus import documents

        sources["query_dialogues"] = (documents(seed), query_mb)
    train, val, stats = bytearray(), bytearray(), {}
    for name, (docs, mb) in sources.items():
        buf = bytearray()
        for text in docs:
            buf += text.encode("ascii", errors="ignore") + b"\x00"
            if len(buf) >= mb * 1e6:
                break
        cut = int(len(buf) * 0.98)
        cut = buf.rfind(b"\x00", 0, cut) + 1 or cut
        train += buf[:cut]
        val += buf[cut:]
        stats[name] = {"train_bytes": cut, "val_bytes": len(buf) - cut}
    (out / "train.bin").write_bytes(bytes(train))
    (out / "val.bin").write_bytes(bytes(val))
    (out / "sources.json").write_text(json.dumps(stats, indent=1))
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the tiny model's training bytes")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[3])
    ap.add_argument("--dialog-mb", type=float, default=0.5, help="facts dialogues (the chat format)")
    ap.add_argument(
        "--query-mb", type=float, default=60.0, help="query picking/answering documents (0: none)"
    )
    args = ap.parse_args(argv)
    print(json.dumps(build(args.out, args.repo, args.dialog_mb, query_mb=args.query_mb), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
