"""The held-out question sets scored with one picker alone: the bundled model (or a given file), or the rules.

``make test`` scores the sets through the chat as users reach it (the pickers the model file's metadata
selects; with ``query_picker=0`` the rules). The target for a picking model is the model alone, so this
script runs the same machine, conversations and scorer (``tests/unit/test_assistant_questions.py``) with
only that picker, a refusal counting as a refusal. CPU only, about 2 minutes on 2 cores:
``python benchmarks/picker_heldout.py [--model FILE] [--picker model|rules]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "unit"), str(ROOT / "tests"), str(ROOT / "tools")]

import test_assistant_questions as T  # noqa: E402
from assistant_helpers import build_service  # noqa: E402

from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, Engine  # noqa: E402
from gpuaccel.assistant.understand.model import ModelPicker  # noqa: E402
from gpuaccel.assistant.understand.picker import RulePicker  # noqa: E402


def score_set(set_name: str, model: Path, picker: str) -> dict[str, object]:
    svc = build_service(Path(tempfile.mkdtemp()))
    svc.chat.pickers = (ModelPicker(Engine(model, "cpu fp32")),) if picker == "model" else (RulePicker(),)
    data = json.loads((ROOT / "tests" / "unit" / set_name).read_text())
    total, correct, wrong = 0, 0, []
    try:
        for conversation in data["conversations"]:
            sid = None
            for turn in conversation:
                sid, text, query = T.ask(svc, turn["q"], sid)
                total += 1
                ok = T._matches(turn["query"], query) and all(s.lower() in text.lower() for s in turn["says"])
                correct += ok
                if not ok:
                    wrong.append({"q": turn["q"], "want": turn["query"], "got": query})
    finally:
        svc.stop()
        svc.store.close()
    return {"correct": correct, "total": total, "accuracy": round(correct / total, 4), "wrong": wrong}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=BUNDLED_MODEL)
    ap.add_argument("--picker", choices=("model", "rules"), default="model")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(1)
    result = {"model": args.model.name, "picker": args.picker, "versions": {"torch": torch.__version__}}
    for set_name in T.QUESTION_SETS:
        result[set_name] = score_set(set_name, args.model, args.picker)
        r = result[set_name]
        print(f"{set_name}: {r['correct']}/{r['total']} ({r['accuracy']:.1%}) with the {args.picker} alone")
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"picker_heldout_{args.picker}_{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(result, indent=1, default=str))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
