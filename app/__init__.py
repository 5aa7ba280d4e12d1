"""gpuaccel app package."""
