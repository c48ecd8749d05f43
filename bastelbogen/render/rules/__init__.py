"""The typesetting of wrapped text: the rules page laid out in columns by reportlab's platypus,
its text templates, tables and hyphenation, and the paragraphs of cards (render/paragraphs.py).
Nothing here registers itself, so a build that sets no wrapped text never loads it
(REGISTERS: the registries' discovery passes it by); platypus itself enters through
typesetting.py alone."""

REGISTERS = False
