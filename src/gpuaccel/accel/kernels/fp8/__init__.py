"""FP8 (e4m3) attention forward: quantisation and the entry point."""
