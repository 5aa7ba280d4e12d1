"""The desktop app (PySide6 + pyqtgraph): a client of the daemon. The only package that imports Qt."""
