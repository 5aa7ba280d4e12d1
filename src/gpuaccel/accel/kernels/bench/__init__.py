"""Benchmark cores: our kernels beside SDPA, FlexAttention and the others in one process."""
