"""A writer: one small text file beside the sheets, naming what each file holds."""

from bastelbogen.output import Writer, register


@register
class Probe(Writer):
    name = "arch-probe"
    order = 60

    def component(self, job, laid):
        path = job.staging.path(f"probe-{laid.name}.txt")
        kinds = sorted({c.kind for c in laid.components})
        path.write_text(f"{', '.join(kinds)}: {len(laid.items)} items\n")
        return [{"path": path.name, "pages": []}]
