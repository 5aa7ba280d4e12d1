"""Model manager: catalog, import (.pth converted), resumable verified download from a loopback server."""

from __future__ import annotations

import hashlib
import http.server
import threading
from pathlib import Path

import pytest
import torch
from assistant_helpers import random_model

from gpuaccel.assistant.engine.models import CATALOG, ModelManager, download, fit_message
from gpuaccel.assistant.engine.runtime import ModelError, read_safetensors


class RangeHandler(http.server.BaseHTTPRequestHandler):
    payload = b""
    fail_after: int | None = None  # bytes sent before the connection drops (first request only)
    requests: list[str | None] = []
    published: str | None = None  # the sha256 sent as X-Linked-ETag, as Hugging Face does

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        rng = self.headers.get("Range")
        type(self).requests.append(rng)
        start = int(rng.split("=")[1].split("-")[0]) if rng else 0
        body = self.payload[start:]
        self.send_response(206 if rng else 200)
        if rng:
            self.send_header("Content-Range", f"bytes {start}-{len(self.payload) - 1}/{len(self.payload)}")
        self.send_header("Content-Length", str(len(body)))
        if self.published:
            self.send_header("X-Linked-ETag", f'"{self.published}"')
        self.end_headers()
        if self.fail_after is not None:
            self.wfile.write(body[: self.fail_after])
            type(self).fail_after = None
            self.close_connection = True
            return
        self.wfile.write(body)


@pytest.fixture()
def server():
    RangeHandler.payload = bytes(range(256)) * 4000
    RangeHandler.requests = []
    RangeHandler.published = None
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    t = threading.Thread(target=srv.serve_forever)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/model.safetensors"
    srv.shutdown()
    srv.server_close()
    t.join()


def test_download_resumes_with_range_and_checks_sha(server: str, tmp_path: Path) -> None:
    digest = hashlib.sha256(RangeHandler.payload).hexdigest()
    RangeHandler.fail_after = 300_000
    dest = tmp_path / "m.safetensors"
    with pytest.raises(Exception):  # noqa: B017 (the connection drops mid-body)
        download(server, dest, digest)
    part = tmp_path / "m.safetensors.part"
    part_size = part.stat().st_size
    assert 0 < part_size < len(RangeHandler.payload)
    seen: list[tuple[int, int | None]] = []
    info = download(server, dest, digest, progress=lambda h, t: seen.append((h, t)))
    assert RangeHandler.requests == [None, f"bytes={part_size}-"]
    assert info["verified"] and info["sha256"] == digest and dest.read_bytes() == RangeHandler.payload
    assert seen[-1] == (len(RangeHandler.payload), len(RangeHandler.payload))


def test_checksum_mismatch_is_refused(server: str, tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="checksum mismatch"):
        download(server, tmp_path / "m.safetensors", "0" * 64)
    assert not (tmp_path / "m.safetensors").exists()


def test_a_bad_download_never_replaces_the_working_model(server: str, tmp_path: Path) -> None:
    """The installed model stays, byte for byte, when the new file fails its checksum or is no model."""
    mm = ModelManager(tmp_path / "models")
    working = mm.import_file(random_model(tmp_path / "w.safetensors"), name="mine")
    before = Path(working["path"]).read_bytes()
    RangeHandler.payload = random_model(tmp_path / "new.safetensors", seed=1).read_bytes()
    with pytest.raises(ModelError) as err:
        mm.download_known("mine", sha256="ab" * 32, url=server)
    assert str(err.value) == (
        f"checksum mismatch for mine.safetensors: got {hashlib.sha256(RangeHandler.payload).hexdigest()},"
        f" expected {'ab' * 32}; the download is kept as mine.safetensors.part.bad and the installed"
        " mine.safetensors is unchanged. Download again to start over."
    )
    assert Path(working["path"]).read_bytes() == before and mm.downloads["mine"]["state"] == "failed"
    RangeHandler.payload = b"not a model at all" * 100  # the right checksum of a broken file
    with pytest.raises(ModelError, match="not a readable safetensors file"):
        mm.download_known("mine", sha256=hashlib.sha256(RangeHandler.payload).hexdigest(), url=server)
    assert Path(working["path"]).read_bytes() == before


def test_the_published_checksum_is_used_and_one_is_required(server: str, tmp_path: Path) -> None:
    dest = tmp_path / "m.safetensors"
    with pytest.raises(ModelError, match="no sha256 is known for .* pass the file's sha256"):
        download(server, dest)
    assert not dest.exists() and not (tmp_path / "m.safetensors.part").exists()
    RangeHandler.published = hashlib.sha256(RangeHandler.payload).hexdigest()
    info = download(server, dest)
    assert info["verified"] and info["sha256"] == RangeHandler.published
    RangeHandler.published = "0" * 64
    with pytest.raises(ModelError, match="checksum mismatch"):
        download(server, tmp_path / "n.safetensors")
    assert not (tmp_path / "n.safetensors").exists()


def test_a_catalog_download_is_checked_against_the_catalog(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The catalog's own checksum decides, whatever the server publishes; nothing is installed on a miss."""
    import dataclasses

    from gpuaccel.assistant.engine import models

    st = random_model(tmp_path / "r.safetensors")
    RangeHandler.payload = st.read_bytes()
    good = hashlib.sha256(RangeHandler.payload).hexdigest()
    entry = dataclasses.replace(models.known("rwkv7-g1-0.1b"), url=server, size=len(RangeHandler.payload))
    monkeypatch.setattr(models, "CATALOG", (dataclasses.replace(entry, sha256="cd" * 32),))
    RangeHandler.published = good  # the server vouches for its bytes; the catalog does not
    mm = ModelManager(tmp_path / "models")
    with pytest.raises(ModelError, match=f"checksum mismatch .* expected {'cd' * 32}"):
        mm.download_known("rwkv7-g1-0.1b")
    assert not list((tmp_path / "models").glob("rwkv7-g1-0.1b.safetensors"))
    monkeypatch.setattr(models, "CATALOG", (dataclasses.replace(entry, sha256=good),))
    RangeHandler.published = None  # no checksum from the server: the catalog's is enough
    (tmp_path / "models" / "rwkv7-g1-0.1b.safetensors.part.bad").unlink()
    info = mm.download_known("rwkv7-g1-0.1b")
    assert info["state"] == "done" and info["verified"] and info["sha256"] == good


def test_import_pth_converts_to_safetensors(tmp_path: Path) -> None:
    from safetensors.torch import load_file

    st = random_model(tmp_path / "r.safetensors")
    torch.save(load_file(str(st)), tmp_path / "r.pth")
    mm = ModelManager(tmp_path / "models")
    info = mm.import_file(tmp_path / "r.pth", name="mine")
    tensors, _ = read_safetensors(Path(info["path"]))
    assert "blocks.0.att.r_k" in tensors and mm.resolve("mine") == Path(info["path"])
    (tmp_path / "junk.txt").write_text("x")
    with pytest.raises(ModelError, match=".pth or .safetensors"):
        mm.import_file(tmp_path / "junk.txt")


def test_catalog_and_fit_messages() -> None:
    names = {m.name for m in CATALOG}
    assert {"rwkv7-world-0.1b", "rwkv7-g1-2.9b"} <= names
    for m in CATALOG:  # every released file is pinned by its size and checksum, from its own URL's name
        assert len(m.sha256) == 64 and int(m.sha256, 16) >= 0 and m.sha256 == m.sha256.lower()
        assert 1.9 < m.size / (m.params_m * 1e6) < 2.1 and m.url.endswith(".pth"), m.name
    assert len({m.sha256 for m in CATALOG}) == len(CATALOG)
    big = next(m for m in CATALOG if m.name == "rwkv7-g1-2.9b")
    msg = fit_message(big.vram_bytes, "cuda fp16", free_vram=2 * 2**30)
    assert msg is not None and "GiB of GPU memory" in msg and "2.0 GiB is free" in msg
    assert fit_message(100, "cuda fp16", free_vram=2**30) is None
    assert "RAM" in (fit_message(2**50, "cpu fp32") or "")
