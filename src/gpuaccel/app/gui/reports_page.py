"""The assistant tab's Reports page: the stored reports, one shown with its plots, export to a file.

Its buttons and choices go out as ``request`` (an action of ``daemon_calls.ASSISTANT_ACTIONS`` and its
argument); the daemon's answers come back through :class:`assistant_panel.AssistantPanel`.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui import models, report_render
from gpuaccel.app.gui.file_dialogs import ask_save_path
from gpuaccel.app.gui.values import fmt_time

# One short line: Qt draws a text view's placeholder unwrapped.
NO_REPORT = "Choose a report on the left to read it here; \u201cMake a report now\u201d writes today's."


class ReportsPage(QWidget):
    request = Signal(str, object)  # an action of daemon_calls.ASSISTANT_ACTIONS and its argument

    def __init__(self, model: models.AssistantModel) -> None:
        super().__init__()
        self.model = model
        v = QVBoxLayout(self)
        row = QHBoxLayout()
        self.refresh_reports = QPushButton("Refresh")
        self.make_report = QPushButton("Make a report now")
        self.export_report = QPushButton("Export…")
        self.export_report.setToolTip("Save the selected report as Markdown or HTML (no new report is made)")
        self.export_report.setEnabled(False)
        self.report_note = QLabel("")
        self.report_note.setObjectName("reportNote")
        row.addWidget(self.refresh_reports)
        row.addWidget(self.make_report)
        row.addWidget(self.export_report)
        row.addWidget(self.report_note, 1)
        v.addLayout(row)
        splitter = QSplitter()
        self.report_list = QListWidget()
        self.report_view = QTextBrowser()
        self.report_view.setPlaceholderText(NO_REPORT)
        splitter.addWidget(self.report_list)
        splitter.addWidget(self.report_view)
        splitter.setSizes([260, 700])
        v.addWidget(splitter, 1)
        self.refresh_reports.clicked.connect(lambda: self.request.emit("reports", None))
        self.make_report.clicked.connect(lambda: self.request.emit("make_report", None))
        self.report_list.currentItemChanged.connect(self._report_chosen)
        self.export_report.clicked.connect(self.export_selected)

    def show_list(self, reports: list[dict[str, Any]]) -> None:
        self.model.set_reports(reports)
        self.report_list.clear()
        for r in reports:
            item = QListWidgetItem(
                f"{r.get('title') or r.get('kind', 'report')} · {fmt_time(r.get('created_at'))}"
            )
            item.setData(Qt.ItemDataRole.UserRole, r.get("id"))
            self.report_list.addItem(item)

    def _report_chosen(self, item: QListWidgetItem | None) -> None:
        self.export_report.setEnabled(item is not None)
        if item is not None:
            self.request.emit("report", item.data(Qt.ItemDataRole.UserRole))

    def show_report(self, report: dict[str, Any]) -> None:
        """The report's HTML with its plots as document resources (fetched by the worker with the token)."""
        images = report.get("_images") or {}
        doc = self.report_view.document()
        text = report_render.report_html(report)
        by_bytes = {data: url for url, data in images.items()}

        def swap(m: re.Match[str]) -> str:  # the daemon's inline data: URI -> the plot's URL
            try:
                url = by_bytes.get(base64.b64decode(m.group(1)))
            except ValueError:
                url = None
            return f'src="{url}"' if url else m.group(0)

        text = re.sub(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', swap, text)
        for url in images:
            if url not in text:
                text = text.replace("</body>", "") + f'<p><img src="{url}"></p>'
        self.report_view.setHtml(text)
        for url, data in images.items():
            image = QImage.fromData(data, "PNG")
            if not image.isNull():
                doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)
        doc.markContentsDirty(0, doc.characterCount())
        self.report_view.viewport().update()

    def export_selected(self) -> None:
        """Save the selected stored report; the daemon only reads it (GET), so no new report is made."""
        item = self.report_list.currentItem()
        if item is None:
            return
        rid = item.data(Qt.ItemDataRole.UserRole)
        asked = ask_save_path(
            self, "Export report", f"report-{rid}.md", "Markdown (*.md);;HTML (*.html *.htm)"
        )
        if asked is not None:
            path = asked[0]
            fmt = "html" if path.lower().endswith((".html", ".htm")) else "md"
            self.request.emit("export", {"id": rid, "format": fmt, "path": path})

    def write_export(self, data: dict[str, Any]) -> None:
        try:
            Path(data["path"]).write_text(str(data["text"]), encoding="utf-8")
        except OSError as exc:
            self.report_note.setText(f"Could not write {data['path']}: {exc.strerror or exc}")
            return
        self.report_note.setText(f"Report {data['id']} saved to {data['path']}.")
