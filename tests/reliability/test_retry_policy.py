"""The one retry policy (icatest/net/retry.py): the waits it gives, the Retry-After forms it reads,
and that the model gateway and the assistant transport both wait by it."""

from __future__ import annotations

import email.utils
import random
from types import SimpleNamespace

import httpx
import pytest

from icatest.llm.gateway import GatewayConfig, ModelGateway
from icatest.net.retry import Backoff, retry_after_s
from icatest.sut.adapters.config import CallPolicy
from icatest.sut.adapters.transport import RetryableError, _parse

NOW = 784_111_777.0  # Sun, 06 Nov 1994 08:49:37 GMT, RFC 9110's example date


def test_backoff_doubles_with_equal_jitter_and_a_cap() -> None:
    policy = Backoff(base_s=0.5, max_s=3.0)
    assert [policy.wait_s(n, draw=lambda: 0.0) for n in (1, 2, 3)] == [0.25, 0.5, 1.0]
    assert [policy.wait_s(n, draw=lambda: 0.999999) for n in (1, 2, 3)] == pytest.approx(
        [0.5, 1.0, 2.0], abs=1e-5
    )
    assert policy.wait_s(6, draw=lambda: 0.0) == 3.0  # 8 s nominal, capped
    rng = random.Random(1)
    waits = [policy.wait_s(2, draw=rng.random) for _ in range(200)]
    assert all(0.5 <= w < 1.0 for w in waits) and len(set(waits)) > 100  # jittered, in range
    with pytest.raises(ValueError, match="retry counts from 1"):
        policy.wait_s(0)


def test_a_wait_the_server_asked_for_wins_up_to_its_cap() -> None:
    assert Backoff(0.5, 3.0).wait_s(1, 2.5) == 2.5
    assert Backoff(0.5, 3.0).wait_s(1, 60.0) == 3.0  # no separate cap: max_s
    assert Backoff(0.5, 3.0, asked_cap_s=10.0).wait_s(1, 60.0) == 10.0
    assert Backoff(0.5, 3.0, asked_cap_s=10.0).wait_s(1, 0.0) == 0.0


@pytest.mark.parametrize(
    "value",
    [
        "Sun, 06 Nov 1994 08:50:07 GMT",  # IMF-fixdate
        "Sunday, 06-Nov-94 08:50:07 GMT",  # obsolete RFC 850 form
        "Sun Nov  6 08:50:07 1994",  # asctime: no zone, GMT by definition
        "Sun, 06 Nov 1994 08:50:07 -0000",  # a zone of -0000 is read as GMT too
    ],
)
def test_retry_after_as_an_http_date(value: str) -> None:
    assert retry_after_s({"Retry-After": value}, now=NOW) == pytest.approx(30.0)


def test_retry_after_in_seconds_milliseconds_and_nonsense() -> None:
    assert retry_after_s({"retry-after": "2"}) == 2.0
    assert retry_after_s({"Retry-After": " 7 "}) == 7.0  # any case, padded
    assert retry_after_s({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert retry_after_s({"retry-after-ms": "soon", "retry-after": "9"}) == 9.0
    assert retry_after_s({"retry-after": "-4"}) == 0.0
    assert retry_after_s({"retry-after": "Sun, 06 Nov 1994 08:49:00 GMT"}, now=NOW) == 0.0
    for unreadable in ("soon", "inf", "nan", "", "Sun, 99 Foo 1994 08:49:37 GMT"):
        assert retry_after_s({"retry-after": unreadable}) is None, unreadable
    assert retry_after_s({}) is None
    later = email.utils.formatdate(NOW + 90, usegmt=True)
    assert retry_after_s(httpx.Headers({"Retry-After": later}), now=NOW) == pytest.approx(90.0)


def test_the_gateway_and_the_transport_wait_by_the_same_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(random, "random", lambda: 0.0)
    gateway = ModelGateway(roles={}, config=GatewayConfig(backoff_base_s=0.4, backoff_max_s=5.0))
    policy = CallPolicy(backoff_base_s=0.4, backoff_max_s=5.0, retry_after_cap_s=5.0)
    for retry in (1, 2, 3):
        expected = Backoff(0.4, 5.0).wait_s(retry, draw=lambda: 0.0)
        assert gateway._backoff(retry, None) == policy.backoff.wait_s(retry) == expected

    # the same HTTP-date Retry-After, read from a provider's error and from an assistant's 429
    date = email.utils.formatdate(NOW + 4, usegmt=True)
    monkeypatch.setattr("icatest.net.retry.time.time", lambda: NOW)
    provider_error = Exception("rate limited")
    provider_error.response = SimpleNamespace(headers=httpx.Headers({"Retry-After": date}))  # type: ignore[attr-defined]
    assert gateway._backoff(1, provider_error) == pytest.approx(4.0)
    with pytest.raises(RetryableError) as raised:
        _parse(httpx.Response(429, headers={"Retry-After": date}, text="slow down"))
    assert raised.value.retry_after == pytest.approx(4.0)
    assert policy.backoff.wait_s(1, raised.value.retry_after) == pytest.approx(4.0)
