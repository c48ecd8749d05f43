"""The cheat sheet's typesetting: the rules page laid out in columns by reportlab's platypus,
its text templates, tables and hyphenation. Nothing here registers itself, so a build that
makes no rules page never loads it (REGISTERS: the registries' discovery passes it by)."""

REGISTERS = False
