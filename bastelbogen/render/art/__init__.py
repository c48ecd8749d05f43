"""Procedural motifs: vector art drawn from a few parameters, the same every time. Each
module here registers its motifs with `painters.motif`, and plugins.load() loads them
all: a new motif is a decorated function, a new family of them a new module. The `art`
painter (render/motifs.py) draws them."""
