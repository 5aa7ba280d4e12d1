"""The query catalogue and the functions that answer each query from the daemon's facts."""
