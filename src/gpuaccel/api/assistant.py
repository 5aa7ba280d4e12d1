"""The assistant's HTTP contract: a pydantic model per request body and response, so OpenAPI is true.

Field names are the JSON the GUI and CLI already send and read. Request bodies refuse unknown fields and
wrong types with FastAPI's 422 shape; responses list every field the service returns.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from gpuaccel.api.limits import MAX_PATH_CHARS, Text

MAX_MESSAGE_CHARS = 4000  # a chat question; the prompt keeps about 6000 characters of conversation
MAX_MODEL_NAME_CHARS = 128
MAX_URL_CHARS = 2048
MAX_PROPOSALS = 10_000


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- the assistant's settings: defined here once; the service stores them, the gate and the GUI read them --

OnClose = Literal["cpu", "wait"]
ON_CLOSE_HELP = "when the GPU gate closes: 'cpu' continues on CPU, 'wait' pauses until it opens"
USE_GPU_HELP = "run the model on an idle GPU (false: CPU only)"


class Policy(BaseModel):
    """Where the model runs, as the user sets it; the defaults are a fresh install's."""

    on_close: OnClose = Field("cpu", description=ON_CLOSE_HELP)
    use_gpu: StrictBool = Field(True, description=USE_GPU_HELP)


class Settings(Policy):
    """The stored settings (``<data dir>/assistant.json``): the policy and the active model's path."""

    model: str = Field(description="the active model's file (the bundled model when it is missing)")


# -- requests -------------------------------------------------------------------------------------------


class SettingsIn(_Request):
    """A change of :class:`Policy`: what is left out stays."""

    on_close: OnClose | None = Field(None, description=ON_CLOSE_HELP)
    use_gpu: StrictBool | None = Field(None, description=USE_GPU_HELP)


class ChatIn(_Request):
    message: Text = Field(
        min_length=1, max_length=MAX_MESSAGE_CHARS, pattern=r"\S", description="the question (not blank)"
    )
    conversation_id: int | None = Field(None, ge=0, le=2**63 - 1, description="continue this conversation")


class ChatStopIn(_Request):
    conversation_id: int | None = Field(None, ge=0, le=2**63 - 1)


class ReportIn(_Request):
    kind: Literal["daily", "job"] = "daily"
    day: Text | None = Field(
        None, max_length=10, description="ISO date (YYYY-MM-DD) of a daily report; default today"
    )
    job_id: int | None = Field(None, ge=0, le=2**63 - 1, description="required for a job report")


class QueryIn(_Request):
    name: Text = Field(max_length=64, description="a query name (GET /assistant/queries lists them)")
    args: dict[str, Any] = Field(default_factory=dict, description="the query's arguments, as listed")


class ApplyIn(_Request):
    ids: list[Annotated[Text, Field(max_length=64)]] = Field(
        max_length=MAX_PROPOSALS, description="proposal ids from GET /assistant/housekeeping"
    )
    confirm: StrictBool = Field(False, description="false: a dry run that only says what would be done")


class ImportIn(_Request):
    path: Text = Field(
        min_length=1,
        max_length=MAX_PATH_CHARS,
        description="a .pth or .safetensors file on the daemon's machine",
    )
    name: Text | None = Field(
        None, max_length=MAX_MODEL_NAME_CHARS, description="a plain file name; default the file's own"
    )


class DownloadIn(_Request):
    name: Text = Field(
        min_length=1,
        max_length=MAX_MODEL_NAME_CHARS,
        description="a catalog name, or the (plain file) name to give the file at 'url'",
    )
    sha256: str | None = Field(None, pattern=r"^[0-9a-fA-F]{64}$")
    url: Text | None = Field(None, max_length=MAX_URL_CHARS)


class SelectIn(_Request):
    name: Text = Field(
        max_length=MAX_PATH_CHARS, description="an installed model's name; empty selects the bundled model"
    )


# -- responses ------------------------------------------------------------------------------------------


class ModelRef(BaseModel):
    name: str
    path: str


class Switch(BaseModel):
    model_config = ConfigDict(extra="allow")  # load/release events may carry more detail

    t: float
    event: str
    strategy: str | None
    reason: str


class AssistantState(BaseModel):
    state: Literal["gpu", "cpu", "idle", "paused"]
    strategy: str | None
    next_strategy: str | None
    next_device: Literal["gpu", "cpu"] | None = Field(
        description="where the next answer's model runs (null: it waits for the idle gate), from what the"
        " runtime can use: torch's CUDA, the settings, the gate"
    )
    next_device_why: str = Field(description="why, in words (e.g. 'torch 2.4.0+cpu is built without CUDA')")
    gate_open: bool
    paused_for_job: int | None
    model: ModelRef
    settings: Settings
    switches: list[Switch]
    energy: dict[str, Any] | None = Field(
        default=None,
        description="joules per generated token on the GPU (joules_per_token, or na with why), with method",
    )


class Stopped(BaseModel):
    stopped: bool


class Session(BaseModel):
    id: int
    title: str
    created_at: float
    updated_at: float


class SessionList(BaseModel):
    sessions: list[Session]


class Message(BaseModel):
    id: int
    session_id: int
    role: str
    content: str
    created_at: float
    meta: dict[str, Any]


class SessionDetail(Session):
    messages: list[Message]


class Deleted(BaseModel):
    deleted: int


class ReportSummary(BaseModel):
    id: int
    kind: Literal["daily", "job"]
    subject: str
    title: str
    created_at: float


class ReportList(BaseModel):
    reports: list[ReportSummary]


class Plot(BaseModel):
    model_config = ConfigDict(extra="allow")

    file: str


class Report(ReportSummary):
    facts: dict[str, Any] = Field(description="the numbers the report was written from")
    summary: str
    markdown: str
    plots: list[Plot]
    html: str


class Proposal(BaseModel):
    id: str
    action: Literal["trash", "purge"]
    root: str
    path: str
    size_bytes: int
    description: str


class OutsideProcess(BaseModel):
    model_config = ConfigDict(extra="allow")  # the process table's row (user, command line, age, memory...)

    pid: int
    gpu: int
    description: str = Field(description="the process in a sentence: command, user, memory, age")


class ProposalList(BaseModel):
    proposals: list[Proposal]
    refused: dict[str, str] = Field(
        default_factory=dict, description="roots left alone, with why (a link, or another user's folder)"
    )
    outside_queue: list[OutsideProcess] = Field(
        default_factory=list,
        description="GPU processes the queue did not start: information only, never proposed for stopping",
    )


class QuerySpecOut(BaseModel):
    name: str
    description: str
    input_schema: dict[str, Any] = Field(description="JSON Schema of the query's arguments")


class QuerySpecList(BaseModel):
    queries: list[QuerySpecOut]


class QueryOut(BaseModel):
    query: dict[str, Any] = Field(description="the query as run (the window with its timestamps)")
    sentence: str = Field(description="the answer in words, written from the table's numbers")
    columns: list[str]
    rows: list[list[Any]]


class ApplyResult(BaseModel):
    id: str
    ok: bool
    dry_run: bool | None = None
    message: str = Field(description="what was done, what a dry run would do, or why nothing was done")


class ApplyResults(BaseModel):
    results: list[ApplyResult]


class InstalledModel(BaseModel):
    name: str
    path: str
    bytes: int
    bundled: bool


class CatalogModel(BaseModel):
    model_config = ConfigDict(extra="allow")  # sizes and fit estimates

    name: str
    family: str
    params_m: int
    shape: str
    url: str
    size: int = Field(description="bytes of the released file")
    sha256: str = Field(description="sha256 of the released file; a download is checked against it")
    installed: bool


class ModelsOut(BaseModel):
    installed: list[InstalledModel]
    catalog: list[CatalogModel]
    active: str
    downloads: dict[str, dict[str, Any]] = Field(description="per name: state, bytes done/total, error")


class Imported(BaseModel):
    name: str
    path: str
    bytes: int


class Started(BaseModel):
    started: str
