"""Packages and package data. The one thing pyproject.toml cannot say: the folders the team edits
at the top of the repository (strategies/, personas/, seeds/, experiments/) go into the wheel as
icatest/data/<name>/, from one copy in git (in a clone or an editable install,
icatest/data/__init__.py reads them where they are)."""

from setuptools import find_namespace_packages, setup

PACKAGE_DATA = ["**/*.yaml", "**/*.txt", "**/*.j2", "**/*.json", "**/*.jsonl", "**/*.md",
                "**/*.html", "**/*.js", "**/*.woff"]  # fmt: skip
# package under icatest.data -> folder at the top of the repository, and the files it ships
TOP_LEVEL = {
    "strategies": ("strategies", ["*.yaml"]),
    "personas": ("personas", ["*.yaml"]),
    "seeds": ("seeds", ["*.yaml"]),
    "experiments": ("experiments", ["*.yaml"]),  # not the benchmark scripts
    "experiments.notebooks": ("experiments/notebooks", ["*.ipynb"]),
}

setup(
    packages=[
        *find_namespace_packages(include=["icatest", "icatest.*"]),
        *(f"icatest.data.{name}" for name in TOP_LEVEL),
    ],
    package_dir={f"icatest.data.{name}": folder for name, (folder, _) in TOP_LEVEL.items()},
    package_data={
        "icatest": PACKAGE_DATA,
        **{f"icatest.data.{name}": globs for name, (_, globs) in TOP_LEVEL.items()},
    },
)
