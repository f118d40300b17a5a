"""JUnit XML for CI systems: one testsuite, one testcase per suite case.

A case that fails gets a `<failure>` naming the broken assertions; a flaky case gets a
`<failure type="flaky">` saying in how many repeats it failed; a case whose assistant could not be
reached gets an `<error>`.

A quarantined flaky case (`suite run --quarantine`) is written in Maven Surefire's dialect, which
CI servers (Jenkins, GitLab, Azure) read as flaky: no `<failure>`, so it counts as passed, and one
`<flakyFailure>` per repeat that failed, its broken assertions in `<stackTrace>`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from icatest.regression.suite import CaseResult


def junit_xml(suite_name: str, results: Sequence[CaseResult]) -> str:
    failures = sum(r.status == "fails" or (r.status == "flaky" and not r.quarantined)
                   for r in results)
    errors = sum(r.status == "error" for r in results)
    total = sum(r.seconds for r in results)
    root = ET.Element("testsuites", name=suite_name, tests=str(len(results)),
                      failures=str(failures), errors=str(errors), time=f"{total:.3f}")  # fmt: skip
    suite = ET.SubElement(root, "testsuite", name=suite_name, tests=str(len(results)),
                          failures=str(failures), errors=str(errors), skipped="0",
                          time=f"{total:.3f}")  # fmt: skip
    for r in results:
        case = ET.SubElement(suite, "testcase", classname=suite_name, name=r.id,
                             time=f"{r.seconds:.3f}")  # fmt: skip
        broken = "; ".join(r.broken)
        if r.status == "fails":
            el = ET.SubElement(case, "failure", type="assertion",
                               message=f"failed in all {r.repeats} repeats: {broken}")  # fmt: skip
            el.text = "\n".join(r.broken)
        elif r.status == "flaky" and r.quarantined:
            failed = [(i, bad) for i, bad in enumerate(r.repeat_broken, start=1) if bad]
            for i, bad in failed:
                el = ET.SubElement(case, "flakyFailure", type="flaky",
                                   message=f"repeat {i} of {r.repeats}: {'; '.join(bad)}")
                ET.SubElement(el, "stackTrace").text = "\n".join(bad)
        elif r.status == "flaky":
            el = ET.SubElement(case, "failure", type="flaky",
                               message=f"flaky: failed in {r.failed_repeats} of {r.repeats} "
                               f"repeats: {broken}")  # fmt: skip
            el.text = "\n".join(r.broken)
        elif r.status == "error":
            ET.SubElement(case, "error", type="assistant", message=r.error or "error")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
