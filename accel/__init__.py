"""gpuaccel accel package."""
