"""gpuaccel assistant package."""
