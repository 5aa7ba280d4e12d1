"""Dense attention: the tl.* forward/backward kernels, their launchers, and the public dense entry points."""
