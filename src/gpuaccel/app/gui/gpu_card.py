"""One GPU's card on the dashboard: its name and every reading, N/A with the reason on hover.

A lost GPU (fake scenario ``gpu_lost``, or NVML's GPU_IS_LOST) turns the card red with the reason, and
the rest of the window carries on.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QProgressBar, QSizePolicy, QVBoxLayout, QWidget

from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.app.gui.telemetry_model import GpuState
from gpuaccel.app.gui.values import fmt, fmt_mib, na_reason, number


def _field(s: dict[str, Any], key: str) -> tuple[str, str]:
    """A reading of the JSON sample with the catalogue's unit and digits."""
    f = FIELD[key]
    return fmt(s.get(key), f.unit, f.digits)


def _set(label: QLabel, text: str, tip: str = "") -> None:
    if label.text() != text:
        label.setText(text)
    if label.toolTip() != tip:
        label.setToolTip(tip)
    na = text.startswith("N/A")
    if label.property("na") != na:
        label.setProperty("na", na)
        label.style().unpolish(label)
        label.style().polish(label)


class GpuCard(QFrame):
    """Shows the latest :class:`GpuState` of one GPU; :meth:`show_state` is called on every update."""

    ROWS: tuple[tuple[str, str], ...] = (
        ("util", "Utilization"),
        ("memory", "Memory"),
        ("tflops", "TFLOP/s"),
        ("temp", "Temperature"),
        ("power", "Power / limit"),
        ("clocks", "Clocks SM / mem"),
        ("pstate", "P-state / fan"),
        ("throttle", "Throttle"),
        ("processes", "Processes"),
    )

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.setObjectName("gpuCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setMinimumWidth(300)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(4)
        self.title = QLabel(f"GPU {index}")
        self.title.setObjectName("cardTitle")
        self.subtitle = QLabel("")
        self.subtitle.setObjectName("cardSubtitle")
        self.banner = QLabel("")
        self.banner.setObjectName("cardBanner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.util_bar = QProgressBar()
        self.util_bar.setRange(0, 100)
        self.util_bar.setTextVisible(False)
        self.util_bar.setFixedHeight(6)
        self.mem_bar = QProgressBar()
        self.mem_bar.setRange(0, 1000)
        self.mem_bar.setTextVisible(False)
        self.mem_bar.setFixedHeight(6)
        outer.addWidget(self.title)
        outer.addWidget(self.subtitle)
        outer.addWidget(self.banner)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        self.values: dict[str, QLabel] = {}
        for row, (key, caption) in enumerate(self.ROWS):
            cap = QLabel(caption)
            cap.setObjectName("cardCaption")
            value = QLabel("…")
            value.setObjectName("cardValue")
            value.setWordWrap(True)
            grid.addWidget(cap, row, 0)
            grid.addWidget(value, row, 1)
            self.values[key] = value
        grid.setColumnStretch(1, 1)
        outer.addWidget(self.util_bar)
        outer.addWidget(self.mem_bar)
        outer.addLayout(grid)

    def show_state(self, g: GpuState) -> None:
        info, s = g.info, g.sample
        self.title.setText(f"GPU {g.index} · {g.name}")
        arch = info.get("architecture")
        cc = info.get("compute_capability")
        parts = [str(arch) if na_reason(arch) is None else "arch N/A"]
        if isinstance(cc, list) and len(cc) == 2:
            parts.append(f"sm_{cc[0]}{cc[1]}")
        if info.get("pci_bus_id") and na_reason(info.get("pci_bus_id")) is None:
            parts.append(str(info["pci_bus_id"]))
        self.subtitle.setText(" · ".join(parts))
        self.subtitle.setToolTip(f"uuid {info.get('uuid', '?')}")
        lost = g.lost or bool(s.get("lost"))
        if self.property("lost") != lost:
            self.setProperty("lost", lost)
            self.style().unpolish(self)
            self.style().polish(self)
        if lost:
            reason = na_reason(s.get("util_gpu")) or "GPU lost"
            self.banner.setText(f"This GPU stopped answering: {reason}. Readings below are unavailable.")
        self.banner.setVisible(lost)
        self._show_values(g)

    def _show_values(self, g: GpuState) -> None:
        s = g.sample
        _set(self.values["util"], *self._util(s))
        util = number(s.get("util_gpu"))
        self.util_bar.setValue(int(util) if util is not None else 0)
        _set(self.values["memory"], *self._memory(s))
        used, total = number(s.get("mem_used_mib")), number(s.get("mem_total_mib"))
        self.mem_bar.setValue(int(1000 * used / total) if used is not None and total else 0)
        text, tip = fmt(g.tflops.value, "", FIELD["tflops_est"].digits)
        if not text.startswith("N/A"):
            text = f"{text} ({g.tflops.label})"
            tip = ("Exact: " if g.tflops.exact else "Estimated: ") + g.tflops.source
        _set(self.values["tflops"], text, tip)
        _set(self.values["temp"], *_field(s, "temperature_c"))
        _set(self.values["power"], *self._pair(s, "power_w", "power_limit_w"))
        _set(self.values["clocks"], *self._pair(s, "sm_clock_mhz", "mem_clock_mhz"))
        _set(self.values["pstate"], *self._pstate(s))
        _set(self.values["throttle"], *self._throttle(s.get("throttle_reasons")))
        _set(self.values["processes"], *self._processes(s.get("processes")))

    @staticmethod
    def _util(s: dict[str, Any]) -> tuple[str, str]:
        text, tip = _field(s, "util_gpu")
        if text.startswith("N/A"):
            return text, tip
        mem_text, mem_tip = _field(s, "util_mem")
        return f"{text} (mem bus {mem_text})", mem_tip

    @staticmethod
    def _memory(s: dict[str, Any]) -> tuple[str, str]:
        used, total = s.get("mem_used_mib"), s.get("mem_total_mib")
        used_text, used_tip = fmt_mib(used)
        if used_text.startswith("N/A"):
            return used_text, used_tip
        total_text, total_tip = fmt_mib(total)
        return f"{used_text} / {total_text}", total_tip

    @staticmethod
    def _pair(s: dict[str, Any], a: str, b: str) -> tuple[str, str]:
        """Two readings of one unit: ``312 / 700 W``."""
        a_text, a_tip = fmt(s.get(a), "", FIELD[a].digits)
        b_text, b_tip = fmt(s.get(b), "", FIELD[b].digits)
        tips = "\n".join(t for t in (a_tip, b_tip) if t)
        if a_text.startswith("N/A") and b_text.startswith("N/A"):
            return "N/A", tips
        return f"{a_text} / {b_text} {FIELD[a].unit}", tips

    @staticmethod
    def _pstate(s: dict[str, Any]) -> tuple[str, str]:
        p_text, p_tip = fmt(s.get("pstate"))
        f_text, f_tip = _field(s, "fan_pct")
        tips = "\n".join(t for t in (p_tip, "fan " + f_tip if f_tip else "") if t)
        return f"{p_text} / fan {f_text}", tips

    @staticmethod
    def _throttle(reasons: Any) -> tuple[str, str]:
        reason = na_reason(reasons)
        if reason is not None:
            return "N/A", f"N/A: {reason}"
        if not reasons:
            return "none", "no clock throttling"
        return ", ".join(str(r) for r in reasons), "Clock throttle reasons reported by the driver"

    @staticmethod
    def _processes(procs: Any) -> tuple[str, str]:
        reason = na_reason(procs)
        if reason is not None:
            return "N/A", f"N/A: {reason}"
        if not procs:
            return "none", ""
        lines = []
        for p in procs:
            used, _ = fmt_mib(p.get("used_mib"))
            lines.append(f"{p.get('name', '?')} (pid {p.get('pid')}, {used}, {p.get('kind', '')})")
        head = ", ".join(str(p.get("name", "?")) for p in procs[:3])
        more = f" +{len(procs) - 3}" if len(procs) > 3 else ""
        return f"{len(procs)}: {head}{more}", "\n".join(lines)
