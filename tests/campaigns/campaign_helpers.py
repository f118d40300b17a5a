"""Helpers for campaign tests: a tiny catalog on disk and a config builder."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from icatest.campaigns import CampaignConfig
from icatest.data import packaged_path

PERSONAS = {
    "neutral": {"name": "neutral", "description": "plain driver"},
    "impatient": {"name": "impatient", "description": "in a hurry", "terse": True},
}
SEEDS = {
    "pool": "tiny",
    "seeds": [
        {"id": f"s{i}", "phrase": f"Take me to place {i}",
         "targets": [{"description": f"Route to place {i}", "kind": "navigate",
                      "slots": {"destination": f"place {i}"}}]}
        for i in range(7)
    ],
}
CONTEXTS = {
    "contexts": [
        {"id": "noon", "location": "Marienplatz, Munich", "date": "2026-06-12", "time": "12:00"},
        {"id": "night", "location": "Garching", "date": "2026-06-12", "time": "23:10"},
    ]
}


def write_catalog(root: Path) -> Path:
    """A tiny data folder, read alone (config(): only_user_data), with the packaged strategies
    (guided mode needs some)."""
    for sub in ("personas", "seeds"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    shutil.copytree(packaged_path("strategies"), root / "strategies", dirs_exist_ok=True)
    for name, data in PERSONAS.items():
        (root / "personas" / f"{name}.yaml").write_text(yaml.safe_dump(data))
    (root / "seeds" / "tiny.yaml").write_text(yaml.safe_dump(SEEDS))
    (root / "seeds" / "contexts.yaml").write_text(yaml.safe_dump(CONTEXTS))
    return root


def config(data_dir: Path, **kw: object) -> CampaignConfig:
    base: dict[str, object] = {"sut": "reference", "data_dir": str(data_dir), "concurrency": 3,
                               "only_user_data": True}
    base.update(kw)
    return CampaignConfig.model_validate(base)
