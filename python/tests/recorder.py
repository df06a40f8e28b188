"""A recording HTTP server on 127.0.0.1 (free port): what arrived on the wire, answers set by the test."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Iterator


@dataclass
class Received:
    method: str
    target: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Recorder:
    url: str
    received: list[Received] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)  # answers to give, in order; then 204
    location: str | None = None  # sent as Location with every answer when set (a redirecting server)


class _Handler(BaseHTTPRequestHandler):
    recorder: Recorder

    def _record(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        self.recorder.received.append(Received(self.command, self.path, dict(self.headers.items()), body))
        status = self.recorder.statuses.pop(0) if self.recorder.statuses else 204
        self.send_response(status)
        if self.recorder.location:
            self.send_header("Location", self.recorder.location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def __getattr__(self, name: str):
        # Any method, in any case (a signer must sign `post` as POST): do_GET, do_post, ...
        if name.startswith("do_"):
            return self._record
        raise AttributeError(name)

    def log_message(self, *args) -> None:
        pass


@contextmanager
def serve() -> Iterator[Recorder]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    recorder = Recorder(url=f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = type("Handler", (_Handler,), {"recorder": recorder})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield recorder
    finally:
        server.shutdown()
        server.server_close()
