"""A check a game file declares: every value of a field is even."""

from bastelbogen.checks.keys import OneField
from bastelbogen.checks.values import declared_check


@declared_check("arch-even", OneField, "a value of `field` is odd")
def even(game, keys, what, rows, variant, problems) -> None:
    field = keys.field
    for data, loc, _item in rows:
        value = data.get(field)
        if isinstance(value, int) and value % 2:
            at = data.value_loc(field) if hasattr(data, "value_loc") else loc
            problems.add(at, f"{what}: {field} {value} is odd; arch-even wants it even")
