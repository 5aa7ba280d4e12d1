"""The assistant's lab: picking corpus, phrasing grammar, augmentation, tiny-model training and evaluation.

Not shipped in the wheel and never imported by the runtime; run it with ``PYTHONPATH=tools``.
"""
