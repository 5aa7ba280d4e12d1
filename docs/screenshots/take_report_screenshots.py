"""Take the daily report's and the chat's screenshots in docs/screenshots/ from a real daemon.

    apt-get install -y chromium xvfb fonts-wqy-microhei fonts-nanum   # fonts: Chinese, Korean
    xvfb-run -a -s "-screen 0 1600x1200x24" .venv/bin/python docs/screenshots/take_report_screenshots.py \
        [SHOT.png ...]   (only those chat screenshots, no report: the others stay as they were taken)

The day so far is seeded into a fresh data dir as the daemon writes it: two simulated GPUs sampled once a
second (1 s rows, rolled up into 1 min rows by the daemon's own downsampler, an energy counter that is the
running sum of power), GPU 0 with a 5 s spike to 91 °C inside one minute, GPU 1 swinging between 38 and
73 °C under a training job; queue jobs stored through the store's own calls (a failure retried four times
for lack of memory, a trivial one, waiting jobs) with the energy events the daemon records. The daemon then
starts on that data dir (the fake NVML backend: this machine has no GPU) and makes the daily report; its
HTML export is shot in headless Chromium, and the desktop app's chat is grabbed answering a job's energy
(the rules' pick), then, in a new conversation, "what got nuked?" (the picking model's,
which says so), a conversation with a request to act on the job in focus and a dictated "gpu zero", one
over a span, one with each card's busy time today, the first job to start and a GPU's processes, and one
with the jobs retried, the failed jobs' energy together, what is held since when and the GPUs' health, one
with the cards allocated and free, one with a peak's moment, the job on the card then, the other card's
peak and the jobs ranked by their peak temperature, and one with clock times written "4h30", the other
card at another time and what runs on a card now, since when; and one with a value said alone after a
question about a job's setting, Québec French, a German request said as what should be, and Norwegian;
and one with a job's setting named with its new value, Bulgarian, Colombian Spanish and Hong Kong English.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tests"))

from daemon_fixture import start_daemon  # noqa: E402

from gpuaccel.accel.telemetry.fields import HISTORY_FIELDS  # noqa: E402
from gpuaccel.scheduler.config import SchedulerConfig  # noqa: E402
from gpuaccel.scheduler.lifecycle.validation import validate_request  # noqa: E402
from gpuaccel.scheduler.store.history import HistoryWriter  # noqa: E402
from gpuaccel.scheduler.store.queue import Store  # noqa: E402

OUT = Path(__file__).resolve().parent
NOW = time.time()
DAY0 = dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
START = max(DAY0, NOW - 10 * 3600)  # the daemon ran the last ten hours of today
SEEDED_HOURS = 7.5  # the seeded jobs run until START + 7 h: earlier in the day they would end in the future


class _NoSampler:
    available = False
    peaks: list[object] = []


def _history(store: Store) -> dict[int, tuple[float, float]]:
    """1 s rows of two GPUs over [START, NOW), rolled up into 1 min rows; per GPU (peak °C, joules)."""
    t = np.arange(math.ceil(START), math.floor(NOW), 1.0)
    k = t - t[0]
    train = (k > 3600) & (k < 3600 * 7)  # GPU 1 trains for six hours
    util1 = np.where(train, 92 + 4 * np.sin(k / 97.0), 2.0)
    temp1 = np.where(train, 55.5 + 17.5 * np.sin(2 * math.pi * k / 600.0), 38.0)
    util0 = np.where((k % 5400) < 1800, 60 + 20 * np.sin(k / 300.0), 5.0)
    temp0 = 45 + 0.2 * util0
    spike = int(len(t) * 0.6)  # a 5 s spike to 91 °C inside one minute
    temp0[spike : spike + 5] = (84.0, 88.0, 91.0, 89.0, 85.0)
    out = {}
    cols = ", ".join(HISTORY_FIELDS)
    marks = ", ".join("?" * (len(HISTORY_FIELDS) + 2))
    for gpu, (util, temp) in enumerate(((util0, temp0), (util1, temp1))):
        power = np.round(60 + 3.4 * util, 1)
        values = {
            "util_gpu": np.round(util, 1), "util_mem": np.round(util * 0.4, 1),
            "mem_used_mib": 2000 + 300 * util,
            "temperature_c": np.round(temp, 1), "power_w": power, "sm_clock_mhz": 1200 + 7 * util,
            "mem_clock_mhz": np.full(t.shape, 2619.0), "tensor_active": np.round(util * 0.8, 1),
            "sm_active": np.round(util, 1), "dram_bw_util": np.round(util * 0.3, 1),
            "tflops_est": np.round(util * 0.8 / 100 * 989, 1),
            "energy_j": 4.2e6 * (gpu + 1) + np.cumsum(power),
        }  # fmt: skip
        rows = np.column_stack([values[f] for f in HISTORY_FIELDS]).tolist()
        with store.transaction() as conn:
            conn.executemany(
                f"INSERT INTO telemetry_1s (gpu, t, {cols}) VALUES ({marks})",
                [(gpu, ts, *r) for ts, r in zip(t.tolist(), rows, strict=True)],
            )
        out[gpu] = (float(temp.max()), float(values["energy_j"][-1] - values["energy_j"][0] + power[0]))
    writer = HistoryWriter(store, _NoSampler(), SchedulerConfig())  # type: ignore[arg-type]
    writer.roll_up(START // 60 * 60, NOW // 60 * 60)
    return out


def _job(store: Store, name: str, state: str, **columns: object) -> int:
    """A job as the store writes it, then its day's times; one that ran was submitted a minute before its
    (first) start unless ``created_at`` says otherwise (the insert's own time would be now, after it ran)."""
    job = store.insert(validate_request({"kind": "command", "argv": ["python", "train.py"], "name": name}))
    if "started_at" in columns:
        columns.setdefault("created_at", float(columns["started_at"]) - 60)  # type: ignore[arg-type]
    sets = ", ".join(f'"{c}" = ?' for c in ["state", *columns])
    with store.transaction() as conn:
        conn.execute(f"UPDATE jobs SET {sets} WHERE id = ?", (state, *columns.values(), job.id))
    return job.id


def _timeline(store: Store, job: int, *events: tuple[float, str, str]) -> None:
    with store.transaction() as conn:
        conn.executemany(
            "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
            [(t, job, state, message) for t, state, message in events],
        )


def _energy(store: Store, job: int, gpu: int, t: float, joules: float, seconds: float) -> None:
    from gpuaccel.accel.telemetry.fields import energy_text

    method = f"NVML energy counter over {seconds - 2:.1f} s of {seconds:.1f} s, edges from measured power"
    data = {"joules": joules, "seconds": seconds, "method": method, "exclusive": True}
    message = f"energy {energy_text(joules)} ({joules:.0f} J) on GPU {gpu} over {seconds:.1f} s"
    with store.transaction() as conn:
        conn.execute(
            "INSERT INTO events (t, type, job_id, gpu, message, data) VALUES (?, 'energy', ?, ?, ?, ?)",
            (t, job, gpu, message, json.dumps(data)),
        )


def _jobs(store: Store) -> int:
    """The day's queue; returns the id of the job whose energy the chat is asked about."""
    s = START
    typo = _job(store, "tokenize-shards", "failed", attempt=1, started_at=s + 600, finished_at=s + 603,
                assigned_gpus="[0]", exit_code=2, reason="exit code 2: No such file: shards.txt")  # fmt: skip
    _timeline(store, typo, (s + 600, "running", "started"), (s + 603, "failed", "exit code 2"))
    train = _job(store, "llama-8b-finetune", "succeeded", attempt=1, started_at=s + 3600,
                 finished_at=s + 7 * 3600, assigned_gpus="[1]", exit_code=0)  # fmt: skip
    _timeline(store, train, (s + 3600, "running", "started"), (s + 7 * 3600, "succeeded", "exit code 0"))
    _energy(store, train, 1, s + 7 * 3600, 6.0 * 3600 * 380.0, 6 * 3600.0)
    oom = _job(store, "sdxl-train", "failed", attempt=4, max_retries=3, created_at=s + 2 * 3600 - 60,
               started_at=s + 4 * 3600 + 1800, finished_at=s + 4 * 3600 + 2400, assigned_gpus="[0]",
               exit_code=1, reason="CUDA out of memory. Tried to allocate 2.50 GiB")  # fmt: skip
    tries = []
    for k in range(3):
        a = s + 3600 * 2 + 1200 * k
        tries += [(a, "running", f"attempt {k + 1}"), (a + 600, "retrying", "CUDA out of memory; retrying")]
    _timeline(store, oom, *tries, (s + 4 * 3600 + 1800, "running", "attempt 4"),
              (s + 4 * 3600 + 2400, "failed", "CUDA out of memory"))  # fmt: skip
    short = _job(store, "eval-perplexity", "succeeded", attempt=1, started_at=s + 5 * 3600,
                 finished_at=s + 5 * 3600 + 42, assigned_gpus="[0]", exit_code=0)  # fmt: skip
    _timeline(store, short, (s + 5 * 3600, "running", "started"), (s + 5 * 3600 + 42, "succeeded", "exit 0"))
    _energy(store, short, 0, s + 5 * 3600 + 42, 7421.6, 42.0)
    later = _job(store, "resnet-bench", "queued", not_before=NOW + 6 * 3600)  # submitted with --at
    _job(store, "llama-8b-eval", "queued", depends_on=json.dumps([later]))
    _job(store, "whisper-finetune", "held")
    return short


def main() -> int:
    only = set(sys.argv[1:])  # chat screenshots to take again; none named: the report and every chat shot
    if NOW - START < SEEDED_HOURS * 3600:
        raise SystemExit(f"run after {SEEDED_HOURS:g} h UTC: the seeded day needs that much of today")
    root = Path(tempfile.mkdtemp(prefix="gpuaccel-report-shots-"))
    data = root / "data"
    data.mkdir()
    store = Store(data / "gpuaccel.db")
    truth = _history(store)
    asked = _jobs(store)
    store.close()
    print("seeded: per GPU (peak C, joules from the 1 s rows):", truth)
    daemon = start_daemon(data)
    try:
        if only:
            _chat(daemon, asked, root, only)
            return 0
        client = daemon.client(timeout=300.0)  # a report over a day of 1 s rows, on a busy 2-core machine
        made = client.make_report("daily")
        page = root / "report.html"
        page.write_text(client.report_export(made["id"], "html"), encoding="utf-8")
        (root / "report.md").write_text(client.report_export(made["id"], "md"), encoding="utf-8")
        print(client.report_export(made["id"], "md")[:3000])
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            raise SystemExit("chromium not found: apt-get install -y chromium")
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--screenshot={root / 'daily_report.png'}", "--window-size=1000,2060", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        from PySide6.QtGui import QImage
        from take_screenshots import save_image

        save_image(QImage(str(root / "daily_report.png")), OUT / "daily_report.png")
        _chat(daemon, asked, root)
    finally:
        daemon.stop()
    return 0


def _chat(daemon: object, job: int, root: Path, only: set[str] | None = None) -> None:
    """The desktop app's chat asked for a job's energy, grabbed as the window shows it (``only``: those
    screenshots' conversations alone)."""
    from PySide6.QtCore import QSettings
    from take_screenshots import save_image

    from gpuaccel.app.gui.main import make_app
    from gpuaccel.app.gui.settings import AppSettings
    from gpuaccel.app.gui.window import MainWindow

    app = make_app()
    store = QSettings(str(root / "settings.ini"), QSettings.Format.IniFormat)
    data_dir = str(daemon.data_dir)  # type: ignore[attr-defined]
    window = MainWindow(AppSettings(theme="dark"), data_dir=data_dir, store=store)
    window.resize(1280, 800)
    window.show()

    def spin(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.02)

    spin(8)
    window.tabs.setCurrentIndex(2)
    spin(2)
    # the rules pick the first; the second has no query the rules know, so the picking model chooses one;
    # the third is one conversation: a request to act on the job in focus and numbers said in words
    conversations = (
        ((f"how much energy did job {job} use?",), "chat_job_energy.png"),
        (("what got nuked?",), "chat_model_pick.png"),
        (("why did sdxl-train fail?", "ok try it once more", "how hot is gpu zero", "and its peak today?"),
         "chat_act_and_spoken.png"),
        # two readings over a span: the overview over it; GPU-time ranked in GPU-hours
        (("temperature and power of gpu 0 today?", "which job used the most gpu hours today?"),
         "chat_span_overview.png"),
        # a span's busy and idle time per GPU, the first job to start, what else holds a GPU
        (("how long was each card busy today?", "what was the first job to start today?",
          "anything on gpu 1?"),
         "chat_busy_first_processes.png"),
        # the jobs retried, what the failed ones used together, what is held since when, health with temps
        (("which jobs were retried today?", "how much energy did the failed jobs use today?",
          "what is on hold?", "any gpu unhealthy?"),
         "chat_retries_totals_health.png"),
        # who holds which card, a card's memory and then what is free of it
        (("which cards are allocated and which are free?", "vram on gpu 0", "free?"),
         "chat_allocated_and_free.png"),
        # a peak's moment and the job on the card then, the same reading of the other card, jobs by heat
        (("what was gpu 1's hottest today?", "which job was running then?", "and gpu 0's peak?",
          "which job ran the hottest today?"),
         "chat_peak_moment_and_hottest_job.png"),
        # clock times as Europe writes them, the other card at another time, what runs now and since when
        (("which job was on gpu 1 at 4h30?", "and on the other card at 3h55?",
          "what job is on gpu 1 at the moment, and since what time?"),
         "chat_clock_times_and_the_other_card.png"),
        # two live readings joined by "+" (the overview says both), the job a moment caught and its run
        (("gpu 0: TC active + est TFLOP/s", "what was on gpu 1 at 4h30?"),
         "chat_two_readings_and_a_moments_run.png"),
        # a moment with no GPU said names each job's GPU; a telling, then its question; "it" among a list
        (("what was the machine doing at 4h30?",
          "I was out of the lab around 3:55. What was running on gpu 0 then?", "list every job", "pause it"),
         "chat_moment_story_and_it_among_jobs.png"),
        # the GPU-hours of the jobs ranked before (with their total), whether a held job starts by itself,
        # a lead-in and what another tool shows, said beside the question
        (("which failed job used the most energy today?", "and the GPU-hours those took?",
          "will whisper-finetune start on its own?",
          "quick sanity check, gpu 0 power now? nvtop shows ~300 W"),
         "chat_gpu_hours_together_and_held_state.png"),
        # a label that names a GPU, who kept it busy at that moment, a telling after the question, and a
        # request asked as whether it may be done
        (("Quick health check on GPU 1: what was its hottest today?",
          "what was keeping it busy at that moment?",
          "why hasn't llama-8b-eval started? the intern who queued it keeps asking me.",
          "could it just be held until tomorrow?"),
         "chat_label_moment_telling_and_asked_request.png"),
        # a reading over a job of four attempts (each earlier one's peak and the peak of all), "roughly
        # when", then an "oh wait" correction that keeps the run and asks another reading
        (("how hot did its card get while sdxl-train was running, and roughly when?",
          "oh wait sorry, i meant the power draw"),
         "chat_attempts_reading_and_correction.png"),
        # numbered items of one reading over a span said with "counting from ... up to now" (memory's lowest
        # and mean in MiB too), who was loading the card at its peak, and advice declined whatever its words
        (("For gpu 0, counting from midnight up to now, could you give me 1) the most memory used, "
          "2) the least and 3) the average?",
          "who was loading it at that peak?",
          "what's a good way to keep a small server closet cool in summer?"),
         "chat_numbered_items_and_who_loaded_it.png"),
        # where a job is that has not started (its record: held), German with the verb last and umlauts
        # written out, Singapore particles and three asks of one peak, Roman Urdu's request on the job
        (("wheres the whisper job?", "Stromverbrauch heute pro Karte?",
          "gpu 1 today power peak how much lah, what time, which job",
          "sdxl-train kyun fail hui", "isko dobara chala do"),
         "chat_not_started_german_singlish_urdu.png"),
        # French from France with a card said as "la 0" and a doubled subject, then follow-ups with no French
        # word of their own, read in the conversation's language ("et la moyenne ?", "pour la 1 ?")
        (("la 0 elle a chauffé jusqu'où aujourd'hui ?", "et la moyenne ?", "pour la 1 ?",
          "et la 1 elle tire combien en watts là ?"),
         "chat_french_follow_ups_carried.png"),
        # Taglish, then Cebuano in one chat, Brazilian Portuguese and Nigerian Pidgin: who used a card over
        # a span, "nun" (the span in context), Cebuano's "pila ka oras", "tá puxando" (power now), "make you"
        (("sino gumamit ng GPU 1 kaninang umaga?", "ano peak temp ng GPU 1 nun?",
          "pila ka oras busy ang GPU 1 karon adlaw?", "quanto a GPU 0 ta puxando agora?",
          "wetin happen to sdxl-train?", "ok make you restart am"),
         "chat_taglish_cebuano_portuguese_pidgin.png"),
        # Hinglish with "us time" after its clause (the peak's moment and the job then), Portugal's
        # "acima dos N graus" (time at or above), Jamaican Patois' "pon", Hinglish's "phir se chala do"
        (("gpu 1 ka peak temp kab tha aaj aur us time kya chal raha tha",
          "quanto tempo passou a gpu 0 acima dos 80 graus hoje?", "wah di power draw pon GPU 0 right now?",
          "sdxl-train phir se chala do"),
         "chat_hinglish_portugal_patois.png"),
        # Hyderabad's Dakhini ("kitte", "subah se": since the morning, until now; "ke upar": at or above),
        # Portugal's "aqueceu ... em média" (the mean temperature), Bajan's "dis morning" and "fuh"
        (("subah se kitte jobs fail hue?", "gpu 0 kitta der 70 degree ke upar raha aaj",
          "qual das placas aqueceu mais hoje, em média?", "wuh de peak power fuh gpu 1 dis morning?"),
         "chat_dakhini_portugal_bajan.png"),
        # Lucknow's "kahe" (why), Guyanese "how much time ... deh" then "an di mean?" (the mean: the time
        # at 70 °C is not said again), a priority set with a verb of moving, a name's part after "what about"
        (("whisper-finetune abhi tak start kahe nahi hua?", "how much time gpu 0 deh above 70 degree today?",
          "an di mean?", "ok push resnet-bench to priority 9", "and what about shards?"),
         "chat_lucknow_guyanese_push.png"),
        # Tanglish ("ippo ... oditu iruku": what runs now), Romanian ("de cate ori a incercat", "da-i retry"),
        # a request asked again of another job ("same for ..."), an explanation asked briefly (declined)
        (("gpu la ippo enna oditu iruku?", "de cate ori a incercat sdxl-train?", "ok da-i retry",
          "same for tokenize-shards", "explain briefly how attention works in transformers"),
         "chat_tanglish_romanian_again.png"),
        # Catalan ("quina ... mes calenta": which is hottest), Hungarian ("atlag homerseklete ma delelott":
        # its mean temperature this morning), Swahili ("ilitumia nguvu ngapi": power used up, its energy), a
        # request's job corrected ("sorry not X, i meant Y")
        (("quina gpu esta mes calenta ara mateix?", "mennyi volt a gpu 0 atlag homerseklete ma delelott?",
          "leo gpu 1 ilitumia nguvu ngapi?", "set priority 10 on sdxl-train",
          "sorry not sdxl-train, i meant tokenize-shards"),
         "chat_catalan_hungarian_swahili.png"),
        # Swedish ("vad e tempen ... just nu": the temperature now), Czech ("kolik casu ... dnes rano idle":
        # idle time this morning), Bavarian ("wia lang is ... glaffa": its run time), Afrikaans ("wat het
        # vandag gebreek": today's failures), Vietnamese ("tieu thu bao nhieu dien": energy used)
        (("vad e tempen pa gpu 0 just nu?", "kolik casu byla gpu 1 dnes rano idle?",
          "wia lang is sdxl-train glaffa?", "wat het vandag gebreek?",
          "hom nay gpu 0 tieu thu bao nhieu dien"),
         "chat_swedish_czech_bavarian_afrikaans_vietnamese.png"),
        # Danish without æ/ø/å ("hvor varm ... lige nu", "og den anden?": the other card), Indonesian ("power
        # tertinggi ... brp", "jam brp tuh": the peak's time), terse English ("for long or just a blip": the
        # time at or above the value said, on that card that day)
        (("hvor varm er gpu 0 lige nu?", "og den anden?", "power tertinggi gpu 0 hari ini brp", "jam brp tuh",
          "was it above 250 W for long or just a blip"),
         "chat_danish_indonesian_blip.png"),
        # Norwegian without æ/ø/å ("hva kjorer paa gpuene naa": what runs now; "hvor lenge stod ... ubrukt
        # i morges": idle time this morning), Mexican Spanish ("promedio de temp de la 1 de 9 a 12": GPU 1's
        # mean over 09:00-12:00), British English with two asks in one (what runs and what waits behind it)
        (("hva kjorer paa gpuene naa?", "hvor lenge stod gpu 1 ubrukt i morges?",
          "promedio de temp de la 1 de 9 a 12",
          "Could you tell me what's running on the GPU server just now, and also what's waiting behind it?"),
         "chat_norwegian_mexican_british.png"),
        # Polish without diacritics ("jedynka": GPU 1 by its number's noun; "a zerowka?": and GPU 0), Flemish
        # ("boven de 200 W": the time at or above it today; "en boven 250 W?": the bare value is the new
        # threshold), Turkish ("bugun 12 ile 14 arasi": today 12:00-14:00)
        (("ile energii zuzyla jedynka dzisiaj?", "a zerowka?", "hoelang zat gpu 0 vandaag boven de 200 W",
          "en boven 250 W?", "bugun 12 ile 14 arasi gpu0 ortalama sicaklik ne"),
         "chat_polish_flemish_turkish.png"),
        # Finnish ("GPU 0:n lämpötila": GPU 0's temperature, a colon case ending; "entä GPU 1:n?": and GPU
        # 1's), Serbian without diacritics ("sta je palo danas": what failed today; "koliko energije je
        # potrosio": how much energy it used), Egyptian Arabizi with digits for letters ("a3la ... el naharda
        # kam": the highest today, how much; "w kanet emta?": and when was it)
        (("paljonko GPU 0:n lämpötila on nyt?", "entä GPU 1:n?", "sta je palo danas?",
          "koliko energije je potrosio gpu 1 danas?", "a3la temperature l GPU 0 el naharda kam?",
          "w kanet emta?"),
         "chat_finnish_serbian_arabizi.png"),
        # Estonian ("mis GPU 0 peal praegu jookseb": what runs on GPU 0 now; "kui kuum": how hot), Slovenian
        # ("koliko energije je porabil": how much energy it used), Lebanese Arabizi ("shu 3am yeshta8el
        # halla2": what is running now; "2addesh kan ... idle lyom": how long it was idle today)
        (("mis GPU 0 peal praegu jookseb?", "kui kuum on GPU 1 praegu?",
          "koliko energije je porabil GPU 1 danes?", "shu 3am yeshta8el halla2 3a GPU 0?",
          "2addesh kan GPU 1 idle lyom?"),
         "chat_estonian_slovenian_levantine.png"),
        # Latvian ("kas šodien nokrita": what failed today; "kāpēc nokrita sdxl-train": why did it fail), a
        # queued job's memory request changed (the command), Polish ("ile godzin GPU 1 dziś mielił": how many
        # hours GPU 1 worked today) and "which card is freest" (ranked by free memory)
        (("kas šodien nokrita?", "kāpēc nokrita sdxl-train?", "set job 6's memory requirement to 20000 MiB",
          "ile godzin GPU 1 dziś mielił?", "which card is freest?"),
         "chat_latvian_polish_memory_request.png"),
        # a span's GPU-time ranking counts each job's part inside the span ("2.55 of its 6.00 GPU-hours": a
        # run that crossed its edge), "the most of them" after the jobs' GPU-hours ranks those jobs, Italian
        # ("quale job ha usato più ore GPU oggi": the most GPU-hours today), Brazilian Portuguese with "ele"
        # as the object ("pausa ele": pause the job talked about, which has ended: the daemon would refuse
        # it, so the reply says so and offers the retry), "pin X to gpu 1" (the command)
        (("how many gpu hours did the jobs use this afternoon?", "and which job used the most of them?",
          "quale job ha usato più ore GPU oggi?", "pausa ele", "pin whisper-finetune to gpu 1"),
         "chat_gpu_hours_inside_a_span.png"),
        # Chinese ("现在 GPU 0 温度多少": GPU 0's temperature now; "那 1 号卡呢": and card 1, a numeral before
        # its counter), Korean ("오늘 GPU 제일 많이 쓴 잡": the job that used the most GPU time today, any
        # particle or ending after a stem), Russian ("сколько энергии сожрала 1 видюха сегодня": GPU 1's
        # energy today; "что в очереди": the queue)
        (("现在 GPU 0 温度多少？", "那 1 号卡呢？", "오늘 GPU 제일 많이 쓴 잡 뭐야?",
          "сколько энергии сожрала 1 видюха сегодня?", "что сейчас в очереди?"),
         "chat_chinese_korean_russian.png"),
        # Japanese written whole ("0番のGPUの温度教えて": GPU 0's temperature; "は何を待っているんでしょうか":
        # what a job waits for, politely; "依存関係を外して": its dependencies taken away, `edit --after
        # none`), Vietnamese with its marks ("hôm nay card số 1 dùng bao nhiêu điện": card 1's energy today),
        # a request taken back ("undo that" after releasing a held job: its hold again)
        (("0番のGPUの温度教えて", "hôm nay card số 1 dùng bao nhiêu điện?",
          "llama-8b-eval は何を待っているんでしょうか?", "依存関係を外してください",
          "release whisper-finetune", "undo that"),
         "chat_japanese_vietnamese_undo.png"),
        # a value said alone after a question about a job's setting ("change it to 2" after the GPUs a job
        # asks for: its GPU count), Québec French ("mets sa prio à 10": its priority), a request said as
        # what should be (German "soll beendet werden": its cancel), Norwegian ("hvor mye trekker gpu 0 nå":
        # GPU 0's power now)
        (("how many gpus does whisper-finetune ask for?", "change it to 2", "pis mets sa prio à 10 stp",
          "Der llama-8b-eval soll beendet werden.", "hvor mye trekker gpu 0 nå?"),
         "chat_bare_value_quebec_german_norwegian.png"),
        # a telling after a question asks nothing ("it worked yesterday"), Czech ("proc jeste nejede": why
        # is it not running yet; "pust ho" of a held job: its release), Spain's Spanish ("ponle al X N MiB de
        # memoria": its memory request), Scots with the setting told first ("is askin for 40000 mib, can ye
        # drop that tae 20000": its memory, no cancel), a GPU count changed by a number ("give it one more
        # gpu": from the none it asks for, one)
        (("why did sdxl-train fail?? it worked yesterday", "proc jeste nejede whisper-finetune?",
          "ok tak ho pust", "ponle al llama-8b-eval 40000 MiB de memoria",
          "llama-8b-eval is askin for 40000 mib, can ye drop that tae 20000", "give it one more gpu"),
         "chat_czech_spanish_scots.png"),
        # Lithuanian ("kiek dabar kaista h100": GPU 0's temperature; "kodel X failino": why it failed;
        # "paleisk is naujo": its retry), Flemish ("wa staat er allemaal in de wachtrij": the queue; "en wat
        # staat er on hold": the held jobs, no hold), Irish English ("oh and while ur at it ...": the request)
        (("kiek dabar kaista h100?", "kodel sdxl-train failino?", "paleisk is naujo",
          "wa staat er allemaal in de wachtrij", "en wat staat er on hold",
          "oh and while ur at it let it go ahead"),
         "chat_lithuanian_flemish_irish.png"),
        # a time said roughly: the minutes around it; a request for a job the queue never had; Slovak
        # ("preco padol": why did it fail), Austrian German (an English verb said last: "nochmal retry"),
        # Québec French ("relâche-la": release it)
        (("what was going on around 04:35?", "pause job 4711", "preco padol sdxl-train?",
          "passt, den sdxl-train bitte nochmal retry", "pis la whisper-finetune, relache-la stp"),
         "chat_around_slovak_austrian_quebec.png"),
        # a job's setting named with its new value ("raise the priority to 8": of the job talked about, not
        # job 8), Bulgarian in Latin letters ("za6to se provali": why did it fail), Colombian Spanish with an
        # English verb ("retryealo": retry it), Hong Kong English ("24h ... peak ... and when": the last 24 h)
        (("tell me about whisper-finetune", "raise the priority to 8", "za6to se provali sdxl-train?",
          "listo, retryealo porfa", "24h gpu 0 peak temp and when"),
         "chat_setting_bulgarian_colombian_hk.png"),
        # Albanian without its marks ("pse deshtoi": why did it fail), Maltese-English ("kemm hi shuna
        # l-gpu 0": how hot is GPU 0; "irrilizja": release), Welsh English's correction said number first
        (("pse deshtoi sdxl-train?", "kemm hi shuna l-gpu 0?", "irrilizja l-whisper-finetune pls",
          "hold 5 will you", "no hang on, 6 I meant"),
         "chat_albanian_maltese_welsh.png"),
        # Icelandic ("hver var hæsti hitinn": the highest temperature; "klukkan hvað": what time), Nepali in
        # Latin letters ("kina fail bhayo": why did it fail; "retry garideu": retry it), Sri Lankan English
        # ("machan"), a bare correction right after a request ("no, 6")
        (("hver var hæsti hitinn á gpu 0 í dag?", "klukkan hvað var það?", "sdxl-train kina fail bhayo?",
          "retry garideu", "machan can you hold job 5 for me", "no, 6"),
         "chat_icelandic_nepali_srilankan.png"),
        # Persian in Latin letters ("chera fail shod": why did it fail; "dobare bezan": run it again),
        # Galician ("canto quenta": how hot), Luxembourgish ("déi héchst temperatur": the peak; "wéini war
        # dat": that peak's moment, not the day again)
        (("sdxl-train chera fail shod?", "dobare bezan lotfan", "canto quenta a gpu 0 agora?",
          "wat war haut déi héchst temperatur op gpu 0?", "wéini war dat?"),
         "chat_persian_galician_luxembourgish.png"),
    )  # fmt: skip
    for questions, shot in conversations:
        if only and shot not in only:
            continue
        window.assistant_panel.model.conversation_id = None  # a new conversation: no follow-up reading
        window.assistant_panel.model.messages.clear()  # (and its shot shows only its own turns)
        for question in questions:
            window.assistant_panel.input.setText(question)
            window.assistant_panel.send_message()
            deadline = time.monotonic() + 60
            spin(1)
            while window.assistant.streaming and time.monotonic() < deadline:
                spin(0.5)
        spin(4)  # the panel's next poll of the assistant's state (a pick may have loaded the model)
        save_image(window.grab().toImage(), OUT / shot)
    window.close()


if __name__ == "__main__":
    raise SystemExit(main())
