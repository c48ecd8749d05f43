"""A sheet (a score pad, a project mat printed as a page): no crop marks by default, no
back, printed once per language of the build, like the cheat sheet, and never shared. It is
a page to write on, not cut out: no print-then-cut marks, and its printer's margin only."""

from bastelbogen.content.kinds import Kind, register


@register
class Sheet(Kind):
    name = "sheet"
    paper = "plain"
    guides = "none"
    backs = False
    takes_back = False
    safe_zone = None
    per_language = True
    shares = False  # a page of its own: a score pad is printed again and again
    cut_out = False
