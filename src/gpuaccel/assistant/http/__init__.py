"""The assistant over HTTP: its routes, the OpenAI-compatible endpoint and the MCP server."""
