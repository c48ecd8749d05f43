"""Plain expressions (`{{ set.ink }}`) are rendered by looking their names up: for any source
and any context, that gives exactly what the sandboxed jinja2 gives, or defers to it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bastelbogen.core import templating
from bastelbogen.core.errors import ContentError, Loc

LOC = Loc("t.yaml", 1, 1)
NAMES = st.sampled_from(["set", "value", "items", "get", "true", "none", "x", "_y", "if"])
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-1000, 1000)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(NAMES, inner, max_size=3),
    max_leaves=6,
)
PIECES = st.one_of(
    st.text(alphabet="ab }{\n\r.|%#", max_size=4),
    st.builds(
        lambda names, pad: "{{" + pad + ".".join(names) + pad + "}}",
        st.lists(NAMES, min_size=1, max_size=3),
        st.sampled_from(["", " ", "  "]),
    ),
)


def by_jinja(source: str, context: dict) -> tuple[str, str]:
    if "{" not in source:  # text without an expression is never given to jinja2
        return "text", source
    try:
        return "text", templating._evaluated(source, context, LOC)
    except ContentError as exc:
        return "error", exc.problems[0].message


def by_lookup(source: str, context: dict) -> tuple[str, str]:
    try:
        return "text", templating.expand(source, context, LOC)
    except ContentError as exc:
        return "error", exc.problems[0].message


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=4).map("".join), st.dictionaries(NAMES, VALUES, max_size=4))
def test_lookup_agrees_with_jinja(source: str, context: dict) -> None:
    templating.reset()
    assert by_lookup(source, context) == by_jinja(source, context)


@pytest.mark.parametrize(
    ("source", "paths"),
    [
        ("{{ set.ink }}", (("set", "ink"),)),
        ("{{ value }} {{ set.currency }}", (("value",), ("set", "currency"))),
        ("plain words", ()),
        ("{{ value | upper }}", None),
        ("{% if x %}a{% endif %}", None),
        ("{{ true }}", None),
        ("{{ x }}\n", None),
    ],
)
def test_paths_read(source: str, paths) -> None:
    assert templating.paths_read(source) == paths
    names = templating.names_read(source)
    assert names is not None
    if paths is not None:
        assert names == {p[0] for p in paths}


def test_plain_names_never_run_jinja(monkeypatch) -> None:
    """A name looked up costs no jinja2 evaluation (the speed the lookup is for)."""
    ran = []
    monkeypatch.setattr(templating, "_evaluated", lambda *a: ran.append(a) or "")
    context = {"set": {"ink": "#123456", "currency": "Taler"}, "value": 6}
    assert templating.expand("{{ value }} {{set.currency}}", context, LOC) == "6 Taler"
    assert templating.expand("{{ set.ink }}", context, LOC) == "#123456"
    assert ran == []
    templating.expand("{{ value | string }}", context, LOC)
    assert len(ran) == 1
