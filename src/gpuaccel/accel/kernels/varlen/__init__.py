"""Packed variable-length attention (flash_attn_varlen_func's contract): kernels and entry point."""
