"""gpuaccel: a live NVIDIA GPU monitor, a durable GPU job queue and an idle-time RWKV assistant.

The four layers live below this package: ``accel`` (kernels, workloads, telemetry), ``scheduler`` (the
queue), ``assistant`` (the RWKV model and its tools) and ``app`` (daemon, client, CLI, GUI).
"""
