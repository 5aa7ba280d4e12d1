"""Real English for pretraining the assistant's model: sources, corpus build, vocabulary."""
