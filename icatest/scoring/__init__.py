"""Scoring a conversation: the success score C (`score`) and the decision rule that
earns a pass or a fail on evidence (`decision`)."""
