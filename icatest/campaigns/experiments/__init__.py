"""Experiments: baseline and guided arms with identical budgets and seeds and their
comparison (`experiment`), and the headline ratio with its bootstrap interval
(`headline`)."""
