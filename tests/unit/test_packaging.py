"""What a user installs: the wheel holds only the ``gpuaccel`` package (assets included, the assistant's
model left out) and its core requirements carry neither Qt nor torch; the model is a wheel of its own that
the assistant extra requires and that installs where the assistant reads it; the CLI runs without Qt or
torch; the license text, classifiers and URLs are in the metadata; the kernels' version floors are one
statement."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("PySide6", "pyqtgraph", "torch", "triton", "rwkv", "matplotlib")


MODEL_DIR = REPO / "src" / "gpuaccel" / "assets" / "model"


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both wheels (``core``, ``model``), built from a copy of the tree, so the checkout gets no build/ or
    egg-info folders."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    shutil.copytree(REPO / "src", src / "src", ignore=ignore)
    shutil.copytree(REPO / "packaging", src / "packaging", ignore=ignore)
    built = {}
    for kind, project in (("core", src), ("model", src / "packaging" / "model")):
        out = tmp_path_factory.mktemp(kind)
        cmd = [sys.executable, "-m", "pip", "wheel", str(project), "--no-deps", "--no-build-isolation", "-q"]
        done = subprocess.run([*cmd, "-w", str(out)], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        (built[kind],) = out.iterdir()  # --no-deps: the one file is our wheel
    return built


@pytest.fixture(scope="module")
def wheel(wheels: dict[str, Path]) -> Iterator[zipfile.ZipFile]:
    with zipfile.ZipFile(wheels["core"]) as z:
        yield z


def test_wheel_holds_only_gpuaccel(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    tops = {n.split("/")[0] for n in names}
    assert "gpuaccel" in tops
    dist_info = {t for t in tops if t.startswith("gpuaccel-") and t.endswith(".dist-info")}
    assert len(dist_info) == 1 and tops == {"gpuaccel", *dist_info}, tops
    assert "gpuaccel/__main__.py" in names and "gpuaccel/app/cli.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_ships_no_assistant_lab(wheel: zipfile.ZipFile) -> None:
    """Corpus, phrasing grammar, augmentation, training and evaluation stay in tools/assistant_lab: no file
    of the lab is in the wheel, under its own name or back inside the assistant, and no shipped module
    imports it."""
    lab = REPO / "tools" / "assistant_lab"
    lab_files = {p.relative_to(lab).as_posix() for p in lab.rglob("*.py") if p.name != "__init__.py"}
    assert {"corpus.py", "tiny/train.py", "phrasings/grammar.py"} <= lab_files  # the lab is where we look
    names = wheel.namelist()
    assert not [n for n in names if "assistant_lab" in n or n.startswith("tools/")]
    shipped = {n.removeprefix("gpuaccel/assistant/") for n in names if n.startswith("gpuaccel/assistant/")}
    assert "service.py" in shipped and not shipped & lab_files, sorted(shipped & lab_files)
    sources = [n for n in names if n.endswith(".py")]
    importing = re.compile(rb"^\s*(?:from|import)\s+assistant_lab\b", re.MULTILINE)
    assert not [n for n in sources if importing.search(wheel.read(n))]


def test_wheel_carries_the_assets(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    assert "gpuaccel/assets/style.qss" in names
    icons = [n for n in names if n.startswith("gpuaccel/assets/icons/") and n.endswith(".svg")]
    assert "gpuaccel/assets/icons/gpuaccel.svg" in icons and len(icons) >= 4
    assert not [n for n in names if n.startswith("gpuaccel/assets/model/")]  # the model's own wheel has it
    assert wheel.getinfo("gpuaccel/assets/attention_tuning.json").file_size > 0
    assert sum(i.file_size for i in wheel.infolist()) < 5 * 2**20, "the core wheel grew past 5 MiB"


_FINDS_THE_MODEL = """
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL
from gpuaccel.assistant.service import MODEL_DISTRIBUTION, missing_dependencies
print(BUNDLED_MODEL.is_file(), BUNDLED_MODEL.stat().st_size if BUNDLED_MODEL.is_file() else 0)
print(any(m.startswith(MODEL_DISTRIBUTION) for m in missing_dependencies()))
print(BUNDLED_MODEL)
"""


def test_the_model_is_a_wheel_of_its_own_that_the_assistant_finds(
    wheels: dict[str, Path], tmp_path: Path
) -> None:
    """The model wheel holds the model folder's files (whatever they are named) and nothing of gpuaccel's
    code; the assistant extra requires it at gpuaccel's version; installed beside the core wheel the
    assistant finds the bundled model, and with the core alone it names the model distribution missing."""
    with zipfile.ZipFile(wheels["model"]) as model, zipfile.ZipFile(wheels["core"]) as core:
        files = {n for n in model.namelist() if ".dist-info/" not in n}
        shipped = {f"gpuaccel/assets/model/{p.name}" for p in MODEL_DIR.iterdir() if p.is_file()}
        assert files == shipped and any(n.endswith(".safetensors") for n in files), files
        assert max(model.getinfo(n).file_size for n in files) > 1_000_000  # the weights, not an LFS pointer
        name, version = wheels["model"].name.split("-")[:2]
        assert name == "gpuaccel_model" and f"gpuaccel-{version}-" in wheels["core"].name
        assistant = [
            r for r in _metadata(core) if r.startswith("Requires-Dist:") and 'extra == "assistant"' in r
        ]
        assert [r for r in assistant if f"gpuaccel-model=={version}" in r], assistant
    results = {}
    for installed in (("core",), ("core", "model")):
        target = tmp_path / "+".join(installed)
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
        ]
        done = subprocess.run(
            [*cmd, *(str(wheels[k]) for k in installed)], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}  # the installed copy, not the checkout
        ran = subprocess.run(
            [sys.executable, "-c", _FINDS_THE_MODEL], capture_output=True, text=True, timeout=120, env=env,
            cwd=tmp_path,
        )  # fmt: skip
        assert ran.returncode == 0, ran.stderr[-2000:]
        found, missing, path = ran.stdout.splitlines()
        assert path.startswith(str(target)), path
        results[installed] = (found, missing, Path(path).name)
    assert results[("core",)][:2] == ("False 0", "True")
    name = results[("core", "model")][2]
    assert results[("core", "model")] == (f"True {(MODEL_DIR / name).stat().st_size}", "False", name)


def test_core_requirements_have_no_qt_or_torch(wheel: zipfile.ZipFile) -> None:
    (meta,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    requires = [
        line.split(":", 1)[1].strip()
        for line in wheel.read(meta).decode().splitlines()
        if line.startswith("Requires-Dist:")
    ]
    core = [r for r in requires if "extra ==" not in r]
    assert core and not [r for r in core if any(h.lower() in r.lower() for h in HEAVY)], core
    extras = {r.split("extra ==")[1].strip().strip('"') for r in requires if "extra ==" in r}
    assert {"gui", "kernels", "assistant", "all"} <= extras
    entry = wheel.read(next(n for n in wheel.namelist() if n.endswith("entry_points.txt"))).decode()
    assert "gpuaccel = gpuaccel.app.cli:main" in entry


_NO_HEAVY = f"""
import sys
from importlib.abc import MetaPathFinder

HEAVY = {HEAVY!r}

class Refuse(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HEAVY:
            raise ImportError(f"{{name}} imported by the CLI")
        return None

sys.meta_path.insert(0, Refuse())
from gpuaccel.app import cli
for argv in (["--help"], ["status", "--help"], ["submit", "--help"]):
    try:
        cli.main(argv)
    except SystemExit as exc:
        assert exc.code in (0, None), (argv, exc.code)
assert cli.main(["status", "--json"]) == 0
loaded = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY)
assert not loaded, loaded
print("clean")
"""


def test_cli_runs_without_qt_or_torch(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(REPO / "src"), "GPUACCEL_FAKE_NVML": "two_gpus", "PATH": "/usr/bin:/bin"}
    env["GPUACCEL_CONFIG_DIR"] = str(tmp_path / "cfg")
    done = subprocess.run(
        [sys.executable, "-c", _NO_HEAVY], capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.rstrip().endswith("clean")
    assert "usage: gpuaccel" in done.stdout


def _metadata(wheel: zipfile.ZipFile) -> list[str]:
    (meta,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    return wheel.read(meta).decode().splitlines()


def test_wheel_carries_the_license_classifiers_and_urls(wheel: zipfile.ZipFile) -> None:
    (license_file,) = [n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
    assert "Apache License" in wheel.read(license_file).decode()[:200]
    meta = _metadata(wheel)
    assert "License-Expression: Apache-2.0" in meta
    classifiers = [line.split(": ", 1)[1] for line in meta if line.startswith("Classifier:")]
    assert len(classifiers) >= 10 and "Topic :: System :: Monitoring" in classifiers
    urls = {line.split(": ", 1)[1].split(",")[0] for line in meta if line.startswith("Project-URL:")}
    assert {"Homepage", "Documentation", "Issues", "Changelog"} <= urls


def test_the_kernels_floors_are_the_extras_floors(wheel: zipfile.ZipFile) -> None:
    from gpuaccel.accel.kernels import versions

    kernels = [r for r in _metadata(wheel) if r.startswith("Requires-Dist:") and 'extra == "kernels"' in r]
    for package, floor in versions.FLOORS.items():
        (line,) = [r for r in kernels if r.split(":", 1)[1].strip().startswith(f"{package}>=")]
        assert f"{package}>={'.'.join(map(str, floor))}" in line, line


def test_an_old_triton_is_named_with_the_version_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuaccel.accel import kernels
    from gpuaccel.accel.kernels import versions

    found = {"triton": "3.2.0", "torch": "2.13.0+cu130"}
    monkeypatch.setattr(versions, "installed", found.get)
    with pytest.raises(ImportError, match=r"triton 3\.2\.0 \(needs >= 3\.5\); pip install -U"):
        kernels.flash_attention  # noqa: B018
    found["triton"] = "3.5.0rc1"
    assert versions.too_old() == []
    found["torch"] = "2.6.0"
    assert versions.too_old() == ["torch 2.6.0 (needs >= 2.9)"]
