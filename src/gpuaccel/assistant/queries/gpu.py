"""The GPU half of the assistant's tool layer: the GPUs and their models, one reading per GPU (live, or its
peak and mean over a span), rankings (hottest, busiest, ...), idle GPUs, who holds memory, and energy over
a span.

Readings come from the live facts (:meth:`~assistant.queries.catalogue.QueryContext.facts`), spans and energy
from the
telemetry history; each returns a :class:`~assistant.queries.catalogue.Result` whose sentence is written from
its own table. A reading a GPU does not give is said with NVML's reason, never as a number: a passively cooled
data-center GPU (the H100 SXM) reports no fan speed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gpuaccel.accel.telemetry.fields import (
    FIELD,
    J_PER_WH,
    NOT_SUPPORTED,
    THROTTLE_WORDS,
    UTIL_QUIET_PCT,
    energy_text,
    heading,
    unit_after,
)
from gpuaccel.api.attempts import attempts
from gpuaccel.api.durations import format_duration
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.assistant.queries.jobs import at_words, cap, clock, label, no_such_job, stored_job
from gpuaccel.assistant.queries.query import Query, QueryContext, Result, Window, cell
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.scheduler.reads import history as history_read

METRICS: dict[str, tuple[str, str]] = {
    # metric -> (facts key, how a sentence names it)
    "temperature": ("temperature_c", "temperature"),
    "util": ("util_gpu", "utilization"),
    "power": ("power_w", "power draw"),
    "tensor": ("tensor_active", "tensor-core activity"),
    "tflops": ("tflops", "estimated TFLOP/s"),
    "memory": ("mem_used_mib", "memory used"),
    "free_memory": ("free_mib", "free memory"),
    "fan": ("fan_pct", "fan speed"),
    "clock": ("sm_clock_mhz", "SM clock"),
    # the rest of what gpuaccel status shows per GPU, each at its digits there (accel.telemetry.fields)
    "mem_clock": ("mem_clock_mhz", "memory clock"),
    "mem_util": ("util_mem", "memory controller utilization"),
    "dram": ("dram_bw_util", "DRAM bandwidth use (of its peak)"),
    "sm_active": ("sm_active", "SM activity"),
    "occupancy": ("sm_occupancy", "SM occupancy"),
    "pcie": ("pcie_tx_kbs", "PCIe throughput"),  # transmit; receive beside it (pcie_rx_kbs)
    "peak_tflops": ("peak_tflops", "dense bf16 peak"),  # what the TFLOP/s estimate scales
}
# Each reading's unit is the telemetry catalogue's, so the chat writes "91 °C" as gpuaccel status, the app
# and the report do; sentences say memory in GiB (MiB beside it), and the TFLOP/s are no catalogue field.
_OWN_UNITS = {"memory": "GiB", "free_memory": "GiB", "tflops": "TFLOP/s", "peak_tflops": "TFLOP/s"}
UNIT: dict[str, str] = {
    metric: unit_after(_OWN_UNITS.get(metric) or FIELD[key].unit) for metric, (key, _) in METRICS.items()
}
PEAK_SOURCES = {"table": "from the datasheet table", "calibrated": "measured by gpuaccel calibrate"}
# The telemetry history's column of each reading it keeps (fan speed and free memory are live only).
HISTORY_COLUMNS = {
    "temperature": "temperature_c",
    "util": "util_gpu",
    "power": "power_w",
    "memory": "mem_used_mib",
    "tensor": "tensor_active",
    "tflops": "tflops_est",
    "clock": "sm_clock_mhz",
    "mem_clock": "mem_clock_mhz",
    "mem_util": "util_mem",
    "dram": "dram_bw_util",
    "sm_active": "sm_active",
}


def gib(mib: float | None) -> float | None:
    return None if mib is None else round(mib / 1024, 1)


def _value(g: dict[str, Any], metric: str) -> float | None:
    key = METRICS[metric][0]
    if metric == "free_memory":
        used, total = g.get("mem_used_mib"), g.get("mem_total_mib")
        return None if used is None or total is None else gib(total - used)
    if metric == "memory":
        return gib(g.get(key))
    value = g.get(key)
    digits = FIELD[key].digits if key in FIELD else 1  # as gpuaccel status writes it (TFLOP/s: 1)
    return None if value is None else round(float(value), digits)


def _tflops_how(g: dict[str, Any]) -> str:
    """How a GPU's TFLOP/s were had, as the dashboard says it: counted by a job, or estimated."""
    return f"exact: counted by {g['tflops_source']}" if g.get("tflops_exact") else "estimated"


def mib(value: float | None) -> str:
    """Memory in MiB as ``gpuaccel status`` shows it (whole MiB), beside the GiB the sentences use."""
    return "N/A" if value is None else f"{float(value):.0f} MiB"


def _reason(metric: str, g: dict[str, Any]) -> str:
    """NVML's reason a GPU has no reading of ``metric``; an estimated TFLOP/s lacks its input's, tensor
    activity's."""
    na = g.get("na", {})
    own = na.get(METRICS[metric][0]) or (na.get("tensor_active") if metric == "tflops" else None)
    return own or "no reading"


def reading_text(value: float, metric: str) -> str:
    """A reading with its unit as gpuaccel status writes it, at the catalogue's digits ("91.0%" SM active,
    "71 °C"); memory in GiB and the TFLOP/s, which no catalogue field holds, to at most one decimal."""
    key = METRICS[metric][0]
    if metric in _OWN_UNITS or key not in FIELD:
        return f"{cell(float(value))}{UNIT[metric]}"
    return FIELD[key].text(float(value))


def _say(value: float | None, metric: str, g: dict[str, Any]) -> str:
    return f"N/A ({_reason(metric, g)})" if value is None else reading_text(value, metric)


def _none(metric: str, g: dict[str, Any]) -> str:
    """How a GPU without a reading of ``metric`` is said, after "GPU N": with NVML's reason; a fan speed
    the driver does not give is no fan reading (a passively cooled GPU has no fan of its own)."""
    reason = _reason(metric, g)
    if metric != "fan":
        return f"has no {METRICS[metric][1]} reading: N/A ({reason})"  # N/A and its reason, as status
    why = ", as on passively cooled data-center GPUs" if reason == NOT_SUPPORTED else ""
    return f"reports no fan reading: N/A ({reason}{why})"


def _gpus(ctx: QueryContext, q: Query) -> tuple[list[dict[str, Any]], str | None]:
    """The GPUs the query is about, or the sentence that says why there are none."""
    facts = ctx.facts()
    if facts.telemetry_error:
        return [], f"I have no GPU readings: {facts.telemetry_error}."
    if not facts.gpus:
        return [], "No GPU is visible on this machine."
    if q.gpu is None:
        return facts.gpus, None
    chosen = [g for g in facts.gpus if g["index"] == q.gpu]
    if not chosen:
        seen = ", ".join(str(g["index"]) for g in facts.gpus)
        return [], f"There is no GPU {q.gpu} here; the GPUs are {seen}."
    return chosen, None


def gpu_list(ctx: QueryContext, q: Query) -> Result:
    gpus, why = _gpus(ctx, q)
    if why:
        return Result(q, why)
    rows = [
        [
            g["index"],
            g["name"],
            gib(g["mem_total_mib"]),
            g.get("architecture") or "N/A",
            g.get("pci_bus_id") or "N/A",
        ]
        for g in gpus
    ]
    names = "; ".join(
        f"GPU {g['index']} is an {g['name']} with {_memory_size(g)}{_identity(g)}" for g in gpus
    )
    count = f"There {'is 1 GPU' if len(gpus) == 1 else f'are {len(gpus)} GPUs'}: {names}."
    driver = gpus[0].get("driver")
    said = (count if q.gpu is None else names + ".") + (f" NVIDIA driver {driver}." if driver else "")
    return Result(q, said, ["GPU", "model", "memory (GiB)", "architecture", "PCI bus"], rows)


def _memory_size(g: dict[str, Any]) -> str:
    """ "79.6 GiB (81559 MiB) of memory": the size as the table's GiB and as nvidia-smi's MiB."""
    return f"{_say(gib(g['mem_total_mib']), 'memory', g)} ({mib(g.get('mem_total_mib'))}) of memory"


def _identity(g: dict[str, Any]) -> str:
    """ " (Hopper architecture, PCI bus 00000000:18:00.0)": what NVML says of the GPU beyond its model."""
    parts = [f"{g['architecture']} architecture"] if g.get("architecture") else []
    parts += [f"PCI bus {g['pci_bus_id']}"] if g.get("pci_bus_id") else []
    return f" ({', '.join(parts)})" if parts else ""


def gpu_reading(ctx: QueryContext, q: Query) -> Result:
    metric = q.metric or "temperature"
    if q.job is not None:  # over a job's run, on its GPUs: "the hottest gpu 1 got while job 4 ran"
        during, why = _during(ctx, q)
        if during is None:
            return Result(q, why or "")
        result = gpu_reading(ctx, during)
        result.subject_jobs = [q.job]  # the job stays the conversation's: "retry it" after its peak memory
        return _with_earlier_attempts(ctx, q, during, result)
    gpus, why = _gpus(ctx, q)
    if why:
        return Result(q, why)
    if q.at_least is not None and q.window is None:  # "how long was it at 85 °C or more": today
        q = replace(q, window=window_of("today", ctx.now()))
    if q.window is not None:
        return _over_span(ctx, q, metric, gpus)
    if metric == "overview":
        return _overview(ctx, q, gpus)
    if metric == "health":
        return _health(q, gpus)
    label = METRICS[metric][1]
    heading = label  # the table's column: TFLOP/s say when some are exact
    if metric == "tflops" and any(g.get("tflops_exact") for g in gpus):
        heading = "TFLOP/s (exact where a job counted it)"
    parts, rows = [], []
    for g in gpus:
        value = _value(g, metric)
        if metric == "memory":
            total = gib(g["mem_total_mib"])
            free = _value(g, "free_memory")
            used_mib, total_mib = g.get("mem_used_mib"), g.get("mem_total_mib")
            free_mib = None if used_mib is None or total_mib is None else total_mib - used_mib
            share = (
                f"{100.0 * used_mib / total_mib:.0f}% used; " if used_mib is not None and total_mib else ""
            )
            parts.append(  # the share as gpuaccel top's memory bar writes it
                f"GPU {g['index']} uses {_say(value, metric, g)} of {_say(total, metric, g)}"
                f" ({share}{_say(free, 'free_memory', g)} free; {mib(used_mib)} of {mib(total_mib)},"
                f" {mib(free_mib)} free)."
            )
            rows.append([g["index"], value, total, free])
            continue
        shown = value if value is not None else _say(value, metric, g)
        limit = g.get("power_limit_w") if metric == "power" else None
        if metric == "power" and value is not None and limit is not None:
            limit = round(float(limit))
            parts.append(f"GPU {g['index']} draws {_say(value, metric, g)} of its {limit} W limit.")
        elif metric == "tflops" and value is not None and g.get("tflops_exact"):  # as the dashboard shows
            parts.append(f"GPU {g['index']} is doing {_say(value, metric, g)}, {_tflops_how(g)}.")
        elif metric == "tflops" and value is not None:  # the unit is said once, not twice
            parts.append(f"GPU {g['index']} is doing an estimated {_say(value, metric, g)}.")
        elif metric == "free_memory" and value is not None:
            used_mib, total_mib = g.get("mem_used_mib"), g.get("mem_total_mib")
            free_mib = None if used_mib is None or total_mib is None else total_mib - used_mib
            parts.append(
                f"The free memory of GPU {g['index']} is {_say(value, metric, g)} ({mib(free_mib)})."
            )
        elif metric == "pcie" and value is not None:
            rx = g.get("pcie_rx_kbs")
            rx_said = "N/A" if rx is None else FIELD["pcie_rx_kbs"].text(float(rx))
            parts.append(
                f"GPU {g['index']} moves {FIELD['pcie_tx_kbs'].text(float(value))} over PCIe out (tx) and"
                f" {rx_said} in (rx)."
            )
            rows.append([g["index"], value, rx])
            continue
        elif metric == "peak_tflops" and value is not None:
            source = PEAK_SOURCES.get(g.get("peak_source") or "", g.get("peak_source") or "")
            parts.append(f"The {label} of GPU {g['index']} is {_say(value, metric, g)} ({source}).")
        elif metric == "fan" and value is None:
            parts.append(f"GPU {g['index']} {_none(metric, g)}.")
        else:
            parts.append(f"The {label} of GPU {g['index']} is {_say(value, metric, g)}.")
        rows.append([g["index"], shown, limit] if metric == "power" else [g["index"], shown])
    cols = ["GPU", heading]
    if metric == "memory":
        cols = ["GPU", "used (GiB)", "total (GiB)", "free (GiB)"]
    elif metric == "power":
        cols = ["GPU", label, "limit (W)"]
    elif metric == "pcie":
        cols = ["GPU", "PCIe tx (KB/s)", "PCIe rx (KB/s)"]
    return Result(q, " ".join(parts), cols, rows)


def _during(ctx: QueryContext, q: Query) -> tuple[Query | None, str | None]:
    """The query over the run of job ``q.job`` (its last attempt, from its start to its end or now) on its
    GPU (or the one said); None and why when it never ran or ran on no GPU."""
    job = stored_job(ctx.store, q.job)
    if job is None:
        return None, no_such_job(q.job)
    if job.started_at is None:
        return None, f"{cap(label(job))} has not run yet, so no GPU reading covers it."
    gpus = list(job.assigned_gpus)
    if q.gpu is None and not gpus:
        return None, f"{cap(label(job))} ran without a GPU, so no GPU reading is its."
    if q.gpu is None and len(gpus) > 1:
        return None, f"{cap(label(job))} ran on GPUs {', '.join(map(str, gpus))}: say which one."
    last = " (its last attempt)" if job.attempt > 1 else ""
    start, end = job.started_at, job.finished_at or ctx.now()
    within = ""
    if q.window is not None:  # its run within the span said: "which job ran the hottest today"
        start, end = max(start, q.window.t0), min(end, q.window.t1)
        if end <= start:
            return None, f"{cap(label(job))} did not run {q.window.label}{last}."
        within = f" ({q.window.label})"
    span = Window(start, end, f"while {label(job)} ran{last}, {clock(start)}-{clock(end)}{within}")
    return replace(q, job=None, gpu=q.gpu if q.gpu is not None else gpus[0], window=span), None


def _with_earlier_attempts(ctx: QueryContext, q: Query, during: Query, result: Result) -> Result:
    """``result`` (the reading over the job's last attempt, the run its detail says) with each earlier
    attempt's peak and mean on the same GPU and the peak over all of them, so "how hot did it get while
    it was running" of a job that ran three times is not answered from its last run alone."""
    metric = during.metric or "temperature"
    if q.window is not None or q.at_least is not None or HISTORY_COLUMNS.get(metric) is None:
        return result
    job = ctx.store.get(q.job, with_events=True) if q.job is not None else None
    runs = attempts(job) if job is not None and job.attempt > 1 else []
    gpu = during.gpu
    earlier = [a for a in runs[:-1] if a.ended_at is not None and (not a.gpus or gpu in a.gpus)]
    if not earlier or len(result.rows) != 1:
        return result
    on = _gpus(ctx, during)[0]
    best: tuple[Any, Any, int] | None = None  # peak, its time, the attempt: the first to reach it
    said = []
    for a in earlier:
        span = Window(a.started_at, a.ended_at, f"attempt {a.number}")  # type: ignore[arg-type]
        each = _over_span(ctx, replace(during, window=span), metric, on)
        if len(each.rows) != 1:
            continue
        _, peak, at, _, mean = each.rows[0]
        said.append(
            f"attempt {a.number}, {clock(a.started_at)}-{clock(a.ended_at)}:"  # type: ignore[arg-type]
            f" peak {reading_text(peak, metric)}{at_words(at)}, mean {reading_text(mean, metric)}"
        )
        if best is None or peak > best[0]:
            best = (peak, at, a.number)
    last_peak, last_at = result.rows[0][1], result.rows[0][2]
    if best is None or last_peak > best[0]:
        best = (last_peak, last_at, runs[-1].number)
    if not said:
        return result
    total = len(earlier) + 1
    result.sentence = (
        f"{result.sentence.rstrip('.')}. Its earlier attempts on GPU {gpu}: {'; '.join(said)}. Over all"
        f" {total} attempts the peak was {reading_text(best[0], metric)}{at_words(best[1])}"
        f" (attempt {best[2]})."
    )
    return result


# the live readings a GPU's overview sentence says (:func:`_overview`), beside its clocks and jobs
OVERVIEW_SAYS = frozenset({"temperature", "util", "power", "fan", "memory", "mem_util", "dram"})
SPAN_OVERVIEW = ("temperature", "util", "power", "memory")  # an overview over a span: what the history keeps


def _over_span(ctx: QueryContext, q: Query, metric: str, gpus: list[dict[str, Any]]) -> Result:
    """A reading's peak and mean per GPU over the query's span, from the telemetry history; a reading the
    history does not keep (fan speed, free memory, the overview) is said to be live only, with its live
    value beside it, so no number of the span is ever made up."""

    w = q.window
    assert w is not None
    column = HISTORY_COLUMNS.get(metric)
    if metric == "overview":  # the main readings the history keeps, each one's peak, lowest and mean
        each = [_over_span(ctx, q, m, gpus) for m in SPAN_OVERVIEW]
        rows = [[m, *row] for m, r in zip(SPAN_OVERVIEW, each, strict=True) for row in r.rows]
        gpus_seen = sorted({g for r in each for g in r.subject_gpus})
        columns = ["reading", "GPU", "peak", "peak at", "lowest", "mean"]
        moments = {m: w for r in each for m, w in r.subject_moments.items()}  # one GPU's: each reading's peak
        text = " ".join(r.sentence for r in each)
        return Result(q, text, columns, rows, subject_gpus=gpus_seen, subject_moments=moments)
    if column is None:
        live = gpu_reading(ctx, replace(q, window=None))
        if metric in METRICS:
            kept = f"The telemetry history does not keep {METRICS[metric][1]}"
            text = f"{kept}, so I cannot say what it was {w.label}."
        elif metric == "health":
            text = f"The telemetry history does not keep GPU health, so I cannot say what it was {w.label}."
        else:
            text = f"An overview is of the live readings only (a summary covers {w.label})."
        text += " Now: "
        return Result(q, text + live.sentence, live.columns, live.rows, subject_gpus=live.subject_gpus)
    label, unit = METRICS[metric][1], UNIT[metric]
    stats = history_read.span_stats(ctx.store, w.t0, w.t1, [g["index"] for g in gpus], (column,))
    scale = 1024 if metric == "memory" else 1
    seen = {gpu: st[column] for gpu, st in stats.items() if column in st}
    if not seen:
        text = f"The telemetry history holds no {label} readings {w.label}."
        if any(_value(g, metric) is None for g in gpus):  # the GPU reports none: its live N/A says why
            live = gpu_reading(ctx, replace(q, window=None, at_least=None))
            text = f"{text} Now: {live.sentence}"
            return Result(q, text, live.columns, live.rows, subject_gpus=live.subject_gpus)
        return Result(q, text)
    digits = 1 if metric == "memory" else FIELD[column].digits  # as gpuaccel status writes it
    rows, said, peaks = [], [], {}
    moment, single = None, 0
    for gpu, st in sorted(seen.items()):
        peak, low, mean = (round(float(v) / scale, digits) for v in (st.peak, st.low, st.mean))  # type: ignore[arg-type]
        when = history_read.peak_time(ctx.store, gpu, column, w.t0, w.t1, float(st.peak))  # type: ignore[arg-type]
        at = "-" if when is None else clock(when[0], seconds=when[1] == "1s")  # to the second of its row
        moment_said = at_words(at)
        if when is not None and len(seen) == 1:  # one GPU's peak: the moment "then" means next
            moment = Window(when[0], when[0] + (1.0 if when[1] == "1s" else 60.0), moment_said.strip())
        rows.append([gpu, peak, at, low, mean])
        # memory in MiB as gpuaccel status shows it, the peak of the card's total ("how close did it get to
        # filling it"), the lowest and the mean beside their GiB too
        total = next((g.get("mem_total_mib") for g in gpus if g["index"] == gpu), None)
        memory = metric == "memory"
        exact = f" ({mib(st.peak)}{f' of {mib(total)}' if total else ''})" if memory else ""
        low_said, mean_said = (
            f"{reading_text(v, metric)}{f' ({mib(raw)})' if memory else ''}"
            for v, raw in ((low, st.low), (mean, st.mean))
        )
        tail = f"lowest {low_said}, mean {mean_said}"
        if metric == "util":  # "how much of today was it busy": the time at the idle gate's threshold or over
            tail += _busy_time(ctx, gpu, w)
        if q.at_least is not None:  # "how long was it at 85 °C or more": the time at that value or over
            tail += _time_at_or_above(ctx, gpu, column, q.at_least * scale, f"{q.at_least}{unit}", w)
        peaks[gpu] = f"{reading_text(peak, metric)}{exact}"
        if w.instant and peak == low == mean:  # one reading at a moment ("when was that?" of a peak)
            said.append(f"GPU {gpu} was at {peaks[gpu]}{moment_said}")
            single += 1
            continue
        said.append(f"GPU {gpu} peaked at {peaks[gpu]}{moment_said}, {tail}")
    # one value each at one moment: the moment said once ("Temperature: GPU 1 was at 73 °C at 09:12:00")
    span_said = "" if single == len(said) else f" {w.label}"
    coarse = sorted({s.resolution for s in seen.values()} - {"1 s"})  # a coarser table says so
    return Result(
        q,
        f"{cap(label)}{span_said}: {'; '.join(said)}"
        + (f" (history at {'; '.join(coarse)})." if coarse else ".")
        + _highest(ctx, {int(r[0]): (float(r[1]), float(r[4])) for r in rows}),  # as written: rounded
        ["GPU", f"peak {label}", "peak at", f"lowest {label}", f"mean {label}"],
        rows,
        subject_gpus=sorted(seen),
        subject_moments={metric: moment} if moment is not None else {},
        said_peaks=peaks,
    )


def _highest(ctx: QueryContext, peak_mean: dict[int, tuple[float, float]]) -> str:
    """ " GPU 0 (NVIDIA H100 80GB HBM3) had the highest peak and mean.": which card a span's reading was
    higher on ("which card was more loaded yesterday"), named by its model; "" for one GPU or a tie."""
    if len(peak_mean) < 2:
        return ""
    said = []
    for i, what in enumerate(("peak", "mean")):
        top = max(peak_mean, key=lambda g: peak_mean[g][i])
        if sum(v[i] == peak_mean[top][i] for v in peak_mean.values()) == 1:  # (a tie names no card)
            said.append((top, what))
    if not said:
        return ""
    if len(said) == 2 and said[0][0] == said[1][0]:
        return f" {ctx.gpu_named(said[0][0])} had the highest peak and mean."
    return " " + "; ".join(f"{ctx.gpu_named(g)} had the highest {what}" for g, what in said) + "."


def _busy_time(ctx: QueryContext, gpu: int, w: Window) -> str:
    """ ", busy (10% or more) 2h15m (15%), idle 12h45m (85%) of the 15h00m the history covers": the idle
    gate's reading of a span, from the same threshold "Idle: GPU 1 (since ...)" uses."""
    quiet = _quiet_pct(ctx)
    return _time_at_or_above(ctx, gpu, "util_gpu", quiet, f"{quiet:.0f}%", w, ("busy", "idle"))


def _time_at_or_above(
    ctx: QueryContext,
    gpu: int,
    column: str,
    value: float,
    said: str,
    w: Window,
    names: tuple[str, str] | None = None,
) -> str:
    """ "; at 85 °C or more for 6.0s (0%) of the 15h00m the history covers": how long one GPU's ``column`` was
    at ``value`` (in the history's unit; ``said`` as the answer writes it) or over in ``w``; with ``names``
    (busy, idle), both parts by those names."""
    t = history_read.time_at_or_above(ctx.store, gpu, column, value, w.t0, w.t1)
    if t.covered <= 0:
        return ""
    above, below = t.seconds, t.covered - t.seconds
    how = " (estimated from 1 min means)" if t.estimated else ""
    share = f"{format_duration(above)} ({100 * above / t.covered:.0f}%)"
    covered = f"the {format_duration(t.covered)} the history covers{how}"
    if names:
        below_share = f"{format_duration(below)} ({100 * below / t.covered:.0f}%)"
        return f"; {names[0]} ({said} or more) {share}, {names[1]} {below_share} of {covered}"
    if above <= 0:
        return f"; never at {said} or more in {covered}"
    first = history_read.first_reached(ctx.store, gpu, column, value, w.t0, w.t1)
    if first is None:  # (an estimate from minute means with no minute's maximum that high)
        return f"; at {said} or more for {share} of {covered}"
    at = clock(first[0], seconds=first[1] == "1s")
    when = f"first at {at}" if first[1] == "1s" else f"first in the minute from {at}"
    return f"; at {said} or more for {share} of {covered}, {when}"


def _quiet_pct(ctx: QueryContext) -> float:
    """The utilization under which a GPU counts as idle: the idle gate's, else the default."""
    return float(getattr(ctx.source.idle, "util_threshold_pct", UTIL_QUIET_PCT))


def _mhz(value: float | None, key: str, g: dict[str, Any]) -> str:
    """A clock in MHz, or N/A with NVML's reason."""
    if value is None:
        return f"N/A ({g.get('na', {}).get(key, 'no reading')})"
    return f"{float(value):.0f} MHz"


def _overview(ctx: QueryContext, q: Query, gpus: list[dict[str, Any]]) -> Result:
    """One sentence per GPU with its main readings and the queue jobs on it (since when), for "tell me
    about GPU 1"; those jobs are the answer's subjects, so "since when?" asks about the one running."""
    parts, rows, on = [], [], []
    live = _live(ctx)
    for g in gpus:
        t, u, p = (_value(g, m) for m in ("temperature", "util", "power"))
        used, total = _value(g, "memory"), gib(g["mem_total_mib"])
        held, clocks = _held(g)
        sm, memclk, pstate = g.get("sm_clock_mhz"), g.get("mem_clock_mhz"), g.get("pstate")
        speeds = f"SM clock {_mhz(sm, 'sm_clock_mhz', g)}, memory clock {_mhz(memclk, 'mem_clock_mhz', g)}"
        busy, dram = g.get("util_mem"), g.get("dram_bw_util")
        speeds += "" if busy is None else f", memory controller {FIELD['util_mem'].text(busy)} busy"
        speeds += "" if dram is None else f", DRAM bandwidth {FIELD['dram_bw_util'].text(dram)} of peak"
        tensor, flops = _value(g, "tensor"), _value(g, "tflops")  # GPM (Hopper+): what other monitors lack
        if tensor is None:  # said with its reason, as status does: the 4090 has no GPM
            speeds += f", tensor-core activity {_say(tensor, 'tensor', g)}"
        else:
            speeds += f", tensor cores {_say(tensor, 'tensor', g)} active"
        if flops is not None:
            speeds += f", {_say(flops, 'tflops', g)} ({_tflops_how(g)})"
        fan = _value(g, "fan")  # as nvidia-smi's Fan column: N/A with its reason on a passively cooled GPU
        limit = g.get("power_limit_w")  # with the draw, as the power reading says it (an overview says both)
        cap = f" of its {round(float(limit))} W limit" if limit is not None and p is not None else ""
        parts.append(
            f"GPU {g['index']} ({g['name']}) is at {_say(t, 'temperature', g)},"
            f" {_say(u, 'util', g)} utilization, {_say(p, 'power', g)}{cap}, fan {_say(fan, 'fan', g)},"
            f" memory {_say(used, 'memory', g)} of {_say(total, 'memory', g)}"
            f" ({mib(g.get('mem_used_mib'))} of {mib(g.get('mem_total_mib'))}); {speeds}"
            + (f", P-state {pstate}" if pstate else "")
            + (f"; {clocks}." if clocks else ".")
        )
        said = "N/A" if g.get("throttle") is None else ", ".join(held) or "none"
        jobs = _on(live, g["index"])
        on += [j.id for j in jobs]
        parts.append(f"It runs {_runs(jobs)}." if jobs else "No queue job runs on it.")
        # what else holds it, as nvidia-smi lists it: "anything on gpu 1?" is answered by the desktop's Xorg
        others = [p for p in g.get("processes") or [] if not p.get("job_id")]
        if others:
            parts.append(
                ("Other processes on it: " if jobs else "Processes on it: ")
                + ", ".join(f"{p['name']} (pid {p['pid']}, {mib(p['used'])})" for p in others)
                + "."
            )
        rows.append([g["index"], g["name"], t, u, p, used, total, sm, memclk, pstate or "N/A", said])
    read = (("temperature", "temperature_c"), ("utilization", "util_gpu"), ("power", "power_w"))
    cols = ["GPU", "model", *(heading(w, FIELD[k].unit) for w, k in read), "used (GiB)", "total (GiB)"]
    cols += ["SM clock (MHz)", "memory clock (MHz)", "P-state", "clocks held back by"]
    return Result(q, " ".join(parts), cols, rows, on)


def _held(g: dict[str, Any]) -> tuple[list[str], str]:
    """What holds a GPU's clocks back, in ``gpuaccel status``'s words (idle is no slowdown of work), and
    how a sentence says it ("" when the driver does not say)."""
    reasons = g.get("throttle")  # None: the driver does not say
    held = [THROTTLE_WORDS.get(r, r) for r in reasons or [] if r != "gpu_idle"]
    if reasons is None:
        return held, ""
    idle = " (the GPU is idle)" if "gpu_idle" in reasons else ""
    return held, f"clocks held back by: {', '.join(held)}" if held else f"clocks not held back{idle}"


def _health(q: Query, gpus: list[dict[str, Any]]) -> Result:
    """Each GPU's health as ``gpuaccel status`` words it, after its temperature now: XID, ECC counts,
    remapped rows or retired pages, PCIe replays (an N/A with its reason), what holds the clocks back, and
    the warnings; "No health warnings." first when no GPU has any."""
    parts, rows = [], []
    clean = not any(g.get("health_warnings") for g in gpus)
    for g in gpus:
        counters, warned = g.get("health") or [], g.get("health_warnings") or []
        notes = {reason: list(labels) for reason, labels in (g.get("health_na") or {}).items()}
        held, clocks = _held(g)
        if not clocks:
            label = FIELD["throttle_reasons"].label
            notes.setdefault(g.get("na", {}).get("throttle_reasons", "no reading"), []).append(label)
            clocks = f"{label} N/A"
        na = "; ".join(f"{', '.join(labels)}: {reason}" for reason, labels in notes.items())
        temp = _say(_value(g, "temperature"), "temperature", g)  # "do any look unhealthy, temperature-wise"
        said = f"GPU {g['index']} ({g['name']}) at {temp}: {', '.join(counters) or 'no health readings'}"
        said += (f" (N/A: {na})" if na else "") + f"; {clocks}"
        if not clean:
            said += f"; health warnings: {'; '.join(warned)}" if warned else "; no health warnings"
        parts.append(said + ".")
        throttle = "N/A" if g.get("throttle") is None else ", ".join(held) or "none"
        rows.append(
            [g["index"], _value(g, "temperature"), "; ".join(counters), throttle, "; ".join(warned) or "none"]
        )
    cols = ["GPU", heading("temperature", FIELD["temperature_c"].unit)]
    cols += ["XID, ECC corr/uncorr, rows or pages, PCIe replays", "clocks held back by", "warnings"]
    return Result(q, ("No health warnings. " if clean else "") + " ".join(parts), cols, rows)


_RANK_WORDS = {
    ("temperature", "max"): "hottest",
    ("temperature", "min"): "coolest",
    ("util", "max"): "busiest",
    ("util", "min"): "least busy",
    ("power", "max"): "drawing the most power",
    ("power", "min"): "drawing the least power",
    ("memory", "max"): "using the most memory",
    ("memory", "min"): "using the least memory",
    ("free_memory", "max"): "with the most free memory",
    ("free_memory", "min"): "with the least free memory",
    ("tensor", "max"): "with the most tensor-core activity",
    ("tensor", "min"): "with the least tensor-core activity",
    ("tflops", "max"): "doing the most TFLOP/s",
    ("tflops", "min"): "doing the fewest TFLOP/s",
    ("fan", "max"): "with the fastest fan",
    ("fan", "min"): "with the slowest fan",
    ("clock", "max"): "with the fastest SM clock",
    ("clock", "min"): "with the slowest SM clock",
}


def _in_mib(said: str, metric: str, g: dict[str, Any]) -> str:
    """Memory said in GiB, with the MiB ``gpuaccel status`` shows beside it ("23 GiB (23540 MiB)")."""
    used, total = g.get("mem_used_mib"), g.get("mem_total_mib")
    if metric == "memory" and used is not None:
        return f"{said} ({mib(used)})"
    if metric == "free_memory" and used is not None and total is not None:
        return f"{said} ({mib(total - used)})"
    return said


def gpu_rank(ctx: QueryContext, q: Query) -> Result:
    metric, order = q.metric or "temperature", q.order or "max"
    gpus, why = _gpus(ctx, Query(q.name))
    if why:
        return Result(q, why)
    known = [(g, _value(g, metric)) for g in gpus]
    valued = [(g, v) for g, v in known if v is not None]
    cols = ["GPU", METRICS[metric][1]]
    rows = [[g["index"], v if v is not None else _say(v, metric, g)] for g, v in known]
    if not valued:
        return Result(
            q, f"No GPU has a {METRICS[metric][1]} reading: {_say(None, metric, gpus[0])}.", cols, rows
        )
    best = (max if order == "max" else min)(v for _, v in valued)
    top = [g for g, v in valued if v == best]
    word = _RANK_WORDS.get(
        (metric, order), f"with the {'highest' if order == 'max' else 'lowest'} {METRICS[metric][1]}"
    )
    value = _in_mib(_say(best, metric, top[0]), metric, top[0])
    missing = "; ".join(f"GPU {g['index']} {_none(metric, g)}" for g, v in known if v is None)
    if len(valued) == 1:
        head = f"Only GPU {top[0]['index']} has a {METRICS[metric][1]} reading: {value}."
    elif len(top) == len(valued):
        head = f"{'Both' if len(top) == 2 else f'All {len(top)}'} GPUs are level at {value}."
    elif len(top) > 1:
        head = f"GPUs {', '.join(str(g['index']) for g in top)} are {word}, at {value}."
    else:
        others = ", ".join(
            f"GPU {g['index']} {_in_mib(_say(v, metric, g), metric, g)}" for g, v in valued if g is not top[0]
        )
        noun = "" if word in ("hottest", "coolest", "busiest", "least busy") else "GPU "
        head = f"GPU {top[0]['index']} is the {noun}{word}, at {value} ({others})."
    if missing:  # a GPU without the reading is said so, not left out of the ranking unsaid
        head = head[:-1] + f"; {missing}."
    if len(top) == 1 and len(valued) > 1:  # "which job is on the busiest gpu": what the top one runs
        held = _on(_live(ctx), top[0]["index"])
        head += f" It runs {_runs(held)}." if held else ""
    return Result(q, head, cols, rows, subject_gpus=[int(g["index"]) for g in top])


def _live(ctx: QueryContext) -> list[Job]:
    """The queue jobs that hold GPUs now (running or paused), for what each GPU is allocated to."""
    return ctx.store.list(states=[JobState.RUNNING, JobState.PAUSED], limit=50)


def _on(live: list[Job], index: int) -> list[Job]:
    """Those of ``live`` allocated to GPU ``index``."""
    return [j for j in live if index in j.assigned_gpus]


def _runs(jobs: list[Job]) -> str:
    """The queue jobs a GPU is allocated to, with since when: "job 11 (mistral-7b-sft) since 13:30"."""
    return ", ".join(
        f"{label(j)}{'' if j.state == JobState.RUNNING else ' (paused)'} since {clock(j.started_at or 0.0)}"
        for j in jobs
    )


def idle_gpus(ctx: QueryContext, q: Query) -> Result:
    """Which GPUs are idle (since when, with the memory already in use) and which are busy, each with the
    queue job allocated to it: "what's free and what's allocated" is this. A GPU asked about ("is GPU 0
    free?", ``q.gpu``) is said first and is the one the answer is about ("how hot is it?" next)."""
    gpus, why = _gpus(ctx, Query(q.name))
    if why:
        return Result(q, why)
    asked, why = _gpus(ctx, Query(q.name, gpu=q.gpu)) if q.gpu is not None else ([], None)
    if why:
        return Result(q, why)
    live = _live(ctx)
    idle = ctx.source.idle
    states = {s.index: s for s in idle.snapshot()} if idle is not None and hasattr(idle, "snapshot") else {}
    threshold = _quiet_pct(ctx)
    rows, free, quiet = [], [], []
    now = ctx.now()
    for g in gpus:
        st = states.get(g["index"])
        if st is not None:
            is_idle, why_not = st.idle, st.reason
        else:
            util = g.get("util_gpu")
            is_idle, why_not = (
                util is not None and util < threshold,
                f"utilization {_say(_value(g, 'util'), 'util', g)}",
            )
        # since when (idle GPUs only): the end of its last second at the threshold or over in the last day
        reached = (
            history_read.last_reached(ctx.store, g["index"], "util_gpu", threshold, now - 86400, now)
            if is_idle
            else None
        )
        since = reached[0] if reached is not None and reached[0] <= now else None
        exact = reached is not None and reached[1] == "1s"  # a 1 min row's end is known to the minute
        held = _on(live, g["index"])
        why_not += f"; allocated to {_runs(held)}" if held else ""
        said_since = clock(since, exact) if since else "-"
        rows.append([g["index"], "idle" if is_idle else "busy", why_not, said_since])
        if is_idle:
            free.append(g["index"])
            # what a job placed there would find: since when it is quiet and the memory already taken
            told = [f"since {clock(since, exact)}: {format_duration(now - since)} under {threshold:.0f}%"
                    " utilization"] if since is not None else []  # fmt: skip
            used_mib, total_mib = g.get("mem_used_mib"), g.get("mem_total_mib")
            if used_mib is not None and total_mib:
                told.append(f"{mib(used_mib)} of {mib(total_mib)} memory in use")
            quiet.append(
                f"GPU {g['index']}"
                + (f" ({'; '.join(told)})" if told else "")
                + (f" though allocated to {_runs(held)}" if held else "")
            )
    busy = [r for r in rows if r[1] == "busy"]
    said_busy = "; ".join(f"GPU {r[0]} ({r[2]})" for r in busy)
    if not free:
        text = "No GPU is idle: " + "; ".join(f"GPU {r[0]} ({r[2]})" for r in rows) + "."
    elif busy and q.gpu in {r[0] for r in busy}:  # "is GPU 0 free?" of a busy one: that said first
        text = f"Busy: {said_busy}. Idle: {', '.join(quiet)}."
    else:
        text = f"Idle: {', '.join(quiet)}." + (f" Busy: {said_busy}." if busy else "")
    subjects = [g["index"] for g in asked] or free
    return Result(q, text, ["GPU", "state", "why", "idle since"], rows, subject_gpus=subjects)


def memory_users(ctx: QueryContext, q: Query) -> Result:
    gpus, why = _gpus(ctx, q)
    if why:
        return Result(q, why)
    parts, rows = [], []
    for g in gpus:
        used_mib, total_mib = g.get("mem_used_mib"), g.get("mem_total_mib")
        exact = f" ({mib(used_mib)} of {mib(total_mib)})" if used_mib is not None and total_mib else ""
        parts.append(  # in MiB too, as its reading and its processes' lines say it
            f"GPU {g['index']} uses {_say(_value(g, 'memory'), 'memory', g)}"
            f" of {_say(gib(g['mem_total_mib']), 'memory', g)}{exact}."
        )
        named = {j["id"]: j["name"] for j in ctx.facts().running}
        for p in g["processes"]:
            job_name = f" ({named[p['job_id']]})" if named.get(p["job_id"]) else ""
            owner = f"job {p['job_id']}{job_name}" if p["job_id"] else p["owner"]
            used = gib(p["used"])
            parts.append(
                f"Process {p['pid']} ({p['name']}) holds {cell(used)} GiB, {mib(p['used'])} ({owner})."
            )
            rows.append([g["index"], p["pid"], p["name"], used, owner])
        if not g["processes"]:
            parts.append(f"No process is listed on GPU {g['index']}.")
        for j in _queue_jobs_on(ctx, g):
            parts.append(f"Job {j['id']} ({j['name']}) of the queue is {j['state']} on GPU {g['index']}.")
            rows.append([g["index"], "-", j["name"], "-", f"job {j['id']}"])
    # the queue's jobs holding the memory are what "pid?", "since when?" after it are about
    jobs = [p["job_id"] for g in gpus for p in g["processes"] if p["job_id"]]
    return Result(
        q,
        " ".join(parts),
        ["GPU", "process", "name", "memory (GiB)", "owner"],
        rows,
        subject_jobs=list(dict.fromkeys(jobs)),
        subject_gpus=[g["index"] for g in gpus],
    )


def _queue_jobs_on(ctx: QueryContext, g: dict[str, Any]) -> list[dict[str, Any]]:
    """The queue's running (or paused) jobs given GPU ``g`` whose processes the GPU's list does not name:
    what holds a GPU is also the job the queue put there, whether or not the driver lists its process."""
    owners = {p["job_id"] for p in g["processes"] if p["job_id"]}
    index = str(g["index"])
    return [j for j in ctx.facts().running if index in str(j["gpus"]).split(",") and j["id"] not in owners]


def energy(ctx: QueryContext, q: Query) -> Result:
    """Each GPU's energy over the span, from its energy counter's deltas in the telemetry history (power x
    time only where the counter does not cover), written as ``gpuaccel show`` and the reports write it."""
    w = q.window or Window(ctx.now() - 3600, ctx.now(), "in the last hour")
    found = [
        e
        for e in history_read.energy(ctx.store, w.t0, w.t1, [q.gpu] if q.gpu is not None else None)
        if e.joules is not None
    ]
    if not found:
        return Result(q, f"I have no power history {w.label}, so I cannot say how much energy was used.")
    rows = [[e.gpu, round(float(e.joules or 0.0) / J_PER_WH, 3), e.method] for e in found]
    total = energy_text(sum(float(e.joules or 0.0) for e in found))
    each = ", ".join(f"GPU {e.gpu} {energy_text(float(e.joules or 0.0))}" for e in found)
    alone = f"{ctx.gpu_named(found[0].gpu)} used {total} {w.label}."  # "GPU 1 (... 4090) used 1.14 kWh today"
    text = f"The GPUs used {total} {w.label} ({each})." if len(rows) > 1 else alone
    coarse = sorted({e.resolution for e in found} - {"1 s"})  # a coarser table says so
    if coarse:
        text = text[:-1] + f" (history at {'; '.join(coarse)})."
    used = sorted(found, key=lambda e: float(e.joules or 0.0), reverse=True)
    if len(used) > 1 and float(used[0].joules or 0.0) > float(used[1].joules or 0.0):
        # "which one used more": the answer says it, with the card's model as the user names it
        text += f" {ctx.gpu_named(used[0].gpu)} used the most."
    return Result(q, text, ["GPU", "energy (Wh)", "measured by"], rows)
