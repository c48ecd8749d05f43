"""platypus is loaded with two of its regular expressions compiled only when used
(render/rules/typesetting.py). Deferred, each answers exactly as reportlab's compiled pattern
would: its web address pattern finds the same addresses and splits them at the same places,
and says "no match" at once for text without "://"."""

from __future__ import annotations

import re
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import paragraph

import bastelbogen.render.rules.typesetting as typesetting

SOURCE = paragraph.uri_pat.pattern  # compiled here, if it was deferred
REAL = re.compile(SOURCE, re.I)
DEFERRED = typesetting._Deferred(re.compile, SOURCE, re.I, needs="://")
ADDRESSES = [
    "https://example.com/a/b?c=d#e",
    "http://user:pw@192.168.0.1:8080/x",
    "ftp://[::1]/file",
    "mailto:someone@example.com",
    "https://bücher.example/ä/ö",
    "www.example.com/path",
    "Kartenstapel",
    "://",
    "x://y",
]
TEXT = st.text(alphabet=st.sampled_from(list("ab.:/-@[]0189 äßK\u212a\u017f?#")), max_size=30)


def test_reportlab_s_costly_patterns_are_deferred():
    """In a process of its own (here another test may have loaded platypus first)."""
    code = (
        "import bastelbogen.render.rules.typesetting, re\n"
        "from reportlab.platypus import paragraph\n"
        "from reportlab.lib import textsplit\n"
        "print(type(paragraph.uri_pat).__name__, type(textsplit.rx).__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["_Deferred", "_Deferred"]
    assert SOURCE.startswith(typesetting._ADDRESS)  # the pattern this shortcut was written for


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.groups() == b.groups()


@given(TEXT)
def test_the_address_pattern_answers_as_compiled(text):
    for candidate in (text, f"https://{text}", f"{text}://{text}"):
        assert _same(DEFERRED.match(candidate), REAL.match(candidate))
        assert _same(DEFERRED.search(candidate), REAL.search(candidate))


def test_addresses_split_where_they_did():
    for address in ADDRESSES:
        pairs = paragraph._uri_split_pairs(address)
        real = REAL.match(address)
        assert (pairs is None) == (real is None), address
    assert paragraph._uri_split_pairs("https://example.com/a/b") == [
        ("https://example.com/a/", "b"),
        ("https://example.com/", "a/b"),
        ("https://", "example.com/a/b"),
    ]


def test_other_uses_reach_the_compiled_pattern():
    """Anything else asked of a deferred pattern is the compiled one's answer."""
    assert DEFERRED.flags == REAL.flags and DEFERRED.groups == REAL.groups
    cjk = typesetting._Deferred(re.compile, typesetting._CJK, re.UNICODE)
    assert cjk.sub(r"<\1>", "ab中c") == "ab<中>c"
    assert DEFERRED.match("https://example.com", 0) is not None  # with a start: compiled


def test_platypus_is_loaded_by_wrapped_text_alone():
    """The registries' walk passes the typesetting by: a build setting no wrapped text
    never loads platypus."""
    code = (
        "import sys\n"
        "from bastelbogen.pipeline import plugins\n"
        "import bastelbogen.pipeline.build, bastelbogen.render.rules\n"
        "plugins.load()\n"
        "print('reportlab.platypus' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
