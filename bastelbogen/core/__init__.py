"""The ground every stage stands on: errors with their places, lengths, geometry, safe YAML,
the bounded expression sandbox, the registry mechanism and every limit."""
