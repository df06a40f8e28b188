"""The project's mock (scripts/mock.mjs) in production-auth mode on a free 127.0.0.1 port, stopped by PID."""

from __future__ import annotations

import base64
import json
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Mock:
    url: str
    access_key: str
    secret_key: str


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_listening(process: subprocess.Popen, port: int, what: str, seconds: float = 60) -> None:
    """The front opens its port once Prism behind it listens: a connection that succeeds means ready."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} before listening on port {port}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on port {port} within {seconds:.0f} s")


def run_mock() -> Iterator[Mock]:
    access_key = "AK_roundtrip_python"
    secret_key = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    with tempfile.TemporaryDirectory(prefix="fo-signing-mock-") as tmp:
        keys = Path(tmp) / "keys.json"
        keys.write_text(json.dumps({access_key: secret_key}))
        port = _free_port()
        node = os.environ.get("FO_NODE", "node")
        script = os.environ.get("FO_MOCK_SCRIPT", str(ROOT / "scripts" / "mock.mjs"))
        process = subprocess.Popen(
            # The same request may be signed twice in one second here; the front's replay refusal has its own tests.
            [node, script, "--auth", "production", "--keys", str(keys), "--port", str(port), "--replay", "allow"],
            stdout=subprocess.DEVNULL,
        )
        try:
            _wait_until_listening(process, port, f"the mock ({node} {script})")
            yield Mock(f"http://127.0.0.1:{port}", access_key, secret_key)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
