"""Tuned attention configurations kept on disk per GPU model and shape bucket, with shipped defaults.

Why: timing every exact shape afresh, in memory, made each queue job re-tune and pick differently from
run to run (B8 N1024 causal forward+backward measured 0.35x, 0.43x and 0.66x cuDNN in three runs). A
choice is now made once per *bucket* (sequence lengths and batch*heads rounded up to powers of two, head
dim, dtype, causal), written to ``attention_tuning.json`` in the user's cache dir under the GPU's name and
the Triton version, and read back by every later process. GPUs we measured get shipped defaults
(``gpuaccel/assets/attention_tuning.json``, derived from benchmarks/results/ by
benchmarks/derive_tuning_defaults.py), so they need no timing at all for the buckets listed there.

``GPUACCEL_ATTN_TUNE``: unset picks stored, then shipped, then times and stores; ``0`` never times (stored,
shipped, else the first candidate); ``1`` times every bucket once per process and overwrites the store.
Importing this module pulls in neither triton nor torch.cuda.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from gpuaccel.accel.kernels.checks import AttentionShape

log = logging.getLogger(__name__)

TUNE_ENV = "GPUACCEL_ATTN_TUNE"
TUNE_MODES = ("", "0", "1")
CACHE_DIR_ENV = "GPUACCEL_CACHE_DIR"  # overrides platformdirs' user cache dir (tests, services)
STORE_FILE = "attention_tuning.json"
DEFAULTS_FILE = Path(__file__).resolve().parents[3] / "assets" / "attention_tuning.json"
FORMAT_VERSION = 1


def tune_mode() -> str:
    """``""`` (stored or shipped, else time once), ``"0"`` (never time) or ``"1"`` (always time)."""
    mode = os.environ.get(TUNE_ENV, "").strip()
    if mode not in TUNE_MODES:
        raise ValueError(f"{TUNE_ENV}={mode!r}; accepted: unset, 0 (never time) or 1 (always time)")
    return mode


def pow2_bucket(n: int) -> int:
    """``n`` rounded up to a power of two (1 for n <= 1): the size class a choice is shared across."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def bucket_key(kind: str, shape: AttentionShape, dtype_name: str, causal: bool) -> str:
    """The bucket a call falls in, e.g. ``bwd|bfloat16|d128|causal|nq1024|nk1024|bh64|g1`` (``d192v128`` when
    v's head dim differs from q's)."""
    dims = f"d{shape.head_dim}" + (f"v{shape.head_dim_v}" if shape.head_dim_v != shape.head_dim else "")
    return "|".join(
        (
            kind,
            dtype_name,
            dims,
            "causal" if causal else "full",
            f"nq{pow2_bucket(shape.seq_q)}",
            f"nk{pow2_bucket(shape.seq_k)}",
            f"bh{pow2_bucket(shape.batch * shape.heads_q)}",
            f"g{pow2_bucket(shape.group)}",
        )
    )


def config_to_dict(config: Any) -> dict[str, Any]:
    return {"type": type(config).__name__, **asdict(config)}


def config_from_dict(data: Mapping[str, Any], types: Mapping[str, type]) -> Any:
    """Rebuild a config dataclass; raises ValueError naming what is wrong (unknown type or fields)."""
    cls = types.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"unknown config type {data.get('type')!r}; known: {', '.join(types)}")
    names = {f.name for f in fields(cls)}
    given = {k: v for k, v in data.items() if k != "type"}
    if not set(given) <= names:
        raise ValueError(f"{cls.__name__} has no field(s) {sorted(set(given) - names)}")
    return cls(**given)


def cache_dir() -> Path:
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override)
    try:
        import platformdirs
    except ImportError:  # minimal GPU images may lack it: follow the XDG convention
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / "gpuaccel"
    return Path(platformdirs.user_cache_dir("gpuaccel"))


def store_path() -> Path:
    return cache_dir() / STORE_FILE


def device_key(gpu_name: str, triton_version: str) -> str:
    return f"{gpu_name}|triton {triton_version}"


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("ignoring unreadable tuning file %s: %s", path, exc)
        return {}
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        log.warning("ignoring tuning file %s: not a version-%d object", path, FORMAT_VERSION)
        return {}
    return data


class TuningStore:
    """Stored and shipped choices for one process; files are read once, on first use."""

    def __init__(self, store: Path | None = None, defaults: Path | None = None) -> None:
        self._store_path = store
        self._defaults_path = defaults or DEFAULTS_FILE
        self._lock = threading.Lock()
        self._stored: dict[str, Any] | None = None
        self._shipped: dict[str, Any] | None = None

    @property
    def path(self) -> Path:
        return self._store_path or store_path()

    def _entries(self, shipped: bool) -> dict[str, Any]:
        with self._lock:
            if shipped and self._shipped is None:
                self._shipped = _read_json(self._defaults_path).get("devices", {})
            if not shipped and self._stored is None:
                self._stored = _read_json(self.path).get("devices", {})
            return self._shipped if shipped else self._stored  # type: ignore[return-value]

    def lookup(self, gpu_name: str, triton_version: str, bucket: str, types: Mapping[str, type]) -> Any:
        """The stored choice for this GPU + Triton, else the shipped one for this GPU model, else None."""
        stored = self._entries(False).get(device_key(gpu_name, triton_version), {}).get(bucket)
        shipped = self._entries(True).get(gpu_name, {}).get(bucket)
        for source, entry in (("stored", stored), ("shipped", shipped)):
            if entry is None:
                continue
            try:
                return config_from_dict(entry["config"], types)
            except (KeyError, TypeError, ValueError) as exc:
                log.warning("ignoring %s tuning entry %s for %s: %s", source, bucket, gpu_name, exc)
        return None

    def save(self, gpu_name: str, triton_version: str, bucket: str, config: Any, ms: float) -> None:
        """Record a timed choice, merged into what is on disk now (other processes may have written)."""
        entry = {"config": config_to_dict(config), "ms": round(ms, 5)}
        dkey = device_key(gpu_name, triton_version)
        path = self.path
        with self._lock:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                data = _read_json(path) or {"version": FORMAT_VERSION, "devices": {}}
                data.setdefault("devices", {}).setdefault(dkey, {})[bucket] = entry
                fd, tmp = tempfile.mkstemp(prefix=".tuning-", dir=path.parent)
                with os.fdopen(fd, "w") as fh:
                    json.dump(data, fh, indent=1, sort_keys=True)
                os.replace(tmp, path)
            except OSError as exc:  # a read-only cache dir costs a re-tune next process, nothing more
                log.warning("could not store tuning choice in %s: %s", path, exc)
            if self._stored is not None:
                self._stored.setdefault(dkey, {})[bucket] = entry


STORE = TuningStore()
