"""CLI sub-commands, one module per group; see app.cli."""
