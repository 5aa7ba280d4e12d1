"""The machine in the picking prompt: GPUs by model, job names, the grammar that follows them, the corpus."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from assistant_lab import contextual as CC
from assistant_lab.augment.rewording import all_forms
from assistant_lab.corpus import documents, sample
from assistant_lab.machines import BY_NAME
from assistant_lab.phrasings.context import NAMED_JOB, OTHER_ONE, THAT_ONE
from assistant_lab.phrasings.offtopic import OFF_TOPIC_FAMILIES
from assistant_lab.sampling import FIXED_NOW, dev_forms
from gpuaccel.assistant.engine.worker import context_from_json, context_json
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.grammar import PickGrammar
from gpuaccel.assistant.understand.model import parse_pick
from gpuaccel.assistant.understand.prompt import pick_prompt

MACHINE = Context(
    Query("gpu_rank", metric="temperature", order="max"),
    [7],
    {f"old-{k}": k for k in range(1, 20)} | {"eval-x": 41, "bench-attn": 42, "naïve": 43},
    [0, 1],
    [1],
    {0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"},
)


def _gpus(line: str) -> dict[int, str]:
    return {int(i): m for i, m in re.findall(r"(\d+) ([^,]+)", line.removeprefix("GPUs: "))}


def _model(label: str):
    return BY_NAME.get("NVIDIA " + label) or BY_NAME[label]


def _says(question: str, spoken: str) -> bool:
    return re.search(rf"\b{re.escape(spoken.lower())}\b", question.lower()) is not None


def _jobs(line: str) -> dict[str, int]:
    return {n: int(i) for i, n in re.findall(r"(\d+) ([^,]+)", line.removeprefix("Jobs: "))}


def test_the_prompt_names_the_gpus_the_newest_jobs_and_the_last_answer_s_subjects() -> None:
    prompt = pick_prompt("why is eval-x stuck", MACHINE)
    head, rest = prompt.split("\n\nUser: ")
    lines = head.split("\n")
    assert "GPUs: 0 H100 80GB HBM3, 1 GeForce RTX 4090" in lines
    jobs = _jobs(next(x for x in lines if x.startswith("Jobs: ")))
    assert list(jobs.values()) == sorted(jobs.values()) and len(jobs) == 12  # the newest twelve, oldest first
    assert jobs["eval-x"] == 41 and jobs["bench-attn"] == 42 and "naïve" not in jobs and "old-1" not in jobs
    assert lines[-3:] == ['Previous query: {"metric": "temperature", "name": "gpu_rank", "order": "max"}',
                          "Its jobs: 7", "Its GPUs: 1"]  # fmt: skip
    assert rest == "why is eval-x stuck\n\nAssistant: query"
    # one machine state, one system part: the prefilled state serves every question
    assert pick_prompt("whats up", MACHINE).split("\n\nUser: ")[0] == head
    assert "GPUs" not in pick_prompt("hi", Context()) and "Jobs" not in pick_prompt("hi", Context())


def test_the_context_round_trips_through_json_and_the_worker_builds_the_same_prompt() -> None:
    assert Context.from_json(MACHINE.to_json()) == MACHINE
    assert context_from_json(context_json(MACHINE)) == MACHINE
    again = context_from_json(context_json(MACHINE))
    assert pick_prompt("how hot is the 4090", again) == pick_prompt("how hot is the 4090", MACHINE)
    stored = Context(Query("jobs"), [3], subject_gpus=[0])
    assert Context.from_json(stored.to_json()) == stored and "job_names" not in stored.to_json()


def test_the_grammar_allows_a_named_job_s_id_and_only_the_machine_s_gpus() -> None:
    g = PickGrammar("why is eval-x stuck", MACHINE, FIXED_NOW)
    assert 41 in g.domains["job"] and 42 not in g.domains["job"]
    g = PickGrammar("how hot is it? and what is 17 times 23", MACHINE, FIXED_NOW)
    assert set(g.domains["gpu"]) == {0, 1} and 23 in g.domains["job"]
    # a GPU the machine lacks, said as one, stays writable: its answer says there is no such GPU
    assert set(PickGrammar("how hot is gpu 5", MACHINE, FIXED_NOW).domains["gpu"]) == {0, 1, 5}
    assert set(PickGrammar("card number two, power?", MACHINE, FIXED_NOW).domains["gpu"]) == {0, 1, 2}
    assert set(PickGrammar("the 4090's temperature", MACHINE, FIXED_NOW).domains["gpu"]) == {0, 1}
    assert set(PickGrammar("how hot is gpu 5", Context(), FIXED_NOW).domains["gpu"]) == {5}  # GPUs unknown
    assert 3 in PickGrammar("details of job three", Context(), FIXED_NOW).domains["job"]


def _picks(make, n: int = 150, seed: int = 2) -> list:
    rng, out = random.Random(seed), []
    while len(out) < n:
        if (p := make(rng, FIXED_NOW)) is not None:
            out.append(p)
    return out


def _resolved_in_corpus(n_documents: int) -> dict[str, int]:
    """Each generated picking turn of the first ``n_documents``, parsed back: its target is allowed by the
    grammar of its own prompt, a GPU said by its model is that GPU, "the other one" is the other GPU, a job's
    name is its id. Returns how many turns checked each of the three."""
    checked = {"model": 0, "other": 0, "job": 0}
    for doc in itertools.islice(documents(seed=3, per_machine=30, answers=0.0), n_documents):
        for part in doc.strip("\n").split("\n\nSystem: "):
            head, rest = part.removeprefix("System: ").split("\n\nUser: ", 1)
            question, answer = rest.split("\n\nAssistant: query ", 1)
            lines = head.split("\n")
            gpus = _gpus(next((x for x in lines if x.startswith("GPUs: ")), "GPUs: "))
            jobs = _jobs(next((x for x in lines if x.startswith("Jobs: ")), "Jobs: "))
            assert gpus and list(gpus) == list(range(len(gpus)))
            query = parse_pick(answer, FIXED_NOW)
            if query is None:
                assert answer == "none"
                continue
            if query.gpu is not None:
                assert query.gpu in gpus, (question, head)
            said = [g for g, m in gpus.items() for r in _model(m).said if _says(question, r)]
            if said and len(set(said)) == 1 and query.gpu is not None:  # one GPU, in one or more spellings
                assert query.gpu == said[0], (question, head, answer)
                checked["model"] += 1
            if "other" in question.lower() and len(gpus) == 2 and "Previous query" in head:
                last = parse_pick(" " + head.split("Previous query: ")[1].split("\n")[0], FIXED_NOW)
                if last is not None and last.gpu is not None and query.gpu is not None:
                    assert query.gpu == 1 - last.gpu, (question, head, answer)
                    checked["other"] += 1
            named = [
                i
                for n, i in jobs.items()
                if re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", question.lower())
            ]
            if query.name == "job_detail" and named:
                assert query.job == named[0], (question, head, answer)
                checked["job"] += 1
    return checked


def test_corpus_documents_resolve_names_to_their_own_machine_s_ids() -> None:
    """The corpus' first 800 documents (some 25 generated machines; 30 or more turns of each of the three
    checks, 41/30/47 measured; the first 3000 are
    :func:`test_every_corpus_document_resolves_names_to_its_own_machine_s_ids`, in ``make test-slow``)."""
    checked = _resolved_in_corpus(800)
    assert min(checked.values()) >= 20, checked


@pytest.mark.slow
def test_every_corpus_document_resolves_names_to_its_own_machine_s_ids() -> None:
    """The first 3000 documents of the corpus (about 30 s on 2 cores; ``make test`` checks 800)."""
    checked = _resolved_in_corpus(3000)
    assert min(checked.values()) >= 20, checked


def test_context_families_target_what_their_machine_says() -> None:
    for p in _picks(CC._named_job):
        name = next(n for n, i in p.context.job_names.items() if i == p.query.job)
        assert name.lower() in p.question.lower() or name.split("-")[0].split("_")[0] in p.question.lower()
    for p in _picks(CC._other_one):
        assert p.context.gpus == [0, 1] and p.query.gpu == 1 - p.context.last.gpu
    for p in _picks(CC._that_one):
        assert p.query.gpu == p.context.subject_gpus[0] and p.context.last.name in ("gpu_rank", "idle_gpus")
    for p in _picks(CC._name_part):
        assert p.query == Query("jobs", job_name=p.query.job_name) and p.query.job_name in p.question
    for p in _picks(CC._by_model):
        model = BY_NAME[p.context.gpu_models[p.query.gpu]]
        same = [g for g, m in p.context.gpu_models.items() if BY_NAME[m].family == model.family]
        assert same == [p.query.gpu]  # never a model two GPUs share


def test_off_topic_families_never_get_a_query() -> None:
    picks = _picks(CC._off_topic, n=400)
    assert all(p.query is None for p in picks)
    assert any(re.search(r"\d", p.question) for p in picks)
    rng = random.Random(9)
    refusals = [p for p in (sample(rng, FIXED_NOW) for _ in range(3000)) if p.query is None]
    assert len(refusals) > 300


def test_new_templates_say_nothing_a_dev_template_says() -> None:
    from assistant_lab.phrasings import grammar as P
    from assistant_lab.phrasings.context import MODEL_PHRASINGS, NAME_PART, OTHER_ONE_METRIC

    templates = [*NAMED_JOB, *OTHER_ONE, *OTHER_ONE_METRIC, *THAT_ONE, *NAME_PART]
    templates += [t for _, ts in MODEL_PHRASINGS for t in ts]
    templates += [t for ts in OFF_TOPIC_FAMILIES.values() for t in ts]
    assert not all_forms(templates, P.WORDS) & dev_forms()
