"""``gpuaccel status`` (an nvidia-smi-like table plus tensor-core activity and estimated TFLOP/s, with the
reason behind every N/A) and ``gpuaccel calibrate`` (measure and store each GPU's bf16 peak).

``status`` shows the running daemon's readings when a daemon runs (the same numbers as the window and
``gpuaccel ps``, the demo's simulated GPUs included) and reads NVML (or the fake named by
$GPUACCEL_FAKE_NVML) itself only when none does; ``calibrate`` always measures in this process.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.fields import FIELD, GPM_METRICS, TFLOPS_ASSUMPTION, throttle_words
from gpuaccel.accel.telemetry.health import summary as health_summary
from gpuaccel.accel.telemetry.health import warnings as health_warnings
from gpuaccel.accel.telemetry.peaks import save_calibration, table_peak
from gpuaccel.accel.telemetry.types import NA, GpuInfo, GpuSample, read
from gpuaccel.app.client.errors import ClientError, DaemonNotRunning
from gpuaccel.app.commands import bars
from gpuaccel.app.commands.catalog import EXIT_FAILED, EXIT_USAGE
from gpuaccel.app.commands.gpu_table import table
from gpuaccel.app.commands.jobs import client_command, client_options

GPM_SETTLE_S = 0.2  # GPM metrics are rates between two readings: the one-shot view reads twice, this apart
CLEAR = "\x1b[H\x1b[2J"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "status",
        parents=[client_options()],
    )
    p.add_argument("--json", action="store_true", help='print machine-readable JSON (N/A as {"na": reason})')
    p.add_argument("--watch", action="store_true", help="refresh in place until Ctrl-C")
    p.add_argument(
        "--interval", type=float, default=1.0, metavar="S", help="seconds between refreshes (--watch)"
    )
    p.add_argument("--count", type=int, default=None, metavar="N", help="stop after N refreshes (--watch)")
    p.add_argument(
        "--cluster",
        action="store_true",
        help="every host of the daemon's Ray cluster, GPUs grouped by host (asks the daemon: --data-dir)",
    )
    p.set_defaults(func=run_status)

    c = subparsers.add_parser("calibrate")
    c.add_argument("--gpu", type=int, default=None, metavar="N", help="only this GPU (CUDA index, PCI order)")
    c.add_argument(
        "--seconds", type=float, default=3.0, metavar="S", help="timed seconds per GPU (default 3)"
    )
    c.set_defaults(func=run_calibrate)


# ---- status ------------------------------------------------------------------------------------------


def run_status(args: argparse.Namespace) -> int:
    if getattr(args, "cluster", False):
        from gpuaccel.app.commands.status_cluster import cmd_cluster  # only --cluster needs it

        return client_command(cmd_cluster)(args)
    if args.interval <= 0:
        print("gpuaccel status: --interval must be positive", file=sys.stderr)
        return EXIT_USAGE
    from gpuaccel.app.client import Client

    with Client(data_dir=args.data_dir, timeout=5.0) as client:
        try:
            first = client.telemetry_now()
        except DaemonNotRunning:
            return _status_here(args)
        except ClientError as exc:  # a daemon runs but would not answer (wrong token, ...): say so
            print(f"gpuaccel status: {exc}", file=sys.stderr)
            return EXIT_FAILED
        via = f"the daemon ({client.base_url})"
        return _show(args, lambda n: first if n == 0 else client.telemetry_now(), via)


def _status_here(args: argparse.Namespace) -> int:
    """No daemon runs: read NVML (or the fake) in this process."""
    from gpuaccel.accel.telemetry.sampler import Sampler  # numpy: only where this process samples
    from gpuaccel.accel.telemetry.snapshot import snapshot  # its TF/s record (pydantic): likewise

    sampler = Sampler(open_backend(every_sample=True), capacity=4)  # each poll reads every field
    sampler.open()
    try:
        if not sampler.available:
            if args.json:
                print(json.dumps(snapshot(sampler)))
            else:
                print(f"No NVIDIA GPU telemetry on this machine: {sampler.error}.")
            return 0
        if sampler.infos:
            sampler.poll()
            time.sleep(GPM_SETTLE_S)

        def read(_: int) -> dict[str, Any]:
            if sampler.infos:
                sampler.poll()
            return snapshot(sampler)

        return _show(args, read, "")
    finally:
        sampler.stop()


def _show(args: argparse.Namespace, read: Callable[[int], dict[str, Any]], via: str) -> int:
    """Print ``read(n)``'s snapshot as the table (or JSON), once or (--watch) every --interval."""
    n = 0
    try:
        while True:
            data = read(n)
            text = json.dumps(data) if args.json else render(data, via)
            if args.watch and not args.json:
                # in place on a terminal; piped into a file or `less`, escape codes would be noise, so
                # each refresh is appended after a blank line (as `nvidia-smi -l` does)
                text = CLEAR + text if sys.stdout.isatty() else ("\n" if n else "") + text
            print(text, flush=True)
            n += 1
            if not args.watch or (args.count is not None and n >= args.count):
                return 0
            time.sleep(args.interval)
    except KeyboardInterrupt:
        return 0
    except ClientError as exc:  # the daemon went away during --watch
        print(f"gpuaccel status: {exc}", file=sys.stderr)
        return EXIT_FAILED


def render(data: dict[str, Any], via: str = "") -> str:
    """The status table, details per GPU and the N/A reasons as text, from a telemetry snapshot (the
    daemon's ``/telemetry/now`` or this process's own); ``via`` names the daemon it came from."""
    from gpuaccel.accel.telemetry.snapshot import parse_snapshot  # pydantic: not for a TAB on status

    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    name = str(data.get("backend") or "")
    source = f"{name} (scripted test data, not a real GPU)" if name.startswith("fake:") else name
    source += f" via {via}" if via else " (read here: no daemon runs)"
    driver = data.get("driver")
    host, driver = socket.gethostname(), _txt(NA(driver["na"]) if isinstance(driver, dict) else driver)
    lines = [f"gpuaccel status   host {host}   driver {driver}   source {source}   {stamp}"]
    if data.get("error"):
        lines.append(f"No NVIDIA GPU telemetry: {data['error']}.")
        return "\n".join(lines)
    gpus = parse_snapshot(data)
    if not gpus:
        lines.append("The NVIDIA driver is loaded but reports no GPUs.")
        return "\n".join(lines)
    notes: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    rows = [_HEADER]
    details: list[str] = []
    for gpu in gpus:
        info, s, peak, src = gpu.info, gpu.sample, gpu.peak, gpu.peak_source
        note = notes[info.index]
        if s is None:
            note["no reading yet"] = []
            rows.append([str(info.index), _short(info.name), *["N/A"] * (len(_HEADER) - 2)])
            continue
        if s.lost:
            note["GPU lost: every reading"] = []
            rows.append([str(info.index), _short(info.name), *["N/A"] * (len(_HEADER) - 2)])
            continue
        est = _f(s, "tflops_est", note, peak, bare=True)
        est = est if est == "N/A" else f"{est} ({src})"
        mem = f"{_f(s, 'mem_used_mib', note, bare=True)} / {_f(s, 'mem_total_mib', note, bare=True)}"
        power = f"{_f(s, 'power_w', note, bare=True)} / {_f(s, 'power_limit_w', note, bare=True)}"
        clocks = f"{_f(s, 'sm_clock_mhz', note, bare=True)} / {_f(s, 'mem_clock_mhz', note, bare=True)}"
        rows.append(
            [
                str(info.index),
                _short(info.name),
                _f(s, "util_gpu", note),
                _f(s, "util_mem", note),
                mem,
                _f(s, "temperature_c", note),
                power,
                _f(s, "fan_pct", note),
                clocks,
                _v(s.pstate, FIELD["pstate"].label, note),
                _f(s, "tensor_active", note),
                est,
            ]
        )
        details.extend(_details(info, s, note, peak, src))
    out = lines + table(rows) + [""] + details
    out += [
        "",
        f"est. TFLOP/s = {TFLOPS_ASSUMPTION}",
        "Peak: table = datasheet; calibrated = measured by `gpuaccel calibrate`.",
    ]
    reasons = [
        f"  GPU {i}: {', '.join(fields)}: {reason}" if fields else f"  GPU {i}: {reason}"
        for i, by_reason in notes.items()
        for reason, fields in by_reason.items()
    ]
    if reasons:
        out += ["N/A reasons:", *reasons]
    return "\n".join(out)


_HEADER = ["GPU", "Name", "Util", "Mem-util", "Memory MiB", "Temp", "Power W", "Fan", "SM/Mem MHz", "Perf"]
_HEADER += ["Tensor", "est. TFLOP/s"]
_DETAIL_GPM = tuple(k for k in GPM_METRICS if k != "tensor_active")  # tensor has its table column


def _details(info: GpuInfo, s: GpuSample, note: dict[str, list[str]], peak: Any, src: str) -> list[str]:
    cc = info.compute_capability
    arch = f"{_txt(info.architecture)}" + (f" sm_{cc[0]}{cc[1]}" if isinstance(cc, tuple) else "")
    peak_txt = f"{peak:.1f} TFLOP/s ({src})" if not isinstance(peak, NA) else "N/A"
    _v(peak, "peak", note)
    gpm = "  ".join(f"{FIELD[k].label} {_f(s, k, note)}" for k in _DETAIL_GPM)
    pcie = f"tx {_f(s, 'pcie_tx_kbs', note)}  rx {_f(s, 'pcie_rx_kbs', note)}"
    energy = s.energy_j if isinstance(s.energy_j, NA) else s.energy_j / 1000.0  # J -> kJ: a day is MJ
    throttle = s.throttle_reasons
    throttle_txt = (
        _v(throttle, FIELD["throttle_reasons"].label, note)
        if isinstance(throttle, NA)
        else throttle_words(throttle)
    )
    lines = [
        f"GPU {info.index}  {info.name}  {_txt(info.pci_bus_id)}  {arch}  dense bf16 peak {peak_txt}",
        f"    GPM        {gpm}",
        f"    PCIe       {pcie}   energy {_v(energy, FIELD['energy_j'].label, note, '.1f', ' kJ')}"
        f"   throttle {throttle_txt}",
    ]
    lines += _health_lines(s, note)
    procs = s.processes
    if isinstance(procs, NA):
        lines.append(f"    processes  {_v(procs, FIELD['processes'].label, note)}")
    elif not procs:
        lines.append("    processes  none")
    else:
        for p in procs:
            used = _v(p.used_mib, f"memory of pid {p.pid}", note, ".0f", " MiB")
            lines.append(f"    processes  {p.pid:>7}  {p.name:<20} {p.kind:<8} {used}")
    return lines + _mig_lines(s, note)


def _health_lines(s: GpuSample, note: dict[str, list[str]]) -> list[str]:
    """XID, ECC (corrected/uncorrected, since the driver loaded and over the GPU's life), retired pages or
    remapped rows (whichever the GPU keeps), PCIe replays; then one WARNING line per problem."""
    parts, reasons = health_summary(s)
    for reason, labels in reasons.items():
        note[reason] += [label for label in labels if label not in note[reason]]
    return [f"    health     {'   '.join(parts)}"] + [f"    WARNING    {w}" for w in health_warnings(s)]


def _mig_lines(s: GpuSample, note: dict[str, list[str]]) -> list[str]:
    """A GPU in MIG mode: one line per instance (what `submit --mig` takes), with memory and utilization."""
    if isinstance(s.mig, NA):
        return [f"    MIG        {_v(s.mig, FIELD['mig'].label, note)}"]
    lines = []
    for m in s.mig:
        used = _v(m.mem_used_mib, f"memory of {m.profile}", note, ".0f")
        total = _v(m.mem_total_mib, f"memory of {m.profile}", note, ".0f")
        util = _v(m.util_pct, f"SM activity of {m.profile}", note, ".0f", "%")
        tensor = _v(m.tensor_pct, f"tensor activity of {m.profile}", note, ".0f", "%")
        activity = f"SM {util:>4}  tensor {tensor:>4}"
        lines.append(f"    MIG        {m.uuid}  {m.profile:<8} {activity}  memory {used} / {total} MiB")
    return lines


def _f(s: GpuSample, key: str, note: dict[str, list[str]], peak: Any = None, bare: bool = False) -> str:
    """A catalogue field of ``s`` with its digits and (unless ``bare``: the header names it) its unit."""
    f = FIELD[key]
    value = read(s, key, peak)
    if isinstance(value, NA):
        return _v(value, f.label, note)
    return f"{value:.{f.digits}f}" if bare else f.text(value)


def _v(value: Any, label: str, note: dict[str, list[str]], fmt: str = "", unit: str = "") -> str:
    """Format a reading; an NA prints as "N/A" and files its reason under ``label`` for the footnotes."""
    if isinstance(value, NA):
        if label not in note[value.reason]:
            note[value.reason].append(label)
        return "N/A"
    return f"{value:{fmt}}{unit}"


def _txt(value: Any) -> str:
    return f"N/A ({value.reason})" if isinstance(value, NA) else str(value)


def _short(name: str) -> str:
    return name.removeprefix("NVIDIA ")


# ---- calibrate -----------------------------------------------------------------------------------------


def run_calibrate(args: argparse.Namespace) -> int:
    from gpuaccel.accel.telemetry import calibrate

    reason = calibrate.cuda_unavailable_reason()
    if reason is not None:
        print(f"gpuaccel calibrate needs a CUDA GPU: {reason}.", file=sys.stderr)
        return EXIT_FAILED
    count = calibrate.device_count()
    indices = list(range(count)) if args.gpu is None else [args.gpu]
    if any(not 0 <= i < count for i in indices):
        print(f"gpuaccel calibrate: no GPU {args.gpu} (CUDA sees {count})", file=sys.stderr)
        return EXIT_USAGE
    for i in bars.each(indices, "calibrate", unit="GPU"):
        bars.note(f"GPU {i}: measuring bf16 dense matmul peak for {args.seconds:g} s ...")
        r = calibrate.measure_bf16_peak(i, seconds=args.seconds)
        path = save_calibration(r.uuid, r.name, r.tflops, r.details())
        table = table_peak(r.name, "bf16")
        vs = (
            "" if isinstance(table, NA) else f"; datasheet {table:.1f} -> {100 * r.tflops / table:.0f}% of it"
        )
        bars.note(
            f"GPU {i} {r.name}: {r.tflops:.1f} TFLOP/s bf16 dense "
            f"({r.size}^3 matmul, median of {r.trials} trials, "
            f"range {r.tflops_min:.1f}-{r.tflops_max:.1f}{vs})"
        )
        bars.note(f"  saved to {path}")
    return 0
