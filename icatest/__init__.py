"""icatest: closed-loop adversarial testing of in-car conversational assistants."""

__version__ = "0.1.0"  # the one place the version is written (pyproject reads it from here)
