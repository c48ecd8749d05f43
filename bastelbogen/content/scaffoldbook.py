"""The starting rulebook `pnp new` writes (rulebook/de.md and rulebook/en.md): the sections
most rulebooks have, each with a line in italics that says what to write there, and the
generated blocks already in place (the component list, a figure of real cards), so the
designer sees from the first build how the book takes its counts and pictures from the kit.
Notes to the designer are Markdown's comment lines (`[//]: # (...)`), which the book does
not print; the rulebook format: content/rulebook.py, docs/guides/rulebook.md."""

from __future__ import annotations

from collections.abc import Callable

EN = """\
[//]: # (Your game's rulebook, set as an A5 book in out/{name}/en/rulebook.pdf.)
[//]: # (Replace each line in *italics* with your rules. The blocks in ``` are made)
[//]: # (from the kit: never write a number of cards by hand, write {{{{count:cards}}}}.)
[//]: # (The format, every block and key: docs/guides/rulebook.md.)

# {title}

*One or two sentences that make a player want to play: who they are, what they do.*

## Goal

*Say how a player wins: the most points, the last card standing, the first to …*

## Components

The game has {{{{count:cards}}}} {{{{name:cards}}}}:

```components
```

## Setting up

Shuffle all {{{{count:cards}}}} {{{{name:cards}}}}. *Say how many each player gets and where
the rest go.*

```figure
faces: [{faces}]
caption: Some of the cards.
```

## A turn

*Say what a player does on their turn, one step a line:*

1. *Play a card from your hand.*
2. *Draw a card.*

> *A side note: what a new player asks at this point.*

> [!EXAMPLE]
> *Anna plays … and then …*

## End of the game

*Say when the game ends and who wins (see [Goal](#goal)).*
"""

DE = """\
[//]: # (Die Spielregel eures Spiels, gesetzt als A5-Heft in out/{name}/de/rulebook.pdf.)
[//]: # (Ersetzt jede Zeile in *Kursiv* durch eure Regeln. Die Blöcke in ``` entstehen)
[//]: # (aus dem Spielmaterial: schreibt nie eine Anzahl von Hand, sondern {{{{count:cards}}}}.)
[//]: # (Das Format mit jedem Block und Schlüssel: docs/guides/rulebook.md.)

# {title}

*Ein, zwei Sätze, die Lust aufs Spiel machen: wer die Spieler sind, was sie tun.*

## Ziel

*Schreibt, wie man gewinnt: die meisten Punkte, die letzte Karte, als Erste …*

## Spielmaterial

Das Spiel enthält {{{{count:cards}}}} {{{{name:cards}}}}:

```components
```

## Spielaufbau

Mischt alle {{{{count:cards}}}} {{{{name:cards}}}}. *Schreibt, wie viele jeder bekommt und wohin
der Rest kommt.*

```figure
faces: [{faces}]
caption: Einige der Karten.
```

## Ein Zug

*Schreibt, was man in seinem Zug tut, ein Schritt je Zeile:*

1. *Spiele eine Karte aus deiner Hand.*
2. *Ziehe eine Karte.*

> *Eine Randnotiz: was neue Spieler an dieser Stelle fragen.*

> [!EXAMPLE]
> *Anna spielt … und dann …*

## Spielende

*Schreibt, wann das Spiel endet und wer gewinnt (siehe [Ziel](#ziel)).*
"""

# what the figure shows at most: a row of cards still wide enough to read on A5
SHOWN = 3


def rulebooks(name: str, title: str, ids: list[str], text: Callable[[str], str]) -> dict[str, str]:
    """The starting books by file (rulebook/<lang>.md), the figure showing the first few
    cards (`ids`: the items' ids, as the game reads them), each written as a YAML text by
    `text` (so no id of a spreadsheet's can break the block's body)."""
    faces = ", ".join(text(f"cards/{i}") for i in list(dict.fromkeys(ids))[:SHOWN])
    return {
        f"rulebook/{lang}.md": page.format(name=name, title=_title(title), faces=faces)
        for lang, page in (("de", DE), ("en", EN))
    }


def _title(title: str) -> str:
    """The game's title as the book's `# Title`: Markdown's own characters escaped, so a
    title reads as itself (`Fox_Game` no emphasis, `1. Fox` no list)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#!|{}" else ch for ch in title)
