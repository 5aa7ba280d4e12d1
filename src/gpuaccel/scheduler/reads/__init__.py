"""What other layers and the API read: the queue, log tails, the telemetry view and the queue's metrics."""
