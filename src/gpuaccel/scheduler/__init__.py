"""gpuaccel scheduler package."""
