"""A jinja2 sandbox with bounds: content's expressions may compute, never hang or eat memory.

jinja2's sandbox keeps expressions from reaching Python's insides, but not from asking for
`'x' * 10**10`, `range(10**9)` nested in itself, `'%0999999999d' % 1` or a string that
doubles in a loop. Here every operation that can make a value larger than its inputs is
checked before it runs, loops are bounded by `range`, lists are immutable, and a deadline
on the thread's CPU time (`deadline`) ends whatever is left, such as nested loops over
content, in whichever thread the expression runs.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any

from jinja2 import Environment, Template, pass_environment, pass_eval_context, utils
from jinja2 import filters as jf
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import EvalContext, Node
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment

from bastelbogen.core import limits
from bastelbogen.core.budget import tick


class Bounds(Exception):
    """An expression asked for more than the limits allow; the message says what."""


def _sized(value: object) -> int:
    return len(value) if isinstance(value, str | list | tuple) else 0


def _check_size(n: int, what: str) -> None:
    if n > limits.MAX_STRING:
        raise Bounds(
            f"{what} would make {n:,} characters or entries; at most"
            f" {limits.MAX_STRING:,} are allowed"
        )


def _check_width(value: object, what: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        _check_size(abs(value), what)


def _range(*args: int) -> range:
    span = range(*args)
    if len(span) > limits.MAX_RANGE:
        raise Bounds(f"range of {len(span):,} numbers; at most {limits.MAX_RANGE:,}")
    return span


_WIDTHS = re.compile(r"\d+")
_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _check_format_spec(spec: str) -> None:
    if "{" in spec:
        raise Bounds("a format width taken from an argument is not allowed")
    for digits in _WIDTHS.findall(spec):
        _check_width(int(digits), "a format width")


def _check_printf(text: str, args: Iterable[object] = ()) -> None:
    """'%0999999d' asks for a width, '%s%s%s…' % (big,) * n repeats an argument."""
    _check_size(len(text) + text.count("%") * _longest(args), "this formatting")
    for width, precision in _PRINTF.findall(text):
        for part in (width, precision):
            if part == "*":
                raise Bounds("a format width taken from an argument is not allowed")
            if part:
                _check_width(int(part), "a format width")


def _check_product(left: object, right: object) -> None:
    """`'x' * n` repeats; `n * n` in a loop squares a number until one multiplication
    takes minutes: both bounded before they run."""
    for seq, n in ((left, right), (right, left)):
        if _sized(seq) and isinstance(n, int):
            _check_size(_sized(seq) * abs(n), "this repetition")
    if isinstance(left, int) and isinstance(right, int):
        _check_bits(left.bit_length() + right.bit_length(), "this product")


def _check_power(left: object, right: object) -> None:
    if isinstance(right, int | float) and abs(right) > limits.MAX_POWER:
        raise Bounds(f"an exponent of {right:g}; at most {limits.MAX_POWER}")
    if isinstance(left, int) and isinstance(right, int):
        _check_bits(left.bit_length() * abs(right), "this power")


def _check_bits(bits: int, what: str) -> None:
    if bits > 64 * limits.MAX_POWER:  # as many bits as a number to the largest power
        raise Bounds(f"{what} would have too many digits")


class BoundedNamespace(utils.Namespace):
    """`namespace()` whose values cannot grow past the limits (a string doubling in a loop)."""

    def __setitem__(self, name: str, value: object) -> None:
        _check_size(_sized(value), "this assignment")
        super().__setitem__(name, value)


class TickingCodeGenerator(CodeGenerator):
    def blockvisit(self, nodes: Iterable[Node], frame: Frame) -> None:
        self.writeline("environment.tick()")
        super().blockvisit(nodes, frame)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%"})
    code_generator_class = TickingCodeGenerator
    tick = staticmethod(tick)  # what the compiled blocks call

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.globals["range"] = _range
        self.globals["namespace"] = BoundedNamespace
        self.globals.pop("lipsum", None)  # made-up text in quantity: no game needs it
        self.filters.update(_bounded_filters())

    def call_binop(self, context: Context, operator: str, left: object, right: object) -> object:
        if operator == "*":
            _check_product(left, right)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            _check_printf(left, right if isinstance(right, tuple) else (right,))
        return super().call_binop(context, operator, left, right)

    def getattr(self, obj: object, attribute: str) -> object:
        """`item.copy`, `row.items`: a mapping's own keys come before its methods, so content
        fields named like dict methods read as the content."""
        if isinstance(obj, dict) and isinstance(attribute, str) and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        fields = 0
        for _text, field, spec, _conv in string.Formatter().parse(value.__self__):
            _check_format_spec(spec or "")
            fields += field is not None

        def bounded(
            *args: object, **kwargs: object
        ) -> str:  # '{0}{0}{0}…'.format(big) repeats its argument
            values = (
                *args,
                *kwargs.values(),
                *(args[0].values() if args and isinstance(args[0], dict) else ()),
            )
            _check_size(len(value.__self__) + fields * _longest(values), "this formatting")
            return wrapped(*args, **kwargs)

        return bounded

    def call(  # noqa: N805 - as jinja2 names it
        __self, __context: Context, __obj: object, *args: Any, **kwargs: Any
    ) -> object:
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            if name in ("center", "ljust", "rjust", "zfill") and args:
                _check_width(args[0], f"{name}()")
            elif name == "expandtabs":
                _check_size(
                    len(owner) * (args[0] if args and isinstance(args[0], int) else 8),
                    "expandtabs()",
                )
            elif name == "replace" and len(args) >= 2:
                _check_size(_replaced(owner, *args[:2]), "replace()")
            elif name == "join" and args:
                args = (list(args[0]), *args[1:])  # a generator is measured once it is made
                _check_size(_joined(owner, args[0]), "join()")
        return super().call(__context, __obj, *args, **kwargs)


def _longest(values: Iterable[object]) -> int:
    """The longest text among the values, as they would be printed (lists by their items)."""
    return max((len(v) if isinstance(v, str) else len(str(v)) for v in values), default=0)


def _joined(separator: str, items: Collection[object]) -> int:
    return len(separator) * max(len(items) - 1, 0) + sum(len(str(i)) for i in items)


def _replaced(text: str, old: object, new: object) -> int:
    if not isinstance(old, str) or not isinstance(new, str):
        return 0
    hits = len(text) + 1 if not old else text.count(old)
    return len(text) + hits * len(new)


def _bounded_filters() -> dict[str, Callable[..., object]]:
    """The filters that can make their output far larger than their input, checked first."""

    def center(value: str, width: int = 80) -> str:
        _check_width(width, "center")
        return jf.do_center(value, width)

    def indent(value: str, width: int | str = 4, *args: bool, **kwargs: bool) -> str:
        size = len(width) if isinstance(width, str) else width
        lines = str(value).count("\n") + 1
        if isinstance(size, int):
            _check_size(len(str(value)) + lines * abs(size), "indent")
        return jf.do_indent(value, width, *args, **kwargs)

    def format_(value: str, *args: object, **kwargs: object) -> str:
        _check_printf(str(value), (*args, *kwargs.values()))
        return jf.do_format(value, *args, **kwargs)

    @pass_eval_context
    def replace(
        eval_ctx: EvalContext, value: str, old: str, new: str, count: int | None = None
    ) -> str:
        _check_size(_replaced(str(value), old, new), "replace")
        return jf.do_replace(eval_ctx, value, old, new, count)

    def join(
        eval_ctx: EvalContext,
        value: Iterable[object],
        d: str = "",
        attribute: str | int | None = None,
    ) -> str:
        items = list(value) if not isinstance(value, list | tuple | str) else value
        _check_size(_joined(str(d), items), "join")
        return jf.sync_do_join(eval_ctx, items, d, attribute)

    @pass_environment
    def sum_(
        environment: Environment,
        value: Iterable[object],
        attribute: str | int | None = None,
        start: object = 0,
    ) -> object:
        items = list(value)
        if isinstance(start, list | tuple | str):  # sum() of lists copies as it goes
            _check_size(len(start) + sum(_sized(i) for i in items), "sum")
        return jf.sync_do_sum(environment, items, attribute, start)

    def slice_(
        value: Collection[object], slices: int, fill_with: object = None
    ) -> Iterator[list[object]]:
        _check_width(slices, "slice")
        return jf.sync_do_slice(value, slices, fill_with)

    return {
        "center": center,
        "indent": indent,
        "format": format_,
        "replace": replace,
        "slice": slice_,
        "join": pass_eval_context(join),
        "sum": sum_,
    }


def render_bounded(template: Template, context: Mapping[str, object]) -> str:
    """Render, stopping once the output grows past the limit."""
    parts: list[str] = []
    size = 0
    for chunk in template.generate(context):
        size += len(chunk)
        _check_size(size, "the output")
        parts.append(chunk)
    return "".join(parts)
