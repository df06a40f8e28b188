"""The API's mock for a test suite: `start_mock()` runs fo-mock (the npm package financial-operations-api-mock) on a
free 127.0.0.1 port with fresh keys and gives its URL, its credentials and the control calls a test makes (reset, the
clock, a fault, the request log); the pytest plugin's `fo_mock` fixture is this for a whole session. The mock needs
Node.js 24.18 or later (its package's engines), or a command of your own in FO_MOCK_COMMAND. It stops when this
process ends, however it ends: it holds a pipe from this process as its standard input (fo-mock
--stop-on-stdin-close), which the system closes when this process ends, by any signal.
"""

from __future__ import annotations

import base64
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import IO, Any, Literal, cast

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
_CONTROL_TIMEOUT = 10.0
# What the mock's package asks of Node (its engines; test_mock_command checks it against the package's).
NODE_FLOOR = "24.18"


class MockStartError(RuntimeError):
    """The mock did not start: the message says why, with the last lines it printed (never a key or token)."""


class MockNotFoundError(MockStartError):
    """Nothing here runs the right fo-mock: the message says what to install."""


class MockControlError(RuntimeError):
    """A control call failed: the control API is off, or it refused the call (its reason in the message)."""


# The control calls go to the mock on 127.0.0.1 directly: urllib's default opener would send them, and the control
# token, through a proxy named by HTTP_PROXY (it bypasses loopback only where NO_PROXY says so).
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class RunningMock:
    """A mock that answers: its URL, the credentials it takes and its control calls. The secrets stay out of its
    repr."""

    url: str  # http://127.0.0.1:<port>
    port: int
    access_key: str
    secret_key: str = field(repr=False)
    # The control API's bearer token (under /__mock/); None without the control API.
    control_token: str | None = field(repr=False)
    pid: int  # the process started: the mock's, or npx's in front of it

    def _control(self, method: str, route: str, body: object = None) -> Any:
        if self.control_token is None:
            raise MockControlError("The mock's control API is off: start it with stateful=True (the default).")
        # The mock's own http://127.0.0.1 URL.
        request = urllib.request.Request(  # noqa: S310
            f"{self.url}/__mock{route}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            # The control API takes writes only as JSON, even with no body.
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.control_token}"},
        )
        try:
            with _DIRECT.open(request, timeout=_CONTROL_TIMEOUT) as response:
                text = response.read()
        except urllib.error.HTTPError as err:
            said = err.read().decode(errors="replace")
            try:
                said = json.loads(said).get("error", said)
            except ValueError:
                pass
            raise MockControlError(f"{method} /__mock{route}: {err.code} {str(said)[:200]}") from None
        return json.loads(text) if text else None

    def reset(self) -> None:
        """Empties every record, fault and log entry, rewinds the virtual clock and seeds the RFI cases again."""
        self._control("POST", "/reset")

    def advance_clock(self, seconds: float) -> str:
        """Moves the virtual clock forward (quotes expire, keys age); returns the virtual time, ISO 8601."""
        return str(self._control("POST", "/clock", {"advance_seconds": seconds})["now"])

    def add_fault(self, fault: Mapping[str, object] | None = None, **fields: object) -> dict[str, Any]:
        """Adds a fault for the next matching request, e.g. `add_fault(kind="status", status=503,
        operation_id="listRfiCases")`; returns it as the mock holds it."""
        return cast("dict[str, Any]", self._control("POST", "/faults", {**(fault or {}), **fields}))

    def requests(self) -> list[dict[str, Any]]:
        """The requests the mock received, oldest first."""
        return cast("list[dict[str, Any]]", self._control("GET", "/requests")["requests"])


def ready_url(line: str) -> str | None:
    """The URL in fo-mock's ready line (`fo-mock ready: http://127.0.0.1:<port> (...`), None for any other line."""
    found = _READY.search(line)
    return found.group(1) if found else None


def _own_version() -> str:
    return metadata.version(DISTRIBUTION)


def _install_hint(version: str) -> str:
    return (
        f"Install the mock into your project: `npm install --save-dev {MOCK_PACKAGE}@{version}` (while the package is "
        f"on no registry, its tarball: `npm install --save-dev ./{MOCK_PACKAGE}-{version}.tgz`, which `bash "
        f"scripts/dev.sh tarball` writes in the project's repository). It needs Node.js {NODE_FLOOR} or later. Or set "
        f"{COMMAND_ENV} to a command that runs fo-mock."
    )


def _installed_version(fo_mock: str) -> str | None:
    """The version of the mock package an installed fo-mock belongs to (its bin is a link into the package), None
    when that cannot be read."""
    for folder in Path(os.path.realpath(fo_mock)).parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            try:
                data = json.loads(manifest.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
            return data.get("version") if data.get("name") == MOCK_PACKAGE else None
    return None


def _checked(fo_mock: str, where: str, version: str) -> list[str]:
    found = _installed_version(fo_mock)
    if found != version:
        raise MockNotFoundError(
            f"The fo-mock {where} ({fo_mock}) is {MOCK_PACKAGE} {found or 'of an unknown version'}, and this package "
            f"is {version}: a mock of another release can disagree with this client about the API. "
            + _install_hint(version)
        )
    return [fo_mock]


def mock_command(environ: Mapping[str, str] | None = None, cwd: str | os.PathLike[str] | None = None) -> list[str]:
    """The command that runs fo-mock, in this order: FO_MOCK_COMMAND (split as a shell would), taken as it is; the
    project's installed mock (`node_modules/.bin/fo-mock`, from `cwd` upward, as Node resolves packages); `fo-mock`
    on PATH; `npx --no financial-operations-api-mock@<this package's version>` (a copy npm already holds: npx never
    downloads it). An installed fo-mock of another version than this package's is refused, naming both.

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
    try:
        version = _own_version()
    except metadata.PackageNotFoundError:
        raise MockNotFoundError(
            f"Cannot pick the mock's version: the {DISTRIBUTION} distribution is not installed, so its version is "
            f"unknown. Install it, or set {COMMAND_ENV} to a command that runs fo-mock."
        ) from None
    here = Path(cwd if cwd is not None else os.getcwd()).resolve()
    for folder in (here, *here.parents):
        local = folder / "node_modules" / ".bin" / "fo-mock"
        if local.is_file() and os.access(local, os.X_OK):
            return _checked(str(local), "installed in this project", version)
    search = env.get("PATH", os.defpath)
    found = shutil.which("fo-mock", path=search)
    if found:
        return _checked(found, "on PATH", version)
    npx = shutil.which("npx", path=search)
    if not npx:
        raise MockNotFoundError(
            f"Cannot start the mock: {MOCK_PACKAGE} is not installed in this project and npx (which Node.js brings) "
            f"is not on PATH. " + _install_hint(version)
        )
    # --no: npx runs a copy npm already holds and never downloads one; a package of this name from a registry that
    # is not the project's would run with the keys and the control token.
    return [npx, "--no", f"{MOCK_PACKAGE}@{version}"]


def new_secret_key() -> str:
    """32 random bytes as unpadded URL-safe Base64, the form of a secret key."""
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")


class _Output:
    """What the mock prints (stdout and stderr on one pipe), read to its end (so a full pipe never stalls it); the
    last lines kept, with the secrets given blanked out."""

    def __init__(self, hide: Sequence[str]) -> None:
        self._hide = [s for s in hide if s]
        self._lines: deque[str] = deque(maxlen=_KEPT_LINES)
        self._first: str | None = None
        self._count = 0
        self._lock = threading.Lock()
        self.url: str | None = None
        self.ready = threading.Event()
        self._readers: list[threading.Thread] = []

    def follow(self, stream: IO[str]) -> None:
        reader = threading.Thread(target=self._read, args=(stream,), daemon=True, name="fo-mock output")
        reader.start()
        self._readers.append(reader)

    def _read(self, stream: IO[str]) -> None:
        with stream:
            # Bounded reads: a line that never ends is kept in pieces, not in memory as a whole.
            for line in iter(lambda: stream.readline(_LINE_CHARS), ""):
                with self._lock:
                    self._lines.append(line.rstrip("\r\n"))
                    self._count += 1
                    if self._first is None:
                        self._first = line.rstrip("\r\n")
                if self.url is None and (url := ready_url(line)):
                    self.url = url
                    self.ready.set()

    def settle(self, seconds: float) -> None:
        """Waits a little for the readers to reach the end of what was printed (after the process ended)."""
        deadline = time.monotonic() + seconds
        for reader in self._readers:
            reader.join(max(0.0, deadline - time.monotonic()))

    def has(self, text: str) -> bool:
        with self._lock:
            return any(text in line for line in self._lines)

    def first(self, text: str) -> str:
        """The first kept line holding `text`, stripped."""
        with self._lock:
            return self._redacted(next((line.strip() for line in self._lines if text in line), ""))

    def _redacted(self, text: str) -> str:
        """The text with every secret the mock was given replaced: nothing it printed shows one."""
        for hidden in self._hide:
            text = text.replace(hidden, "REDACTED")
        return text

    def tail(self) -> str:
        with self._lock:
            kept, first, count = list(self._lines), self._first, self._count
        # The first line as well: a command that refuses its input says why there, before its usage.
        lines = kept[-_SHOWN_LINES:] if count <= _SHOWN_LINES else [first or "", "...", *kept[-(_SHOWN_LINES - 1) :]]
        text = self._redacted("\n".join(lines))
        return f"; its last lines:\n{text}" if text.strip() else "; it printed nothing"


def _stop(process: subprocess.Popen[str]) -> None:
    """Closes the mock's standard input, its tie to this process: it stops by itself. Where it has not ended 10 s
    later (a command that ignores the tie), SIGTERM, then SIGKILL."""
    if process.stdin is not None:
        try:
            process.stdin.close()
        except OSError:
            pass
    for stop in (lambda: None, process.terminate):
        stop()
        try:
            process.wait(_STOP_SECONDS)
            return
        except subprocess.TimeoutExpired:
            continue
    process.kill()
    process.wait()


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


def _npx_failed(command: Sequence[str], output: _Output) -> bool:
    """Whether the command was npx and npm said why it could not run the package."""
    return Path(command[0]).name == "npx" and output.has("npm error")


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
    """Runs the mock until the `with` block ends, however it ends, and yields where it answers, what it takes and its
    control calls (`reset()`, `advance_clock()`, `add_fault()`, `requests()`).

    The defaults are startMock's and fomock.Start's: stateful, production auth (every customer request must carry a
    valid HMAC signature), the control API (`control=None` means "when stateful"; its token is fresh), a fresh key
    pair (`keys=(access_key, secret_key)` instead), a free port (`port=0`). `replay="allow"` lets a signature repeat
    (the mock refuses it on a write by default); `extra_args` go to fo-mock as they are (`--window`, `--future`,
    `--stateful-options FILE`, `--rfi-fixture FILE`); `env` is added to the mock's environment. With
    `auth="sandbox"` the mock takes any Bearer token (the access key among them). The command is `mock_command()`'s.

    Raises MockStartError when it does not say it is ready within `timeout` seconds or ends first (wrong options, a
    port in use, keys it cannot use), with the last lines it printed; nothing it started is left running then.
    MockNotFoundError when there is no mock to run, or npx cannot get it: the message says what to install.
    """
    child_env = {**os.environ, **(env or {})}
    command = mock_command(child_env)
    access_key, secret_key = keys if keys is not None else (f"mock-{secrets.token_urlsafe(9)}", new_secret_key())
    with_control = stateful if control is None else control
    control_token = secrets.token_hex(32) if with_control else None
    args = ["--auth", auth, "--port", str(port), "--stop-on-stdin-close"]
    args += ["--stateful"] if stateful else []
    args += ["--control"] if with_control else []
    args += ["--replay", replay] if replay else []
    args += list(extra_args)
    shown = shlex.join(command + args)
    try:
        # The command is the caller's own (FO_MOCK_COMMAND, the project's install, PATH or npx); no shell reads it.
        # Its stdin is a pipe that only this process holds: when this process ends, the mock sees it close and stops.
        process = subprocess.Popen(  # noqa: S603
            command + args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            # One pipe for both: the lines kept for an error are in the order the mock wrote them.
            stderr=subprocess.STDOUT,
            env=_child_env(child_env, access_key, secret_key, control_token),
            text=True,
            encoding="utf-8",
            errors="replace",
        )
    except OSError as err:
        raise MockStartError(f"Cannot run the mock ({shown}): {err.strerror or err}") from None
    output = _Output([secret_key, control_token or ""])
    # A pipe (asked above), never None.
    output.follow(cast(IO[str], process.stdout))
    try:
        deadline = time.monotonic() + timeout
        while not output.ready.wait(min(0.1, max(0.0, deadline - time.monotonic()))):
            if process.poll() is not None:
                output.settle(2)
                if output.url is not None:
                    break
                if _npx_failed(command, output):
                    raise MockNotFoundError(
                        f"npx could not run {command[-1]}: it is not installed in this project, and npx is not let to "
                        f"download it ({output.first('npm error')}). " + _install_hint(command[-1].rsplit("@", 1)[1])
                    )
                raise MockStartError(f"The mock ({shown}) ended with {_how(process.returncode)}{output.tail()}")
            if time.monotonic() >= deadline:
                raise MockStartError(
                    f"The mock ({shown}) did not say it was ready within {timeout:g} s (give a longer timeout)"
                    f"{output.tail()}"
                )
        url = output.url
        if url is None or process.poll() is not None:
            raise MockStartError(f"The mock ({shown}) ended just after it said it was ready{output.tail()}")
        yield RunningMock(url, int(url.rsplit(":", 1)[1]), access_key, secret_key, control_token, process.pid)
    finally:
        _stop(process)
