"""The durable queue in SQLite: jobs, events, submissions, groups, telemetry history and the schema."""
