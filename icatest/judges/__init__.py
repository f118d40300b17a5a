"""Two-tier judge: turn labels and target statuses, then the four conversation dimensions."""

from icatest.judges.conversation_judge import judge_conversation
from icatest.judges.turn_judge import judge_turn

__all__ = ["judge_conversation", "judge_turn"]
