"""`python -m icatest.locar.honorifics.evaluate [TSV]`: print the test-set figures as JSON."""

from __future__ import annotations

import sys
from pathlib import Path

from icatest.locar.honorifics.metrics import evaluate
from icatest.locar.honorifics.testset import load_testset


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    tsv = Path(args[0]) if args else None
    print(evaluate(load_testset(tsv)).model_dump_json(indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
