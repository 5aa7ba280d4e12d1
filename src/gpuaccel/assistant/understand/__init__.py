"""Understanding a question: which catalogue query answers it (rules, the picking model, words and names)."""
