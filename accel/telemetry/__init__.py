"""NVML telemetry: backends, sampler, peaks."""
