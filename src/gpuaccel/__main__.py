"""``python -m gpuaccel ...`` is the ``gpuaccel`` command."""

import sys

from gpuaccel.app.cli import main

sys.exit(main())
