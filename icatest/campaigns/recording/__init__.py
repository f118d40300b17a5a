"""What a running campaign writes beside its log: the `recorder`, the SQLite `index`,
`events` (events.jsonl), and `redact`, which keeps secrets out of the run directory."""
