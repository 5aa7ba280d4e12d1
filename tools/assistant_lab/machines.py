"""Generated machines for the picking corpus: GPUs with model names and a queue of named jobs.

The picking prompt names the machine's GPUs and newest jobs (:func:`~assistant.understand.model.pick_prompt`),
so every picking document carries a machine too: one to four GPUs of realistic models (all alike or
mixed), up to twelve jobs whose names are made the way people name runs (a verb, a model, a suffix).
Questions that name a GPU by its model or a job by its name are answered from it (:mod:`corpus_context`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.words import VOCAB


@dataclass(frozen=True)
class GpuModel:
    """A model as the driver names it, the family that tells it apart ("the a100" is any A100), and the
    ways people say it."""

    name: str
    family: str
    said: tuple[str, ...]


GPU_MODELS: tuple[GpuModel, ...] = (
    GpuModel("NVIDIA H100 80GB HBM3", "h100", ("h100", "H100", "H100 80GB", "h100 sxm")),
    GpuModel("NVIDIA H100 PCIe", "h100", ("h100", "H100", "H100 pcie")),
    GpuModel("NVIDIA H200", "h200", ("h200", "H200")),
    GpuModel("NVIDIA A100-SXM4-80GB", "a100", ("a100", "A100", "A100 80GB", "a100 80g")),
    GpuModel("NVIDIA A100-PCIE-40GB", "a100", ("a100", "A100", "A100 40GB")),
    GpuModel("NVIDIA L40S", "l40s", ("l40s", "L40S", "L40s")),
    GpuModel("NVIDIA L4", "l4", ("L4", "l4")),
    GpuModel("NVIDIA A10G", "a10g", ("a10g", "A10G")),
    GpuModel("NVIDIA RTX 6000 Ada Generation", "6000", ("RTX 6000", "6000 ada", "rtx 6000 ada")),
    GpuModel("NVIDIA RTX A6000", "a6000", ("a6000", "A6000", "RTX A6000")),
    GpuModel("NVIDIA GeForce RTX 4090", "4090", ("4090", "rtx 4090", "RTX 4090", "4090")),
    GpuModel("NVIDIA GeForce RTX 4080", "4080", ("4080", "RTX 4080")),
    GpuModel("NVIDIA GeForce RTX 3090", "3090", ("3090", "rtx 3090", "RTX 3090")),
    GpuModel("NVIDIA GeForce RTX 5090", "5090", ("5090", "rtx 5090", "RTX 5090")),
    GpuModel("Tesla V100-SXM2-32GB", "v100", ("v100", "V100", "tesla v100")),
    GpuModel("Tesla T4", "t4", ("T4", "t4", "tesla t4")),
)
BY_NAME = {m.name: m for m in GPU_MODELS}
# How a GPU named by its model is written in a question ({r}: one of the model's spoken names).
MODEL_FORMS = (
    "the {r}",
    "the {r}",
    "the {r}",
    "my {r}",
    "the {r} card",
    "the {r} gpu",
    "{r}",
    "our {r}",
    "the {r} one",
)

# Job names: a verb, a model, a suffix, as people name their runs.
JOB_VERBS = (
    "train",
    "eval",
    "sweep",
    "finetune",
    "bench",
    "preprocess",
    "export",
    "tokenize",
    "distill",
    "infer",
    "pretrain",
    "prep",
    "convert",
    "profile",
)
JOB_MODELS = (
    "llama",
    "mistral",
    "qwen",
    "bert",
    "resnet",
    "vit",
    "gpt2",
    "whisper",
    "sdxl",
    "clip",
    "yolo",
    "unet",
    "attn",
    "gemma",
    "mamba",
    "rwkv",
    "moe",
    "deberta",
)
JOB_SUFFIXES = (
    "-x",
    "-b",
    "-v2",
    "-v3",
    "-lr",
    "-lr3e4",
    "-0611",
    "-1203",
    "-small",
    "-big",
    "-final",
    "-test",
    "-a",
    "-2",
    "-run2",
    "-2024-11-03",
    "_v2",
    "-fp8",
)
# How a job named by its name is written in a question ({n}: the name).
JOB_NAME_FORMS = (
    "{n}",
    "{n}",
    "{n}",
    "the {n} job",
    "the {n} run",
    "job {n}",
    "{n} job",
    "my {n} job",
    "the {n} task",
)


def job_name(rng: random.Random) -> str:
    """A run's name: ``eval-x``, ``bench-attn``, ``llama-sweep-b``, ``finetune``, ``train_bert-v2``."""
    verb, model, suffix = rng.choice(JOB_VERBS), rng.choice(JOB_MODELS), rng.choice(JOB_SUFFIXES)
    shape = rng.randrange(6)
    if shape == 0:
        return verb + suffix
    if shape == 1:
        return f"{verb}-{model}"
    if shape == 2:
        return f"{model}-{verb}{suffix}"
    if shape == 3:
        return f"{verb}{rng.choice('-_')}{model}{rng.choice(('', suffix))}"
    if shape == 4:
        return f"{model}{suffix}"
    return verb if len(verb) >= 6 else verb + suffix  # "finetune", "preprocess"


def usable(name: str) -> bool:
    """A name the rules and the prompt read as a job's: three or more characters and no common word."""
    return len(name) >= 3 and name.lower() not in VOCAB


def machine_context(
    rng: random.Random, min_gpus: int = 1, max_jobs: int = 12, count: int | None = None
) -> Context:
    """A machine's GPUs (``count``, or at least ``min_gpus``; all of one model or mixed) and its queue's
    job names with ids (newest last, as the daemon lists them)."""
    if count is None:
        count = max(min_gpus, rng.choice((1, 1, 2, 2, 2, 3, 4, 4)))
    if rng.random() < 0.5:
        models = [rng.choice(GPU_MODELS)] * count
    else:
        models = [rng.choice(GPU_MODELS) for _ in range(count)]
    names: list[str] = []
    for _ in range(rng.randint(0, max_jobs)):
        name = job_name(rng)
        if usable(name) and name not in names:
            names.append(name)
    next_id = rng.randint(1, 300)
    ids = []
    for _ in names:
        ids.append(next_id)
        next_id += rng.choice((1, 1, 1, 2, 3, 7))
    return Context(
        job_names=dict(zip(names, ids, strict=True)),
        gpus=list(range(count)),
        gpu_models={i: m.name for i, m in enumerate(models)},
    )


def unique_gpus(context: Context) -> list[int]:
    """The GPUs whose model family no other GPU of the machine shares ("the 4090" names one GPU only)."""
    families = [BY_NAME[m].family for m in context.gpu_models.values() if m in BY_NAME]
    return [
        g for g, m in context.gpu_models.items() if m in BY_NAME and families.count(BY_NAME[m].family) == 1
    ]


def said_model(rng: random.Random, model_name: str) -> str:
    """A GPU named by its model, as a user writes it ("the 4090", "my h100", "the L40S card")."""
    return rng.choice(MODEL_FORMS).format(r=rng.choice(BY_NAME[model_name].said))


def stem_of(name: str) -> str | None:
    """The first part of a job's name where the rules read it alone ("finetune" of finetune-v2)."""
    stem = re.split(r"[-_.]", name.lower())[0]
    return stem if len(stem) >= 4 and stem != name.lower() and stem not in VOCAB else None
