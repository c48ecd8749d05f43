"""Bastelbogen: print-and-play kits from YAML."""
