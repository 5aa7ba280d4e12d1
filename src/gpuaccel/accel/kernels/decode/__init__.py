"""Decoding against a KV cache (flash_attn_with_kvcache's contract): checks, kernels, FP8 cache."""
