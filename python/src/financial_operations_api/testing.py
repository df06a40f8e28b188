"""The API's mock for a test suite: `start_mock()` runs fo-mock (the npm package financial-operations-api-mock) on a
free 127.0.0.1 port with fresh keys and gives its URL and credentials; the pytest plugin's `fo_mock` fixture is this
for a whole session. It needs Node.js 20.19 or later, or a command of your own in FO_MOCK_COMMAND. POSIX only: the
mock runs in a process group of its own, which is stopped as a whole.
"""

from __future__ import annotations

import base64
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from typing import IO, Literal, cast

DISTRIBUTION = "financial-operations-api"
MOCK_PACKAGE = "financial-operations-api-mock"
COMMAND_ENV = "FO_MOCK_COMMAND"

# The environment the mock reads its keys and control token from (FO_MOCK_KEYS_FILE is removed: it would win).
ACCESS_KEY_ENV, SECRET_KEY_ENV, CONTROL_TOKEN_ENV, KEYS_FILE_ENV = (
    "FO_ACCESS_KEY",
    "FO_SECRET_KEY",
    "FO_MOCK_CONTROL_TOKEN",
    "FO_MOCK_KEYS_FILE",
)
# Prism's install-time telemetry, npm's update and funding notices: a test run phones nowhere.
NO_TELEMETRY = {
    "SCARF_ANALYTICS": "false",
    "DO_NOT_TRACK": "1",
    "NO_UPDATE_NOTIFIER": "1",
    "npm_config_update_notifier": "false",
    "npm_config_fund": "false",
}

_READY = re.compile(r"fo-mock ready: (http://127\.0\.0\.1:\d{1,5}) \(")
_KEPT_LINES = 40  # of the mock's output, for the message when it does not start
_SHOWN_LINES = 20
_LINE_CHARS = 4096
_STOP_SECONDS = 10.0


class MockStartError(RuntimeError):
    """The mock did not start: the message says why, with the last lines it printed (never a key or token)."""


class MockNotFoundError(MockStartError):
    """Nothing here can run fo-mock: no FO_MOCK_COMMAND, no fo-mock on PATH, no npx (or no version to pin)."""


@dataclass(frozen=True)
class RunningMock:
    """A mock that answers: its URL and the credentials it takes. The secrets stay out of its repr."""

    url: str  # http://127.0.0.1:<port>
    port: int
    access_key: str
    secret_key: str = field(repr=False)
    # The control API's bearer token (under /__mock/); None without the control API.
    control_token: str | None = field(repr=False)
    pid: int  # the mock's process, leader of its own process group


def ready_url(line: str) -> str | None:
    """The URL in fo-mock's ready line (`fo-mock ready: http://127.0.0.1:<port> (...`), None for any other line."""
    found = _READY.search(line)
    return found.group(1) if found else None


def _own_version() -> str:
    return metadata.version(DISTRIBUTION)


def mock_command(environ: Mapping[str, str] | None = None) -> list[str]:
    """The command that runs fo-mock, in this order: FO_MOCK_COMMAND (split as a shell would), for a pinned or local
    install; `fo-mock` on PATH, for a project that installed the npm package; `npx --yes
    financial-operations-api-mock@<this package's version>`, so the mock matches this client.

    Raises MockNotFoundError, naming what to install, when none of them can be had.
    """
    env = os.environ if environ is None else environ
    given = env.get(COMMAND_ENV, "").strip()
    if given:
        try:
            command = shlex.split(given)
        except ValueError as err:
            raise MockNotFoundError(f"{COMMAND_ENV} cannot be split into a command: {err}") from None
        return command
    search = env.get("PATH", os.defpath)
    found = shutil.which("fo-mock", path=search)
    if found:
        return [found]
    npx = shutil.which("npx", path=search)
    install = (
        "Install Node.js 20.19 or later (it brings npx), or `npm install --save-dev "
        f"{MOCK_PACKAGE}` and put node_modules/.bin on PATH, or set {COMMAND_ENV} to a command that runs fo-mock."
    )
    try:
        version = _own_version()
    except metadata.PackageNotFoundError:
        raise MockNotFoundError(
            f"Cannot pick the mock's version: the {DISTRIBUTION} distribution is not installed, so its version is "
            f"unknown. Install it, or put fo-mock on PATH, or set {COMMAND_ENV}."
        ) from None
    if not npx:
        raise MockNotFoundError(
            f"Cannot start the mock: {COMMAND_ENV} is not set and neither fo-mock nor npx is on PATH. {install}"
        )
    return [npx, "--yes", f"{MOCK_PACKAGE}@{version}"]


def new_secret_key() -> str:
    """32 random bytes as unpadded URL-safe Base64, the form of a secret key."""
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")


class _Output:
    """What the mock prints, read off both pipes to their end (so a full pipe never stalls it); the last lines kept,
    with the secrets given blanked out."""

    def __init__(self, hide: Sequence[str]) -> None:
        self._hide = [s for s in hide if s]
        self._lines: deque[str] = deque(maxlen=_KEPT_LINES)
        self._lock = threading.Lock()
        self.url: str | None = None
        self.ready = threading.Event()
        self._readers: list[threading.Thread] = []

    def follow(self, stream: IO[str], *, watch: bool) -> None:
        reader = threading.Thread(target=self._read, args=(stream, watch), daemon=True, name="fo-mock output")
        reader.start()
        self._readers.append(reader)

    def _read(self, stream: IO[str], watch: bool) -> None:
        with stream:
            # Bounded reads: a line that never ends is kept in pieces, not in memory as a whole.
            for line in iter(lambda: stream.readline(_LINE_CHARS), ""):
                with self._lock:
                    self._lines.append(line.rstrip("\r\n"))
                if watch and self.url is None and (url := ready_url(line)):
                    self.url = url
                    self.ready.set()

    def settle(self, seconds: float) -> None:
        """Waits a little for the readers to reach the end of what was printed (after the process ended)."""
        deadline = time.monotonic() + seconds
        for reader in self._readers:
            reader.join(max(0.0, deadline - time.monotonic()))

    def tail(self) -> str:
        with self._lock:
            lines = list(self._lines)[-_SHOWN_LINES:]
        text = "\n".join(lines)
        for hidden in self._hide:
            text = text.replace(hidden, "REDACTED")
        return f"; its last lines:\n{text}" if text.strip() else "; it printed nothing"


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # the id went to a process of another user: none of ours is left
        return False
    return True


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _stop(process: subprocess.Popen[str]) -> None:
    """SIGTERM to the mock's process group; SIGKILL to it when anything of it is still there 10 s later.

    The whole group is waited for, not just its leader: behind npx the mock is a grandchild that may still be
    stopping its server when npx has ended.
    """
    pgid = process.pid
    _signal_group(pgid, signal.SIGTERM)
    deadline = time.monotonic() + _STOP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None and not _group_alive(pgid):
            return
        time.sleep(0.05)
    _signal_group(pgid, signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 2  # what the kill orphaned is reaped by init in a moment
    while _group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)


def _how(returncode: int) -> str:
    """Popen's return code as words: a negative one is the signal that ended the process."""
    if returncode >= 0:
        return f"exit code {returncode}"
    try:
        return f"signal {signal.Signals(-returncode).name}"
    except ValueError:
        return f"signal {-returncode}"


def _child_env(base: Mapping[str, str], access_key: str, secret_key: str, control_token: str | None) -> dict[str, str]:
    env = {**base, **NO_TELEMETRY, ACCESS_KEY_ENV: access_key, SECRET_KEY_ENV: secret_key}
    env.pop(KEYS_FILE_ENV, None)
    env.pop(CONTROL_TOKEN_ENV, None)
    if control_token is not None:
        env[CONTROL_TOKEN_ENV] = control_token
    return env


@contextmanager
def start_mock(
    *,
    auth: Literal["production", "sandbox"] = "production",
    stateful: bool = True,
    control: bool | None = None,
    port: int = 0,
    replay: Literal["reject", "allow"] | None = None,
    keys: tuple[str, str] | None = None,
    extra_args: Sequence[str] = (),
    timeout: float = 60,
    env: Mapping[str, str] | None = None,
) -> Iterator[RunningMock]:
    """Runs the mock until the `with` block ends, however it ends, and yields where it answers and what it takes.

    The defaults: stateful, production auth (every customer request must carry a valid HMAC signature), the control
    API (`control=None` means "when stateful"; its token is fresh), a fresh key pair (`keys=(access_key,
    secret_key)` instead), a free port (`port=0`). `replay="allow"` lets a signature repeat (the mock refuses it on a
    write by default); `extra_args` go to fo-mock as they are (`--window`, `--future`, `--stateful-options FILE`,
    `--rfi-fixture FILE`); `env` is added to the mock's environment. With `auth="sandbox"` the mock takes any Bearer
    token (the access key among them). The command is `mock_command()`'s.

    Raises MockStartError when it does not say it is ready within `timeout` seconds or ends first (wrong options, a
    port in use, keys it cannot use), with the last lines it printed; nothing it started is left running then.
    """
    if not hasattr(os, "killpg"):
        raise MockStartError("start_mock runs the mock in a process group of its own, which needs a POSIX system.")
    child_env = {**os.environ, **(env or {})}
    command = mock_command(child_env)
    access_key, secret_key = keys if keys is not None else (f"mock-{secrets.token_urlsafe(9)}", new_secret_key())
    with_control = stateful if control is None else control
    control_token = secrets.token_hex(32) if with_control else None
    args = ["--auth", auth, "--port", str(port)]
    args += ["--stateful"] if stateful else []
    args += ["--control"] if with_control else []
    args += ["--replay", replay] if replay else []
    args += list(extra_args)
    shown = shlex.join(command + args)
    try:
        # The command is the caller's own (FO_MOCK_COMMAND, PATH or npx); no shell reads it.
        process = subprocess.Popen(  # noqa: S603
            command + args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_child_env(child_env, access_key, secret_key, control_token),
            text=True,
            encoding="utf-8",
            errors="replace",
            start_new_session=True,
        )
    except OSError as err:
        raise MockStartError(f"Cannot run the mock ({shown}): {err.strerror or err}") from None
    output = _Output([secret_key, control_token or ""])
    # Both are pipes (asked above), never None.
    output.follow(cast(IO[str], process.stdout), watch=True)
    output.follow(cast(IO[str], process.stderr), watch=False)
    try:
        deadline = time.monotonic() + timeout
        while not output.ready.wait(min(0.1, max(0.0, deadline - time.monotonic()))):
            if process.poll() is not None:
                output.settle(2)
                if output.url is not None:
                    break
                raise MockStartError(f"The mock ({shown}) ended with {_how(process.returncode)}{output.tail()}")
            if time.monotonic() >= deadline:
                raise MockStartError(
                    f"The mock ({shown}) did not say it was ready within {timeout:g} s (the first npx run downloads "
                    f"the package: give a longer timeout){output.tail()}"
                )
        url = output.url
        if url is None or process.poll() is not None:
            raise MockStartError(f"The mock ({shown}) ended just after it said it was ready{output.tail()}")
        yield RunningMock(url, int(url.rsplit(":", 1)[1]), access_key, secret_key, control_token, process.pid)
    finally:
        _stop(process)
