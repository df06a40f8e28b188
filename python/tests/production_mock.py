"""The project's mock (scripts/mock.mjs) in production-auth mode on a free 127.0.0.1 port, stopped by PID."""

from __future__ import annotations

import base64
import json
import os
import queue
import secrets
import signal
import socket
import subprocess
import tempfile
import threading
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


def _wait_until_ready(process: subprocess.Popen[str], port: int, what: str, seconds: float = 60) -> None:
    """Ready when this process says it serves on `port` (a connection alone could reach another server that took
    the free port first; then this process exits on the taken port instead)."""
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + seconds
    seen: list[str] = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if line is None:
            raise RuntimeError(f"{what} exited with {process.wait()} before serving on port {port}:\n{''.join(seen)}")
        seen.append(line)
        if f"http://127.0.0.1:{port}" in line:
            return
    raise RuntimeError(f"{what} did not serve on port {port} within {seconds:.0f} s:\n{''.join(seen)}")


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
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            _wait_until_ready(process, port, f"the mock ({node} {script})")
            yield Mock(f"http://127.0.0.1:{port}", access_key, secret_key)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
