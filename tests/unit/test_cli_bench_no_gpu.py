"""``gpuaccel bench attention`` where it cannot run says why in one line (exit 2), never a traceback."""

from __future__ import annotations

import sys

import pytest

from gpuaccel.app.cli import main


@pytest.mark.parametrize("extra", [[], ["--varlen"], ["--decode", "--batch", "1"]])
def test_without_torch_it_names_the_extra(extra, monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # the core install has no torch
    assert main(["bench", "attention", *extra]) == 2
    err = capsys.readouterr().err
    assert (
        err.strip()
        == "error: gpuaccel bench attention needs torch and triton: pip install 'gpuaccel[kernels]'"
    )


def test_without_a_gpu_it_says_so(monkeypatch, capsys) -> None:
    torch = pytest.importorskip("torch")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert main(["bench", "attention", "--decode"]) == 2
    assert "needs a CUDA GPU" in capsys.readouterr().err
