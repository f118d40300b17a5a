"""Example assistants that ship with icatest, importable from any folder
(`--sut python:icatest.examples.inprocess_assistant:graph`)."""
