"""Turkish written whole or inside English, Slack style (readings now and over a span, peaks and the job
running then, energy, busy and idle time, failures, waits, logs, requests, follow-ups that lean on the last
answer), typed with its letters or without them, its suffixes on English words after an apostrophe or not;
English and the other languages left as they were. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.turkish import turkish_read


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("4090'ın sıcaklığı kaç derece şu an?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("gpu0 sicakligi kac", {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}),
        ("gpu1in gucu ne kadar su an", {"name": "gpu_reading", "gpu": 1, "metric": "power"}),
        ("H100'ün hafıza kullanımı nedir", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        (
            "dün 4090'ın ortalama güç tüketimi neydi",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "yesterday"},
        ),
        (
            "son bir saatte kartların ortalama sıcaklığı ne kadar",
            {"name": "gpu_reading", "gpu": None, "metric": "temperature", "label": "in the last hour"},
        ),
        (
            "4090 dün 70 derecenin üstünde kaç dakika kaldı",
            {"name": "gpu_reading", "gpu": 1, "at_least": 70, "label": "yesterday"},
        ),
        (
            "H100 bugün kaç saat boştaydı",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "today"},
        ),
        (
            "saat 10'dan beri 4090 ne kadar enerji harcadı",
            {"name": "energy", "gpu": 1, "label": "since 10:00"},
        ),
        (
            "dün akşam H100 en fazla kaç watt çekti",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "yesterday evening"},
        ),
        ("bugün hangi job'lar başarısız oldu", {"name": "failures", "label": "today"}),
        ("dun gece hangi isler calisti", {"name": "jobs", "label": "last night"}),
        ("dünkü finetune ne kadar sürdü", {"name": "job_detail", "job": 2}),
        ("hangi kart daha sıcak", {"name": "gpu_rank", "metric": "temperature"}),
        ("gpu 1'de şu an ne çalışıyor", {"name": "jobs", "gpu": 1, "state": "running"}),
        ("mistral logunda ne yaziyor", {"name": "job_log", "job": 11}),
        ("en çok enerji harcayan job hangisi", {"name": "job_rank", "metric": "energy"}),
        ("bugün en uzun süren job hangisi", {"name": "job_rank", "metric": "duration", "label": "today"}),
        ("8 numaralı görevin logunda ne yazıyor", {"name": "job_log", "job": 8}),
        # typed as it is said on a phone: "-iyo" for "-iyor", "dakka" for "dakika", "ve üstünde" (or above)
        (
            "dun h100 kac dakka 80 derece ve uzerinde kaldi",
            {"name": "gpu_reading", "gpu": 0, "at_least": 80, "label": "yesterday"},
        ),
        ("1 numarali kartta su an ne calisiyo", {"name": "jobs", "gpu": 1, "state": "running"}),
        # a card said first as what ran ("çalıştı"): its busy time
        (
            "h100 dun kac saat calisti",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday"},
        ),
        # a card by its number alone, its case ending with no apostrophe ("0da": on GPU 0)
        ("0da hangi process'ler var", {"name": "memory_users", "gpu": 0}),
    ],
)
def test_turkish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_turkish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("job 12'yi iptal eder misin", "gpuaccel cancel 12"),
        ("job 11'i durdur", "gpuaccel pause 11"),
        ("job 11'e devam ettir", "gpuaccel resume 11"),
        ("job 14'ü beklet", "gpuaccel hold 14"),
        ("job 14'ü release et lütfen", "gpuaccel release 14"),
        ("job 13'ün önceliğini 20 yap", "gpuaccel priority 13 20"),
        ("job 9'u yeniden başlat", "gpuaccel retry 9"),
        ("11 numaralı görevi duraklat", "gpuaccel pause 11"),
        ("13 ile 12'nin sırasını değiştir", "gpuaccel switch"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_turkish_requests_pointing_at_the_last_job(heldout_svc: AssistantService) -> None:
    # "şunu", "bunu" (that one, this one): the job just talked about; an English verb made Turkish with
    # "-la" ("restart'la"); "öne al", "başa al" (move it up the queue)
    for first, then, command in (
        ("job 9 niye patladi", "tmm sunu yeniden baslat", "gpuaccel retry 9"),
        ("job 9 niye patladi", "bunu bi restart'la", "gpuaccel retry 9"),
        ("job 12 neden hala bekliyo", "sunu iptal eder misin", "gpuaccel cancel 12"),
        ("whisper-finetune napiyo", "release et bunu", "gpuaccel release 14"),
        ("job 13 neden bekliyo", "bunu kuyrukta basa al", "gpuaccel priority 13"),
        # put back in the queue ("yeniden kuyruğa koy"), once more ("bir daha"), let go ("bırak çalışsın"),
        # deleted ("listeden sil"), a wish of how it runs ("tek kartla çalışsın", "yalnızca 4090'da koşsun")
        ("job 9 niye patladi", "bunu yeniden kuyruğa koy", "gpuaccel retry 9"),
        ("job 5 neden coktu", "bir daha restart'la onu", "gpuaccel retry 5"),
        ("whisper-finetune neden bekliyo", "bırak çalışsın", "gpuaccel release 14"),
        ("flash-attn-build ne oldu", "listeden sil bunu", "gpuaccel remove 3"),
        ("llama-405b-probe neden bekliyo", "tek kartla çalışsın, şunu değiştir", "gpuaccel edit 13 --gpus 1"),
        ("job 12 ne durumda", "yalnızca 4090'da koşsun, ayarlar mısın", "gpuaccel edit 12 --gpu-ids 1"),
    ):
        sid, _, _ = ask(heldout_svc, first, None)
        _, text, query = ask(heldout_svc, then, sid)
        assert query is None and command in text, (then, in_english(then), text)


def test_turkish_follow_ups_lean_on_the_last_answer(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "bugün H100 en fazla kaç watt çekti, saat kaçta?", None)
    _, text, query = ask(heldout_svc, "o sırada hangi iş çalışıyordu", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "h100 su an kac watt cekiyor", None)
    _, _, query = ask(heldout_svc, "peki bellek?", sid)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "memory", query
    sid, _, _ = ask(heldout_svc, "job 9 niye patladı", None)
    _, text, query = ask(heldout_svc, "yeniden dene", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "whisper-finetune neden hala bekliyor", None)
    _, text, query = ask(heldout_svc, "tamam release et", sid)
    assert query is None and "gpuaccel release 14" in text, text
    sid, _, _ = ask(heldout_svc, "job 9 niye patladı", None)
    _, text, query = ask(heldout_svc, "config'i düzelttim, yeniden dener misin?", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "whisper-finetune neden hala bekliyor", None)
    _, text, query = ask(heldout_svc, "önceliğini 5 yapar mısın?", sid)
    assert query is None and "gpuaccel priority 14 5" in text, text
    sid, _, _ = ask(heldout_svc, "job 11'i durdur", None)
    _, text, query = ask(heldout_svc, "işim bitince nasıl devam ettireceğim?", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "sd-xl-train kaç defa denendi", None)
    _, text, query = ask(heldout_svc, "3 denemede toplamda ne kadar enerji yedi", sid)
    assert query is not None and query.get("job") == 5 and "64.8 Wh" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "bugün H100 en fazla kaç watt çekti", None)
    _, text, query = ask(heldout_svc, "ne zaman olmuş?", sid)
    assert query is not None and query["metric"] == "power" and "626 W at 00:02:13" in text, text
    # two asked in a row of the job just said: "ne kadar beklemis ne kadar surmus"
    sid, _, _ = ask(heldout_svc, "llama-8b-eval ne zaman bitti", None)
    _, text, query = ask(heldout_svc, "kuyrukta ne kadar beklemis ne kadar calismis", sid)
    assert query is not None and "5m00s" in text and "42m00s" in text, (query, text)


def test_turkish_suffixes_on_english_words() -> None:
    assert in_english("bugün hangi job'lar fail oldu?") == "today which jobs failed?"
    assert in_english("gpu0'da hangi process'ler var") == "on gpu0 which processes is"
    assert in_english("H100'ün en yüksek sıcaklığı neydi") == "what was H100's highest temperature"
    assert in_english("sabah 9'dan beri hangi job'lar bitti") == "since 9 in the morning which jobs finished"
    assert in_english("llama-405b-probe'u iptal et") == "cancel llama-405b-probe"
    assert in_english("onu şimdilik hold'a al") == "hold it for now"
    assert in_english("ne zaman olmuş?") == "when did it happen?"
    assert in_english("peki en düşük değer?") == "and the lowest value?"
    assert in_english("slm, 4090da su an ne calisiyo") == "what is running on the 4090 now"
    assert in_english("job 9 hangi config ile calismisti") == "job 9 which config did it run with"
    assert in_english("neden bu kadar, kim yiyo") == "why so much, who is using it"
    assert in_english("power ne kadar cekmis en fazla") == "how much power did it draw at most"


def test_turkish_asides_are_not_questions_of_the_machine(heldout_svc: AssistantService) -> None:
    for message in (
        "bf16 için hangisini önerirsin, FSDP mi DeepSpeed mi?",
        "ekibe cuma günü bakım olacak diye kısa bir mesaj yazar mısın",
        "PyTorch ile JAX arasındaki fark nedir?",
        "Ekibe bakım hakkında kısa bir e-posta yazar mısın",
        "genel olarak NaN loss nasil cozerim, lr mi dusureyim warmup mu",
    ):
        _, _, query = ask(heldout_svc, message, None)
        assert query is None, (message, in_english(message), query)


def test_english_and_other_languages_are_not_read_as_turkish() -> None:
    for message in (
        "what's the temp of gpu 0? it's been hot, we'll see",
        "the jobs' logs and GPU's memory",
        "quanta memoria usa l'H100? com'era la temperatura dell'ultima ora?",
        "d'un coup la 4090 a chauffé, c'est quoi qu'un job en attente?",
        "incluyo los jobs de ayer en su análisis",
        "tolong beri tahu suhu gpu 0",
        "ano yung temp ng gpu 0 kahapon",
        "wie geht's der 4090",
        "ile W ciągnie karta 0?",
        "la 2da gpu está libre?",
        "aniyo, gpu 0 ondo nopayo",
    ):
        assert turkish_read(message) == message


@pytest.mark.parametrize(
    ("said", "reading"),
    [
        ("10 ile 14 arasi gpu0 sicakligi", "between 10:00 and 14:00"),
        ("saat 20:30 ve 23:00 arasinda 4090 gucu", "between 20:30 and 23:00"),
        ("ayni saatlerde h100 ne kadar cekti", "at the same hours"),
        ("fanlar ne durumda", "fans"),
        ("gucu limitini gecti mi", "its limit"),
        # "-madan önce" (before it did), "o arada" (meanwhile), "civarında" (around), "dünden de" (from
        # yesterday too); not "durmadan" (nonstop)
        ("resnet iptal olmadan önce ne yazıyordu", "before it was cancelled"),
        ("bitmeden once loss kacti", "before it finished"),
        ("o arada gpu1 ne kadar cekti", "at that time"),
        ("14:10 civarinda h100 sicakligi", "around 14:10"),
        ("dunden de bisey var mi", "from yesterday too"),
    ],
)
def test_turkish_spans_and_words_read(said: str, reading: str) -> None:
    assert reading in in_english(said), in_english(said)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("kuyrugu durdur yarin sabah deploy var", "gpuaccel pause"),
        ("12yi hold'a al", "gpuaccel hold 12"),
        # the queue frozen ("dondur"), no new job to start ("yeni iş başlamasın"), opened again ("geri aç")
        ("kuyrugu dondur lutfen", "gpuaccel pause"),
        ("yeni iş başlamasın şimdilik", "gpuaccel pause"),
        ("vazgeçtim, kuyruğu tekrar aç", "gpuaccel resume"),
        # a memory lowered to an amount ("30000 MiB'a düşür")
        ("job 12 çok fazla bellek istiyor, 30000 MiB'a düşür", "gpuaccel edit 12 --memory 30000"),
    ],
)
def test_turkish_requests_of_the_queue(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_turkish_why_a_job_has_not_started_after_another(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "11 neden hala calisiyor", None)
    _, _, query = ask(heldout_svc, "peki 12 niye baslamadi", sid)
    assert query == {"name": "job_detail", "job": 12}, query


def test_turkish_span_then_a_statistic_and_another_card(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "dun aksam 19:00 ile 23:00 arasi gpu0 sicaklik ortalamasi ne", None)
    assert query is not None and query["window"]["label"] == "yesterday between 19:00 and 23:00", query
    _, _, again = ask(heldout_svc, "ayni saatlerde gpu1?", sid)
    assert again is not None and again["gpu"] == 1 and again["window"] == query["window"], again


def test_turkish_a_reading_during_a_job_and_over_the_span_just_asked(heldout_svc: AssistantService) -> None:
    # "X sırasında" (during X), its time said before it telling which run: while that job ran
    _, _, query = ask(heldout_svc, "dün gece finetune sırasında H100 ortalama kaç watt çekti", None)
    assert query is not None and query.get("job") == 2 and query["metric"] == "power", query
    # "o arada" (in that span): the span just asked; "olmuş" (has it been)
    sid, _, first = ask(heldout_svc, "10 ile 12 arasi h100 sicakligi ortalama kac", None)
    _, _, query = ask(heldout_svc, "en fazla kac olmus o arada", sid)
    assert first is not None and query is not None and query.get("window") == first["window"], query
    # "dünden de ... var mı" (any from yesterday too), after today's failures
    sid, _, _ = ask(heldout_svc, "bugün hangi işler patladı", None)
    _, _, query = ask(heldout_svc, "dünden de patlayan var mı", sid)
    assert query is not None and query["name"] == "failures", query
    assert query["window"]["label"] == "yesterday", query
