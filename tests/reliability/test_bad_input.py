"""Bad input gets a clear error: mutated data/config files and bad CLI arguments.

Every invalid input must give ONE message naming the file, the field and the problem, a
non-zero exit and no traceback; `icatest fuzz` must not leave a run directory behind.
Hypothesis starts from a valid document of each kind and breaks it one way at a time.
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_helpers import TALLY, run_cli, write_yaml

from icatest.campaigns.experiments.experiment import load_experiment
from icatest.catalog import load_catalog
from icatest.data import CATALOG_ROOT, PACKAGED
from icatest.errors import IcatestError
from icatest.locar.kpi.dataset import load_dataset
from icatest.sut.adapters.config import load_sut_config
from icatest.sut.reference.faults import load_profile

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
# maps whose keys are free-form by design (an unknown key there is not an error)
FREE_FORM = {"slots", "vehicle", "headers", "body", "offline_templates", "style"}
WRONG_VALUES = [{"nested": {"x": 1}}, [[1, 2], {"a": None}]]


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# -- one valid document per kind, and how to load it -----------------------------------------

def _catalog_copy(tmp: Path) -> Path:
    root = tmp / "data"
    if not root.exists():
        for sub in ("strategies", "personas", "seeds"):
            shutil.copytree(CATALOG_ROOT / sub, root / sub)
    return root


def _catalog_loader(rel: str) -> Callable[[Path, Any], None]:
    def load(tmp: Path, doc: Any) -> Path:
        root = _catalog_copy(tmp)
        target = root / rel
        original = target.read_bytes()
        try:
            _write(target, doc)
            load_catalog(root)
        finally:
            target.write_bytes(original)
        return target
    return load  # type: ignore[return-value]


def _single(loader: Callable[[Path], Any], name: str) -> Callable[[Path, Any], Path]:
    def load(tmp: Path, doc: Any) -> Path:
        path = tmp / name
        _write(path, doc)
        loader(path)
        return path
    return load


def _write(path: Path, doc: Any) -> None:
    if isinstance(doc, bytes):
        path.write_bytes(doc)
    else:
        write_yaml(path, doc)


VALID_SUT = {"kind": "http", "url": "http://127.0.0.1:9/api", "timeout_s": 1,
             "headers": {"X-Key": "static"}, "reply_path": "reply"}
VALID_PROFILE = {"name": "p", "seed": 1, "faults": {"drop_constraints": {"rate": 0.3}},
                 "transport": {"error_rate": 0.1, "hang_s": 1}}

KINDS: dict[str, tuple[Callable[[], Any], Callable[[Path, Any], Path]]] = {
    "strategy": (lambda: _load(CATALOG_ROOT / "strategies/safety_probe.yaml"),
                 _catalog_loader("strategies/safety_probe.yaml")),
    "persona": (lambda: _load(CATALOG_ROOT / "personas/polite.yaml"),
                _catalog_loader("personas/polite.yaml")),
    "seed_pool": (lambda: _load(CATALOG_ROOT / "seeds/poi_search.yaml"),
                  _catalog_loader("seeds/poi_search.yaml")),
    "contexts": (lambda: _load(CATALOG_ROOT / "seeds/contexts.yaml"),
                 _catalog_loader("seeds/contexts.yaml")),
    "experiment": (lambda: _load(CATALOG_ROOT / "experiments/demo.yaml"),
                   _single(load_experiment, "exp.yaml")),
    "sut_config": (lambda: dict(VALID_SUT), _single(load_sut_config, "sut.yaml")),
    "fault_profile": (lambda: copy.deepcopy(VALID_PROFILE), _single(load_profile, "prof.yaml")),
    "kpi_dataset": (lambda: _load(PACKAGED / "datasets/locar_sample.yaml"),
                    _single(load_dataset, "kpi.yaml")),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_valid_documents_load(kind: str, tmp_path: Path) -> None:
    make, load = KINDS[kind]
    load(tmp_path, make())  # the mutations below start from a document that is valid


# -- mutations --------------------------------------------------------------------------------

def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value below strict (non free-form) mappings and lists."""
    out: list[tuple[Any, ...]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((*prefix, key))
            if key not in FREE_FORM:
                out.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node[:3]):
            out.extend(_paths(value, (*prefix, i)))
    return out


def _dicts(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [prefix] if isinstance(node, dict) else []
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in FREE_FORM and key != "campaign":
                out.extend(_dicts(value, (*prefix, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node[:3]):
            out.extend(_dicts(value, (*prefix, i)))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


@st.composite
def mutation(draw: st.DrawFn) -> tuple[str, Any, str | None]:
    """(kind, broken document, field the message must name or None)."""
    kind = draw(st.sampled_from(sorted(KINDS)))
    doc = KINDS[kind][0]()
    how = draw(st.sampled_from(["unknown_key", "wrong_type", "syntax", "not_a_mapping"]))
    if how == "unknown_key":
        where = draw(st.sampled_from(_dicts(doc)))
        key = draw(st.sampled_from(["colour", "extra_field", "typo_nmae"]))
        _get(doc, where)[key] = 1
        return kind, doc, key
    if how == "wrong_type":
        leaves = [p for p in _paths(doc) if not isinstance(_get(doc, p), dict)]
        where = draw(st.sampled_from(leaves))
        _get(doc, where[:-1])[where[-1]] = draw(st.sampled_from(WRONG_VALUES))
        return kind, doc, str(where[-1]) if not isinstance(where[-1], int) else None
    if how == "syntax":
        text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
        junk = draw(st.sampled_from(["\n: : [unclosed\n", "\n\tkey: tab\n", "\n- {a: [}\n"]))
        return kind, text.encode() + junk.encode(), None
    return kind, draw(st.sampled_from([[1, 2], "just text", 42])), None


@SETTINGS
@given(case=mutation())
def test_every_broken_file_names_file_field_and_problem(case: Any, tmp_path: Path) -> None:
    kind, doc, field = case
    TALLY["invalid_inputs"] += 1
    with pytest.raises(IcatestError) as info:
        KINDS[kind][1](tmp_path, doc)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    name = {"strategy": "safety_probe.yaml", "persona": "polite.yaml",
            "seed_pool": "poi_search.yaml", "contexts": "contexts.yaml", "experiment": "exp.yaml",
            "sut_config": "sut.yaml", "fault_profile": "prof.yaml", "kpi_dataset": "kpi.yaml"}
    assert name[kind] in message, message
    if field is not None:
        assert field in message, message


# -- the same through the CLI: one line on stderr, exit 2, no run directory ------------------

def _no_run_left(run: Path) -> None:
    assert not (run / "manifest.json").exists() and not (run / "conversations.jsonl").exists()


def _cli_error(result: Any) -> str:
    assert result.code != 0
    err = result.err.strip()
    assert "Traceback" not in result.err and "Traceback" not in result.out
    return err


@pytest.mark.slow
@SETTINGS
@given(case=mutation().filter(lambda c: c[0] in {"persona", "strategy", "seed_pool", "sut_config",
                                                 "fault_profile", "contexts"}))
def test_fuzz_with_a_broken_file_fails_cleanly_and_writes_nothing(
    case: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    kind, doc, field = case
    TALLY["invalid_inputs"] += 1
    tmp = tmp_path_factory.mktemp("cli")
    data = _catalog_copy(tmp)
    args = ["fuzz", "--max-conversations", "1", "--quiet", "--data-dir", str(data),
            "--out", str(tmp / "run")]
    if kind == "sut_config":
        _write(tmp / "sut.yaml", doc)
        args += ["--sut-config", str(tmp / "sut.yaml")]
    elif kind == "fault_profile":
        _write(tmp / "prof.yaml", doc)
        args += ["--sut", f"reference:{tmp / 'prof.yaml'}"]
    else:
        rel = {"persona": "personas/polite.yaml", "strategy": "strategies/safety_probe.yaml",
               "seed_pool": "seeds/poi_search.yaml", "contexts": "seeds/contexts.yaml"}[kind]
        _write(data / rel, doc)
        args += ["--sut", "reference:none"]
    result = run_cli(args)
    err = _cli_error(result)
    assert err.startswith("error: ") and "\n" not in err, err
    if field is not None:
        assert field in err
    _no_run_left(tmp / "run")


BAD_FUZZ_ARGS = [  # each message names the flag, not the config field
    (["--concurrency", "0"], "--concurrency"),
    (["--concurrency", "many"], "--concurrency"),
    (["--budget", "soon"], "--budget"),
    (["--budget", "-5m"], "--budget"),
    (["--turn-budgets", "a,b"], "--turn-budgets"),
    (["--turn-budgets", "0"], "--turn-budgets"),
    (["--turn-budgets", "101"], "--turn-budgets"),
    (["--mode", "chaotic"], "--mode"),
    (["--executor", "gpu"], "--executor"),
    (["--executor", "dask"], "--scheduler"),
    (["--max-conversations", "0"], "--max-conversations"),
    (["--max-cost-usd", "-1"], "--max-cost-usd"),
    (["--sut-rpm", "0"], "--sut-rpm"),
    (["--persona", "nobody"], "nobody"),
    (["--seed-pool", "nowhere"], "nowhere"),
    (["--data-dir", "/nonexistent/icatest"], "/nonexistent/icatest"),
    (["--sut-config", "/nonexistent/sut.yaml"], "/nonexistent/sut.yaml"),
    (["--sut", "ftp://example"], "sut"),
    (["--sut", "reference:no_such_profile"], "no_such_profile"),
    (["--simulator", ""], "--simulator"),
]


@pytest.mark.parametrize(("extra", "needle"), BAD_FUZZ_ARGS,
                         ids=[" ".join(a) for a, _ in BAD_FUZZ_ARGS])
def test_bad_fuzz_arguments(extra: list[str], needle: str, tmp_path: Path) -> None:
    TALLY["invalid_inputs"] += 1
    args = ["fuzz", "--out", str(tmp_path / "run"), "--quiet"]
    if "--max-conversations" not in extra:
        args += ["--max-conversations", "1"]
    if not any(a in extra for a in ("--sut", "--sut-config")):
        args += ["--sut", "reference:none"]
    result = run_cli([*args, *extra])
    err = _cli_error(result)
    assert needle in err, err
    assert "Error" in err or err.startswith("error: ")
    _no_run_left(tmp_path / "run")


@SETTINGS
@given(junk=st.lists(st.text(alphabet="-abcdefz=0123456789 ", min_size=1, max_size=12),
                     min_size=1, max_size=3))
def test_random_options_never_traceback(junk: list[str], tmp_path_factory: pytest.TempPathFactory
                                        ) -> None:
    TALLY["invalid_inputs"] += 1
    tmp = tmp_path_factory.mktemp("junk")
    result = run_cli(["fuzz", "--out", str(tmp / "run"), "--sut", "reference:none", *junk])
    assert "Traceback" not in result.err + result.out
    assert result.code != 0  # no budget and no cap: never a valid campaign
    _no_run_left(tmp / "run")


def test_compare_with_broken_experiment(tmp_path: Path) -> None:
    TALLY["invalid_inputs"] += 1
    doc = _load(CATALOG_ROOT / "experiments/demo.yaml")
    doc["campaign"]["concurrency"] = "lots"
    path = write_yaml(tmp_path / "exp.yaml", doc)
    result = run_cli(["compare", str(path), "--out", str(tmp_path / "exp"), "--quiet"])
    err = _cli_error(result)
    assert str(path) in err and "concurrency" in err and err.count("\n") == 0
    assert not (tmp_path / "exp").exists()
