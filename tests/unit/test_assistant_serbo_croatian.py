"""Serbian, Croatian and Bosnian in Latin letters, written whole or mixed with English words of the trade
(readings now and over a span, peaks, means and minima, energy and GPU-hours, idle and busy time, jobs'
waits, failures, attempts and logs, requests with the pronoun before the verb or with no object at all,
corrections and follow-ups opened by "a" or "i"), typed with diacritics or without them; the other
languages' messages that share its short words ("na", "je", "sta", "ceka", "gde") left to them. Worded
apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.serbo_croatian import serbo_croatian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("kolika je sad temperatura 4090-ice", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("koliko vati trenutno vuče h100?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("kolko memorije zauzima gpu 0", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("koliko se vrti ventilator na kartici 1", {"name": "gpu_reading", "gpu": 1, "metric": "fan"}),
        ("koliko je struje potrošila h100 jučer", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        (
            "najviša temperatura na nultoj kartici jucer",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday"},
        ),
        (
            "prosječna potrošnja 4090 danas ujutro",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "this morning"},
        ),
        (
            "koliko dugo je h100 danas bila iznad 85 stepeni",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "at_least": 85, "label": "today"},
        ),
        (
            "koliko je 4090 bila neaktivna jučer",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "yesterday"},
        ),
        ("sta se vrti na h100 sada", {"name": "jobs", "gpu": 0, "state": "running"}),
        ("šta čeka u redu?", {"name": "queue", "state": "queued"}),
        ("zašto ne krece whisper-finetune", {"name": "job_detail", "job": 14}),
        ("zasto je pukao sd-xl-train", {"name": "job_detail", "job": 5}),
        ("koji poslovi su pali danas", {"name": "failures", "label": "today"}),
        ("sta pise u logu od data-prep", {"name": "job_log", "job": 1}),
        ("koliko pokušaja je imao flash-attn-build", {"name": "job_detail", "job": 3}),
        ("koliko je dugo cekao job 13", {"name": "job_detail", "job": 13}),
        ("koja kartica je najtoplija", {"name": "gpu_rank", "metric": "temperature"}),
        # Croatian forms: "tko", "što", ijekavian spellings, "posljednji", "tijekom", "tjedan", "kakva"
        ("tko zauzima najviše memorije na 4090", {"name": "memory_users", "gpu": 1}),
        ("što se vrti na nultoj kartici", {"name": "jobs", "gpu": 0, "state": "running"}),
        (
            "kakva je bila temperatura h100 tijekom posljednjih 45 minuta",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "in the last 45 minutes"},
        ),
        (
            "prosjecna snaga 4090 prije 2 sata",
            {"name": "gpu_reading", "gpu": 1, "metric": "power"},
        ),
        ("koliko je struje potroseno ovaj tjedan", {"name": "energy", "label": "in the last 7 days"}),
        (
            "koliko je h100 jucer radila",  # a card's work is its busy time
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday"},
        ),
        (
            "koliko dugo je 4090 danas trosila 200 W ili vise",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "at_least": 200, "label": "today"},
        ),
        ("može li kratak sažetak današnjeg dana", {"name": "summary", "label": "today"}),
        ("brzina ventilatora na jedinici?", {"name": "gpu_reading", "gpu": 1, "metric": "fan"}),
    ],
)
def test_serbo_croatian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_serbo_croatian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("otkaži job 12 molim te", "gpuaccel cancel 12"),
        ("zadrzi llama-70b-eval", "gpuaccel hold 12"),
        ("pusti whisper-finetune", "gpuaccel release 14"),
        ("pauziraj job 11", "gpuaccel pause 11"),
        ("pokreni flash-attn-build ponovo", "gpuaccel retry 3"),
        ("postavi prioritet jobu 12 na 4", "gpuaccel priority 12 4"),
        ("zamijeni mjesta 13 i 12", "gpuaccel switch 13 12"),
        ("pauziraj cijeli red", "gpuaccel pause"),
        # Croatian requests: infinitives after "možeš li", removal, a priority lowered or raised to a value,
        # the queue started again after its pause, a count of GPUs given
        ("možeš li zadržati whisper-finetune", "gpuaccel hold 14"),
        ("izbriši job 9 s popisa", "gpuaccel remove 9"),
        ("makni stari sd-xl-train s liste", "gpuaccel remove 5"),
        ("spusti prioritet jobu 14 na 2", "gpuaccel priority 14 2"),
        ("digni jobu 12 prioritet na 7", "gpuaccel priority 12 7"),
        ("ponovno pokreni red", "gpuaccel resume"),
        ("daj jobu 13 jednu karticu", "gpuaccel edit 13 --gpus 1"),
        ("zadrži 12... ne, čekaj, mislio sam 14", "gpuaccel hold 14"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_serbo_croatian_follow_ups_and_requests_that_lean_on_the_turn_before(
    heldout_svc: AssistantService,
) -> None:
    sid, _, _ = ask(heldout_svc, "kolka je temperatura na h100", None)
    _, _, query = ask(heldout_svc, "a na jedinici?", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("temperature", 1), query
    sid, _, _ = ask(heldout_svc, "prosecna snaga h100 jutros", None)
    _, _, query = ask(heldout_svc, "a maks?", sid)
    assert query is not None and (query["metric"], query["window"]["label"]) == ("power", "this morning")
    sid, _, _ = ask(heldout_svc, "šta je sa flash-attn-build", None)
    _, text, _ = ask(heldout_svc, "ajde, restartuj", sid)  # no object said: the job in focus
    assert "gpuaccel retry 3" in text, text
    sid, _, _ = ask(heldout_svc, "zasto ceka llama-70b-eval", None)
    _, text, _ = ask(heldout_svc, "dobro, njega zadrzi", sid)  # the pronoun before its verb
    assert "gpuaccel hold 12" in text, text
    sid, _, _ = ask(heldout_svc, "zasto whisper-finetune ne radi", None)
    _, _, query = ask(heldout_svc, "koliko je ukupno radio?", sid)  # no subject said: the job in focus
    assert query is not None and query.get("job") == 14, query
    sid, _, _ = ask(heldout_svc, "zadrzi job 12", None)
    _, text, _ = ask(heldout_svc, "izvini, pogrešio sam, mislio sam na 13", sid)
    assert "gpuaccel hold 13" in text, text


def test_serbo_croatian_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("napisi mi recept za sarmu", "koliko ce biti stepeni sutra u Beogradu?"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "kolik paměti zabírá gpu 0?",  # Czech
        "proc ceka job 13",  # Czech without its diacritics
        "co teraz działa na gpu 0?",  # Polish
        "cosa sta girando sulla gpu 0?",  # Italian
        "de ce sta job 12 in coada?",  # Romanian
        "gde sejchas rabotaet zadacha?",  # Russian in Latin letters
        "ano ang tumatakbo kada oras?",  # Tagalog
        "the ceo wants the gpu report",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_serbo_croatian(message: str) -> None:
    assert not serbo_croatian_marked(message), message
