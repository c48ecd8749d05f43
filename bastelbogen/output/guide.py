"""PRINT.txt in every kit: which file to print how, in the build's languages."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.words import Table, joined
from bastelbogen.layout.imposition import printed_as
from bastelbogen.output import Job, Writer, register


def write_guide(
    path: Path, files: list[dict], settings, title: str, words: dict[str, Table]
) -> None:
    """A file has backs when any of its pages holds a back: that one goes through duplex
    (imposition.printed_as, which the kit's proof checks its pages against)."""
    lines = [
        f"{title} – {joined(words, 'how-to-print')}",
        "",
        f"{joined(words, 'paper')}: {settings.paper.upper()}, 100 % ({joined(words, 'no-fit')})",
        "",
    ]
    for f in files:
        if not f["path"].endswith(".pdf"):
            continue
        sides = {item["side"] for page in f["pages"] for item in page["items"]}
        mode = printed_as(sides, settings.duplex)
        how = joined(words, "one-sided" if mode == "one-sided" else f"duplex-{mode}")
        pages = len(f["pages"])
        lines.append(f"{f['path']:22} {pages:3} {joined(words, 'pages', '/')}  {how}")
        if len(f.get("holds", ())) > 1:  # a shared sheet: say whose parts are on it
            lines.append(f"{'':22}     {joined(words, 'holds', '/')}: {', '.join(f['holds'])}")
    if any("lang" in f for f in files):
        lines += ["", *(table["per-language"] for table in words.values())]
    lines += ["", *(table["cutting"] for table in words.values())]
    if settings.registration:
        lines += ["", *(table["registration"] for table in words.values())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@register
class Guide(Writer):
    name = "guide"
    order = 80  # reads the files written before it

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        write_guide(
            job.staging.path("PRINT.txt"),
            files,
            job.options.settings,
            job.game.title.get(job.lang),
            job.words,
        )
        return []  # PRINT.txt is for people; the manifest lists what is printed
