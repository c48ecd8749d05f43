"""Bastelbogen: print-and-play kits from YAML.

The package follows the pipeline: each stage is a package, and a module calls only the
stages before its own (tests/test_architecture.py reads the stages from the folders). The
games' own Python sits between the painting and the writing: it draws with the engine's
tools, and nothing in the engine names a game.
"""

STAGES = ("core", "content", "checks", "layout", "render", "games", "output", "pipeline", "preview")
