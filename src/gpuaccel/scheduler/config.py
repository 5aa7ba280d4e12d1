"""Scheduler tunables: one typed settings class read from options, ``GPUACCEL_*`` variables and config.toml.

Precedence, highest first: ``gpuaccel serve`` options, ``GPUACCEL_<FIELD>`` environment variables (upper
case, e.g. ``GPUACCEL_TICK_S=0.05``), the ``config.toml`` in the user's config dir (``$GPUACCEL_CONFIG_DIR``
or the platform's), then the defaults below. ``gpuaccel config`` shows each value with where it came from.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

import tomlkit
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from gpuaccel.accel.telemetry.peaks import config_dir

ENV_PREFIX = "GPUACCEL_"
CONFIG_FILE = "config.toml"


def config_file() -> Path:
    """The TOML file read at every settings load (it need not exist)."""
    return config_dir() / CONFIG_FILE


class ConfigError(ValueError):
    """A wrong setting; the message names it, where it came from and what is accepted."""


class SchedulerConfig(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, frozen=True, extra="forbid")

    tick_s: float = Field(0.5, gt=0)  # how often the loop wakes without a submission/exit to wake it
    heartbeat_s: float = Field(2.0, gt=0)  # how often running jobs' leases are refreshed
    lease_s: float = Field(30.0, gt=0)  # a lease not refreshed for this long belongs to a dead daemon
    kill_grace_s: float = Field(5.0, ge=0)  # SIGTERM -> SIGKILL delay on cancel and timeout
    max_parallel: int = Field(4, ge=0)  # jobs running at once, GPU or not
    retry_backoff_s: float = Field(5.0, ge=0)  # first retry delay; doubles per attempt
    retry_backoff_max_s: float = Field(600.0, ge=0)
    idle_util_pct: float = Field(10.0, ge=0, le=100)  # a GPU under this utilization counts as quiet
    idle_after_s: float = Field(60.0, ge=0)  # quiet this long -> idle
    sample_hz: float = Field(10.0, gt=0)
    history_1s_keep_s: float = Field(86400.0, ge=0)  # 1 s rows kept a day
    history_1m_keep_s: float = Field(90 * 86400.0, ge=0)  # 1 min rows kept 90 days
    progress_write_s: float = Field(0.5, ge=0)  # throttle for progress writes to SQLite
    # Each job's log on disk: past this its oldest output is dropped and the tail kept (docs/queue.md).
    log_cap_mib: float = Field(1024.0, ge=0.0625)
    # Submissions are refused (507) while the data dir's disk has less free: room for running jobs' ends.
    min_free_mib: float = Field(64.0, ge=0)
    # Finish hooks (scheduler.hooks.finish): run for every job, besides a job's own; a command line for
    # /bin/sh -c and an http(s) URL to POST to.
    on_finish: str | None = Field(None, min_length=1)
    on_finish_url: str | None = Field(None, pattern=r"^https?://")
    hook_timeout_s: float = Field(60.0, gt=0)  # a hook still running after this is killed
    allow_job_hooks: bool = True  # False: jobs' own on_finish/on_finish_url are stored but not run
    # The Ray cluster the daemon connects to at start: "" (off), "auto", a GCS host:port or the job API's
    # http(s) URL (``gpuaccel serve --ray``); and where a job that does not say runs (``--where``).
    ray: str = ""
    where: Literal["local", "ray"] = "local"

    @field_validator("ray", mode="before")
    @classmethod
    def _ray_address(cls, value: Any) -> Any:
        return check_ray_address(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _where_needs_ray(self) -> SchedulerConfig:
        if self.where == "ray" and not self.ray:
            raise ValueError(
                "where = 'ray' needs a cluster: set ray (serve --ray, $GPUACCEL_RAY or `ray` in config.toml)"
                " to 'auto' or the cluster's address"
            )
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, env_settings, TomlConfigSettingsSource(settings_cls, toml_file=config_file())

    @classmethod
    def from_env(cls, **overrides: Any) -> SchedulerConfig:
        """Options given (not None) over the environment over the config file."""
        given = {k: v for k, v in overrides.items() if v is not None}
        try:
            return cls(**given)
        except ValidationError as exc:
            raise ConfigError(_describe(exc, given)) from None
        except ValueError as exc:  # an unreadable config.toml
            raise ConfigError(f"{config_file()}: {exc}") from None

    def backoff(self, attempt: int) -> float:
        """Delay before retry number ``attempt`` (1-based): base, 2x base, 4x base, ... capped."""
        return min(self.retry_backoff_max_s, self.retry_backoff_s * 2 ** max(0, attempt - 1))

    def origins(self, given: dict[str, Any] | None = None) -> dict[str, str]:
        """Where each field's value came from: 'option', '$GPUACCEL_X', the config file, or 'default'."""
        file_values = _file_values()
        out = {}
        for name in type(self).model_fields:
            env = ENV_PREFIX + name.upper()
            if given and given.get(name) is not None:
                out[name] = "option"
            elif _env_lookup(env) is not None:
                out[name] = "$" + env
            elif name in file_values:
                out[name] = str(config_file())
            else:
                out[name] = "default"
        return out


_HOST_PORT = re.compile(r"^[A-Za-z0-9._-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$")


def check_ray_address(text: str) -> str:
    """A Ray cluster address as the daemon takes it ("" and "off" both mean none), or ValueError saying
    what is accepted."""
    text = text.strip()
    if text.lower() in ("", "off"):
        return ""
    if text == "auto" or _HOST_PORT.match(text) or re.match(r"^https?://[^\s/]+(/\S*)?$", text):
        return text
    raise ValueError(
        f"Ray address {text!r} is not one of: off, auto (the cluster this host belongs to), the GCS "
        "host:port (e.g. 10.0.0.1:6379) or the job API's URL (e.g. http://10.0.0.1:8265)"
    )


def saved_settings() -> dict[str, Any]:
    """What config.toml holds now (nothing when it is absent or unreadable), for a settings screen."""
    return _file_values()


def write_settings(values: dict[str, Any]) -> Path:
    """Set ``values`` in config.toml through tomlkit, which keeps everything else as it was (comments,
    blank lines, multi-line strings, tables, the order): checked first as the daemon would read them,
    then written whole (a temporary file renamed over it). A file that is not valid TOML is left alone
    (ConfigError names it). Returns the file."""
    path = config_file()
    try:
        doc = tomlkit.parse(path.read_text(encoding="utf-8")) if path.exists() else tomlkit.document()
    except tomlkit.exceptions.ParseError as exc:
        raise ConfigError(f"{path} is not valid TOML ({exc}); fix it or move it aside, then save") from None
    try:
        SchedulerConfig.model_validate({**_file_values(), **values})
    except ValidationError as exc:
        errors = [f"{e['loc'][0]}: {_msg(e)}" if e["loc"] else _msg(e) for e in exc.errors()]
        raise ConfigError("; ".join(errors)) from None
    for name, value in values.items():
        doc[name] = value  # a top-level key: tomlkit puts a new one before the first [table]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(tomlkit.dumps(doc), encoding="utf-8")
    os.replace(tmp, path)
    return path


def _msg(err: Any) -> str:
    return str(err["msg"]).removeprefix("Value error, ")


def _env_lookup(name: str) -> str | None:
    """Environment variables match case-insensitively, as pydantic-settings reads them."""
    wanted = name.lower()
    return next((v for k, v in os.environ.items() if k.lower() == wanted), None)


def _file_values() -> dict[str, Any]:
    import tomllib

    try:
        with open(config_file(), "rb") as f:
            return tomllib.load(f)
    except (FileNotFoundError, tomllib.TOMLDecodeError):
        return {}


def _describe(exc: ValidationError, given: dict[str, Any]) -> str:
    """One line per wrong setting, named the way the user set it."""
    lines = []
    file_values = _file_values()
    for err in exc.errors():
        if not err["loc"]:  # a rule over several settings: its message names them
            lines.append(_msg(err))
            continue
        name = str(err["loc"][0])
        env = ENV_PREFIX + name.upper()
        if name in given:
            where = f"option {name}={given[name]!r}"
        elif _env_lookup(env) is not None:
            where = f"{env}={_env_lookup(env)!r}"
        elif name in file_values:
            where = f"{name} = {file_values[name]!r} in {config_file()}"
        else:
            where = name
        if err["type"] == "extra_forbidden":
            known = ", ".join(SchedulerConfig.model_fields)
            lines.append(f"{where}: unknown setting (known: {known})")
        else:
            lines.append(f"{where}: {_msg(err)}")
    return "; ".join(lines)
