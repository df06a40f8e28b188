"""The pytest plugin of financial-operations-api (registered under the `pytest11` entry point): the session fixture
`fo_mock`. Only pytest imports this module; the rest of the package never does, so pytest stays a test dependency.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .testing import RunningMock, start_mock


@pytest.fixture(scope="session")
def fo_mock() -> Iterator[RunningMock]:
    """The API's mock for the whole session: stateful, production auth (HMAC signatures verified), the control API,
    a fresh key pair and token. `.url`, `.access_key`, `.secret_key`, `.control_token`. For other settings, write a
    fixture of your own around `financial_operations_api.testing.start_mock`.
    """
    # The with block is the finally: the mock and everything it started stop however the session ends.
    with start_mock() as mock:
        yield mock
