"""Daemon extension entry: ``app.daemon`` imports this module and calls :func:`attach` with its context.

The returned service has ``router`` (mounted under ``/api/v1``), ``start()`` and ``stop()``.
"""

from __future__ import annotations

from typing import Any

from gpuaccel.assistant.service import AssistantService


def attach(ctx: Any) -> AssistantService:
    return AssistantService(ctx.data_dir.root, ctx.store, ctx.sampler, ctx.idle, db_path=ctx.data_dir.db)
