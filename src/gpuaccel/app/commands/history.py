"""``gpuaccel history``: the daemon's stored telemetry of every GPU as CSV or Parquet, for spreadsheets,
pandas and notebooks. One row per (GPU, time); an unavailable reading is an empty cell / null. Columns are
headed as the app's screens head the same readings, unit included ("GPU utilization (%)", the catalogue's
:attr:`~accel.telemetry.fields.Field.heading`); ``--fields`` takes the catalogue's keys. Parquet names its
columns by key, ``time`` a real timestamp, each column's unit and heading in its metadata.

:func:`export` is the one definition of an export; the desktop app's dashboard calls it too."""

from __future__ import annotations

import argparse
import csv
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from gpuaccel.accel.telemetry.fields import FIELD, HISTORY_FIELDS, exported
from gpuaccel.app.commands import bars
from gpuaccel.app.commands.jobs import UsageError, client_command, client_options, parse_when

if TYPE_CHECKING:
    from gpuaccel.app.client import Client

FORMATS = ("csv", "parquet")
PARQUET_INSTALL = "pip install 'gpuaccel[export]'  (or: pip install pyarrow)"
TIME_UTC, UNIX_TIME, GPU = "time (UTC)", "unix time (s)", "GPU"  # the columns before the readings'
KEY_COLUMNS = ("time_utc", "t", "gpu")  # the same with --keys


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "history",
        parents=[client_options()],
        description="Export the daemon's telemetry history. --since takes a duration back from now (90s, "
        "10m, 2h, 1d, 1:30:00; a bare number is minutes) or a date/time (2026-11-23T08:00, local time "
        "unless it names a zone).",
    )
    p.add_argument("--since", default="1h", help="start: a duration ago or an ISO date/time (default 1h)")
    p.add_argument("--until", help="end: a duration ago or an ISO date/time (default now)")
    p.add_argument("--format", choices=FORMATS, default="csv")
    p.add_argument("--resolution", choices=("1s", "1m"), default="1s", help="stored table (default 1s)")
    p.add_argument("--gpu", type=int, action="append", metavar="N", help="only GPU N (repeatable)")
    p.add_argument(
        "--fields",
        default=",".join(HISTORY_FIELDS),
        help="comma list of field keys (default: all stored); each column is headed with its unit",
    )
    p.add_argument(
        "--keys",
        action="store_true",
        help="head the CSV columns with the field keys instead (time_utc, t, gpu, util_gpu, ...), for "
        "scripts (Parquet always names columns by key, with units in the columns' metadata)",
    )
    p.add_argument("-o", "--output", help="file to write (default: stdout for CSV; required for Parquet)")
    p.set_defaults(func=client_command(cmd_history, timeout=60.0))


def collect(
    client: Client,
    since: float,
    until: float,
    fields: list[str] | None = None,
    gpus: list[int] | None = None,
    resolution: str = "1s",
    keys: bool = False,
    progress: bool = False,
) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and rows of the export, GPU by GPU, oldest first (all stored fields and GPUs unless
    named). Columns are headed with their units, or with the field keys (``keys``: what a script that
    selects columns by name wants to keep stable). ``progress``: a bar on a terminal, one step per GPU."""
    fields = list(HISTORY_FIELDS) if fields is None else fields
    unknown = [f for f in fields if f not in HISTORY_FIELDS]
    if unknown or not fields:
        bad = ", ".join(unknown) or "(none given)"
        raise UsageError(f"--fields: unknown {bad}; stored: {', '.join(HISTORY_FIELDS)}")
    if since >= until:
        raise UsageError("--since must be before --until")
    known = [g["info"]["index"] for g in client.telemetry_now()["gpus"]]
    gpus = gpus or known
    missing = sorted(set(gpus) - set(known))
    if missing:
        raise UsageError(f"--gpu {missing[0]}: the daemon has GPUs {known or 'none'}")
    lead = KEY_COLUMNS if keys else (TIME_UTC, UNIX_TIME, GPU)
    name = {f: f if keys else FIELD[f].heading for f in fields}
    rows: list[dict[str, Any]] = []
    for gpu in bars.each(gpus, "history", unit="GPU") if progress else gpus:
        h = client.telemetry_history(gpu, fields, since=since, until=until, resolution=resolution)
        for i, t in enumerate(h["t"]):
            stamp = datetime.fromtimestamp(t, UTC).isoformat(timespec="milliseconds")
            values = {name[f]: exported(v) if isinstance(v, float) else v for f in fields for v in [h[f][i]]}
            rows.append({lead[0]: stamp, lead[1]: t, lead[2]: gpu, **values})
    return [*lead, *(name[f] for f in fields)], rows


def write_csv(columns: list[str], rows: list[dict[str, Any]], out: TextIO) -> None:
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def write_parquet(fields: list[str], rows: list[dict[str, Any]], path: Path, resolution: str) -> None:
    """Parquet as pandas and pyarrow users expect it: ``time`` a real timestamp (ms, UTC), ``gpu``, then
    one column per field named by its key, its unit and heading in the column's metadata (``unit``,
    ``heading``), the table's resolution in the file's metadata. ``rows`` come from :func:`collect` with
    ``keys=True``."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError(f"Parquet export needs pyarrow: {PARQUET_INSTALL}") from None
    columns = [
        pa.field("time", pa.timestamp("ms", tz="UTC"), metadata={"heading": TIME_UTC}),
        pa.field("gpu", pa.int32(), metadata={"heading": GPU}),
        *(
            pa.field(f, pa.float64(), metadata={"unit": FIELD[f].unit, "heading": FIELD[f].heading})
            for f in fields
        ),
    ]
    schema = pa.schema(columns, metadata={"resolution": resolution, "source": "gpuaccel history"})
    data = {
        "time": [round(r["t"] * 1000) for r in rows],
        "gpu": [r["gpu"] for r in rows],
        **{f: [r[f] for r in rows] for f in fields},
    }
    arrays = [pa.array(data[c.name], type=c.type) for c in columns]  # time: ms since the epoch
    pq.write_table(pa.Table.from_arrays(arrays, schema=schema), path)


def export(
    client: Client, fmt: str, path: Path | None, since: float, until: float, **selection: Any
) -> tuple[int, int]:
    """Write the history between ``since`` and ``until`` (unix seconds) as ``fmt`` to ``path`` (CSV to
    stdout when None); ``selection``: :func:`collect`'s fields, gpus, resolution. Returns (rows, fields)."""
    if fmt not in FORMATS:
        raise UsageError(f"format {fmt!r}: accepted: {', '.join(FORMATS)}")
    if fmt == "parquet" and path is None:
        raise UsageError("--format parquet needs -o FILE (Parquet is binary)")
    if fmt == "parquet":  # named by key: the units live in the columns' metadata, not their names
        selection["keys"] = True
    columns, rows = collect(client, since, until, **selection)
    if path is None:
        write_csv(columns, rows, sys.stdout)  # a reader that leaves is the CLI's quiet broken pipe
        return len(rows), len(columns) - 3
    try:
        if fmt == "parquet":
            write_parquet(columns[len(KEY_COLUMNS) :], rows, path, selection.get("resolution", "1s"))
        else:
            with open(path, "w", newline="", encoding="utf-8") as f:
                write_csv(columns, rows, f)
    except OSError as exc:  # a missing folder, no permission, a full disk: one line, not a traceback
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(rows), len(columns) - 3


def cmd_history(args: argparse.Namespace, client: Client) -> int:
    if args.format == "parquet" and not args.output:
        raise UsageError("--format parquet needs -o FILE (Parquet is binary)")
    now = time.time()
    since = parse_when(args.since, now)
    until = parse_when(args.until, now, "--until") if args.until else now
    fields = [f.strip() for f in args.fields.split(",") if f.strip()]
    path = Path(args.output) if args.output else None
    n, _ = export(
        client, args.format, path, since, until, fields=fields, gpus=args.gpu, resolution=args.resolution,
        keys=args.keys, progress=True,
    )  # fmt: skip
    if args.output:
        print(f"Wrote {n} rows ({len(fields)} fields) to {args.output}.", file=sys.stderr)
    return 0
