"""Daily and per-job reports: facts, tables, plots and the page they are shown as."""
