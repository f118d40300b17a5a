"""Running a campaign: the runner, the executors (`local`, `remote` on Dask), one planned
conversation, the campaign's assistant, the scripted stand-ins, and what stops a run
(budget `control`, the circuit `breaker`, signals in `interrupts`)."""
