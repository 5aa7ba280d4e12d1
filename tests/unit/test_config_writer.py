"""config.toml written by the settings screen: through tomlkit, so a file a person wrote keeps its comments,
layout, multi-line strings and tables; the daemon and ``gpuaccel config`` read it back."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gpuaccel.app.cli import main
from gpuaccel.scheduler.config import ConfigError, SchedulerConfig, config_file, write_settings

WRITTEN_BY_HAND = '''# gpuaccel settings, kept by hand
max_parallel = 2   # two jobs at once

# a multi-line string whose lines look like settings: a line-by-line writer rewrote them
on_finish = """
ray = "not a setting"
where = 'inside the string'
"""

ray = "auto"
'''


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "cfg"))
    for name in ("GPUACCEL_RAY", "GPUACCEL_WHERE", "GPUACCEL_MAX_PARALLEL", "GPUACCEL_ON_FINISH"):
        monkeypatch.delenv(name, raising=False)
    path = config_file()
    path.parent.mkdir(parents=True)
    return path


def test_settings_are_written_keeping_comments_layout_and_multiline_strings(config: Path) -> None:
    hand = WRITTEN_BY_HAND
    config.write_text(hand)
    write_settings({"ray": "10.0.0.1:6379", "where": "ray"})
    text = config.read_text()
    assert text.startswith(hand.split('ray = "auto"')[0])  # everything before the changed line, byte for byte
    assert 'ray = "10.0.0.1:6379"' in text and 'where = "ray"' in text
    assert "max_parallel = 2   # two jobs at once" in text
    values = tomllib.loads(text)
    assert values["on_finish"] == "ray = \"not a setting\"\nwhere = 'inside the string'\n"
    assert (values["ray"], values["where"], values["max_parallel"]) == ("10.0.0.1:6379", "ray", 2)
    assert main(["config"]) == 0  # the daemon's settings read it (it exited 2 on the broken file)
    write_settings({"ray": "auto"})  # and back: only that value changes
    assert config.read_text() == text.replace('ray = "10.0.0.1:6379"', 'ray = "auto"')


def test_a_new_setting_goes_before_the_first_table(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config.write_text("# top\n\n[tool]\nx = 1\n")
    monkeypatch.setattr(SchedulerConfig, "model_validate", classmethod(lambda cls, v: v))  # [tool] is ours
    write_settings({"where": "local"})
    values = tomllib.loads(config.read_text())
    assert values["where"] == "local" and values["tool"] == {"x": 1}


def test_a_file_that_is_not_toml_is_left_alone(config: Path) -> None:
    config.write_text('ray = "auto"\nthis is not = = toml\n')
    before = config.read_text()
    with pytest.raises(ConfigError, match="is not valid TOML"):
        write_settings({"where": "local"})
    assert config.read_text() == before
