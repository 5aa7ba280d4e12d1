"""A stored report's Markdown as one self-contained HTML page (what a report is exported and shown as): its
tables as tables, its log tail as preformatted text, its plots embedded as data URIs, so the file opens
anywhere without the report's folder.

Why not a Markdown library: a report's Markdown is ours and small (headings, paragraphs, pipe tables, one
fenced block, image lines), and the core install takes no extra dependency for it.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any


def render_html(r: dict[str, Any], plots_dir: Path) -> str:
    """Self-contained HTML: tables from the Markdown, plots embedded as data URIs."""
    body = []
    in_table, fence = False, ""  # fence: the open code block's, closed only by the same line
    for line in r["markdown"].splitlines():
        if in_table and not line.startswith("|"):
            body.append("</table>")
            in_table = False
        if not fence and line.startswith("```"):
            body.append("<pre>")
            fence = line[: len(line) - len(line.lstrip("`"))]
        elif fence and line.strip() == fence:
            body.append("</pre>")
            fence = ""
        elif fence:
            body.append(html.escape(line) + "\n")  # <pre> keeps the log's lines apart
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set("".join(cells)) <= {"-"}:
                continue
            tag = "td" if in_table else "th"
            body.append(
                ("" if in_table else "<table>")
                + "<tr>"
                + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells)
                + "</tr>"
            )
            in_table = True
            continue
        elif line.startswith("!["):
            name = line[line.index("(") + 1 : -1]
            path = plots_dir / Path(name).name
            if path.is_file():
                data = base64.b64encode(path.read_bytes()).decode()
                body.append(f'<p><img alt="plot" src="data:image/png;base64,{data}"></p>')  # own line
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            body.append(f"<h{level}>{html.escape(line.lstrip('#').strip())}</h{level}>")
        elif line.strip():
            body.append(f"<p>{html.escape(line.strip('*'))}</p>")
    if in_table:
        body.append("</table>")
    style = (
        "body{font-family:sans-serif;max-width:900px}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 6px}"
    )
    head = f"<meta charset='utf-8'><title>{html.escape(r['title'])}</title><style>{style}</style>"
    return f"<!doctype html><html><head>{head}</head><body>{''.join(body)}</body></html>"
