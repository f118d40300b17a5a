"""Getting the answer to judge: from an assistant endpoint (black box) or a model called directly.

Multi-turn instances, black box (`HistoryMode`):

* `given` (default): the earlier turns, user questions with the dataset's *reference* answers,
  are handed to the assistant as real conversation history (OpenAI messages, an HTTP body's
  `{{ history }}`, an in-process callable's history); only the judged question is asked.
* `replay`: the earlier questions are sent one by one in one session and the assistant's own
  replies become the history. An endpoint that keeps its own sessions (an HTTP body without
  `{{ history }}`, the reference assistant) cannot be given a history, so `given` falls back to
  `replay` there and the answer says so.

Either way the judges see the history the assistant saw. A model called directly (`--model`,
role `sut_model`) gets the earlier questions with the reference answers as its history.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from icatest.contracts.labels import Role
from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiInstance, Turn
from icatest.sut.base import Assistant, PreloadableSession

SUT_MODEL_ROLE = Role.KPI_SUT_MODEL
SUT_PROMPT = "kpi_sut_answer"


class HistoryMode(StrEnum):
    GIVEN = "given"
    REPLAY = "replay"


class Answer(BaseModel):
    text: str | None
    latency_s: float = Field(description="the assistant's time for the judged turn")
    e2e_latency_s: float | None = Field(
        default=None,
        description="wall time from the instance's first message to the judged reply, as the "
        "test client saw it (earlier replayed turns, retries, rate-limit waits included)",
    )
    error: str | None = None
    history_mode: HistoryMode | None = Field(default=None, description="None for single-turn")
    history_note: str | None = None
    history_replies: list[str | None] = Field(
        default_factory=list, description="what a black-box assistant said on replayed turns"
    )

    def seen_history(self, instance: KpiInstance) -> list[Turn]:
        """The earlier turns as the assistant received them (what the judges are shown)."""
        if self.history_mode is not HistoryMode.REPLAY:
            return instance.history
        return [
            Turn(question=t.question, reference_answer=reply or "(no reply)")
            for t, reply in zip(instance.history, self.history_replies, strict=False)
        ]


AnswerFn = Callable[[KpiInstance], Awaitable[Answer]]
OpenFn = Callable[[str, str | None], AbstractAsyncContextManager[Assistant]]


LEVEL_NAMES = {
    "hae": "반말 (해체, informal)",
    "haeyo": "해요체 (polite)",
    "hapsyo": "합쇼체 (formal)",
}


def level_system_message(language: str, level: str | None) -> str:
    """The built-in system message (`--system-message auto`) telling language and level."""
    if language != "ko":
        return "Answer in English."
    if level is None:
        return "Answer in Korean."
    return f"Answer in Korean, using only the {LEVEL_NAMES[level]} speech level in every sentence."


def history_messages(instance: KpiInstance) -> list[dict[str, str]]:
    """The earlier turns as OpenAI-style chat messages."""
    messages: list[dict[str, str]] = []
    for turn in instance.history:
        messages.append({"role": "user", "content": turn.question})
        messages.append({"role": "assistant", "content": turn.reference_answer})
    return messages


async def ask_assistant(
    assistant: Assistant,
    instance: KpiInstance,
    conversation_id: str,
    history: HistoryMode = HistoryMode.GIVEN,
) -> Answer:
    """Give (or replay) the earlier turns, then ask the judged question, in one session."""
    start = time.perf_counter()
    session = assistant.session(conversation_id)
    mode: HistoryMode | None = None
    note: str | None = None
    earlier: list[str | None] = []
    try:
        if instance.history:
            mode = history
            if mode is HistoryMode.GIVEN:
                given = isinstance(session, PreloadableSession) and session.preload(
                    history_messages(instance)
                )
                if not given:
                    mode = HistoryMode.REPLAY
                    note = "this endpoint keeps its own sessions: earlier turns were replayed"
            if mode is HistoryMode.REPLAY:
                for turn in instance.history:
                    reply = await session.send(turn.question)
                    earlier.append(reply.text)
                    if reply.error:
                        return Answer(
                            text=None,
                            latency_s=reply.latency_s,
                            e2e_latency_s=time.perf_counter() - start,
                            history_mode=mode,
                            history_note=note,
                            history_replies=earlier,
                            error=f"earlier turn failed: {reply.error}",
                        )
        reply = await session.send(instance.target.question)
    finally:
        await session.close()
    return Answer(
        text=reply.text,
        latency_s=reply.latency_s,
        e2e_latency_s=time.perf_counter() - start,
        error=reply.error,
        history_mode=mode,
        history_note=note,
        history_replies=earlier,
    )


@asynccontextmanager
async def assistant_answers(
    open_fn: OpenFn, run_id: str, history: HistoryMode = HistoryMode.GIVEN
) -> AsyncIterator[AnswerFn]:
    """Answers from assistants opened lazily, one per (language, speech level).

    Each is told its language and level at opening (the reference assistant's `lang`/`register`,
    an endpoint's `{{ language }}`/`{{ speech_level }}` and system message).
    """
    async with AsyncExitStack() as stack:
        opened: dict[tuple[str, str | None], Assistant] = {}
        lock = asyncio.Lock()

        async def get(lang: str, level: str | None) -> Assistant:
            async with lock:
                if (lang, level) not in opened:
                    opened[(lang, level)] = await stack.enter_async_context(open_fn(lang, level))
                return opened[(lang, level)]

        async def answer(instance: KpiInstance) -> Answer:
            level = instance.speech_level.value if instance.speech_level else None
            assistant = await get(instance.language.value, level)
            return await ask_assistant(
                assistant, instance, f"kpi-{run_id}-{instance.id}", history
            )

        yield answer


def model_answers(gateway: ModelGateway) -> AnswerFn:
    """Answers from the model bound to role `sut_model` (prompt kpi_sut_answer)."""

    async def answer(instance: KpiInstance) -> Answer:
        variables: dict[str, Any] = {
            "language": instance.language.value,
            "speech_level": instance.speech_level.value if instance.speech_level else None,
            "use_case": instance.use_case.value,
            "history": [t.model_dump() for t in instance.history],
            "question": instance.target.question,
            "reference_answer": instance.target.reference_answer,
        }
        start = time.perf_counter()
        result = await gateway.text(SUT_MODEL_ROLE, SUT_PROMPT, variables, offline=_oracle)
        took = time.perf_counter() - start
        return Answer(
            text=result.raw,
            latency_s=took,
            e2e_latency_s=took,
            error=result.error,
            history_mode=HistoryMode.GIVEN if instance.history else None,
        )

    return answer


def _oracle(variables: dict[str, Any]) -> str:
    """Offline `sut_model`: answers with the reference answer (an upper bound, for dry runs)."""
    return str(variables["reference_answer"])
