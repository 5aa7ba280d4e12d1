"""The RWKV runtime the assistant writes with: weights, WKV paths, the worker process and the idle gate."""
