"""PRINT.txt in every kit: which file to print how, in the family's words."""

from __future__ import annotations

from pathlib import Path

from . import Job, Writer, register

DUPLEX = {
    "long": ("beidseitig, an der langen Kante wenden", "double-sided, flip on the long edge"),
    "short": ("beidseitig, an der kurzen Kante wenden", "double-sided, flip on the short edge"),
    "fold": ("einseitig; dann falten und kleben", "one-sided; then fold and glue"),
    "none": ("einseitig (nur Vorderseiten)", "one-sided (fronts only)"),
}


def write_guide(path: Path, files: list[dict], paper: str, duplex: str, title: str) -> None:
    """A file has backs when any of its pages holds a back: that one goes through duplex."""
    lines = [f"{title} – Druckanleitung / how to print", "",
             f"Papier / paper: {paper.upper()}, 100 % (nicht anpassen / no fit to page)", ""]
    for f in files:
        if not f["path"].endswith(".pdf"):
            continue
        sides = {item["side"] for page in f["pages"] for item in page["items"]}
        de, en = DUPLEX[duplex] if "back" in sides else ("einseitig", "one-sided")
        pages = len(f["pages"])
        lines.append(f"{f['path']:22} {pages:3} S./pp.  {de} / {en}")
    lines += ["", "Schneiden an den Schnittmarken; gestrichelte Linien sind Falze.",
              "Cut at the crop marks; dashed lines are folds."]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@register
class Guide(Writer):
    name = "guide"

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        settings = job.options.settings
        write_guide(job.staging.path("PRINT.txt"), files, settings.paper, settings.duplex,
                    job.game.title.get(job.lang))
        return []  # PRINT.txt is for people; the manifest lists what is printed
