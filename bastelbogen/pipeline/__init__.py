"""The pipeline, one way through: load, settle options, check, lay out, paint, write."""
