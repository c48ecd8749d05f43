from __future__ import annotations

import pytest

from bastelbogen.core.units import mm, parse_length, parse_pair, to_mm
from bastelbogen.layout import braille


@pytest.mark.parametrize(
    "text,expect_mm",
    [
        ("3mm", 3),
        ("0.3cm", 3),
        ("1in", 25.4),
        ("72pt", 25.4),
        ("-1.5mm", -1.5),
        ("0", 0),
        (" 2 mm ", 2),
    ],
)
def test_lengths(text, expect_mm):
    assert to_mm(parse_length(text)) == pytest.approx(expect_mm)


@pytest.mark.parametrize("bad", ["3", "3 furlongs", "mm", "", True])
def test_bad_lengths(bad):
    with pytest.raises(ValueError):
        parse_length(bad)


def test_pair():
    assert parse_pair("1.5mm,-0.5mm") == pytest.approx((mm(1.5), mm(-0.5)))
    with pytest.raises(ValueError):
        parse_pair("1mm")


def test_braille_digits_take_one_number_sign():
    assert braille.cells("12") == [(3, 4, 5, 6), (1,), (1, 2)]
    assert braille.cells("8") == [(3, 4, 5, 6), (1, 2, 5)]
    with pytest.raises(ValueError):
        braille.cells("€")


def test_braille_dimensions():
    centres = braille.dot_centres("8", 0.0, 0.0)
    xs = sorted({round(to_mm(x), 4) for x, _ in centres})
    ys = sorted({round(to_mm(y), 4) for _, y in centres})
    # Cell pitch 6.2 mm, dot pitch 2.34 mm, dots 1.44 mm across.
    assert xs == pytest.approx([0.72, 3.06, 6.92, 9.26])
    assert ys == pytest.approx([-0.72 - 4.68, -0.72 - 2.34, -0.72])
    assert to_mm(braille.size(2)[0]) == pytest.approx(6.2 + 2.34 + 1.44)
