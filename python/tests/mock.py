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
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
READY = "Mock of the Financial Operations API"


@dataclass
class Mock:
    url: str
    access_key: str
    secret_key: str


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
            [node, script, "--auth", "production", "--keys", str(keys), "--port", str(port)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            ready = threading.Event()

            def read() -> None:
                # Reads to the end, so the mock never blocks on a full pipe.
                for line in process.stdout:
                    if line.startswith(READY):
                        ready.set()

            threading.Thread(target=read, daemon=True).start()
            if not ready.wait(60) or process.poll() is not None:
                raise RuntimeError(f"the mock ({node} {script}) did not start listening within 60 s")
            yield Mock(f"http://127.0.0.1:{port}", access_key, secret_key)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
