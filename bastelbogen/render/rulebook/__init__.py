"""The rulebook as a book: its blocks set as flowables (blocks.py), the kit's faces and
counts it shows (pictures.py, setup.py), and the A5 PDF with its contents, bookmarks, links
and running heads (book.py). Nothing here registers itself (output/rulebook.py writes it)."""

REGISTERS = False
