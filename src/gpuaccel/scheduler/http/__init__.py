"""The scheduler's HTTP routes, the submit endpoint and the one shape of their errors."""
