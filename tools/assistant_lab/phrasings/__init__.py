"""The phrasing grammar: the many ways people ask each query, as templates the corpus samples from."""
