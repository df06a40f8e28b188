"""A server on 127.0.0.1 (free port) that answers every request with a body of a set size, with or without a
Content-Length, and counts the bytes it managed to send before the client closed: what a client read is at most
that count, so a test can bound what the client read without timing or RSS."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

CHUNK = 64 * 1024
# The server's send buffer, kept small so the count it reports is close to what the client took.
SEND_BUFFER = 64 * 1024


def receive_window() -> int:
    """The most a client's kernel may hold unread for it (Linux tcp_rmem's maximum): the slack of the count."""
    try:
        with open("/proc/sys/net/ipv4/tcp_rmem") as rmem:
            return int(rmem.read().split()[2])
    except OSError:
        return 32 * 1024 * 1024


@dataclass
class LargeAnswer:
    url: str
    size: int = 0  # the body of the next answers
    declared: bool = False  # send a Content-Length (else no length: the body ends when the connection closes)
    sent: list[int] = field(default_factory=list)  # per answer, the body bytes sent before the client closed
    done: threading.Event = field(default_factory=threading.Event)  # set when an answer's connection ends


def _answer(connection: socket.socket, server: LargeAnswer) -> None:
    connection.settimeout(10)
    request = b""
    sent = 0
    try:
        while b"\r\n\r\n" not in request:
            data = connection.recv(4096)
            if not data:
                return
            request += data
        head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        if server.declared:
            head += f"Content-Length: {server.size}\r\n"
        connection.sendall((head + "\r\n").encode())
        block = b" " * CHUNK
        while sent < server.size:
            sent += connection.send(block[: min(CHUNK, server.size - sent)])
    except OSError:
        pass  # the client closed: what counts is how much was sent before
    finally:
        server.sent.append(sent)
        connection.close()
        server.done.set()


@contextmanager
def serve() -> Iterator[LargeAnswer]:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    server = LargeAnswer(url=f"http://127.0.0.1:{listener.getsockname()[1]}")
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            _answer(connection, server)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        stop.set()
        thread.join(timeout=5)
        listener.close()
