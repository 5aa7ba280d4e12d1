"""Model manager: the known RWKV-7 models, importing local files, resumable verified downloads, fit checks.

The catalog names the released files with their exact sizes and the sha256 published for each (the
Hugging Face LFS object id of the file). Every download is verified before use: against the catalog's
sha256, the caller's (for a URL of one's own), or the one the server publishes for the file (Hugging Face
sends an LFS file's sha256 with it); with none of these nothing is installed, and a catalog entry's own
checksum wins over what a server claims.
A ``.pth`` (downloaded or imported) is read with ``torch.load(weights_only=True)`` and stored as
``.safetensors``; the runtime only ever loads safetensors.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, ModelError, read_safetensors
from gpuaccel.assistant.engine.safetensors_header import HeaderError, read_header

log = logging.getLogger(__name__)

WORLD = "https://huggingface.co/BlinkDL/rwkv-7-world/resolve/main/"
G1 = "https://huggingface.co/BlinkDL/rwkv7-g1/resolve/main/"
GIB = 2**30


@dataclass(frozen=True)
class KnownModel:
    name: str
    family: str
    params_m: int
    shape: str  # layers x width
    url: str
    size: int  # bytes of the released file
    sha256: str  # of the released file, as published with it

    @property
    def file_bytes(self) -> int:
        return self.size

    @property
    def vram_bytes(self) -> int:
        """fp16 weights plus ~15% for activations, state and the CUDA context."""
        return int(self.file_bytes * 1.15) + 300 * 2**20

    @property
    def ram_bytes_fp32(self) -> int:
        return self.params_m * 4_000_000 + 500 * 2**20

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "vram_bytes_fp16_approx": self.vram_bytes,
            "ram_bytes_fp32_approx": self.ram_bytes_fp32,
        }


CATALOG: tuple[KnownModel, ...] = (
    KnownModel(
        "rwkv7-world-0.1b",
        "World",
        191,
        "12x768",
        WORLD + "RWKV-x070-World-0.1B-v2.8-20241210-ctx4096.pth",
        382_195_690,
        "60c98129b9529963bff2c164b8ab4bd17c19332ae06dc2dcae32aa3a3739295a",
    ),
    KnownModel(
        "rwkv7-world-0.4b",
        "World",
        450,
        "24x1024",
        WORLD + "RWKV-x070-World-0.4B-v2.9-20250107-ctx4096.pth",
        901_794_466,
        "c08cf602b33e59a5717b8f0cafaf7f04c50c1c67166e477aa2f47c5ca180da4a",
    ),
    KnownModel(
        "rwkv7-world-1.5b",
        "World",
        1530,
        "24x2048",
        WORLD + "RWKV-x070-World-1.5B-v3-20250127-ctx4096.pth",
        3_055_062_345,
        "23e13ff62ac6f80b28910ffc230324939e80ddb00b98f892a5951c0da071e700",
    ),
    KnownModel(
        "rwkv7-world-2.9b",
        "World",
        2950,
        "32x2560",
        WORLD + "RWKV-x070-World-2.9B-v3-20250211-ctx4096.pth",
        5_895_796_446,
        "5d7901b91ef1646115db03d03d171370bca454061ad426a1256fda9e1c428cf8",
    ),
    KnownModel(
        "rwkv7-g1-0.1b",
        "G1",
        191,
        "12x768",
        G1 + "rwkv7-g1-0.1b-20250307-ctx4096.pth",
        382_231_495,
        "854230983f1015407c44274a7a27196ed72007618995b7a7efba3c4a15f69a45",
    ),
    KnownModel(
        "rwkv7-g1-0.4b",
        "G1",
        450,
        "24x1024",
        G1 + "rwkv7-g1-0.4b-20250324-ctx4096.pth",
        901_779_157,
        "797e6393a980e7f6518d0f4e74dab4f4a01aff4e85d3bb2fe3d3efd23cf5d93a",
    ),
    KnownModel(
        "rwkv7-g1-1.5b",
        "G1",
        1530,
        "24x2048",
        G1 + "rwkv7-g1-1.5b-20250429-ctx4096.pth",
        3_055_445_649,
        "3a5ad5596ee90fd2eb98dfb946b7b6be30576dc973ac664a44e8e87a8c53f958",
    ),
    KnownModel(
        "rwkv7-g1-2.9b",
        "G1",
        2950,
        "32x2560",
        G1 + "rwkv7-g1-2.9b-20250519-ctx4096.pth",
        5_896_274_653,
        "163b76a041c4f69c115732404ac810f0feee354e4a01554f24c70ae5d2bfdbd6",
    ),
)


_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}")
NAME_RULE = (
    "1-128 letters, digits, '.', '_', '-' or '+', starting with a letter or digit "
    "(a plain file name: no '/', '..', NUL or absolute path)"
)


def check_name(name: str) -> str:
    """A model's name becomes a file name in the models folder: only a plain one, not the bundled model's."""
    if not isinstance(name, str) or not _PLAIN_NAME.fullmatch(name) or ".." in name:
        raise ModelError(f"model name {name!r} is not accepted; use {NAME_RULE}")
    if name == BUNDLED_MODEL.stem:
        raise ModelError(f"{name!r} is the bundled model's name; choose another name")
    return name


def known(name: str) -> KnownModel:
    for m in CATALOG:
        if m.name == name:
            return m
    raise ModelError(f"unknown model {name!r}; known: {', '.join(m.name for m in CATALOG)}")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def free_ram_bytes() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def fit_message(need_bytes: int, strategy: str, free_vram: int | None = None) -> str | None:
    """None when the model fits; otherwise a sentence saying what is needed and what is free."""
    if strategy.startswith("cuda"):
        if free_vram is None:
            return None
        if need_bytes > free_vram:
            return (
                f"the model needs about {need_bytes / GIB:.1f} GiB of GPU memory in fp16 but only "
                f"{free_vram / GIB:.1f} GiB is free; pick a smaller model or let it run on CPU"
            )
        return None
    free = free_ram_bytes()
    if free is not None and need_bytes > free:
        return (
            f"the model needs about {need_bytes / GIB:.1f} GiB of RAM in fp32 but only "
            f"{free / GIB:.1f} GiB is available; pick a smaller model"
        )
    return None


def pth_to_safetensors(src: Path, dest: Path) -> Path:
    import torch
    from safetensors.torch import save_file

    state = torch.load(str(src), map_location="cpu", weights_only=True, mmap=True)
    if not isinstance(state, dict) or "blocks.0.att.r_k" not in state:
        raise ModelError(f"{src.name} is not an RWKV-7 checkpoint (no blocks.0.att.r_k)")
    tmp = dest.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)  # never write through a planted link
    save_file(
        {k: v.contiguous() for k, v in state.items()},
        str(tmp),
        metadata={"format": "rwkv7", "source": src.name},
    )
    os.replace(tmp, dest)
    return dest


Progress = Callable[[int, int | None], None]
_SHA256 = re.compile(r"[0-9a-f]{64}")


def published_sha256(responses: list[Any]) -> str | None:
    """The sha256 a server publishes for the file: Hugging Face sends an LFS file's as ``X-Linked-ETag``
    on the resolve answer (before its redirect to the CDN). None when no answer carries one."""
    for r in responses:
        tag = r.headers.get("x-linked-etag", "").removeprefix("W/").strip('"').lower()
        if _SHA256.fullmatch(tag):
            return tag
    return None


def check_safetensors_header(path: Path) -> None:
    """A quick check that ``path`` is a readable RWKV-7 safetensors file (header and key names only)."""
    try:
        keys = set(read_header(path)[0])
    except (OSError, HeaderError) as exc:
        raise ModelError(f"{path.name} is not a readable safetensors file: {exc}") from None
    if "blocks.0.att.r_k" not in keys or "emb.weight" not in keys:
        raise ModelError(f"{path.name} is not an RWKV-7 model (no blocks.0.att.r_k / emb.weight)")


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def download(
    url: str,
    dest: Path,
    sha256: str | None = None,
    progress: Progress | None = None,
    client: Any = None,
    check: Callable[[Path], None] | None = None,
) -> dict[str, Any]:
    """GET ``url`` into ``dest`` through ``dest.part``: resumed with an HTTP Range request, fsynced, verified
    against ``sha256`` (or the checksum the server publishes; with neither, nothing is written), checked by
    ``check``, and only then renamed over ``dest``. A file that fails any step never replaces ``dest``."""
    import httpx

    part = dest.with_name(dest.name + ".part")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if part.is_symlink():
        raise ModelError(f"{part} is a symbolic link; refusing to write through it")
    have = part.stat().st_size if part.exists() else 0
    headers = {"Range": f"bytes={have}-"} if have else {}
    own = client is None
    client = client or httpx.Client(follow_redirects=True, timeout=60.0)
    expected = sha256.lower() if sha256 else None
    try:
        with client.stream("GET", url, headers=headers) as r:
            expected = expected or published_sha256([*r.history, r])
            if expected is None:
                raise ModelError(
                    f"no sha256 is known for {url}: the catalog has none and the server publishes none; pass "
                    "the file's sha256 (gpuaccel models download NAME --sha256 HEX) so it can be verified"
                )
            if r.status_code == 416:  # the part file is already complete
                pass
            elif r.status_code not in (200, 206):
                raise ModelError(f"download of {url} failed: HTTP {r.status_code}")
            else:
                resumed = r.status_code == 206
                if not resumed:
                    have = 0
                total = r.headers.get("content-length")
                total_i = int(total) + have if total is not None else None
                flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_APPEND if resumed else os.O_TRUNC)
                with os.fdopen(os.open(part, flags, 0o600), "ab" if resumed else "wb") as f:
                    try:
                        for data in r.iter_bytes():  # as received: a dropped connection keeps what came
                            f.write(data)
                            have += len(data)
                            if progress is not None:
                                progress(have, total_i)
                    finally:
                        f.flush()
                        os.fsync(f.fileno())
    finally:
        if own:
            client.close()
    digest = sha256_file(part)
    if digest != expected:
        bad = part.with_name(part.name + ".bad")
        os.replace(part, bad)
        kept = (
            f"the installed {dest.name} is unchanged"
            if dest.exists()
            else f"nothing was installed as {dest.name}"
        )
        raise ModelError(
            f"checksum mismatch for {dest.name}: got {digest}, expected {expected}; the download is kept as "
            f"{bad.name} and {kept}. Download again to start over."
        )
    if check is not None:
        check(part)  # verified bytes that are still no usable model never replace a working one
    os.replace(part, dest)
    _fsync_dir(dest.parent)
    return {"path": str(dest), "bytes": dest.stat().st_size, "sha256": digest, "verified": True}


class ModelManager:
    def __init__(self, models_dir: Path) -> None:
        self.dir = Path(models_dir)
        self.downloads: dict[str, dict[str, Any]] = {}  # name -> progress/state, for the API

    def installed(self) -> list[dict[str, Any]]:
        files = [BUNDLED_MODEL] + (sorted(self.dir.glob("*.safetensors")) if self.dir.is_dir() else [])
        return [
            {"name": p.stem, "path": str(p), "bytes": p.stat().st_size, "bundled": p == BUNDLED_MODEL}
            for p in files
            if p.is_file()
        ]

    def resolve(self, name_or_path: str) -> Path:
        for m in self.installed():
            if name_or_path in (m["name"], m["path"]):
                return Path(m["path"])
        names = ", ".join(m["name"] for m in self.installed())
        raise ModelError(f"no installed model {name_or_path!r}; installed: {names}")

    def catalog(self) -> list[dict[str, Any]]:
        names = {m["name"] for m in self.installed()}
        return [{**m.to_json(), "installed": m.name in names} for m in CATALOG]

    def target(self, name: str, suffix: str) -> Path:
        """Where model ``name`` is written: a plain file name directly in the models folder."""
        check_name(name)
        self.dir.mkdir(parents=True, exist_ok=True)
        dest = self.dir / f"{name}{suffix}"
        if dest.resolve().parent != self.dir.resolve() or dest.resolve() == BUNDLED_MODEL.resolve():
            raise ModelError(f"{dest} lies outside the models folder {self.dir}; refused")
        return dest

    def import_file(self, src: Path, name: str | None = None) -> dict[str, Any]:
        src = Path(src).expanduser()
        if not src.is_file():
            raise ModelError(f"no such file: {src}")
        dest = self.target(name or src.stem, ".safetensors")
        if src.suffix == ".pth":
            pth_to_safetensors(src, dest)
        elif src.suffix == ".safetensors":
            read_safetensors(src)  # validates: RWKV-7 keys present
            tmp = dest.with_name(dest.name + ".tmp")
            tmp.unlink(missing_ok=True)  # a planted link is removed, never written through
            shutil.copyfile(src, tmp)
            os.replace(tmp, dest)  # replaces a link at dest itself, not the file it points to
        else:
            raise ModelError(f"{src.name}: import takes a .pth or .safetensors file")
        return {"name": dest.stem, "path": str(dest), "bytes": dest.stat().st_size}

    def download_known(
        self, name: str, sha256: str | None = None, url: str | None = None, client: Any = None
    ) -> dict[str, Any]:
        """Download a catalog model (or ``url`` under that name), convert it, and record progress."""
        m = known(name) if url is None else None
        src_url = url or (m.url if m else "")
        raw = self.target(name, ".pth" if src_url.endswith(".pth") else ".safetensors")
        state = self.downloads.setdefault(name, {})
        state.update({"state": "downloading", "bytes": 0, "total": None, "error": None})

        def progress(have: int, total: int | None) -> None:
            state.update(bytes=have, total=total)

        try:
            check = check_safetensors_header if raw.suffix == ".safetensors" else None
            info = download(src_url, raw, sha256 or (m.sha256 if m else None), progress, client, check)
            if raw.suffix == ".pth":
                state["state"] = "converting"
                pth_to_safetensors(raw, raw.with_suffix(".safetensors"))
                raw.unlink()
            final = raw.with_suffix(".safetensors")
            state.update(state="done", sha256=info["sha256"], verified=info["verified"], path=str(final))
        except Exception as exc:
            state.update(state="failed", error=str(exc))
            raise
        return dict(state)


def picks_queries(path: Path) -> bool:
    """Whether a model file says it was trained to write queries (header only; False if unreadable)."""
    try:
        return read_header(path)[1].get("query_picker") == "1"
    except (OSError, HeaderError):
        return False


def rules_first(path: Path) -> bool:
    """Whether a picking model file asks the rules first and itself only where they find nothing
    (``pick_first=rules``, written by ``pick_eval --first rules --mark``); files marked before say nothing:
    the model first."""
    try:
        return read_header(path)[1].get("pick_first", "model") == "rules"
    except (OSError, HeaderError):
        return False


def pick_margin(path: Path) -> float | None:
    """The margin a picking model file says its picks must win by (``pick_margin``, written by
    ``pick_eval --mark``; 0 in a file marked before margins were recorded); None where the file is not a
    picker or its margin is unreadable (said in the log: the rules then answer alone)."""
    if not picks_queries(path):
        return None
    text = read_header(path)[1].get("pick_margin", "0")
    try:
        margin = float(text)
    except ValueError:
        margin = math.nan
    if not (math.isfinite(margin) and margin >= 0):
        log.warning(
            "%s: pick_margin=%r is not a log-prob gap of 0 or more (pick_eval --margin M --mark writes one);"
            " the model does not pick",
            Path(path).name,
            text,
        )
        return None
    return margin


def prose_kind(path: Path) -> str | None:
    """How a model file writes prose: ``"slots"`` (its metadata says ``report_prose=slots``: it writes slots
    the assistant fills from the facts, :mod:`assistant.reports.summary`), None for a file trained only to
    pick queries (it writes no prose), ``"free"`` for any other model (an RWKV-7 G1: its own numbers,
    checked)."""
    try:
        meta = read_header(path)[1]
    except (OSError, HeaderError):
        return "free"  # not a readable safetensors header: a general model file, checked as free prose
    if meta.get("report_prose") == "slots":
        return "slots"
    return None if meta.get("query_picker") == "1" else "free"


def prose_pairs(path: Path) -> frozenset[tuple[str, str]] | None:
    """The word pairs of the prose a model file learned from (metadata ``prose_pairs``, one "a b" pair a
    line), which its summaries' English check accepts; None where the file carries none. Read once per
    file version: every report asks."""
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    return _pairs_of_file(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4)
def _pairs_of_file(path: str, mtime_ns: int, size: int) -> frozenset[tuple[str, str]] | None:
    try:
        text = read_header(Path(path))[1].get("prose_pairs")
    except (OSError, HeaderError):
        return None
    if not text:
        return None
    return frozenset(tuple(line.split(" ", 1)) for line in text.split("\n") if " " in line)  # type: ignore[misc]
