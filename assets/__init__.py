"""gpuaccel assets package."""
