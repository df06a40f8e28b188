"""The pytest plugin of financial-operations-api (registered under the `pytest11` entry point): the session fixture
`fo_mock`. Only pytest imports this module; the rest of the package never does, so pytest stays a test dependency.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .testing import MockStartError, RunningMock, start_mock


@pytest.fixture(scope="session")
def fo_mock() -> Iterator[RunningMock]:
    """The API's mock for the whole session: stateful, production auth (HMAC signatures verified), the control API,
    a fresh key pair and token. `.url`, `.access_key`, `.secret_key`, `.control_token`, and its control calls:
    `.reset()` between tests, `.advance_clock(seconds)`, `.add_fault(...)`, `.requests()`. For other settings, write a
    fixture of your own around `financial_operations_api.testing.start_mock`.
    """
    # A mock that cannot start fails the session's tests with its reason alone: the plugin's own frames say nothing.
    try:
        running = start_mock()
        mock = running.__enter__()
    except MockStartError as err:
        pytest.fail(str(err), pytrace=False)
    # The with block's exit is the finally: the mock stops however the session ends (and with this process anyway).
    try:
        yield mock
    finally:
        running.__exit__(None, None, None)
