"""A recording HTTP server on 127.0.0.1 (free port): what arrived on the wire, answers set by the test."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


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
    answer: bytes = b""  # the body of every answer (JSON when given)
    default_status: int = 204  # the answer once statuses is empty
    chunked: bool = False  # send it chunked, with no Content-Length
    retry_after: str | None = None  # sent as Retry-After with every answer when set

    def reset(self, *, answer: bytes = b"", default_status: int = 204) -> None:
        """Forgets what arrived and what to answer; then answers `default_status` with `answer` to everything."""
        self.received.clear()
        self.statuses.clear()
        self.location = None
        self.answer, self.default_status, self.chunked, self.retry_after = answer, default_status, False, None


class _Handler(BaseHTTPRequestHandler):
    recorder: Recorder

    def _record(self) -> None:
        body = self._chunked_body() if "chunked" in self.headers.get("Transfer-Encoding", "") else self._sized_body()
        self.recorder.received.append(Received(self.command, self.path, dict(self.headers.items()), body))
        status = self.recorder.statuses.pop(0) if self.recorder.statuses else self.recorder.default_status
        self.send_response(status)
        if self.recorder.location:
            self.send_header("Location", self.recorder.location)
        if self.recorder.retry_after:
            self.send_header("Retry-After", self.recorder.retry_after)
        if self.recorder.chunked:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            data = self.recorder.answer
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n0\r\n\r\n" if data else b"0\r\n\r\n")
            return
        if self.recorder.answer:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.recorder.answer)))
        self.end_headers()
        self.wfile.write(self.recorder.answer)

    def _sized_body(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _chunked_body(self) -> bytes:
        """A body sent with Transfer-Encoding: chunked (a streamed body), decoded."""
        parts = []
        while size := int(self.rfile.readline().split(b";")[0], 16):
            parts.append(self.rfile.read(size))
            self.rfile.readline()
        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
            pass  # trailers
        return b"".join(parts)

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
