"""Faults: model names that try to leave the models folder. Import and download take a ``name`` that
becomes a file name; ``../``, absolute paths, ``/``, NUL and the bundled model's name are refused with
a message listing what is accepted, nothing is written, and the bundled model is never overwritten.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from gpuaccel.assistant.engine.models import NAME_RULE, ModelManager, check_name
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, ModelError

BAD_NAMES = [
    "../evil", "../../etc/cron.d/x", "/etc/passwd", "a/b", "..", ".", ".hidden", "x\0y", "", "a" * 129,
    "a..b", "with space", "tab\tname", "new\nline", BUNDLED_MODEL.stem, str(BUNDLED_MODEL.with_suffix("")),
]  # fmt: skip


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def src(tmp_path: Path) -> Path:
    copy = tmp_path / "incoming" / "mymodel.safetensors"
    copy.parent.mkdir()
    shutil.copyfile(BUNDLED_MODEL, copy)
    return copy


@pytest.mark.parametrize("name", [n for n in BAD_NAMES if n])  # import: no name means the file's own
def test_import_refuses_names_that_are_not_plain_file_names(tmp_path: Path, src: Path, name: str) -> None:
    before = _digest(BUNDLED_MODEL)
    models = ModelManager(tmp_path / "models")
    with pytest.raises(ModelError) as err:
        models.import_file(src, name)
    assert "letters, digits" in str(err.value) or "bundled" in str(err.value)
    assert not any(p.is_file() for p in tmp_path.rglob("*") if p != src)
    assert _digest(BUNDLED_MODEL) == before


@pytest.mark.parametrize("name", BAD_NAMES)
def test_download_refuses_them_before_any_request(tmp_path: Path, name: str) -> None:
    class NoNetwork:
        def stream(self, *args: object, **kw: object) -> None:
            raise AssertionError("a refused name must not reach the network")

    models = ModelManager(tmp_path / "models")
    with pytest.raises(ModelError, match="not accepted|bundled"):
        models.download_known(name, url="http://127.0.0.1:9/x.safetensors", client=NoNetwork())
    assert name not in models.downloads


def test_plain_names_are_accepted_and_the_rule_is_stated(tmp_path: Path, src: Path) -> None:
    for name in ("rwkv7-g1-0.1b", "My_model+v2.1", "a"):
        assert check_name(name) == name
    info = ModelManager(tmp_path / "models").import_file(src, "my-model.v1")
    assert Path(info["path"]) == tmp_path / "models" / "my-model.v1.safetensors"
    assert "no '/', '..', NUL or absolute path" in NAME_RULE


def test_a_link_planted_at_the_destination_is_replaced_not_written_through(tmp_path: Path, src: Path) -> None:
    before = _digest(BUNDLED_MODEL)
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    victim = tmp_path / "victim.safetensors"
    victim.write_bytes(b"keep")
    (models_dir / "x.safetensors").symlink_to(victim)
    (models_dir / "x.safetensors.tmp").symlink_to(BUNDLED_MODEL)
    with pytest.raises(ModelError, match="outside the models folder"):
        ModelManager(models_dir).import_file(src, "x")
    assert victim.read_bytes() == b"keep" and _digest(BUNDLED_MODEL) == before
    (models_dir / "x.safetensors").unlink()
    ModelManager(models_dir).import_file(src, "x")  # the planted .tmp link is removed, not followed
    assert _digest(BUNDLED_MODEL) == before and not (models_dir / "x.safetensors").is_symlink()
