"""The recording server every test module shares: one per module, forgotten before each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from recorder import Recorder, serve


@pytest.fixture(scope="module")
def recorder() -> Iterator[Recorder]:
    with serve() as running:
        yield running
