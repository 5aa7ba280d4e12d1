"""Housekeeping: what can go inside the app's own folders, proposed first, removed only when confirmed."""
