"""The HTTP request and response models every side of the daemon speaks (pydantic only)."""
