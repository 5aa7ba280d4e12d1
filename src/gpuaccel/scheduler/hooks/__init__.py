"""Finish hooks: what runs when a job has finished."""
