"""A job from queued to finished: validation, dispatch, the loop, recovery and the queue controls."""
