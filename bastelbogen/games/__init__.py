"""The shipped games' own Python: their motifs and the rules that need code, one package a game.
Nothing in the engine names a game; these register themselves like any motif or check."""
