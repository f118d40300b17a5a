"""A campaign's progress: its counters (`state`: ProgressState, PauseClock, the
progress.jsonl series) and the live `panel` that shows them."""
