"""One GPU's card on the dashboard: its colour swatch, name and every reading, N/A with the reason on hover.

A lost GPU (fake scenario ``gpu_lost``, or NVML's GPU_IS_LOST) turns the card red with the reason instead
of its readings (every one would be N/A), and the rest of the window carries on.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.accel.telemetry.fields import FIELD, throttle_words
from gpuaccel.accel.telemetry.health import warnings as health_warnings
from gpuaccel.app.gui.telemetry_model import GpuState
from gpuaccel.app.gui.theme import current, gpu_color
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


def _fill(bar: QProgressBar, value: float | None, full: float | None, what: str) -> None:
    """A bar at value / full (empty when either is unknown), its tooltip saying what it measures."""
    permille = int(1000 * min(1.0, value / full)) if value is not None and full else 0
    if bar.value() != permille:
        bar.setValue(permille)
    tip = f"{fmt(permille / 10, '%')[0]} {what}" if value is not None and full else f"{what}: N/A"
    if bar.toolTip() != tip:
        bar.setToolTip(tip)


class ElidedLabel(QLabel):
    """One line that, too narrow for its text, ends it with an ellipsis: a long GPU name in a compact
    card ("GPU 10 · H100 80GI") was cut through a letter with nothing to say that more followed."""

    def shown_text(self) -> str:
        """The text as drawn: whole, or cut short with "…"."""
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        align = int(self.alignment() | Qt.AlignmentFlag.AlignVCenter)
        role = QPalette.ColorRole.WindowText
        self.style().drawItemText(
            painter, self.contentsRect(), align, self.palette(), self.isEnabled(), shown, role
        )


class GpuCard(QFrame):
    """Shows the latest :class:`GpuState` of one GPU; :meth:`show_state` is called on every update.

    Values are bold beside muted captions; utilization, memory and power have a bar between caption
    and value, so every bar is labelled. The swatch is the GPU's curve colour. A compact card (many
    GPUs) shows the five plotted readings in three lines and moves the rest into its tooltip.
    """

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
        ("mig", "MIG instances"),
    )
    DETAIL_ROWS = ("clocks", "pstate", "throttle", "processes")  # hidden in a compact card
    OPTIONAL_ROWS = ("mig",)  # shown only when the GPU has them
    BARS = {"util": "util_bar", "memory": "mem_bar", "power": "power_bar"}

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.compact = False
        self.setObjectName("gpuCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setMinimumWidth(260)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(3)
        head = QHBoxLayout()
        head.setSpacing(6)
        self.swatch = QLabel()
        self.swatch.setObjectName("cardSwatch")
        self.swatch.setFixedSize(12, 12)
        self.swatch.setStyleSheet(f"background: {gpu_color(index)}; border-radius: 2px;")
        self.swatch.setToolTip(f"GPU {index}'s colour in the plots")
        self.title = ElidedLabel(f"GPU {index}")
        self.title.setObjectName("cardTitle")
        head.addWidget(self.swatch)
        head.addWidget(self.title, 1)
        self.subtitle = QLabel("")
        self.subtitle.setObjectName("cardSubtitle")
        self.banner = QLabel("")
        self.banner.setObjectName("cardBanner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        outer.addLayout(head)
        outer.addWidget(self.subtitle)
        outer.addWidget(self.banner)
        self.details = QWidget()
        grid = QGridLayout(self.details)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        self.values: dict[str, QLabel] = {}
        self._row_widgets: dict[str, tuple[QWidget, ...]] = {}
        for row, (key, caption) in enumerate(self.ROWS):
            cap = QLabel(caption)
            cap.setObjectName("cardCaption")
            value = QLabel("…")
            value.setObjectName("cardValue")
            value.setWordWrap(True)
            grid.addWidget(cap, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(value, row, 2)
            widgets: tuple[QWidget, ...] = (cap, value)
            if key in self.BARS:
                bar = QProgressBar()
                bar.setRange(0, 1000)
                bar.setTextVisible(False)
                bar.setFixedSize(64, 6)
                bar.setAccessibleName(f"GPU {index} {caption.lower()}")
                grid.addWidget(bar, row, 1)
                setattr(self, self.BARS[key], bar)
                widgets += (bar,)
            self.values[key] = value
            self._row_widgets[key] = widgets
            for w in widgets if key in self.OPTIONAL_ROWS else ():
                w.hide()  # until the GPU has them: never drawn with its placeholder
        grid.setColumnStretch(2, 1)
        grid.setColumnMinimumWidth(1, 64)
        outer.addWidget(self.details)
        self.summary = QLabel("")
        self.summary.setObjectName("cardSummary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.hide()
        outer.addWidget(self.summary)
        outer.addStretch(1)  # a card taller than its content (a neighbour with MIG rows) keeps it at the top
        self.title.setMinimumWidth(1)  # a long GPU name is cut short, never widens the card

    def set_compact(self, compact: bool) -> None:
        """Compact: the five plotted readings only (the rest in the card's tooltip)."""
        if compact == self.compact:
            return
        self.compact = compact
        self.subtitle.setVisible(not compact)
        self.details.setVisible(not compact)
        self.summary.setVisible(compact)
        self.setMinimumWidth(200 if compact else 260)

    def show_state(self, g: GpuState) -> None:
        info, s = g.info, g.sample
        name = g.name.removeprefix("NVIDIA ").removeprefix("GeForce ") if self.compact else g.name
        self.title.setText(f"{g.label} · {name}")
        self.swatch.setToolTip(f"{g.label}'s colour in the plots")
        arch = info.get("architecture")
        cc = info.get("compute_capability")
        parts = [str(arch) if na_reason(arch) is None else "arch N/A"]
        if isinstance(cc, list) and len(cc) == 2:
            parts.append(f"sm_{cc[0]}{cc[1]}")
        if info.get("pci_bus_id") and na_reason(info.get("pci_bus_id")) is None:
            parts.append(str(info["pci_bus_id"]))
        self.subtitle.setText(" · ".join(parts))
        self.subtitle.setToolTip(f"uuid {info.get('uuid', '?')}")
        self.title.setToolTip(
            f"{g.label} · {g.name}\n" + " · ".join(parts) + f"\nuuid {info.get('uuid', '?')}"
        )
        lost = g.lost or bool(s.get("lost"))
        if self.property("lost") != lost:
            self.setProperty("lost", lost)
            self.style().unpolish(self)
            self.style().polish(self)
        health = [] if lost else health_warnings(s)  # XID, ECC, remapped rows, PCIe replays, hw slowdown
        if lost:
            reason = g.lost_reason or na_reason(s.get("util_gpu")) or "GPU lost"
            self.banner.setText(
                f"This GPU stopped answering: {reason}. No readings until it answers again;"
                " the plots keep its last ones."
            )
        elif health:
            self.banner.setText("Health: " + "; ".join(health) + ".")
        self.banner.setVisible(lost or bool(health))
        for key, widgets in self._row_widgets.items():  # a lost GPU's rows would all read N/A: none shown
            for w in widgets:  # an optional row (MIG) is shown by _show_values alone, never flipped here
                if lost or key not in self.OPTIONAL_ROWS:
                    w.setVisible(not lost)
        self._show_values(g)

    def _show_values(self, g: GpuState) -> None:
        s = g.sample
        _set(self.values["util"], *self._util(s))
        _fill(self.util_bar, number(s.get("util_gpu")), 100.0, "utilization")
        _set(self.values["memory"], *self._memory(s))
        _fill(self.mem_bar, number(s.get("mem_used_mib")), number(s.get("mem_total_mib")), "memory used")
        _fill(self.power_bar, number(s.get("power_w")), number(s.get("power_limit_w")), "power of its limit")
        text, tip = fmt(g.tflops.reading, "", FIELD["tflops_est"].digits)
        if not text.startswith("N/A"):
            text = f"{text} ({g.tflops.label})"
            tip = g.tflops.tooltip
        _set(self.values["tflops"], text, tip)
        _set(self.values["temp"], *_field(s, "temperature_c"))
        _set(self.values["power"], *self._pair(s, "power_w", "power_limit_w"))
        _set(self.values["clocks"], *self._pair(s, "sm_clock_mhz", "mem_clock_mhz"))
        _set(self.values["pstate"], *self._pstate(s))
        _set(self.values["throttle"], *self._throttle(s.get("throttle_reasons")))
        _set(self.values["processes"], *self._processes(s.get("processes")))
        mig = s.get("mig")
        mig = mig if isinstance(mig, list) else None  # N/A (a lost GPU, no MIG support): no MIG row at all
        for w in self._row_widgets["mig"]:
            w.setVisible(bool(mig))
        if mig:
            _set(self.values["mig"], *self._mig(mig))
        if self.compact:
            self._show_summary(g)
        elif self.toolTip():
            self.setToolTip("")

    def _show_summary(self, g: GpuState) -> None:
        """The compact card's three lines (values bold, N/A in the N/A colour) and the rest as its tooltip."""
        theme, s = current(), g.sample

        def value(text: str, caption: str = "") -> str:
            colour = theme.na if text.startswith("N/A") else theme.strong
            cap = f' <span style="color:{theme.muted}">{caption}</span>' if caption else ""
            return f'<b style="color:{colour}">{html.escape(text)}</b>{cap}'

        util, _ = _field(s, "util_gpu")
        temp, _ = _field(s, "temperature_c")
        power, _ = _field(s, "power_w")
        used, total = number(s.get("mem_used_mib")), number(s.get("mem_total_mib"))
        memory = f"{used / 1024:.1f} / {total / 1024:.1f} GiB" if used is not None and total else "N/A"
        tf, _ = fmt(g.tflops.reading, "", FIELD["tflops_est"].digits)
        kind = "" if tf.startswith("N/A") else f" ({g.tflops.short_label})"  # the long label: the hover
        tflops = f"{tf} TFLOP/s{kind}"
        text = (
            f"{value(util, 'util')} &nbsp; {value(temp)} &nbsp; {value(power)}<br>"
            f"{value(memory, 'memory')}<br>{value(tflops)}"
        )
        if s.get("mig") and na_reason(s.get("mig")) is None:
            text += "<br>" + value(f"{len(s['mig'])} MIG instances", "(hover for each)")
        if self.summary.text() != text:
            self.summary.setText(text)
        rows = [
            f"{cap}: {self.values[k].text()} {self.values[k].toolTip()}".rstrip()
            for k, cap in self.ROWS
            if k not in self.OPTIONAL_ROWS or s.get(k)
        ]
        tip = "\n".join([self.subtitle.text(), *rows])
        if self.toolTip() != tip:
            self.setToolTip(tip)

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
        codes = ", ".join(str(r) for r in reasons)
        return throttle_words(list(reasons)), f"Why the driver holds the clocks back: {codes}"

    @staticmethod
    def _mig(instances: Any) -> tuple[str, str]:
        """One line per MIG instance (profile, SM and tensor-core activity, memory); the uuids (what
        `submit --mig` takes) in the tooltip."""
        reason = na_reason(instances)
        if reason is not None:
            return "N/A", f"N/A: {reason}"
        lines, tips = [], []
        for m in instances:
            util, _ = fmt(m.get("util_pct"), "%", 0)
            tensor, _ = fmt(m.get("tensor_pct"), "%", 0)
            used, total = number(m.get("mem_used_mib")), number(m.get("mem_total_mib"))
            memory = f"{used / 1024:.1f} / {total / 1024:.1f} GiB" if used is not None and total else "N/A"
            lines.append(f"{m.get('profile', '?')}: SM {util} · tensor {tensor} · {memory}")
            tips.append(f"{m.get('profile', '?')} {m.get('uuid', '?')} (submit --mig {m.get('uuid', '?')})")
        return "\n".join(lines), "\n".join(tips)

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
