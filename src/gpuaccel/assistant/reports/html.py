"""A stored report as one self-contained file, HTML or Markdown (what a report is exported and shown as): its
plots embedded as data URIs, so ``gpuaccel report > r.md`` or a page saved anywhere shows them without the
daemon's report folder (which may be on another machine); in HTML its tables as tables and its log tail as
preformatted text. The stored Markdown keeps plain file names: the app's chat view loads them by name.

Why not a Markdown library: a report's Markdown is ours and small (headings, paragraphs, pipe tables, one
fenced block, image lines), and the core install takes no extra dependency for it.
"""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path
from typing import Any

_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")  # a plot line as render_markdown writes it


def _data_uri(plots_dir: Path, name: str) -> str | None:
    path = plots_dir / Path(name).name  # a name only: never a path out of the report folder
    if not path.is_file():
        return None
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()


def self_contained_markdown(r: dict[str, Any], plots_dir: Path) -> str:
    """The report's Markdown with each plot embedded as a data URI (a plot whose file is gone: its caption
    stays, the image line says so)."""
    out = []
    for line in r["markdown"].splitlines():
        m = _IMAGE.fullmatch(line)
        if m:
            uri = _data_uri(plots_dir, m.group(2))
            line = f"![{m.group(1)}]({uri})" if uri else f"({m.group(1)}: plot file no longer stored)"
        out.append(line)
    return "\n".join(out) + "\n"


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
            m = _IMAGE.fullmatch(line)
            uri = _data_uri(plots_dir, m.group(2)) if m else None
            if uri:
                body.append(f'<p><img alt="{html.escape(m.group(1))}" src="{uri}"></p>')  # own line
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
