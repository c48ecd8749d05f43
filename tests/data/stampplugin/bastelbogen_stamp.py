"""A plug-in for Bastelbogen: a `stamp` painter (a filled disc in the box's colour) and a
`multiple-of` check (every value of a field a multiple of a number), registered as the
engine's own are."""

from bastelbogen.checks.keys import OneField
from bastelbogen.checks.values import declared_check
from bastelbogen.content.painters import painter
from bastelbogen.core.declare import Field, Whole
from bastelbogen.core.params import COLOUR


@painter("stamp", "a filled disc in the box's colour", {"colour": COLOUR})
def paint_stamp(c, box, ctx) -> None:
    x, y, w, h = box.rect
    c.setFillColor(ctx.ink(box, "colour", "#cc0000"))
    c.circle(x + w / 2, y + h / 2, min(w, h) / 2, stroke=0, fill=1)


class MultipleOf(OneField):
    """The keys of `multiple-of`: every check's, `field`, and its own `of`."""

    of = Field(Whole(1), help="the number every value is a multiple of")


@declared_check("multiple-of", MultipleOf, "a value of `field` is not a multiple of `of`")
def multiple_of(game, keys, what, rows, variant, problems) -> None:
    for data, loc, _item in rows:
        value = data.get(keys.field)
        if isinstance(value, int) and value % keys.of:
            at = data.value_loc(keys.field) if hasattr(data, "value_loc") else loc
            problems.add(at, f"{what}: {keys.field} {value} is not a multiple of {keys.of}")
