"""The daemon's HTTP client, used by the CLI and the GUI (from worker threads, never the GUI thread).

It finds a local daemon from the data dir (``daemon.json`` for the address, ``token`` for the secret), or
talks to any daemon given ``base_url`` and ``token`` (``$GPUACCEL_URL`` / ``$GPUACCEL_TOKEN``). Failures
are three exceptions a caller can show as they are: :class:`DaemonNotRunning` (says how to start one),
:class:`Unauthorized`, and :class:`ApiError` (HTTP status and the daemon's detail, 422s spelled out).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import httpx

from gpuaccel.scheduler.paths import TOKEN_ENV, DataDir

URL_ENV = "GPUACCEL_URL"
FINISHED = ("succeeded", "failed", "cancelled")


class ClientError(Exception):
    pass


class DaemonNotRunning(ClientError):
    pass


class Unauthorized(ClientError):
    pass


class ApiError(ClientError):
    def __init__(self, status: int, detail: Any) -> None:
        self.status = status
        self.detail = detail
        super().__init__(f"HTTP {status}: {format_detail(detail)}")


def format_detail(detail: Any) -> str:
    """FastAPI's 422 list (``[{"loc", "msg"}]``) as ``spec.size: must be ...``; anything else as text."""
    if isinstance(detail, list):
        parts = []
        for item in detail:
            if isinstance(item, dict):
                loc = [str(x) for x in item.get("loc", []) if x not in ("body", "query", "path")]
                parts.append(f"{'.'.join(loc) or 'request'}: {item.get('msg', item)}")
            else:
                parts.append(str(item))
        return "; ".join(parts)
    return str(detail)


def _start_hint(data_dir: DataDir) -> str:
    default = DataDir.resolve(None).root == data_dir.root
    return "gpuaccel serve" + ("" if default else f" --data-dir {data_dir.root}")


class Client:
    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        timeout: float = 10.0,
    ) -> None:
        self.data_dir = DataDir.resolve(data_dir)
        self._base_url = base_url or os.environ.get(URL_ENV) or None
        self._token = token or (os.environ.get(TOKEN_ENV) if self._base_url else None)
        self.timeout = timeout
        self._http: httpx.Client | None = None

    # -- connection -------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self._base_url:
            return self._base_url.rstrip("/")
        info = self.data_dir.read_daemon_info()
        if info is None:
            raise DaemonNotRunning(
                f"no gpuaccel daemon is running for data dir {self.data_dir.root}; start one with: "
                f"{_start_hint(self.data_dir)}"
            )
        host = str(info.get("host", "127.0.0.1"))
        host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
        return f"http://[{host}]:{info['port']}" if ":" in host else f"http://{host}:{info['port']}"

    def _client(self) -> httpx.Client:
        if self._http is None:
            base_url = self.base_url
            token = self._token or self.data_dir.read_token()
            if not token:
                raise Unauthorized(f"no API token: {self.data_dir.token_file} is missing; set ${TOKEN_ENV}")
            self._http = httpx.Client(
                base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=self.timeout
            )
        return self._http

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _not_running(self, exc: Exception) -> DaemonNotRunning:
        url = self._base_url or "(unknown)"
        try:
            url = self.base_url
        except DaemonNotRunning as inner:
            return inner
        if self._base_url:
            return DaemonNotRunning(f"no gpuaccel daemon answers at {url} ({exc})")
        info = self.data_dir.read_daemon_info() or {}
        return DaemonNotRunning(
            f"no gpuaccel daemon answers at {url} (daemon.json names pid {info.get('pid')}, which may have "
            f"crashed); start one with: {_start_hint(self.data_dir)}"
        )

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        try:
            response = self._client().request(method, path, **kw)
        except (httpx.ConnectError, httpx.RemoteProtocolError) as exc:
            self.close()
            raise self._not_running(exc) from None
        except httpx.TimeoutException as exc:
            raise ClientError(
                f"the daemon at {self.base_url} did not answer within {self.timeout:g} s"
            ) from exc
        self._check(response)
        return response

    def _check(self, response: httpx.Response) -> None:
        if response.status_code == 401:
            raise Unauthorized(
                f"the daemon at {self.base_url} rejected the token (from "
                f"{'$' + TOKEN_ENV if self._token else self.data_dir.token_file}); use that daemon's token"
            )
        if response.status_code >= 400:
            try:
                detail = response.json().get("detail")
            except Exception:
                detail = response.text
            raise ApiError(response.status_code, detail)

    def _json(self, method: str, path: str, **kw: Any) -> Any:
        return self.request(method, path, **kw).json()

    # -- the API ------------------------------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        return self._json("GET", "/api/v1/health")

    def submit(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Submit a job: ``submit("command", argv=[...])`` or ``submit("matmul", spec={...}, gpus=1)``."""
        return self._json("POST", "/api/v1/jobs", json={"kind": kind, **fields})

    def list_jobs(
        self,
        state: str | list[str] | None = None,
        kind: str | None = None,
        labels: dict[str, str] | None = None,
        limit: int = 100,
    ) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"limit": limit}
        if state:
            params["state"] = state if isinstance(state, str) else ",".join(state)
        if kind:
            params["kind"] = kind
        if labels:
            params["label"] = [f"{k}={v}" for k, v in labels.items()]
        return self._json("GET", "/api/v1/jobs", params=params)["jobs"]

    def get_job(self, job_id: int) -> dict[str, Any]:
        return self._json("GET", f"/api/v1/jobs/{job_id}")

    def cancel(self, job_id: int) -> dict[str, Any]:
        return self._json("POST", f"/api/v1/jobs/{job_id}/cancel")

    def retry(self, job_id: int) -> dict[str, Any]:
        return self._json("POST", f"/api/v1/jobs/{job_id}/retry")

    def set_priority(self, job_id: int, priority: int) -> dict[str, Any]:
        return self._json("POST", f"/api/v1/jobs/{job_id}/priority", json={"priority": priority})

    def log(self, job_id: int, tail: int = 200) -> str:
        return self.request("GET", f"/api/v1/jobs/{job_id}/log", params={"tail": tail}).text

    def follow_log(self, job_id: int, tail: int = 200) -> Iterator[str]:
        """Yield log lines as they are written, until the job ends (server-sent events)."""
        url = f"/api/v1/jobs/{job_id}/log/stream"
        try:
            with self._client().stream("GET", url, params={"tail": tail}, timeout=None) as response:
                if response.status_code >= 400:
                    response.read()
                    self._check(response)
                event = None
                for line in response.iter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") or line == "data:":
                        if event == "end":
                            return
                        yield line[6:]
                    elif not line:
                        event = None
        except (httpx.ConnectError, httpx.RemoteProtocolError) as exc:
            self.close()
            raise self._not_running(exc) from None

    def wait(self, job_id: int, timeout: float | None = None, poll_s: float = 0.2) -> dict[str, Any]:
        """Block until the job has finished (succeeded, failed, cancelled) and return it."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            job = self.get_job(job_id)
            if job["state"] in FINISHED:
                return job
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError(f"job {job_id} still {job['state']} after {timeout:g} s")
            time.sleep(poll_s)

    def events(self, after: int = 0, limit: int = 100, job_id: int | None = None) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"after": after, "limit": limit}
        if job_id is not None:
            params["job_id"] = job_id
        return self._json("GET", "/api/v1/events", params=params)["events"]

    def telemetry_now(self) -> dict[str, Any]:
        return self._json("GET", "/api/v1/telemetry/now")

    def telemetry_history(
        self,
        gpu: int,
        fields: list[str],
        since: float | None = None,
        until: float | None = None,
        resolution: str = "1s",
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"gpu": gpu, "fields": ",".join(fields), "resolution": resolution}
        if since is not None:
            params["since"] = since
        if until is not None:
            params["until"] = until
        return self._json("GET", "/api/v1/telemetry/history", params=params)

    def idle(self) -> dict[str, Any]:
        return self._json("GET", "/api/v1/idle")

    def metrics(self) -> str:
        return self.request("GET", "/metrics").text
