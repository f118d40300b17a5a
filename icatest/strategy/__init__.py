"""Strategy manager: adversarial probes, EXPLOIT/EXPLORE selection, retirement."""

from icatest.strategy.manager import StrategyChoice, StrategyState, choose, record_turn

__all__ = ["StrategyChoice", "StrategyState", "choose", "record_turn"]
