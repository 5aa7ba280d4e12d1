"""German written whole (the formal "Sie" requests, verbs at the end, "ungenutzt", "im selben Zeitraum") and
Portugal's Portuguese ("está a correr", "a ventoinha", "nessa hora", "liberta-o"): read in English, not
only their words said in passing. German's requests said with the infinitive last ("12 bitte abbrechen",
"nochmal starten", "weiterlaufen lassen"), why a job failed or waits ("wieso ist 9 abgestürzt", "worauf
wartet"), umlauts written out ("laeuft", "waermer"), compounds ("Durchschnittstemperatur",
"Gesamtverbrauch") and a formula asked are read too. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Brechen Sie den Job 12 bitte ab.", "gpuaccel cancel 12"),
        ("Pausieren Sie bitte den Job 11.", "gpuaccel pause 11"),
        ("Starten Sie den Job 3 bitte noch einmal.", "gpuaccel retry 3"),
        ("Liberta o job 14, se faz favor.", "gpuaccel release 14"),
        ("Sobe a prioridade do llama-70b-eval para 7.", "gpuaccel priority 12 7"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_german_questions(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "Wie lange war die H100 gestern ungenutzt?", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "util", query
    assert query["window"]["label"] == "yesterday", query
    sid, _, query = ask(heldout_svc, "Wie viel Energie hat die 4090 heute seit Mitternacht verbraucht?", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    _, _, again = ask(heldout_svc, "Und die H100 im selben Zeitraum?", sid)
    assert again is not None and again["gpu"] == 0 and again["window"] == query["window"], again
    _, _, query = ask(heldout_svc, "Wie lange war die 4090 heute bei 70 Grad oder darüber?", None)
    assert query is not None and query["metric"] == "temperature" and query["at_least"] == 70, query


def test_portugal_portuguese(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "A que percentagem está a ventoinha da 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "fan", query
    sid, _, _ = ask(heldout_svc, "Qual foi o pico de potência da H100 ontem?", None)
    _, _, query = ask(heldout_svc, "E que job estava a correr nessa hora?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert query["window"]["t1"] - query["window"]["t0"] <= 1, query  # the moment of the peak


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Job 12 bitte sofort abbrechen!", "gpuaccel cancel 12"),
        ("14 bitte freigeben, danke", "gpuaccel release 14"),
        ("den 13 bitte zurückhalten bis Montag", "gpuaccel hold 13"),
        ("Bitte 11 stoppen, wir müssen die Maschine neu starten.", "gpuaccel cancel 11"),
        ("Gib 12 bitte eine höhere Priorität", "gpuaccel priority 12"),
        ("Kannst du 14 freigeben?", "gpuaccel release 14"),
        ("Koennten Sie die Prioritaet von 12 erhoehen?", "gpuaccel priority 12"),
    ],
)
def test_requests_with_the_verb_last(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_requests_of_the_job_in_context(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "Was laeuft gerade auf der H100?", None)
    sid, text, query = ask(heldout_svc, "den bitte kurz anhalten", sid)
    assert query is None and "gpuaccel pause 11" in text, text
    sid, text, query = ask(heldout_svc, "ok, fertig. jetzt wieder weiterlaufen lassen", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "Wieso ist Job 9 fehlgeschlagen?", None)
    _, text, query = ask(heldout_svc, "Dann bitte nochmal starten.", sid)
    assert query is None and "gpuaccel retry 9" in text, text


def test_why_a_job_failed_or_waits(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "wieso ist 9 denn abgestürzt?", None)
    assert query == {"name": "job_detail", "job": 9} and "loss is NaN" in text, (query, text)
    _, text, _ = ask(heldout_svc, "weshalb beginnt 13 immer noch nicht", None)
    assert "GPU 0 is held by job 11" in text, text
    _, text, query = ask(heldout_svc, "Worauf wartet der llama-70b-eval denn?", None)
    assert query is not None and query.get("job") == 12 and "waiting for job 11" in text, (query, text)


def test_umlauts_written_out_and_compounds(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "Durchschnittsauslastung der 4090 gestern?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 1, query
    assert query["window"]["label"] == "yesterday", query
    _, text, query = ask(heldout_svc, "Gesamtverbrauch der H100 gestern?", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 0, query
    _, text, query = ask(heldout_svc, "Stromverbrauch gestern pro Karte?", None)
    assert query is not None and query["name"] == "energy", query
    _, text, query = ask(heldout_svc, "Wie viele Stunden war die 4090 heute beschaeftigt?", None)
    assert query is not None and query["metric"] == "util" and "2h15m" in text, (query, text)
    _, _, query = ask(heldout_svc, "Wie lange stand die H100 gestern still?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 0, query
    _, _, query = ask(heldout_svc, "Wie lange war die 4090 heute bei 60 Grad oder waermer?", None)
    assert query is not None and query["metric"] == "temperature" and query["at_least"] == 60, query


def test_german_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "Durchschnittstemperatur der H100 gestern?", None)
    _, text, query = ask(heldout_svc, "und die tiefste?", sid)
    assert query is not None and query["metric"] == "temperature" and "lowest" in text, (query, text)
    sid, _, _ = ask(
        heldout_svc, "Vergleichen Sie resnet50-bench und llama-8b-eval beim Energieverbrauch", None
    )
    _, text, query = ask(heldout_svc, "Welcher lief kürzer?", sid)
    assert query is not None and query.get("metric") == "duration", query


def test_a_formula_to_money_is_general(heldout_svc: AssistantService) -> None:
    _, _, query = ask(
        heldout_svc, "Wie rechne ich kWh in Franken um, wenn der Strompreis 25 Rappen ist?", None
    )
    assert query is None, query


def test_a_note_to_draft_stays_general(heldout_svc: AssistantService) -> None:
    said = "Könnten Sie mir eine kurze Nachricht ans Team entwerfen, dass die H100 morgen gewartet wird?"
    _, _, query = ask(heldout_svc, said, None)
    assert query is None, query


# everyday and Austrian German with English words kept: "rennen" for running, "die Kiste" (the machine),
# "zeig", "ziehn" (draw), "in der Prio raufsetzen", "starts nochmal" (its "es" an s), "hat ers versucht",
# "was kam raus", "der letzten drei Tage", advice asked with "lohnt sich"; a waiting job "angehalten" is held
@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("kannst job 13 in der prio hochsetzen?", "gpuaccel priority 13"),
        ("halt den llama-405b-probe kurz an, bitte", "gpuaccel hold 13"),
    ],
)
def test_everyday_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_everyday_austrian_questions(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "was rennt gerade auf dem rechner", None)
    assert query is not None and query["name"] == "queue" and "mistral-7b-sft" in text, query
    _, text, _ = ask(heldout_svc, "wie lang rennt der mistral-7b-sft eigentlich schon?", None)
    assert "1h30m" in text, text
    _, _, query = ask(heldout_svc, "wieviel strom zieht die 4090 grad", None)
    assert query is not None and query["metric"] == "power" and query["gpu"] == 1, query
    assert "window" not in query, query
    _, text, query = ask(heldout_svc, "zeig mir die warteschlange", None)
    assert query is not None and query["name"] == "queue" and "llama-405b-probe" in text, query
    _, _, query = ask(heldout_svc, "energieverbrauch der letzten drei tage pro karte?", None)
    assert query is not None and query["name"] == "energy", query
    assert query["window"]["label"] == "in the last 3 days", query
    _, _, query = ask(heldout_svc, "lohnt sich mixed precision für ein 13b modell?", None)
    assert query is None, query


def test_everyday_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "warum ist der sd-xl-train abgestürzt?", None)
    _, text, _ = ask(heldout_svc, "und wie viel speicher wollte er reservieren?", sid)
    assert "Tried to allocate 2.50 GiB" in text, text
    _, text, _ = ask(heldout_svc, "wie oft hat ers versucht?", sid)
    assert "attempt 3 of 3" in text, text
    _, text, query = ask(heldout_svc, "gut, starts bitte nochmal", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "wie lang hat der llama-8b-eval gebraucht?", None)
    _, text, _ = ask(heldout_svc, "passt. und was kam dabei raus?", sid)
    assert "mmlu 0.682" in text, text
    sid, _, _ = ask(heldout_svc, "wie heiß war die 4090 heute maximal?", None)
    _, text, _ = ask(heldout_svc, "wann war das?", sid)
    assert "09:12" in text, text


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("brich bitte den 12er ab", "gpuaccel cancel 12"),
        ("setz die prio vom 13er auf 4", "gpuaccel priority 13 4"),
        ("tausch mal 13 und 12", "gpuaccel switch 13 12"),
        ("den llama-70b-eval a weng rauf mit da prio", "gpuaccel priority 12"),
    ],
)
def test_bavarian_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    """Bavarian requests and "der 12er" (job 12): the same commands as the standard German."""
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_bavarian_questions(heldout_svc: AssistantService) -> None:
    """Bavarian's own spellings of standard words ("wia", "heid", "is", "glaffa", "da" as the article) read
    as the standard German; "gestern ab 20 Uhr" is the rest of yesterday."""
    _, text, query = ask(heldout_svc, "wos rennt heid auf da h100, wia lang scho?", None)
    assert query is not None and "job 11" in text, (query, text)
    _, text, query = ask(heldout_svc, "wia lang war de 4090 heid im Leerlauf?", None)
    assert query is not None and query["metric"] == "util" and query["window"]["label"] == "today", query
    _, _, query = ask(heldout_svc, "wia vui strom hat gpu 1 heid verbraucht", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    _, text, query = ask(heldout_svc, "warum wart da 13er no?", None)
    assert query == {"name": "job_detail", "job": 13}, query
    _, _, query = ask(heldout_svc, "durchschnittliche leistung gpu 0 gestern ab 20 uhr", None)
    assert query is not None and query["window"]["label"] == "yesterday between 20:00 and 00:00", query
    _, text, query = ask(heldout_svc, "wos is des powerlimit von da 4090", None)
    assert query is not None and "450 W" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "zeig ma job 9", None)
    _, text, query = ask(heldout_svc, "mit welcher lernrate is der glaffa? steht im log", sid)
    assert query == {"name": "job_log", "job": 9}, query


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Der whisper-Lauf sollte abgebrochen werden.", "gpuaccel cancel 14"),  # "-Lauf": its run
        ("Job 12 muss sofort gestoppt werden.", "gpuaccel cancel 12"),  # the passive with "muss"
        ("Der whisper-finetune sollte nur auf der GPU 0 laufen.", "gpuaccel edit 14 --gpu-ids 0"),
        ("Job 13 sollte mit nur einer GPU auskommen.", "gpuaccel edit 13 --gpus 1"),
    ],
)
def test_formal_requests_said_as_what_should_be(
    heldout_svc: AssistantService, said: str, command: str
) -> None:
    """What a job should be or do ("soll beendet werden", "soll nur auf GPU 0 laufen", "soll mit einer GPU
    auskommen": make do with one) is the request, read as English says it."""
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_formal_follow_up_requests(heldout_svc: AssistantService) -> None:
    """ "Stoppen Sie die ganze Warteschlange" pauses the queue, "nach dem Update soll sie wieder anlaufen"
    resumes it (a time said before the request aside); "Verzeihung, ich meinte Job 13" corrects the job."""
    sid, text, query = ask(heldout_svc, "Stoppen Sie bitte die ganze Warteschlange.", None)
    assert query is None and "gpuaccel pause (or" in text, text
    _, text, query = ask(heldout_svc, "Nach dem Update soll sie dann wieder anlaufen.", sid)
    assert query is None and "gpuaccel resume (or" in text, text
    # the subject first, as a main clause puts it, with words between "soll" and "wieder"
    for later in (
        "Die Warteschlange soll nach dem Neustart wieder laufen.",
        "Sie soll morgen früh wieder starten.",
    ):
        sid, _, _ = ask(heldout_svc, "Stoppen Sie die gesamte Queue.", None)
        _, text, query = ask(heldout_svc, later, sid)
        assert query is None and "gpuaccel resume (or" in text, (later, text)
    sid, _, _ = ask(heldout_svc, "Halten Sie Job 12 an.", None)
    _, text, query = ask(heldout_svc, "Verzeihung, ich meinte Job 13.", sid)
    assert query is None and "gpuaccel hold 13" in text, text


def test_formal_questions_and_their_follow_ups(heldout_svc: AssistantService) -> None:
    """ "frei" (idle), "Höchsttemperatur" (the max of a reading's compound), "hatte" (had), "die andere Karte"
    after a card, "dafür verantwortlich" (responsible for a peak), "dieser Prozess" after the processes, and
    a clock "derart langsam" (throttled or idle)."""
    _, _, query = ask(heldout_svc, "Welche Karte ist gerade frei?", None)
    assert query == {"name": "idle_gpus"}, query
    _, _, query = ask(heldout_svc, "Welche Höchsttemperatur hatte die 4090 gestern?", None)
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query
    assert query["window"]["label"] == "yesterday", query
    sid, _, _ = ask(heldout_svc, "Was läuft gerade auf der 4090?", None)
    _, _, query = ask(heldout_svc, "Und auf der anderen Karte?", sid)
    assert query is not None and query["gpu"] == 0, query
    sid, _, _ = ask(heldout_svc, "Wann war die Spitzenleistung der H100 heute?", None)
    _, text, query = ask(heldout_svc, "Wer war dafür verantwortlich?", sid)
    assert query is not None and query["name"] == "jobs" and "job 2" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "Welche Prozesse belegen Speicher auf der H100?", None)
    _, text, _ = ask(heldout_svc, "Wie viel Speicher hat dieser Prozess?", sid)
    assert "20480 MiB" in text, text
    _, text, _ = ask(heldout_svc, "Warum taktet die 4090 derart langsam?", None)
    assert "idle" in text, text


def test_a_card_or_a_job_named_with_er_by_its_gender() -> None:
    """ "-er" after a number names a card where the words are a card's (feminine, "die 1er", "auf der 1er",
    the genitive "der 1er" after a reading; "0er" always: no job has 0; "4090er" its model) and a job where
    they are a job's (masculine: "den 12er", "vom 12er"); "grad" after a card is now, not degrees."""
    assert written("wie heiß is die 1er grad?") == "how hot is GPU 1 now?"
    assert written("was rennt auf der 1er") == "what is running on GPU 1"
    assert written("die temperatur der 1er gestern") == "the temperature of GPU 1 yesterday"
    assert written("wie warm is der 0er") == "how hot is GPU 0"
    assert written("wie warm is die 4090er") == "how hot is the 4090"
    assert written("warum wartet der 12er") == "why waiting job 12"
    assert written("setz die prio vom 12er auf 3") == "set the priority of job 12 to 3"


def test_austrian_readings_and_spans(heldout_svc: AssistantService) -> None:
    """ "was zieht X an strom" (its power now), "letzte stunde" (the last hour)."""
    _, text, query = ask(heldout_svc, "was ziehn die karten jetzt an strom", None)
    assert query is not None and query["name"] == "gpu_reading" and query["metric"] == "power", query
    assert "window" not in query and "21 W" in text, (query, text)
    _, _, query = ask(heldout_svc, "max temp der 1er letzte stunde", None)
    assert query is not None and query["gpu"] == 1 and query["window"]["label"] == "in the last hour", query


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("mach bitte die warteschlange zu, ich tausch a karte", "gpuaccel pause"),
        ("die queue bitte wieder aufmachen", "gpuaccel resume"),
        ("mach die queue jetzt wieder auf", "gpuaccel resume"),
        ("den 12er bitte hold", "gpuaccel hold 12"),  # an English verb said last, as German's are
        ("job 3 bitte nochmal rerun", "gpuaccel retry 3"),
        ("stell den llama-405b-probe auf 1 gpu um", "gpuaccel edit 13 --gpus 1"),
    ],
)
def test_austrian_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_austrian_follow_ups_on_a_job(heldout_svc: AssistantService) -> None:
    """A participle said without its "ge" ("ghabt", "gscheitert", "braucht"), "der job danach" (the job
    after the one talked about), a setting lowered ("memory auf N runter")."""
    sid, _, _ = ask(heldout_svc, "zeig ma job 9", None)
    _, _, query = ask(heldout_svc, "welchen seed hat der ghabt?", sid)
    assert query == {"name": "job_log", "job": 9}, query
    sid, _, _ = ask(heldout_svc, "zeig ma job 7", None)
    _, _, query = ask(heldout_svc, "und wie lang is der job danach glaufen?", sid)
    assert query == {"name": "job_detail", "job": 8}, query
    assert written("und wie lang hat der braucht?") == "and how long did it take?"
    _, _, query = ask(heldout_svc, "welche jobs san gestern gscheitert?", None)
    assert query is not None and query["name"] == "failures", query
    sid, _, _ = ask(heldout_svc, "zeig ma job 13", None)
    _, text, query = ask(heldout_svc, "den speicher auf 50000 MiB runter bitte", sid)
    assert query is None and "gpuaccel edit 13 --memory 50000" in text, text


def test_a_driver_update_and_a_reboot_are_refused_plainly(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "kannst du die grafiktreiber aktualisieren und den server neu starten?", None
    )
    assert query is None and "drivers or CUDA and a reboot" in text and "Idle" not in text, text
    _, text, query = ask(heldout_svc, "could you upgrade cuda on this box", None)
    assert query is None and "An update of the GPU drivers or CUDA is for its administrator" in text, text
