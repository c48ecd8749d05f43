"""Load: files to frozen, typed models that remember where they were written (YAML, tables,
rules, kinds, options, painters as vocabulary, pictures)."""
