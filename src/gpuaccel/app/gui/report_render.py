"""Reports as Qt rich text: in the chat transcript (plain answers as text, a ``/report`` answer rendered from
its Markdown by Qt -- headings, tables, emphasis, its plots as images -- never its Markdown source) and in
the Reports viewer (the daemon's HTML)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextCursor, QTextDocument

from gpuaccel.app.gui.models import ChatMessage

WHO = {"user": "You", "assistant": "Assistant", "error": "Error"}
EMPTY = "<p><i>Ask a question; answers stream in as the model writes them.</i></p>"
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
_REPORT_ID = re.compile(r"^Report (\d+) stored\b")
# A fenced block in a plain answer (a job's log quoted by the chat): the fence is 3+ backticks, closed by
# the same fence on a line of its own; an unclosed one (still streaming) runs to the end.
_FENCE = re.compile(r"^(`{3,})[^\n`]*\n(.*?)(?:\n\1[ \t]*$|\Z)", re.M | re.S)


def report_id(message: ChatMessage) -> int | None:
    """The id of the report a ``/report`` answer stored (its first line says it)."""
    m = _REPORT_ID.match(message.text)
    return int(m.group(1)) if m and message.markdown else None


def _images_known(markdown: str, images: Mapping[str, QImage]) -> str:
    """Plot references whose image has not arrived yet become a line in words (no broken-image icon)."""

    def swap(m: re.Match[str]) -> str:
        return (
            m.group(0) if m.group(2) in images else f"*Plot: {m.group(1)} (loading; also in the Reports tab)*"
        )

    return _IMAGE.sub(swap, markdown)


def answer_html(text: str) -> str:
    """A plain answer as HTML: its text as written (nothing in it read as Markdown), but a fenced block --
    the lines of a job's log -- set in a monospace block, without its fence, so columns and indents line
    up as they did in the terminal."""

    def prose(part: str) -> str:
        return html.escape(part).replace("\n", "<br>")

    out, at = [], 0
    for m in _FENCE.finditer(text):
        out.append(prose(text[at : m.start()].rstrip("\n")))
        code = html.escape(m.group(2))
        out.append(f'<pre style="font-family: monospace; white-space: pre;">{code}</pre>')
        at = m.end()
    out.append(prose(text[at:].lstrip("\n") if at else text))
    return "".join(out)


def render(doc: QTextDocument, messages: Iterable[ChatMessage], images: Mapping[str, QImage]) -> None:
    """Fill ``doc`` with the transcript; ``images`` are the plots of reports, by the file name the
    report's Markdown refers to."""
    doc.clear()
    for name, image in images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    cursor = QTextCursor(doc)
    first = True
    for msg in messages:
        if not first:
            cursor.insertBlock()
        first = False
        who = f"<b>{WHO.get(msg.role, msg.role)}:</b> "
        if msg.markdown and msg.text:
            cursor.insertHtml(who)
            cursor.insertBlock()
            cursor.insertMarkdown(_images_known(msg.text, images))
            continue
        text = answer_html(msg.text) or ("…" if not msg.done else "")
        cursor.insertHtml(f'<span class="{msg.role}">{who}{text}</span>')
    if first:
        cursor.insertHtml(EMPTY)


def report_html(report: dict[str, Any]) -> str:
    """A report as HTML: its prose, then its facts as tables (the numbers come from the daemon)."""
    if isinstance(report.get("html"), str):
        return report["html"]
    out = [f"<h2>{html.escape(str(report.get('title') or 'Report'))}</h2>"]
    body = report.get("markdown") or report.get("text") or report.get("summary") or ""
    out.append("<p>" + html.escape(str(body)).replace("\n", "<br>") + "</p>")
    for name, table in (report.get("facts") or report.get("tables") or {}).items():
        out.append(f"<h3>{html.escape(str(name))}</h3>")
        rows = table if isinstance(table, list) else [table]
        if rows and isinstance(rows[0], dict):
            cols = list(rows[0])
            out.append(
                "<table border=1 cellpadding=3><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in cols)
                + "</tr>"
            )
            for r in rows:
                out.append(
                    "<tr>" + "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in cols) + "</tr>"
                )
            out.append("</table>")
        else:
            out.append(f"<pre>{html.escape(json.dumps(table, indent=1, default=str))}</pre>")
    return "".join(out)
