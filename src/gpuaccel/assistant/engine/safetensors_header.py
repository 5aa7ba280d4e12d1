"""The header of a safetensors file, read without torch.

Why: the daemon decides at start which picker to use and which tokenizer a model needs from a model file's
header. Opening it with ``safetensors.safe_open(framework="pt")`` imports torch into the daemon (hundreds of
MB, and every job the daemon forks pays for the bigger address space). The format is simple enough to read
directly: 8 bytes little-endian header length, then that many bytes of JSON.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

MAX_HEADER = 100 * 1024 * 1024  # the safetensors library's own limit on the header size


class HeaderError(ValueError):
    """The file is not a readable safetensors file."""


def read_header(path: Path) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """(tensor name -> {"dtype", "shape", "data_offsets"}, the ``__metadata__`` strings) of ``path``."""
    with open(path, "rb") as f:
        raw = f.read(8)
        if len(raw) != 8:
            raise HeaderError(f"{Path(path).name}: too short to be a safetensors file")
        (size,) = struct.unpack("<Q", raw)
        if size > MAX_HEADER:
            raise HeaderError(f"{Path(path).name}: header of {size} bytes is larger than {MAX_HEADER}")
        body = f.read(size)
    if len(body) != size:
        raise HeaderError(f"{Path(path).name}: header cut short ({len(body)} of {size} bytes)")
    try:
        header = json.loads(body)
    except ValueError as exc:
        raise HeaderError(f"{Path(path).name}: header is not JSON ({exc})") from exc
    if not isinstance(header, dict):
        raise HeaderError(f"{Path(path).name}: header is not a JSON object")
    meta = header.pop("__metadata__", None) or {}
    if not isinstance(meta, dict):
        raise HeaderError(f"{Path(path).name}: __metadata__ is not an object")
    return header, {str(k): str(v) for k, v in meta.items()}


def write_metadata(path: Path, meta: dict[str, str]) -> None:
    """Replace the ``__metadata__`` of ``path`` (tensors untouched), atomically (a new file moved over it)."""
    header, _ = read_header(path)
    with open(path, "rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
    body = json.dumps({"__metadata__": dict(meta), **header}, separators=(",", ":")).encode()
    body += b" " * (-len(body) % 8)  # the library pads the header to 8 bytes
    tmp = Path(path).with_name(Path(path).name + ".tmp")
    with open(path, "rb") as src, open(tmp, "wb") as dst:
        src.seek(8 + size)
        dst.write(struct.pack("<Q", len(body)) + body)
        while chunk := src.read(1 << 20):
            dst.write(chunk)
    tmp.replace(path)
