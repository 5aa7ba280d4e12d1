"""Versioned schema for the daemon's one SQLite database.

Each component (``scheduler``, later ``assistant``) owns an ordered list of SQL scripts; the version it
has reached is kept in ``schema_version``. Scripts are append-only: never edit a shipped one, add the
next. :func:`apply` runs the missing ones, each in its own transaction, so a crash mid-upgrade leaves
the database at a whole version.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

SCHEDULER: tuple[str, ...] = (
    # 1: jobs, events, telemetry history
    """
    CREATE TABLE jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT,
        kind TEXT NOT NULL,
        spec TEXT NOT NULL DEFAULT '{}',
        argv TEXT NOT NULL DEFAULT '[]',
        env TEXT NOT NULL DEFAULT '{}',
        cwd TEXT,
        state TEXT NOT NULL,
        priority INTEGER NOT NULL DEFAULT 0,
        gpus INTEGER NOT NULL DEFAULT 0,
        gpu_ids TEXT,
        assigned_gpus TEXT NOT NULL DEFAULT '[]',
        memory_mib INTEGER,
        max_retries INTEGER NOT NULL DEFAULT 0,
        attempt INTEGER NOT NULL DEFAULT 0,
        retry_base INTEGER NOT NULL DEFAULT 0,  -- attempts not counted against max_retries
        depends_on TEXT NOT NULL DEFAULT '[]',
        labels TEXT NOT NULL DEFAULT '{}',
        timeout_s REAL,
        created_at REAL NOT NULL,
        started_at REAL,
        finished_at REAL,
        exit_code INTEGER,
        reason TEXT,
        waiting_reason TEXT,
        progress TEXT,
        result TEXT,
        retry_at REAL,
        lease_owner TEXT,
        lease_until REAL,
        worker_pid INTEGER,
        worker_start TEXT
    );
    CREATE INDEX jobs_state_prio ON jobs (state, priority DESC, id);
    CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        t REAL NOT NULL,
        type TEXT NOT NULL,
        job_id INTEGER,
        gpu INTEGER,
        state TEXT,
        message TEXT NOT NULL DEFAULT '',
        data TEXT
    );
    CREATE INDEX events_job ON events (job_id, id);
    CREATE TABLE telemetry_1s (
        gpu INTEGER NOT NULL, t REAL NOT NULL,
        util_gpu REAL, util_mem REAL, mem_used_mib REAL, temperature_c REAL, power_w REAL,
        sm_clock_mhz REAL, mem_clock_mhz REAL, tensor_active REAL, sm_active REAL, dram_bw_util REAL,
        tflops_est REAL,
        PRIMARY KEY (gpu, t)
    ) WITHOUT ROWID;
    CREATE TABLE telemetry_1m (
        gpu INTEGER NOT NULL, t REAL NOT NULL,
        util_gpu REAL, util_mem REAL, mem_used_mib REAL, temperature_c REAL, power_w REAL,
        sm_clock_mhz REAL, mem_clock_mhz REAL, tensor_active REAL, sm_active REAL, dram_bw_util REAL,
        tflops_est REAL,
        PRIMARY KEY (gpu, t)
    ) WITHOUT ROWID;
    CREATE INDEX telemetry_1s_t ON telemetry_1s (t);
    CREATE INDEX telemetry_1m_t ON telemetry_1m (t);
    """,
    # 2: a cancel accepted while the job runs (or is being launched) is remembered until the job ends
    """
    ALTER TABLE jobs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: where a job runs (scheduler.placement.placements), the placement's id of the attempt, the node it
    # ran on
    """
    ALTER TABLE jobs ADD COLUMN "where" TEXT NOT NULL DEFAULT 'local';
    ALTER TABLE jobs ADD COLUMN placement_ref TEXT;
    ALTER TABLE jobs ADD COLUMN node TEXT;
    """,
    # 4: submission options (docs/queue.md): a not-before time; array elements (array_id is the first
    # element's job id, array_max its %N); afterany/afternotok dependencies (depends_on stays afterok);
    # per-job kill grace and warning signal; finish hooks; the idempotency key with the hash of the
    # request it first created (one job per key: the unique index holds under concurrent duplicates)
    """
    ALTER TABLE jobs ADD COLUMN not_before REAL;
    ALTER TABLE jobs ADD COLUMN array_id INTEGER;
    ALTER TABLE jobs ADD COLUMN array_index INTEGER;
    ALTER TABLE jobs ADD COLUMN array_max INTEGER;
    ALTER TABLE jobs ADD COLUMN after_any TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE jobs ADD COLUMN after_notok TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE jobs ADD COLUMN kill_grace_s REAL;
    ALTER TABLE jobs ADD COLUMN warn_signal TEXT;
    ALTER TABLE jobs ADD COLUMN warn_before_s REAL;
    ALTER TABLE jobs ADD COLUMN on_finish TEXT;
    ALTER TABLE jobs ADD COLUMN on_finish_url TEXT;
    ALTER TABLE jobs ADD COLUMN idempotency_key TEXT;
    ALTER TABLE jobs ADD COLUMN request_hash TEXT;
    CREATE UNIQUE INDEX jobs_idempotency_key ON jobs (idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX jobs_array ON jobs (array_id, array_index) WHERE array_id IS NOT NULL;
    """,
    # 5: queue controls (scheduler/lifecycle/controls.py). Groups: named queues with their own parallelism
    # (0: only
    # the daemon's limit) that can be paused; the one-row queue_state says whether the whole queue is
    # paused. Each job names its group; seq orders jobs of equal priority (a new job's seq is its id, and
    # switching two jobs swaps it); paused_at / paused_s keep a paused attempt's stopped time out of its
    # time limit, also across a daemon restart.
    """
    CREATE TABLE groups (
        name TEXT PRIMARY KEY,
        parallel INTEGER NOT NULL DEFAULT 0,
        paused INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    INSERT INTO groups (name, parallel, paused, created_at) VALUES ('default', 0, 0, 0);
    CREATE TABLE queue_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        paused INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO queue_state (id, paused) VALUES (1, 0);
    ALTER TABLE jobs ADD COLUMN "group" TEXT NOT NULL DEFAULT 'default';
    ALTER TABLE jobs ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
    UPDATE jobs SET seq = id;
    ALTER TABLE jobs ADD COLUMN paused_at REAL;
    ALTER TABLE jobs ADD COLUMN paused_s REAL NOT NULL DEFAULT 0;
    DROP INDEX jobs_state_prio;
    CREATE INDEX jobs_state_prio_seq ON jobs (state, priority DESC, seq);
    CREATE INDEX jobs_group_state ON jobs ("group", state);
    """,
    # 6 (scheduler.placement.mig): the MIG instance a job asks for ('any' or a MIG uuid) and the one it was
    # given
    """
    ALTER TABLE jobs ADD COLUMN mig TEXT;
    ALTER TABLE jobs ADD COLUMN assigned_mig TEXT;
    """,
    # 7 (scheduler.reads.queue_metrics): what removed jobs had added to /metrics' counters and histograms, so
    # that removing finished jobs never lowers a counter
    """
    CREATE TABLE removed_counts (
        metric TEXT NOT NULL,
        key TEXT NOT NULL,
        value REAL NOT NULL,
        PRIMARY KEY (metric, key)
    );
    """,
    # 8 (scheduler.placement.node_pin): the cluster node a job asks to run on (its hostname, IP or node id
    # prefix, as given); the column node (3) stays the node an attempt ran on
    """
    ALTER TABLE jobs ADD COLUMN want_node TEXT;
    """,
    # 9 (scheduler.hooks.finish): finish hooks as an outbox. A row per hook is written in the transaction
    # that finishes its job; outcome stays NULL until the hook has run and is set once, with its event; a
    # daemon started after a crash runs again every row still without one.
    """
    CREATE TABLE hook_outbox (
        id INTEGER PRIMARY KEY,
        job_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        created REAL NOT NULL,
        runs INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        ok INTEGER,
        done REAL
    );
    CREATE INDEX hook_outbox_pending ON hook_outbox (id) WHERE outcome IS NULL;
    """,
    # 10 (scheduler.store.history): the energy counter's last reading in each row (energy is its deltas, not
    # power x time from means); 1 min rows keep each reading's minimum and maximum beside its mean (a span's
    # peak is the finest rows' maximum) and the seconds of 1 s rows behind them (a partial minute weighs its
    # part). Rows written before this have NULL there, and the history reads say their numbers are means.
    """
    ALTER TABLE telemetry_1s ADD COLUMN energy_j REAL;
    ALTER TABLE telemetry_1m ADD COLUMN energy_j REAL;
    ALTER TABLE telemetry_1m ADD COLUMN seconds REAL;
    ALTER TABLE telemetry_1m ADD COLUMN util_gpu_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN util_gpu_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN util_mem_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN util_mem_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN mem_used_mib_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN mem_used_mib_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN temperature_c_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN temperature_c_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN power_w_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN power_w_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN sm_clock_mhz_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN sm_clock_mhz_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN mem_clock_mhz_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN mem_clock_mhz_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN tensor_active_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN tensor_active_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN sm_active_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN sm_active_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN dram_bw_util_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN dram_bw_util_max REAL;
    ALTER TABLE telemetry_1m ADD COLUMN tflops_est_min REAL;
    ALTER TABLE telemetry_1m ADD COLUMN tflops_est_max REAL;
    """,
    # 11 (api.ray_job, scheduler.placement.ray_jobs): what a cluster job asks of Ray beyond GPUs: CPUs, host
    # memory, custom resources (JSON object) and its runtime env (JSON: working_dir, pip or uv)
    """
    ALTER TABLE jobs ADD COLUMN cpus REAL;
    ALTER TABLE jobs ADD COLUMN ram_mib INTEGER;
    ALTER TABLE jobs ADD COLUMN resources TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE jobs ADD COLUMN runtime_env TEXT;
    """,
)


def current_version(conn: sqlite3.Connection, component: str) -> int:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
    )
    row = conn.execute("SELECT version FROM schema_version WHERE component = ?", (component,)).fetchone()
    return int(row[0]) if row else 0


def apply(conn: sqlite3.Connection, component: str, scripts: Sequence[str]) -> int:
    """Bring ``component`` up to ``len(scripts)``; returns the new version. ``conn`` must be autocommit."""
    version = current_version(conn, component)
    if version > len(scripts):
        raise RuntimeError(
            f"database schema for {component!r} is at version {version}, newer than this gpuaccel "
            f"knows ({len(scripts)}); upgrade gpuaccel or use another --data-dir"
        )
    for number in range(version + 1, len(scripts) + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(scripts[number - 1]):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version (component, version) VALUES (?, ?) "
                "ON CONFLICT (component) DO UPDATE SET version = excluded.version",
                (component, number),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return len(scripts)


def _statements(script: str) -> list[str]:
    # Our scripts hold no semicolons inside literals or triggers, so a plain split is exact.
    return [s.strip() for s in script.split(";") if s.strip()]
