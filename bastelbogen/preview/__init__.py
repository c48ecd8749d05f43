"""`pnp serve`: a live preview of a game in the browser, rebuilt whenever one of its files
is saved (state.py builds what the page shows, server.py serves it, speaking HTTP as
protocol.py reads and writes it, command.py watches the files and runs both; page/ holds
the page's HTML, script and style, no build step, no CDN)."""
