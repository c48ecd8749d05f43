"""A sheet (a score pad, a project mat printed as a page): no crop marks by default, no
back, and never shared. Like every component, a sheet with words is printed once per
language, each in its language's folder (de/score.pdf), so a page never mixes languages.
It is a page to write on, not cut out: no print-then-cut marks, its printer's margin only,
and several sheets on a page are parted along drawn cut guides."""

from bastelbogen.content.kinds import Kind, register


@register
class Sheet(Kind):
    name = "sheet"
    paper = "plain"
    guides = "none"
    backs = False
    takes_back = False
    safe_zone = None
    shares = False  # a page of its own: a score pad is printed again and again
    cut_out = False
