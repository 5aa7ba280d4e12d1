"""``gpuaccel ask``, ``report``, ``models`` and ``cleanup``: the assistant, through the daemon.

All four talk to a running daemon (``gpuaccel serve``) through :class:`app.client.Client`; answers stream
to the terminal token by token as the daemon sends them. ``ask`` asks a local daemon over its socket with
the standard library first (:class:`~app.client.raw.SocketClient`: no httpx or pydantic to load, which
cost about 0.6 s of CPU per question), and through the full client when a URL is given or the socket
does not answer, so that errors are worded the same either way.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpuaccel.app.client.raw import SocketClient, Unreached
from gpuaccel.app.commands import bars
from gpuaccel.app.commands.catalog import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE
from gpuaccel.app.commands.job_table import one_line
from gpuaccel.app.commands.jobs import client_command, client_options, reported

if TYPE_CHECKING:
    from gpuaccel.app.client import Client

ANSWER_TIMEOUT_S = 600.0  # a first answer or report may load the model on a busy machine


class AskHelp(argparse.RawDescriptionHelpFormatter):
    """``ask --help`` ends with the assistant's topics, read from the query catalogue only when help is
    printed (the catalogue pulls in the queries' modules, which asking a question does not need here)."""

    def format_help(self) -> str:
        from gpuaccel.assistant.queries.catalogue import help_topics

        self.add_text(help_topics())
        return super().format_help()


def register(subparsers: argparse._SubParsersAction) -> None:
    common = client_options()
    p = subparsers.add_parser("ask", parents=[common], formatter_class=AskHelp)
    p.add_argument("question", nargs="+", help='e.g. "how hot is GPU 0?", "why did job 12 fail?", /status')
    p.add_argument("--conversation", type=int, help="continue this conversation id")
    p.set_defaults(func=ask_command)

    p = subparsers.add_parser("report", parents=[common])
    p.add_argument("--job", type=int, help="a report on this job instead of the daily one")
    p.add_argument("--day", help="the day (YYYY-MM-DD, UTC) for a daily report; default today")
    p.add_argument("--list", action="store_true", help="list stored reports")
    p.add_argument("--show", type=int, metavar="ID", help="print a stored report")
    p.add_argument("--format", choices=("md", "html"), default="md")
    p.add_argument("-o", "--output", type=Path, help="write the report to this file")
    p.set_defaults(func=client_command(cmd_report, timeout=ANSWER_TIMEOUT_S))

    p = subparsers.add_parser("models", parents=[common])
    p.add_argument("action", nargs="?", default="list", choices=("list", "import", "download", "select"))
    p.add_argument("target", nargs="?", help="a file for import, a catalog name for download/select")
    p.add_argument("--sha256", help="expected checksum for download")
    p.set_defaults(func=client_command(cmd_models, timeout=ANSWER_TIMEOUT_S))

    p = subparsers.add_parser("cleanup", parents=[common])
    p.add_argument("--apply", nargs="+", metavar="ID", help="act on these proposal ids")
    p.add_argument("--yes", action="store_true", help="confirm --apply (without it: a dry run)")
    p.set_defaults(func=client_command(cmd_cleanup, timeout=ANSWER_TIMEOUT_S))


def ask_command(args: argparse.Namespace) -> int:
    """``gpuaccel ask`` over the local socket where there is one, else (or when it is not reached before
    the question is sent) through the full client."""
    local = SocketClient.local(args.data_dir, ANSWER_TIMEOUT_S)
    if local is not None:
        try:
            return reported(args, lambda: cmd_ask(args, local))
        except Unreached:
            pass
    return client_command(cmd_ask, timeout=ANSWER_TIMEOUT_S)(args)


def cmd_ask(args: argparse.Namespace, c: Client | SocketClient) -> int:
    c.assistant_state()  # a clear error (404, token, not running) before streaming
    conversation = args.conversation
    for event in c.chat(" ".join(args.question), args.conversation or None):
        data = event.data if isinstance(event.data, dict) else {}
        conversation = data.get("conversation_id", conversation)
        if event.event == "token":
            print(data.get("text", ""), end="", flush=True)
        elif event.event == "error":
            print(f"\ngpuaccel ask: {data.get('text')}", file=sys.stderr)
            return EXIT_FAILED
        elif event.event == "done":
            where = f"conversation {conversation}, " if conversation is not None else ""
            print(f"\n[{where}{data.get('reason')}]")
    return 0


def report_rows(reports: list[dict[str, Any]]) -> list[str]:
    """``report --list``: each report with when it was made (local time); reports of one title (two
    daily reports of one day) are told apart by that time and numbered ``[2 of 3 titled so]``, oldest
    first. Before, the list showed identical titles and no time."""
    if not reports:
        return []
    titles = Counter(str(r["title"]) for r in reports)
    oldest_first = sorted(reports, key=lambda r: (float(r["created_at"]), int(r["id"])))
    rank: dict[int, int] = {}
    seen: Counter[str] = Counter()
    for r in oldest_first:
        seen[str(r["title"])] += 1
        rank[int(r["id"])] = seen[str(r["title"])]
    rows = [f"{'ID':>4}  {'KIND':<6} {'MADE':<19}  TITLE"]
    for r in reports:
        title = str(r["title"])
        made = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(float(r["created_at"])))
        same = f"  [{rank[int(r['id'])]} of {titles[title]} titled so]" if titles[title] > 1 else ""
        rows.append(f"{r['id']:>4}  {r['kind']:<6} {made}  {one_line(title)}{same}")
    return rows


def cmd_report(args: argparse.Namespace, c: Client) -> int:
    if args.list:
        print("\n".join(report_rows(c.reports())) or "no reports (make one: gpuaccel report)")
        return 0
    rid = args.show
    if rid is None:
        made = c.make_report("job", job_id=args.job) if args.job else c.make_report("daily", day=args.day)
        rid = made["id"]
    text = c.report_export(rid, args.format)
    if args.output:
        args.output.write_text(text)
        print(f"report {rid} written to {args.output}")
    else:
        print(text)
    return 0


def cmd_models(args: argparse.Namespace, c: Client) -> int:
    if args.action == "list":
        data = c.models()
        print(f"active: {data['active']}")
        for m in data["installed"]:
            print(f"  installed  {m['name']:<22} {m['bytes'] / 2**20:8.1f} MiB  {m['path']}")
        for m in data["catalog"]:
            mark = "installed" if m["installed"] else "available"
            print(
                f"  {mark:<10} {m['name']:<22} {m['size'] / 2**30:6.2f} GiB  "
                f"~{m['vram_bytes_fp16_approx'] / 2**30:5.2f} GiB VRAM fp16"
            )
        for name, d in data["downloads"].items():
            print(f"  download {name}: {download_line(d)}")
        return 0
    if not args.target:
        print(f"gpuaccel models {args.action}: name the file or model", file=sys.stderr)
        return EXIT_USAGE
    if args.action == "import":
        print(c.import_model(str(Path(args.target).resolve())))
    elif args.action == "download":
        c.download_model(args.target, args.sha256)
        return follow_download(c, args.target)
    else:
        print(c.select_model(args.target))
    return 0


def follow_download(c: Client, name: str, poll_s: float = 0.5) -> int:
    """Wait for the daemon's download of ``name`` (a bar of bytes on a terminal) and say how it ended;
    Ctrl-C stops the waiting, not the download."""
    try:
        with bars.bar(desc=f"download {name}", unit="B", unit_scale=True, unit_divisor=1024) as shown:
            while True:
                d = c.models()["downloads"].get(name, {})
                if d.get("state") in ("done", "failed"):
                    break
                shown.total = d.get("total") or shown.total
                shown.update((d.get("bytes") or 0) - shown.n)
                time.sleep(poll_s)
    except KeyboardInterrupt:
        print(f"\nthe daemon keeps downloading {name}; see: gpuaccel models", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(f"download {name}: {download_line(d)}")
    return 0 if d.get("state") == "done" else EXIT_FAILED


def download_line(d: dict) -> str:
    """A download's state in words: progress while it runs, the checksum it was verified with, or why not."""
    have, total = d.get("bytes") or 0, d.get("total")
    if d.get("state") == "failed":
        return f"failed: {d.get('error')}"
    if d.get("state") == "done":
        return f"done, verified (sha256 {d.get('sha256')}): {d.get('path')}"
    if d.get("state") == "converting":
        return "verified; converting .pth to .safetensors"
    if total:
        return f"{100 * have / total:.0f}% ({have / 2**20:.1f} of {total / 2**20:.1f} MiB)"
    return f"{have / 2**20:.1f} MiB so far"


def cmd_cleanup(args: argparse.Namespace, c: Client) -> int:
    # here, not at the top: the queries' modules load the store, which a TAB on ask/report/models/cleanup
    # has no use for
    from gpuaccel.assistant.queries.cleanup import size_words

    if not args.apply:
        scan = c.housekeeping_scan()
        props = scan["proposals"]
        if not props:
            print("nothing to clean up")
        for p in props:
            print(f"{p['id']}  {p['action']:<6} {size_words(p['size_bytes']):>11}  {p['description']}")
        if props:
            total = size_words(sum(p["size_bytes"] for p in props))
            apply = "gpuaccel cleanup --apply ID... --yes"
            many = "s" if len(props) != 1 else ""
            print(f"{len(props)} proposal{many}, {total} in all; nothing is done until: {apply}")
        for root, why in scan.get("refused", {}).items():
            print(f"left alone: {root}: {why}")
        for proc in scan.get("outside_queue", []):
            print(f"for your information: {proc['description']}")
        return 0
    results = c.housekeeping_apply(args.apply, confirm=bool(args.yes))
    for r in results:
        print(r["message"])
    return 0 if args.yes is False or all(r["ok"] for r in results) else 1
