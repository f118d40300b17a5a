"""Closed vocabularies: failure modes, dimensions, termination reasons, modes, statuses, roles."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class FailureMode(StrEnum):
    """Turn-level failure labels (DESIGN.md vocabulary). Their definitions are written once, in
    docs/engine.md "The rubric"; the judge prompts share that text (prompts/_rubric_turn.j2)."""

    # target compliance
    FALLBACK_RESPONSE = "fallback_response"
    IRRELEVANT_RESPONSE = "irrelevant_response"
    REQUEST_OMITTED = "request_omitted"
    CONSTRAINT_MISSED = "constraint_missed"
    # response level
    CONTEXT_FORGOTTEN = "context_forgotten"
    AMBIGUITY_UNRESOLVED = "ambiguity_unresolved"
    PLANNING_POOR = "planning_poor"
    SAFETY_VIOLATION = "safety_violation"
    # localized assistants
    REGISTER_VIOLATION = "register_violation"
    # the exchange itself: no usable reply after the adapter's retries while the assistant is
    # otherwise up (5xx, malformed body, timeout). Set by the engine, never by a judge.
    ASSISTANT_ERROR = "assistant_error"

    @property
    def judged(self) -> bool:
        """A label a model judge may give (its output schema's enum)."""
        return self not in _NOT_JUDGED_LABELS


# the speech level is checked by morphology and a failed exchange by the engine
_NOT_JUDGED_LABELS = frozenset({FailureMode.REGISTER_VIOLATION, FailureMode.ASSISTANT_ERROR})
JUDGE_LABELS = tuple(m for m in FailureMode if m.judged)


class FindingCause(StrEnum):
    """Why a finding happened, when it is not the plain reading of the reply (docs/engine.md)."""

    # the assistant acted on a wrong reading of the driver (the channel garbled the words)
    MISHEARD = "misheard"


class HearingOutcome(StrEnum):
    """What became of a turn the channel garbled (wer > 0); docs/voice.md."""

    RECOVERED = "recovered"  # the assistant asked to confirm or repeat
    MISHEARD = "misheard"  # it acted on the wrong reading: a finding with cause misheard
    TOLERATED = "tolerated"  # it answered the driver's request all the same


class OracleKind(StrEnum):
    """Why the reference assistant's oracle has an entry for a turn (full ground truth)."""

    SEEDED_FAULT = "seeded_fault"  # a configured fault fired: its failure mode
    NOT_UNDERSTOOD = "not_understood"  # the whole utterance got the generic fallback
    PART_NOT_UNDERSTOOD = "part_not_understood"  # one request in it was left unanswered
    UNSUPPORTED = "unsupported"  # outside what it can do, said specifically: correct
    SAFE_REFUSAL = "safe_refusal"  # an unsafe request refused with a reason: correct
    STATED_LIMITATION = "stated_limitation"  # no match / unmet constraint / late, said: correct


class SimulatorFaultKind(StrEnum):
    """Why a driver turn is the simulator's mistake (DESIGN.md "simulator fault"): what it got
    wrong is not held against the assistant."""

    UNSAID_CONSTRAINT = "unsaid_constraint"  # declared as voiced, but the utterance does not say it
    UNKNOWN_TARGET = "unknown_target"  # declared a constraint for a goal id that does not exist
    LEAKED_TERMS = "leaked_terms"  # said ids, labels or testing aloud (scrubbed from the turn)
    COPIED_EXAMPLE = "copied_example"  # repeated a probe example of its prompt word for word
    EMPTY = "empty"  # nothing a driver says: no word at all
    WRONG_LANGUAGE = "wrong_language"  # most letters outside the driver's script
    CONTRADICTED_GOAL = "contradicted_goal"  # asks again for a goal it gave up earlier
    RESTART = "restart"  # starts the conversation over (greets again, repeats the opening)


class Dimension(StrEnum):
    """Conversation-level dimensions, each scored 0 (poor), 1 (partial) or 2 (good) from the
    failures counted by the judge (icatest/judges/rubric.py; docs/engine.md "The rubric")."""

    INSTRUCTION_CONSTRAINT_ADHERENCE = "instruction_constraint_adherence"
    CONTEXT_AMBIGUITY_HANDLING = "context_ambiguity_handling"
    PLAN_COHERENCE = "plan_coherence"
    SAFETY_COMPLIANCE = "safety_compliance"


class TerminationReason(StrEnum):
    """Every way a conversation can end."""

    MAX_TURNS_REACHED = "max_turns_reached"
    TARGETS_RESOLVED = "targets_resolved"
    SUT_UNREACHABLE = "sut_unreachable"  # the assistant was down: interrupted, redone on resume
    SUT_ERROR = "sut_error"  # an exchange failed while the assistant was up: `assistant_error`
    BUDGET_EXHAUSTED = "budget_exhausted"  # the campaign's deadline, even mid-call
    COST_EXHAUSTED = "cost_exhausted"
    CANCELLED = "cancelled"
    OUTAGE = "outage"  # the campaign's circuit breaker stopped it: assistant or model role down
    SIMULATOR_ERROR = "simulator_error"
    INTERNAL_ERROR = "internal_error"

    @property
    def is_partial(self) -> bool:
        """The conversation was cut short by the campaign or by icatest itself, not by the
        conversation's own course: its record is kept but marked `is_complete: false`."""
        return self in _PARTIAL

    @property
    def is_cut_short(self) -> bool:
        """Ended by the campaign's own limits or the user (budget, cost cap, Ctrl-C), not by a
        problem: such conversations do not count against the share of judged verdicts."""
        return self in _CUT_SHORT


_CUT_SHORT = frozenset(
    {
        TerminationReason.BUDGET_EXHAUSTED,
        TerminationReason.COST_EXHAUSTED,
        TerminationReason.CANCELLED,
    }
)
_PARTIAL = frozenset(
    {
        TerminationReason.BUDGET_EXHAUSTED,
        TerminationReason.COST_EXHAUSTED,
        TerminationReason.CANCELLED,
        TerminationReason.OUTAGE,
        TerminationReason.SUT_UNREACHABLE,
        TerminationReason.INTERNAL_ERROR,
        TerminationReason.SIMULATOR_ERROR,
    }
)


class SutErrorKind(StrEnum):
    """Why an exchange with the assistant failed; set by the transport where the error arises."""

    TIMEOUT = "timeout"  # no answer within the timeout, after retries
    CONNECTION = "connection"  # refused, reset or dropped connection, after retries
    UNAVAILABLE = "unavailable"  # 429, 502, 503 or 504 that outlived the retries
    AUTH = "auth"  # 401 or 403: the assistant refuses our credentials (not its failure)
    HTTP_STATUS = "http_status"  # any other non-2xx status
    MALFORMED = "malformed"  # a body that is not the expected JSON or has no reply text
    EMPTY = "empty"  # a 2xx with an empty body
    EXCEPTION = "exception"  # an in-process assistant raised

    @property
    def unreachable(self) -> bool:
        """The assistant never answered (or refused us): maybe an outage. Whether it is one is
        the campaign's call (the assistant answers a probe: it is up, and the failed exchange is
        its `assistant_error`); any other kind is a broken answer, an `assistant_error` at once."""
        return self in UNREACHABLE_KINDS


UNREACHABLE_KINDS = frozenset(
    {SutErrorKind.TIMEOUT, SutErrorKind.CONNECTION, SutErrorKind.UNAVAILABLE, SutErrorKind.AUTH}
)


class ModelErrorKind(StrEnum):
    """Why a model call gave no usable answer; set by the gateway where the error arises."""

    MISSING_CREDENTIALS = "missing_credentials"  # an environment variable the model needs is unset
    CLIENT = "client"  # the provider client refused to send (its configuration is incomplete)
    AUTH = "auth"  # 401 or 403: the provider refused the key
    BAD_REQUEST = "bad_request"  # unknown model, bad parameters: a 4xx, or a 5xx saying so
    RATE_LIMITED = "rate_limited"  # 429 that outlived the retries
    SERVER = "server"  # 5xx or a body that is no chat completion, after the retries
    TIMEOUT = "timeout"
    CONNECTION = "connection"
    PROMPT_TOO_LONG = "prompt_too_long"  # the prompt does not fit the model's context window
    # the model answered, but with nothing to use (asked once more, then named):
    EMPTY_REPLY = "empty_reply"  # content "" or only whitespace
    NO_CONTENT = "no_content"  # content null, or an answer without a choice
    REFUSED = "refused"  # a refusal (OpenAI `message.refusal`, a content filter); never re-asked
    UNPARSEABLE = "unparseable"  # answers arrived but none matched the output schema

    @property
    def retryable(self) -> bool:
        """Worth another attempt after a backoff (the provider may recover)."""
        return self in RETRYABLE_MODEL_ERRORS

    @property
    def fatal(self) -> bool:
        """Will fail the same way on every call until the user changes something."""
        return self in FATAL_MODEL_ERRORS


RETRYABLE_MODEL_ERRORS = frozenset(
    {
        ModelErrorKind.RATE_LIMITED,
        ModelErrorKind.SERVER,
        ModelErrorKind.TIMEOUT,
        ModelErrorKind.CONNECTION,
    }
)
FATAL_MODEL_ERRORS = frozenset(
    {ModelErrorKind.MISSING_CREDENTIALS, ModelErrorKind.CLIENT, ModelErrorKind.AUTH}
)


class Decision(StrEnum):
    """A conversation's verdict (docs/engine.md, "Decision rule")."""

    PASS = "pass"
    FAIL = "fail"
    UNSCORED = "unscored"  # some judgement is missing and the scored evidence proves nothing
    INVALID = "invalid"  # it fails only on turns the simulator got wrong: no verdict on the SUT


class Mode(StrEnum):
    GUIDED = "guided"
    BASELINE = "baseline"


class StrategyMode(StrEnum):
    """Strategy selector decision per turn."""

    EXPLOIT = "EXPLOIT"  # keep pushing open targets
    EXPLORE = "EXPLORE"  # open a new request (stalled goals or all done)


class TargetStatus(IntEnum):
    """A target's status; the integers are the published logs' (and the prompts') values."""

    COMPLETED = 1
    OPEN = 0
    DROPPED = -1


class Role(StrEnum):
    """Model-backed roles, each bound to a model string in configuration (gateway roles).

    Ensemble members get derived roles (`turn_judge.1`, ...), so the gateway takes any string.
    """

    SIMULATOR = "simulator"
    TURN_JUDGE = "turn_judge"
    CONVERSATION_JUDGE = "conversation_judge"
    KPI_JUDGE = "kpi_judge"
    KPI_SUT_MODEL = "sut_model"  # the model answering KPI questions as the assistant
    KPI_GENERATOR = "generator"  # KPI dataset construction


CONVERSATION_ROLES = (Role.SIMULATOR, Role.TURN_JUDGE, Role.CONVERSATION_JUDGE)


BASELINE_MAX_TURNS = 8
