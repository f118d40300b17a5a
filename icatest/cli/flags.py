"""The command line's words for configuration fields: a CLI error names the flag the user typed
(`--budget`), a config-file error keeps naming the field and the file (`budget_s`)."""

from __future__ import annotations

from typing import Any

from icatest.errors import ConfigError

# CampaignConfig field (dotted for nested ones) -> the `icatest fuzz` flag that sets it
CAMPAIGN_FLAGS = {
    "sut": "--sut",
    "sut_config": "--sut-config",
    "mode": "--mode",
    "budget_s": "--budget",
    "max_conversations": "--max-conversations",
    "trials": "--trials",
    "max_cost_usd": "--max-cost-usd",
    "concurrency": "--concurrency",
    "simulator": "--simulator",
    "turn_judge": "--turn-judge",
    "conversation_judge": "--conversation-judge",
    "model_settings": "--model-setting",
    "seed_pools": "--seed-pool",
    "personas": "--persona",
    "turn_budgets": "--turn-budgets",
    "rng_seed": "--rng-seed",
    "run_id": "--run-id",
    "sut_limits.rpm": "--sut-rpm",
    "sut_limits.max_concurrent": "--sut-max-concurrent",
    "model_limits.rpm": "--model-rpm",
    "model_limits.max_concurrent": "--model-max-concurrent",
    "executor": "--executor",
    "workers": "--workers",
    "scheduler": "--scheduler",
    "data_dir": "--data-dir",
    "only_user_data": "--only-user-data",
    "speech_level": "--speech-level",
    "channel": "--channel",
    "outage_after": "--outage-after",
    "outage_grace_s": "--outage-grace",
    "min_judged": "--min-judged",
    "sut_options.model": "--sut-model",
    "sut_options.params": "--sut-param",
    "sut_options.system_message": "--sut-system-message",
    "sut_options.timeout_s": "--sut-timeout",
    "sut_options.retries": "--sut-retries",
}
COMMAND_LINE = "command line"


def command_line_error(exc: Exception, names: dict[str, str] | None = None) -> ConfigError:
    """A CampaignConfig validation error from command-line values, worded with their flags."""
    from icatest.campaigns.config import config_error

    return config_error(COMMAND_LINE, exc, CAMPAIGN_FLAGS if names is None else names)


def campaign_config(values: dict[str, Any]) -> Any:
    """CampaignConfig from command-line values; errors name the flags."""
    from icatest.campaigns.config import CampaignConfig

    try:
        return CampaignConfig.model_validate(values)
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise command_line_error(exc) from None
