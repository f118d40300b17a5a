"""The optional dependencies of the asr and speech channels (the `voice` extra)."""

from __future__ import annotations

import importlib.util
import shutil

from icatest.channel.spec import ChannelKind, ChannelSpec
from icatest.errors import ConfigError

INSTALL = "pip install 'icatest[voice]'"
ESPEAK = "espeak-ng"
ESPEAK_INSTALL = "apt-get install espeak-ng"
ASR_MODULES = ("pronouncing", "jiwer")
SPEECH_MODULES = (*ASR_MODULES, "pocketsphinx", "soundfile")


def missing_modules(spec: ChannelSpec) -> list[str]:
    """Modules (and the espeak-ng program) the channel needs that this environment lacks."""
    if spec.kind is ChannelKind.TEXT:
        return []
    needed = SPEECH_MODULES if spec.kind is ChannelKind.SPEECH else ASR_MODULES
    missing = [m for m in needed if importlib.util.find_spec(m) is None]
    if spec.kind is ChannelKind.SPEECH and shutil.which(ESPEAK) is None:
        missing.append(ESPEAK)
    return missing


def require(spec: ChannelSpec, source: str = "--channel") -> None:
    """ConfigError (exit 2) naming what to install when the channel cannot run here."""
    missing = missing_modules(spec)
    if not missing:
        return
    how = [INSTALL] if set(missing) - {ESPEAK} else []
    if ESPEAK in missing:
        how.append(ESPEAK_INSTALL)
    problem = f"{spec} needs {', '.join(missing)}: {' and '.join(how)}"
    raise ConfigError(source, problem, "channel")
