"""gpuaccel top without a terminal: the model from the API's JSON, the screen it renders at 80x24 and
120x40 with two and eight GPUs, sorting, the filter, the kill and cancel confirmations, and the mouse."""

from __future__ import annotations

import curses

import pytest

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.app.tui.keys import ESC, Action, handle_key, handle_mouse
from gpuaccel.app.tui.model import TopModel
from gpuaccel.app.tui.render import plain, render

NOW = 1_800_000_000.0


def _snap(scenario: str, rounds: int = 3) -> dict:
    s = Sampler(FakeBackend(scenario), capacity=8)
    s.open()
    for _ in range(rounds):
        s.poll()
    out = snapshot(s)
    s.stop()
    return out


def _proc(pid: int, gpu: int, mib: float, sm: float, cmd: str, user: str = "ann", job: int | None = None,
          can: bool = True) -> dict:  # fmt: skip
    return {"pid": pid, "gpu": gpu, "used_mib": mib, "sm_pct": sm, "name": cmd.split()[0], "user": user,
            "cmdline": cmd.split(), "started": 1000.0 + pid, "job_id": job, "can_signal": can,
            "why_not": None if can else "owned by bob, not by you", "simulated": False}  # fmt: skip


PROCS = {
    "processes": [
        _proc(300, 0, 20480, 70, "python train.py --lr 3e-4", job=12),
        _proc(100, 1, 512, 0, "Xorg :0", user="root", can=False),
        _proc(200, 0, 4096, 20, "python eval.py"),
    ],
    "unlisted": [],
    "note": None,
}


def _model(scenario: str = "two_gpus", procs: dict | None = None) -> TopModel:
    m = TopModel(source="daemon", host="gpu-a")
    m.update(_snap(scenario), procs if procs is not None else PROCS, {12: "llama-ft"})
    return m


def _screen(m: TopModel, w: int = 80, h: int = 24) -> str:
    lines = render(m, w, h, now=NOW)
    assert len(lines) == h and all(sum(len(t) for t, _ in line) <= w for line in lines)
    return plain(lines)


def test_two_gpus_at_80x24_show_bars_tensor_tflops_with_kind_and_the_job_beside_its_process() -> None:
    m = _model()
    text = _screen(m)
    assert "GPU 0 H100 80GB HBM3" in text and "GPU 1 RTX 4090" in text
    assert "UTIL ▕" in text and "MEM ▕" in text and "GiB" in text
    est = m.gpus[0].tflops
    assert isinstance(est, float) and f"TFLOP/s {est:.1f} est." in text  # the snapshot's own record
    assert "SIMULATED" in text  # fake readings never pass for real ones
    # the RTX 4090 has no GPM: its N/A says why
    assert "tensor, TFLOP/s of GPU 1: GPM metrics need Hopper (sm_90) or newer" in text
    row = next(ln for ln in text.splitlines() if ln.lstrip().startswith("300 "))
    assert "#12 llama-ft" in row and "20480MiB" in row and "python train.py --lr 3e-4" in row


def test_eight_gpus_fit_80x24_one_line_each_with_room_for_processes() -> None:
    m = _model("eight_gpus")
    lines = _screen(m).splitlines()
    gpu_lines = [ln for ln in lines if ln[:2] in {f"{i} " for i in range(8)}]
    assert len(gpu_lines) == 8 and all("TF est." in ln and "U▕" in ln for ln in gpu_lines)
    assert m.proc_rows_shown >= 6
    big = _screen(m, 120, 40)
    assert all(f"GPU {i} H100" in big for i in range(8)) and big.count("TENSOR") == 8


def test_exact_and_learned_tflops_are_labelled_as_such() -> None:
    snap = _snap("two_gpus")
    snap["gpus"][0]["tflops"] = {"value": 512.25, "exact": True, "source": "job 12"}
    snap["gpus"][1]["tflops"] = {"value": 10.0, "exact": False, "learned": True, "source": "job 13"}
    m = TopModel(source="daemon")
    m.update(snap, PROCS, {})
    text = _screen(m, 120, 40)
    assert "TFLOP/s 512.2 exact" in text or "TFLOP/s 512.3 exact" in text
    assert "TFLOP/s 10.0 learned" in text


def test_sort_keys_cycle_columns_and_reverse() -> None:
    m = _model()
    assert [p.pid for p in m.visible_procs()] == [200, 300, 100]  # by GPU, then pid
    for _ in range(3):  # gpu -> pid -> user -> mem
        handle_key(m, ord("."))
    assert m.sort_key == "mem" and [p.pid for p in m.visible_procs()] == [100, 200, 300]
    handle_key(m, ord("r"))
    assert [p.pid for p in m.visible_procs()] == [300, 200, 100]
    assert "GPU-MEM▼" in _screen(m)
    handle_key(m, ord(","))
    assert m.sort_key == "user"


def test_filter_narrows_rows_and_esc_clears_it() -> None:
    m = _model()
    handle_key(m, ord("/"))
    for ch in "eval":
        handle_key(m, ord(ch))
    assert "/eval_" in _screen(m) and "filter: eval_" in _screen(m, 120, 40)
    handle_key(m, 10)
    assert [p.pid for p in m.visible_procs()] == [200]
    assert "/eval 1/3" in _screen(m) and "1 of 3 processes" in _screen(m, 120, 40)
    handle_key(m, ord("/"))
    handle_key(m, ord("z"))
    assert "no process matches the filter" in _screen(m)
    handle_key(m, ESC)
    assert len(m.visible_procs()) == 3 and not m.filter


def test_kill_asks_first_and_only_y_sends() -> None:
    m = _model()
    handle_key(m, curses.KEY_DOWN)  # rows by GPU: 200, 300, 100
    assert m.selected_proc().pid == 300
    assert handle_key(m, ord("K")) is None
    prompt = _screen(m).splitlines()[-1]
    assert prompt.startswith("Send SIGKILL to pid 300 (python train.py") and prompt.endswith("[y/N]")
    assert "job #12 llama-ft" in prompt
    assert handle_key(m, ord("n")) is None and m.confirm is None and m.message == "nothing sent"
    handle_key(m, ord("T"))
    assert handle_key(m, ord("y")) == Action("signal", pid=300, started=1300.0, signal="TERM")


def test_a_process_we_may_not_signal_says_why_and_asks_nothing() -> None:
    m = _model()
    handle_key(m, curses.KEY_END)
    assert m.selected_proc().pid == 100
    handle_key(m, ord("K"))
    assert m.confirm is None and "owned by bob" in m.message


def test_cancel_needs_a_queue_job_and_a_daemon() -> None:
    m = _model()
    handle_key(m, ord("c"))  # pid 200: no job
    assert m.confirm is None and "belongs to no queue job" in m.message
    handle_key(m, ord("j"))
    handle_key(m, ord("c"))
    assert "Cancel queue job #12 llama-ft" in _screen(m)
    assert handle_key(m, ord("y")) == Action("cancel", job_id=12)
    m.can_cancel = False
    handle_key(m, ord("c"))
    assert "no daemon running" in m.message


def test_mouse_selects_rows_and_sorts_by_a_heading() -> None:
    m = _model()
    _screen(m)
    handle_mouse(m, 5, m.proc_top_y + 2, curses.BUTTON1_CLICKED)
    assert m.selected_proc().pid == 100
    x = next(x0 for x0, _, key in m.header_cols if key == "sm")
    handle_mouse(m, x + 1, m.header_y, curses.BUTTON1_CLICKED)
    assert m.sort_key == "sm"
    handle_mouse(m, x + 1, m.header_y, curses.BUTTON1_CLICKED)
    assert m.reverse


def test_help_lists_the_keys_and_any_key_closes_it() -> None:
    m = _model()
    handle_key(m, ord("h"))
    text = _screen(m)
    assert "sort by the previous / next column" in text and "SIGTERM / SIGKILL / SIGINT" in text
    assert handle_key(m, ord("q")) is None and not m.show_help  # closes help, does not quit
    assert handle_key(m, ord("q")) == Action("quit")


@pytest.mark.parametrize("w,h", [(80, 24), (120, 40), (60, 15), (200, 60)])
def test_every_size_renders_within_bounds(w: int, h: int) -> None:
    for scenario in ("two_gpus", "eight_gpus", "mig", "gpu_lost", "no_gpus"):
        _screen(_model(scenario), w, h)


def test_mig_instances_and_unlisted_processes_are_shown_with_reasons() -> None:
    procs = {"processes": [], "unlisted": [{"gpu": 1, "reason": "needs root"}], "note": None}
    text = _screen(_model("mig", procs), 120, 40)
    assert "MIG 3g.40gb" in text and "2g.20gb" in text
    assert "util of GPU 0: reported per MIG instance" in text
    assert "GPU 1: needs root" in text


def test_health_warnings_show_under_their_gpu_and_as_a_mark_in_the_compact_layout() -> None:
    m = _model("unhealthy", {"processes": [], "unlisted": [], "note": None})
    text = _screen(m, 120, 40)
    assert "! XID 94 (contained ECC error) · row remapping pending" in text
    assert "! XID 48 (double-bit ECC error), 2 XID events" in text
    small = _screen(m, 80, 10).splitlines()  # too short for more than a line per GPU
    assert small[1].startswith("0 H100 80GB !") and small[3].startswith("! GPU 0: XID 94")
