"""``gpuaccel top``: the GPUs, their processes and the queue's jobs in a terminal, at nvitop's level.

:mod:`.model` holds what is shown as plain data, :mod:`.render` draws it (a pure function, tested without
a terminal), :mod:`.keys` maps keys and mouse to the model, :mod:`.sources` reads the daemon through
:mod:`app.client` or NVML directly, and :mod:`.screen` is the only module that touches curses' screen.
"""
