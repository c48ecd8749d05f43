"""The shipped games' own Python: their motifs and the rules that need code, one package a game.
Nothing in the engine names a game; these register themselves like any motif or check.

Each game is a plug-in of Bastelbogen's own distribution: pyproject.toml declares its
package in the `bastelbogen.motifs` entry-point group and its checks module, by the game's
id, in `bastelbogen.game_rules`, as another distribution declares its plug-ins
(docs/plugins.md). Nothing here is found by its place on disk."""
