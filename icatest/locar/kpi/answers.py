"""Getting the answer to judge: from an assistant endpoint (black box) or a model called directly.

Multi-turn instances: a black-box assistant receives the earlier user questions in one session
(its own earlier replies are kept in the details), then the target question. A model called
directly (`--model`, role `sut_model`) gets the earlier questions with the *reference* answers as
its history, so every model answers the target turn from the same conversation.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Any

from pydantic import BaseModel, Field

from icatest.contracts.labels import Role
from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiInstance
from icatest.sut.base import Assistant

SUT_MODEL_ROLE = Role.KPI_SUT_MODEL
SUT_PROMPT = "kpi_sut_answer"


class Answer(BaseModel):
    text: str | None
    latency_s: float = Field(description="seconds to the target turn's reply")
    error: str | None = None
    history_replies: list[str | None] = Field(
        default_factory=list, description="what a black-box assistant said on the earlier turns"
    )


AnswerFn = Callable[[KpiInstance], Awaitable[Answer]]
OpenFn = Callable[[str, str | None], AbstractAsyncContextManager[Assistant]]


async def ask_assistant(
    assistant: Assistant, instance: KpiInstance, conversation_id: str
) -> Answer:
    """Play the earlier user turns, then the target question, in one session."""
    session = assistant.session(conversation_id)
    earlier: list[str | None] = []
    try:
        for turn in instance.history:
            reply = await session.send(turn.question)
            earlier.append(reply.text)
            if reply.error:
                return Answer(
                    text=None,
                    latency_s=reply.latency_s,
                    history_replies=earlier,
                    error=f"earlier turn failed: {reply.error}",
                )
        reply = await session.send(instance.target.question)
    finally:
        await session.close()
    return Answer(
        text=reply.text, latency_s=reply.latency_s, error=reply.error, history_replies=earlier
    )


@asynccontextmanager
async def assistant_answers(open_fn: OpenFn, run_id: str) -> AsyncIterator[AnswerFn]:
    """Answers from assistants opened lazily, one per (language, speech level).

    The reference assistant is configured per language and register at start, hence one
    instance per combination; endpoints that ignore those options are simply opened per group.
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
            return await ask_assistant(assistant, instance, f"kpi-{run_id}-{instance.id}")

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
        return Answer(text=result.raw, latency_s=time.perf_counter() - start, error=result.error)

    return answer


def _oracle(variables: dict[str, Any]) -> str:
    """Offline `sut_model`: answers with the reference answer (an upper bound, for dry runs)."""
    return str(variables["reference_answer"])
