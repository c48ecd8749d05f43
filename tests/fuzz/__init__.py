"""Our own fuzzer: hypothesis mutates copies of the shipped games and examples (their YAML,
layouts, tables, pictures) and holds every run to what the README promises: `pnp validate`
either passes or tells located mistakes (`file:line:col`), never a traceback, a native crash
or a hang. `make test` runs a bounded, derandomized sample; `make fuzz` the long run."""
