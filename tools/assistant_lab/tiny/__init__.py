"""The bundled tiny RWKV-7: its training text, batches, trainer and files."""
