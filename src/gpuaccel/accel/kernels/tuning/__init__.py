"""Kernel configurations, their choice per shape bucket, and the tuned values kept on disk."""
