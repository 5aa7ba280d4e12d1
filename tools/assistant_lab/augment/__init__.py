"""Rewordings of training questions: synonyms, idioms, noise words and sentence shapes."""
