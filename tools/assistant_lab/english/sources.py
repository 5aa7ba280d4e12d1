"""Real English for pretraining, read from Debian packages, each with its licence and whether a model trained
on it may be redistributed.

Why these: the bundled model had read nothing but the phrasing grammar, so everyday words it was never shown
were noise to it. The sources below are installed with ``apt-get`` (:func:`install`), read offline and turned
into plain ASCII documents. A source whose licence does not clearly allow shipping a model trained on it is
listed with ``redistributable=False`` and never read (:data:`SOURCES` says why for each).
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
PYTHON_DOCS = Path("/usr/share/doc/python3.11/html/_sources")
POS = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}


def ascii_text(text: str) -> str:
    """NFKD then ASCII (accents dropped, curly quotes straightened), one space between words."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[ \t]+", " ", text).strip()


def wordnet() -> Iterator[str]:
    """One document per 24 synsets in the order of WordNet's data files: each synset as a sentence naming its
    words and part of speech, its definition and its example sentences."""
    for pos in ("noun", "verb", "adj", "adv"):
        batch: list[str] = []
        for line in (WORDNET / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  ") or "|" not in line:
                continue  # the licence header
            head, gloss = line.split("|", 1)
            fields = head.split()
            count = int(fields[3], 16)
            words = [re.sub(r"\(.*\)$", "", w).replace("_", " ") for w in fields[4 : 4 + 2 * count : 2]]
            parts = [p.strip() for p in gloss.split(";") if p.strip()]
            definition = "; ".join(p for p in parts if not p.startswith('"'))
            examples = [p.strip('"') for p in parts if p.startswith('"')]
            also = f"; also {', '.join(words[1:])}" if len(words) > 1 else ""
            text = f'"{words[0]}" ({POS[fields[2]]}{also}) means: {definition}.'
            if examples:
                text += " For example: " + "; ".join(f'"{e}"' for e in examples) + "."
            batch.append(ascii_text(text))
            if len(batch) == 24:
                yield "\n".join(batch)
                batch = []
        if batch:
            yield "\n".join(batch)


_ROLE = re.compile(r":[\w:.+-]+:`!?~?([^`<]*?)\s*(?:<[^>]*>)?`")
_LITERAL = re.compile(r"``([^`]+)``|`([^`<]+?)(?:\s*<[^>]*>)?`_{0,2}")
_DIRECTIVE = re.compile(r"\.\.\s+([\w:-]+)::")
_PROSE_DIRECTIVES = {
    *("function", "method", "class", "attribute", "data", "exception", "describe", "decorator", "opcode"),
    *("note", "warning", "seealso", "versionadded", "versionchanged", "deprecated", "impl-detail", "tip"),
    *("abstractmethod", "classmethod", "staticmethod", "coroutinefunction", "coroutinemethod", "envvar"),
    *("option", "cmdoption", "glossary", "topic", "sidebar", "admonition", "important", "hint", "module"),
}
_EMPHASIS = re.compile(r"\*{1,2}([^*\s][^*]*?)\*{1,2}")
_UNDERLINE = re.compile(r"^([=\-~^\"'*+#.`:])\1{2,}\s*$")


def rst_prose(text: str) -> str:
    """The prose of a reStructuredText page: paragraphs joined into lines; directives, code blocks, doctest
    lines, tables and heading underlines left out; roles and literals as their text."""
    out: list[str] = []
    para: list[str] = []
    skip_options = False  # just after a prose directive: its ``:option:`` lines are skipped
    skip_indent = -1  # inside a directive or literal block: lines indented more than this are skipped

    def flush() -> None:
        if para:
            line = _LITERAL.sub(lambda m: m.group(1) or m.group(2), _ROLE.sub(r"\1", " ".join(para)))
            line = ascii_text(_EMPHASIS.sub(r"\1", line.replace("\\", "")))
            if len(line) > 1 and re.search(r"[a-z]{3}", line):
                out.append(line)
            para.clear()

    for raw in text.splitlines():
        indent = len(raw) - len(raw.lstrip())
        line = raw.strip()
        if skip_indent >= 0:
            if not line or indent > skip_indent:
                continue
            skip_indent = -1
        if not line:
            flush()
            continue
        if line.startswith(".. "):
            flush()
            kind = _DIRECTIVE.match(line)
            if kind is None or kind.group(1) not in _PROSE_DIRECTIVES:
                skip_indent = indent  # comments, targets, code, tables, toctrees: their block goes
            else:
                skip_options = True  # an API entry or an admonition: its body is prose
            continue
        if skip_options and line.startswith(":") and not line.startswith(":ref:"):
            continue
        skip_options = False
        if line.startswith(">>>") or line.startswith("+-") or line.startswith("|"):
            flush()
            skip_indent = indent
            continue
        if _UNDERLINE.match(line):
            continue
        para.append(line)
        if line.endswith("::"):
            para[-1] = line[:-1] if not line.endswith(" ::") else line[:-3]
            flush()
            skip_indent = indent
    flush()
    return "\n".join(out)


def python_docs() -> Iterator[str]:
    """One document per page of the Python 3.11 documentation (tutorial, library, reference, FAQ, howtos)."""
    for path in sorted(PYTHON_DOCS.rglob("*.rst.txt")):
        if path.name in ("license.rst.txt", "copyright.rst.txt") or "whatsnew" in path.parts:
            continue  # legal text and change logs: few sentences, many names and numbers
        text = rst_prose(path.read_text(encoding="utf-8", errors="ignore"))
        if len(text) > 200:
            yield text


@dataclass(frozen=True)
class Source:
    """One body of text: where it comes from, under what licence, and whether a model trained on it ships."""

    name: str
    package: str  # the Debian package (installed by :func:`install`), or "" for this repository
    licence: str
    redistributable: bool
    why: str
    read: Callable[[], Iterator[str]] | None


SOURCES = (
    Source(
        "wordnet",
        "wordnet-base",
        "WordNet 3.0 licence (Princeton; permission to use, copy, modify and distribute for any purpose)",
        True,
        "permissive: use and distribution for any purpose, the copyright notice kept (docs/tiny-model.md)",
        wordnet,
    ),
    Source(
        "python_docs",
        "python3.11-doc",
        "PSF License Agreement (documentation); examples Zero-Clause BSD",
        True,
        "permissive: derived works may be distributed with the PSF notice",
        python_docs,
    ),
    Source(
        "gcide",
        "dict-gcide",
        "GPL-3+",
        False,
        "whether weights trained on GPL text are a derived work is unsettled: left out",
        None,
    ),
    Source(
        "manpages",
        "manpages",
        "mixed per page (GPL, BSD, verbatim-copy-only notices)",
        False,
        "some pages allow verbatim copies only: left out",
        None,
    ),
)


def install() -> None:
    """``apt-get install`` the packages of the sources that are read (needs root and a Debian mirror)."""
    packages = [s.package for s in SOURCES if s.redistributable and s.package]
    subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", *packages], check=True)
