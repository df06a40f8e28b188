"""The recording server every test module shares (one per module, forgotten before each test), and the command the
tests that start the mock run it with."""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from recorder import Recorder, serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recorder() -> Iterator[Recorder]:
    with serve() as running:
        yield running


def repository_mock_command() -> str:
    """fo-mock from this repository's source: the project's Node 24 with tsx loading the TypeScript."""
    node = ROOT / "runtimes/node_modules/node24/bin/node"
    loader = ROOT / "node_modules/tsx/dist/loader.mjs"
    if not node.is_file():
        pytest.fail(f"The mock tests need the project's Node 24 at {node}: run `bash scripts/runtimes.sh node24`.")
    if not loader.is_file():
        pytest.fail(f"The mock tests need tsx at {loader}: run `npm ci` at the repository root.")
    return shlex.join([str(node), "--import", str(loader), str(ROOT / "src/mock/fo-mock.ts")])


@pytest.fixture(scope="session")
def mock_command_env() -> Iterator[str]:
    """FO_MOCK_COMMAND for the session: as given, else this repository's fo-mock (restored afterwards)."""
    before = os.environ.get("FO_MOCK_COMMAND")
    if not (before or "").strip():
        os.environ["FO_MOCK_COMMAND"] = repository_mock_command()
    try:
        yield os.environ["FO_MOCK_COMMAND"]
    finally:
        if before is None:
            os.environ.pop("FO_MOCK_COMMAND", None)
        else:
            os.environ["FO_MOCK_COMMAND"] = before
