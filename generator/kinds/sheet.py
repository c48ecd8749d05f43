"""A sheet (a score pad, a project mat printed as a page): no crop marks by default, no
back, and printed once per language of the build, like the cheat sheet."""

from . import Kind, register


@register
class Sheet(Kind):
    name = "sheet"
    marks = False
    backs = False
    takes_back = False
    safe_zone = False
    per_language = True
