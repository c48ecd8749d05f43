"""Every size limit on content, in one place.

Content comes from strangers, so every input has a ceiling: past it the build stops with a
located error instead of hanging or eating the machine. Each ceiling sits far above what a
real game needs; the comment beside it gives the largest value among the shipped kits
(Museo, My Town, Münchhausen, MiniPilo) and the goal it must leave room for.
"""

from __future__ import annotations

# Files. The largest shipped YAML file is 6.6 KB (museo/game.yaml); a 30,000-card table
# written out is about 3 MB.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Pictures and fonts are binary and larger; Vera Bold is 58 KB, a 300 dpi A4 photo ~10 MB.
MAX_BINARY_BYTES = 64 * 1024 * 1024
# A kit's remembered results (core/remembered.py): numbers under their hashes, one for each
# paragraph a kit fits and each word it hyphenates; a 10,000-card deck with a paragraph on
# each card remembers about 10,000 (0.7 MB), a 30,000-card one with one on both sides
# about 62,000 (4.5 MB). Past this the most recent are kept.
MAX_REMEMBERED_BYTES = 8 * 1024 * 1024
# A file of the previous kit copied to be used again (core/remembered.py `reuse_file`, a piece
# at a time): a larger one is made anew. A 30,000-card deck's sheets are about 40 MB.
MAX_REUSED_BYTES = 1024 * 1024 * 1024
# What a build reads, hashed to tell an unchanged kit (core/inputs.py): the shipped kits read
# about 90 files and 700 KB (their folder, every template, the fonts, the package's data); a
# game with this many more is drawn anew each time rather than hashed.
MAX_INPUT_FILES = 20_000
MAX_INPUT_BYTES = 1024 * 1024 * 1024
# An earlier kit's manifest, read by --changed-since (pipeline/earlier.py): the shipped kits'
# are 40-400 KB, a 30,000-card deck's about 30 MB; a larger one is no earlier build of ours.
MAX_MANIFEST_BYTES = 512 * 1024 * 1024

# YAML. Values after expanding aliases: the largest shipped file has 755 (museo/game.yaml),
# all shipped files together 6,963; a 30,000-card table about 250,000. An alias bomb passes
# a billion.
MAX_YAML_NODES = 500_000
# Digits of a whole number, in YAML or a table's cell: the largest shipped number is 20,000.
# Past 4,300 Python refuses to read one, past 309 no float holds it.
MAX_NUMBER_DIGITS = 20
# Nesting: the deepest shipped file nests 8 levels.
MAX_YAML_DEPTH = 64
# One text: the longest shipped one (a score sheet's rows) has 594 characters.
MAX_TEXT_CHARS = 20_000

# Items a game expands to: the largest shipped kit has 214 (Museo); we must build 30,000.
MAX_ITEMS = 100_000

# Ids that become file names: the longest shipped one has 24 characters.
MAX_ID_CHARS = 64
# One file or folder name a kit writes (a shop profile's `files` made from ids): what
# file systems hold (NAME_MAX on Linux and macOS, in UTF-8 bytes). The shipped kits' shop
# exports make at most 27 bytes ("999-kommunikation-front.png").
MAX_FILE_NAME_BYTES = 255
# Folders deep an output folder (`--out`) lies, counted from the file system's root: a real
# one lies a few dozen deep (the shipped kits go to out/<game>). pathlib makes each missing
# folder in a nested call, and thousands of them end in a RecursionError, not in a kit.
MAX_OUT_DEPTH = 128
# A full path in bytes, where the system cannot say its own (no pathconf): Linux's PATH_MAX,
# the larger of Linux's and macOS's (1,024), so only a path the system refuses fails.
MAX_PATH_BYTES = 4096

# Lengths of items, boxes, boards, shop trims and die-line coordinates: the largest shipped
# item is Museo's board, 444 mm; a poster is 1,189 mm (A0). Larger numbers are a typo or an
# attack on the geometry (a curve through 1e308 is measured forever).
MAX_LENGTH_MM = 2_000.0
# Font sizes in points: the largest shipped is 60 pt (Münchhausen's values).
MAX_FONT_SIZE = 1_000.0
# Icons written in text as :name: (content/icons.py): an icon is as tall as `size` times its
# text's font size, 1 by default (1 em); a game names a few dozen (the shipped kits none,
# the tutorial's deck two); an icon's file is a symbol of a few KB (the tutorial's are
# 0.5 KB), so a larger one is a picture drawn small, refused where the game names it.
MIN_ICON_SIZE = 0.25
MAX_ICON_SIZE = 4.0
MAX_ICONS = 1_000
MAX_ICON_NAME_CHARS = 40
MAX_ICON_BYTES = 2 * 1024 * 1024
# Icons in one text: a card's or a rule's few; reportlab breaks a paragraph's lines in time
# that grows with the square of its pictures (2,800 icons: 23 s a layout, fitted five times).
MAX_ICONS_IN_TEXT = 100
# Cells along one side of a `cells` grid: a chess board has 8, a wargame's map of squares some
# 40; the shipped kits draw none with it.
MAX_GRID_CELLS = 200
# Boxes on one face, a repeated box's copies (`repeat:`) counted each: the largest shipped
# layout has 20 (minipilo/project); a 0-49 score track is 100 (a space and its number
# each), a wargame's map of 40 x 40 hexes with labels 3,200. Checked before a copy is made.
MAX_BOXES = 10_000

# Pixels of one picture, read or written (a user's PNG or JPEG, one embedded in an SVG, a
# shop profile's picture, an exported face or contact sheet). The shipped kits draw their
# own; the largest shop profile is 825 x 1125 (0.9 megapixels), the largest exported face
# at the default 300 dpi is MiniPilo's board, 520 x 510 mm: 37 megapixels. An A4 page at
# 600 dpi is 35 megapixels, which is all a home printer can use.
MAX_PIXELS = 40_000_000
# Scans of one JPEG: a progressive JPEG is decoded once per scan over the whole picture, so a
# file of a few hundred KB repeating a scan thousands of times keeps the decoder busy for
# minutes. Encoders write 1 (baseline) to about 10 (progressive); mozjpeg's tuned ones some 20.
MAX_JPEG_SCANS = 100
# Resolutions a picture is exported at (--dpi, a shop profile's dpi): shops ask for 300.
EXPORT_DPI = (72, 1200)

# SVG, pictures and die lines alike (content/svg.py). The largest shipped SVG is a die
# line of 546 bytes and 3 elements (examples/bienenstock); an SVG with an embedded photo
# is a few MB, a detailed illustration some thousand elements.
MAX_SVG_BYTES = MAX_FILE_BYTES
MAX_SVG_ELEMENTS = 20_000  # after <use> copies are counted
MAX_SVG_NESTING = 4  # SVG pictures drawn inside SVG pictures, one in another
# Corners of one outline: a polygon as written, or a die line once its curves are
# followed (all its outlines together). The shipped die line has 222 (bienenstock's
# queen); a hand-written polygon a dozen.
MAX_CORNERS = 5_000
MAX_PATH_DATA = 100_000  # characters of SVG path data written in a game file
# A curve is followed in chords of about 0.5 mm, at least this many and at most this many
# to a segment: a circle 2 m round, in 400 chords, is followed to within 0.01 mm.
MIN_CURVE_STEPS, MAX_CURVE_STEPS = 4, 400

# Tables from files (CSV, TSV, XLSX, ODS): the shipped workbook (examples/vogelquartett)
# has 171 cells in two sheets; a 30,000-card table of 20 columns has 600,000 cells. Each
# cell read is kept with its place, some 200 bytes: a million stay under the 300 MB a
# 30,000-card build may take, where five million took 750 MB (a 10 MB CSV of 100,000 rows
# of 50 cells). A zip bomb unpacks to gigabytes, two far-apart cells span a billion.
MAX_CELLS = 1_000_000
# Unpacked, a workbook of a million cells is some 47 MB (openpyxl writes 47 bytes a cell; a
# 30,000-card sheet of 20 columns is 28 MB); each part is counted by pattern as it unpacks,
# some 10 MB a second at worst (a part of tiny tags), so 256 MiB of them took 27 s.
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
# Cells of one row of a CSV or TSV (a workbook's are bounded by its grid): a spreadsheet
# program has 16,384 columns (A to XFD); the shipped tables have 7. A line of ten million
# commas is ten million cells.
MAX_ROW_CELLS = 16_384
# Rows of one workbook sheet: a spreadsheet program has 1,048,576; rows beyond them, even
# empty, are a file made to keep the reader counting.
MAX_SHEET_ROWS = 1_048_576
# Bytes of text one sheet's cells hold once read: a shared string (XLSX) counts at every
# cell that names it, a repeated cell (ODS) at every place it repeats to. A 30,000-card
# table of 20 columns holds about 12 MB; one string of a megabyte named by 100,000 cells
# is 100 GB.
MAX_SHEET_TEXT_BYTES = 64 * 1024 * 1024
# One XML tag of a workbook part, or one run of text in it: a real tag has a few hundred
# bytes, and a spreadsheet program holds at most 32,767 characters (128 KB) in a cell.
MAX_TAG_BYTES = 1024 * 1024
# A native reader (the spreadsheet reader) runs in a child process held to these: reading a
# 30,000-row table of 20 columns takes 1.3 s and 95 MiB there; past the limits its child ends
# and the file is a located error, the build goes on telling it.
READER_MEMORY_BYTES = 1024**3  # beyond what the child inherits, within MAX_MEMORY_BYTES
READER_CPU_SECONDS = 60
READER_WALL_SECONDS = 180  # a child that sends nothing for this long is ended
# --jobs: a worker that dies is noticed when its pipe ends, or at the latest this often (a
# reader it forked may hold its pipe open). A worker the build stops (another died, a task
# failed, Ctrl-C) may take this long to undo what it started (a game's staging folder
# removed: a few milliseconds), then it is killed.
WORKER_LOOK_SECONDS = 0.5
WORKER_STOP_SECONDS = 5.0

# Colours a `distinguishable` check compares, two by two: the largest shipped palette has
# 8; a palette, never a photo (256 colours are 32,640 pairs, each compared in four
# visions).
MAX_COLOURS = 256
# Lines of one cheat sheet: the shipped ones have a few dozen; far more than a page holds
# is said before laying out.
MAX_CHEATSHEET_BLOCKS = 300
# A rulebook's source (content/rulebook.py): a long rulebook has some 60,000 characters and a
# few hundred blocks; a stranger's megabytes are refused before they are parsed or set.
MAX_RULEBOOK_CHARS = 400_000
MAX_RULEBOOK_BLOCKS = 3000
# Faces one figure of a rulebook shows: a hand of cards, a row of tiles, not the deck.
MAX_FIGURE_FACES = 24
# Pieces one set-up of a rulebook lays on its board: a table ready to play, not the box.
MAX_SETUP_PIECES = 200
# The smallest the cheat sheet's text is set, of its size, to fit its page: below it the
# text is too small to read, and the build names the text that no longer fits.
MIN_CHEATSHEET_SCALE = 0.72
# The preview lists every face and sheet page (faces deduplicated by their art) and draws
# a picture when it is asked for. A build draws at once at most this many faces it has not
# drawn before (the largest shipped game has 180; a 30,000-card deck's first build would
# hold its first picture back for minutes): the rest are drawn when the page asks.
MAX_PREVIEW_DRAWN = 1_000
# The pictures the preview keeps drawn, in bytes of PNG (a face at 110 dpi is 30-150 KB,
# an A4 sheet at 40 dpi about 100 KB): past it the least recently asked for is dropped,
# and drawn again when it is asked for again.
MAX_PREVIEW_PICTURE_BYTES = 256 * 1024**2
# The largest picture the preview draws, in pixels: an A4 sheet at 440 dpi (about 19
# million; at 880 dpi it would be 75 million, 225 MB while drawn) or a 63 x 88 mm card at
# 880 dpi (7 million). A larger one is refused (404).
MAX_PREVIEW_PICTURE_PIXELS = 20_000_000
# Folders the preview watches for saves (the game's and the templates', links not
# followed), each one inotify watch of the user's 8,192 or more: the shipped games have
# 1 or 2 each, the shipped templates 5.
MAX_WATCHED_FOLDERS = 1_000
# The live preview's server (`pnp serve`). A page in a browser holds one event stream and
# up to six other connections; these leave room for many tabs, and hold against a program
# on the machine that opens hundreds (bench/preview_load.py: 200 streams and 200 slow
# clients). Past a cap a client is told 503 and closed.
MAX_PREVIEW_CONNECTIONS = 512  # open at once, event streams among them
MAX_PREVIEW_STREAMS = 256  # event streams (/events) open at once
# A request's head, its request line and headers: Chromium sends about 600 bytes in 12
# lines.
MAX_PREVIEW_HEADER_BYTES = 16 * 1024
MAX_PREVIEW_HEADERS = 64  # lines, the request line among them
# Seconds to send a request's whole head (a kept-alive connection waits as long for the
# next): a slow or silent client is dropped then. A browser sends its head at once.
PREVIEW_HEADER_SECONDS = 5.0
# Seconds a client may take to read a piece of an answer (64 KiB, or an event) before it
# is dropped: a page on this machine takes it at once.
PREVIEW_WRITE_SECONDS = 30.0
# Seconds a refused request's connection is read on before it is closed, so that the client
# gets the refusal (closing with unread bytes would reset the connection).
PREVIEW_LINGER_SECONDS = 2.0
# The body of a switch of the preview's options (POST /options): every option the preview
# switches set at once is about 300 bytes of JSON; the body is read whole before parsing.
MAX_PREVIEW_OPTIONS_BYTES = 4 * 1024
# Print quality (preflight warnings; errors with --strict): text under 6 pt is hard to
# read, a picture under 150 dpi looks soft. The shipped kits pass both: they draw their
# pictures as vectors.
MIN_TEXT_PT = 6.0
MIN_PRINT_DPI = 150.0
# A saddle-stitched booklet (layout/booklet.py): 128 pages are 32 sheets, some 3.5 mm of
# 80 g/m² paper at the fold, about what a stapler reaches through and a fold still closes;
# paper over half a millimetre thick is board, which is not folded into a booklet.
MAX_BOOKLET_PAGES = 128
MAX_PAPER_THICKNESS_MM = 0.5
# A preflight warning found at several places of one component for one cause is told once,
# naming this many of its places (checks/grouped.py); --verbose names every place.
MAX_PLACES_TOLD = 3

# Expressions in layouts and the cheat-sheet template. No shipped one calls range(); the
# longest text one makes is a cheat sheet's markup of 2,265 characters.
MAX_RANGE = 10_000  # range(n) in an expression
MAX_STRING = 200_000  # characters of one value an expression builds, or of its output
MAX_POWER = 1_000  # exponents and the digits a power may build
MAX_JOBS = 256  # worker processes (--jobs, $PNP_JOBS)
EXPRESSION_SECONDS = 3.0  # CPU time (of its thread) for one expression or template
# A failed build looks for its other layout faults (pipeline/assemble.every_fault) for at
# most this much CPU time (a broken shipped kit: under 1.5 s on an idle machine, more where
# other processes share its core's caches), and tells at most this many.
FAULT_SEARCH_SECONDS = 5.0
MAX_FAULTS_TOLD = 100
BUILD_EXPRESSION_SECONDS = 10.0  # all of a build's expressions together (shipped: 0.1 s)
# Both grow by this for every evaluation: a deck of 30,000 cards runs each of its face's
# expressions 30,000 times (some 20 µs each), and must not run out where 100 cards do not.
EXPRESSION_SECONDS_PER_USE = 0.001

# The whole process: values too many to count one by one (a table of 30,000 rows mapped to
# long strings) end in a MemoryError, told as the content's, not in a machine that swaps.
# The largest shipped build peaks at 60 MB of address space; 30,000 cards must stay under
# 300 MB.
MAX_MEMORY_BYTES = 3 * 1024**3 // 2


def cap_memory() -> None:
    """Content can ask for more memory than a machine has (the ceiling above); past it
    it gets a MemoryError, which is reported as its mistake."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = MAX_MEMORY_BYTES
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(
            resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard)
        )
