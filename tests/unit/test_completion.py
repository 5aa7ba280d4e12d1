"""Shell completion in a real bash with argcomplete's script loaded: command names, options and values
(states, kinds, --where) without a daemon; ids, groups from a daemon are in tests/integration."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpuaccel.app.cli import main

REPO = Path(__file__).resolve().parents[2]


def gpuaccel_on_path(tmp_path: Path) -> dict[str, str]:
    """An environment whose ``gpuaccel`` is this checkout's (as an installed script would be)."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    exe = bindir / "gpuaccel"
    exe.write_text(f'#!/bin/sh\nexec {sys.executable} -m gpuaccel "$@"\n')
    exe.chmod(0o755)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def bash_complete(script: str, line: str, env: dict[str, str]) -> list[str]:
    """What bash offers at the end of ``line``: COMP_WORDS/COMP_CWORD/COMP_LINE/COMP_POINT as bash sets
    them, then the completion function the script registered for gpuaccel."""
    words = line.split() + ([""] if line.endswith(" ") else [])
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    program = (
        f"{script}\n"
        f"COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; COMP_LINE='{line}'; COMP_POINT={len(line)}\n"
        'fn=$(complete -p gpuaccel | sed -E "s/.*-F ([^ ]+).*/\\1/"); $fn gpuaccel\n'
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    out = subprocess.run(["bash", "-c", program], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    return [w.strip() for w in out.stdout.splitlines() if w.strip()]


@pytest.fixture(scope="module")
def bash_script() -> str:
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    out = subprocess.run(
        [sys.executable, "-m", "gpuaccel", "completion", "bash"], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )  # fmt: skip
    return out.stdout


def test_bash_completes_commands_options_and_values_without_a_daemon(
    bash_script: str, tmp_path: Path
) -> None:
    env = gpuaccel_on_path(tmp_path)
    env["GPUACCEL_DATA_DIR"] = str(tmp_path / "no-daemon")
    # each TAB runs gpuaccel once (about a second here): a few lines cover names, options and values
    assert bash_complete(bash_script, "gpuaccel serv", env) == ["serve", "service"]
    assert bash_complete(bash_script, "gpuaccel ls --state running,f", env) == ["running,failed"]
    assert bash_complete(bash_script, "gpuaccel submit mat", env) == ["matmul"]
    # values that come from the daemon: none runs, so nothing -- and never the files of the directory
    (tmp_path / "some_file.txt").write_text("x")
    offered = bash_complete(bash_script, "gpuaccel show ", env)
    assert offered and all(w.startswith("-") for w in offered), offered


def test_a_tab_after_a_command_loads_no_http_client_job_models_bars_or_numpy() -> None:
    """The parser a TAB builds for these commands imports neither httpx nor pydantic (about 1 s of the
    TAB), tqdm, numpy or tomlkit: they load when a completer or the command asks the daemon, a bar is
    drawn, this process samples the GPUs or config reads the settings (submit <TAB>: 273 -> 145 modules,
    config <TAB>: 341 -> 107)."""
    commands = ("ls", "show", "logs", "cancel", "wait", "ps", "pause", "edit", "history", "mcp", "status",
                "top", "ask", "cleanup", "submit", "config")  # fmt: skip
    heavy = ("httpx", "pydantic", "gpuaccel.api.jobs", "tqdm", "numpy", "tomlkit")
    code = (
        "import sys\n"
        "from gpuaccel.app.cli import build_parser\n"
        "from gpuaccel.app.commands.completion import attach_completers\n"
        f"for c in {commands!r}: attach_completers(build_parser(lazy=True, command=c))\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("shell", "check"), [("zsh", ["zsh", "-n"]), ("fish", ["fish", "--no-execute"])])
def test_zsh_and_fish_scripts_parse(shell: str, check: list[str], tmp_path: Path) -> None:
    if shutil.which(check[0]) is None:
        pytest.skip(f"{shell} is not installed")
    out = subprocess.run(
        [sys.executable, "-m", "gpuaccel", "completion", shell], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )  # fmt: skip
    path = tmp_path / f"c.{shell}"
    path.write_text(out.stdout)
    subprocess.run([*check, str(path)], check=True)


def test_completion_command_prints_each_shell(capsys: pytest.CaptureFixture[str]) -> None:
    for shell, marker in (("bash", "complete "), ("zsh", "#compdef gpuaccel"), ("fish", "complete ")):
        assert main(["completion", shell]) == 0
        text = capsys.readouterr().out
        assert marker in text and "gpuaccel" in text
    assert main(["completion", "bash"]) == 0
    assert "-o default" not in capsys.readouterr().out  # no fallback to file names when nothing fits


def test_nodes_groups_and_job_ids_come_from_the_daemon(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from gpuaccel.app.commands import completion

    answers = {
        "/cluster": {
            "address": "http://h:8265",
            "nodes": [{"label": "gpu-07", "state": "ALIVE", "gpus": 8.0}],
        },
        "/groups": {"paused": False, "groups": [{"name": "night", "parallel": 2}]},
        f"/jobs?limit={completion._RECENT_JOBS}": {
            "jobs": [{"id": 12, "state": "running", "name": None, "kind": "matmul"}]
        },
        "/processes": {"processes": [{"pid": 7, "gpu": 0, "cmdline": "python x.py", "can_signal": True}]},
    }
    monkeypatch.setattr(completion, "_answer", lambda parsed_args, path: answers.get(path))
    args = argparse.Namespace()
    assert completion.nodes(prefix="", parsed_args=args) == {"gpu-07": "ALIVE, 8 GPUs"}
    assert completion.groups(prefix="", parsed_args=args) == {"night": "2 at once"}
    assert completion.job_ids(prefix="", parsed_args=args) == {"12": "running: matmul"}
    assert completion.gpu_processes(prefix="", parsed_args=args) == {"7": "GPU 0: python x.py"}
    answers["/groups"] = {"groups": [{"title": "another shape"}]}  # another version's answer: nothing
    assert completion.groups(prefix="", parsed_args=args) == {}
