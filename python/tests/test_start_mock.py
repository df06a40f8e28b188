"""start_mock and the fo_mock fixture against the real fo-mock (FO_MOCK_COMMAND, else this repository's source), and
against small shell stand-ins for what a real mock rarely does (hangs, floods its pipes, ignores its tie and SIGTERM).
A stand-in keeps the tie as fo-mock does: it reads its stdin to the end (`exec cat`) and stops there."""

from __future__ import annotations

import errno
import os
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import fo_api
import pytest
import urllib3

import financial_operations_api as fo
from financial_operations_api import testing
from financial_operations_api.testing import MockStartError, RunningMock, new_secret_key, start_mock

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) != errno.ECONNREFUSED:
            return False
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen()
    return True


def stand_in(script: str) -> dict[str, str]:
    """FO_MOCK_COMMAND for a shell script playing the mock ($@ are the options start_mock gives)."""
    return {"FO_MOCK_COMMAND": shlex.join(["/bin/sh", "-c", script, "fo-mock"])}


def wait_for_text(path: Path, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text():
            return path.read_text()
        time.sleep(0.05)
    raise AssertionError(f"{path} was not written within {seconds} s")


def wait_for(path: Path, seconds: float = 10) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().endswith("\n"):
            return path.read_text()
        time.sleep(0.05)
    raise AssertionError(f"{path} was not written within {seconds} s")


READY = 'echo "fo-mock ready: http://127.0.0.1:9 (a stand-in)"'


# ---- The real mock


@pytest.mark.usefixtures("mock_command_env")
def test_the_mock_answers_signed_requests_and_nothing_of_it_is_left_after_the_context(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with start_mock() as mock:
        client = fo.production_client(mock.url, mock.access_key, mock.secret_key)
        cases = fo_api.RFICasesApi(client).list_rfi_cases(CUSTOMER, size=10)
        assert cases.total is not None
        http = urllib3.PoolManager(retries=False)
        unsigned = http.request("GET", f"{mock.url}/v1/customers/{CUSTOMER}/rfi-cases")
        assert unsigned.status == 401
        clock = f"{mock.url}/__mock/clock"
        assert http.request("GET", clock, headers={"Authorization": f"Bearer {mock.control_token}"}).status == 200
        assert http.request("GET", clock, headers={"Authorization": "Bearer " + "0" * 64}).status == 401
        pid, port = mock.pid, mock.port
        assert not gone(pid)
        # The control calls of the handle, with a proxy named for the whole process that answers nothing: they go to
        # the mock directly, never through it (nor does the control token).
        for name in ("HTTP_PROXY", "http_proxy", "ALL_PROXY"):
            monkeypatch.setenv(name, "http://127.0.0.1:9")
        for name in ("NO_PROXY", "no_proxy"):
            monkeypatch.delenv(name, raising=False)
        assert mock.add_fault(kind="status", status=503, operation_id="listRfiCases")["remaining"] == 1
        assert mock.requests()[-1]["path"] == f"/v1/customers/{CUSTOMER}/rfi-cases"
        mock.reset()
        assert mock.requests() == []
        assert mock.advance_clock(60).endswith("Z")
        assert mock.secret_key not in repr(mock)
        assert str(mock.control_token) not in repr(mock)
    assert gone(pid)
    assert port_free(port)


@pytest.mark.usefixtures("mock_command_env")
def test_given_keys_are_the_keys_it_takes() -> None:
    keys = ("AK_given_python", new_secret_key())
    with start_mock(keys=keys, stateful=False) as mock:
        assert (mock.access_key, mock.secret_key, mock.control_token) == (*keys, None)
        client = fo.production_client(mock.url, *keys)
        assert fo_api.RFICasesApi(client).list_rfi_cases(CUSTOMER, size=10).total is not None
        wrong = fo.production_client(mock.url, keys[0], new_secret_key())
        with pytest.raises(fo_api.ApiException) as refused:
            fo_api.RFICasesApi(wrong).list_rfi_cases(CUSTOMER, size=10)
        assert refused.value.status == 401


@pytest.mark.usefixtures("mock_command_env")
def test_a_wrong_option_fails_with_the_mocks_reason() -> None:
    with pytest.raises(MockStartError) as failed:
        with start_mock(extra_args=["--bogus"]):
            pytest.fail("the mock started with an unknown option")
    assert "ended with exit code 2" in str(failed.value)
    assert 'fo-mock: unknown option "--bogus"' in str(failed.value)


@pytest.mark.usefixtures("mock_command_env")
def test_a_port_in_use_fails_with_the_mocks_reason() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(MockStartError) as failed:
            with start_mock(port=port):
                pytest.fail("the mock started on a port in use")
    assert "ended with exit code 2" in str(failed.value)
    assert f"port {port} on 127.0.0.1 is in use" in str(failed.value)


@pytest.mark.usefixtures("mock_command_env")
def test_the_plugins_fixture_is_a_running_production_mock(fo_mock: RunningMock) -> None:
    client = fo.production_client(fo_mock.url, fo_mock.access_key, fo_mock.secret_key)
    assert fo_api.RFICasesApi(client).list_rfi_cases(CUSTOMER, size=10).total is not None
    assert fo_mock.control_token is not None
    assert not gone(fo_mock.pid)


# ---- Stand-ins


def test_the_mock_gets_its_options_keys_and_token_by_environment_and_no_telemetry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FO_MOCK_KEYS_FILE", "/somewhere/stray-keys.json")
    seen = tmp_path / "seen"
    script = f'{READY}; {{ echo "$*"; env; }} > {shlex.quote(str(seen))}.tmp; mv {seen}.tmp {seen}; exec cat >/dev/null'
    with start_mock(env=stand_in(script), replay="allow", extra_args=["--window", "30"]) as mock:
        args, *env_lines = wait_for(seen).splitlines()
        env = dict(line.split("=", 1) for line in env_lines if "=" in line)
    assert args == "--auth production --port 0 --stop-on-stdin-close --stateful --control --replay allow --window 30"
    assert (env["FO_ACCESS_KEY"], env["FO_SECRET_KEY"]) == (mock.access_key, mock.secret_key)
    assert env["FO_MOCK_CONTROL_TOKEN"] == mock.control_token
    assert "FO_MOCK_KEYS_FILE" not in env
    for name, value in testing.NO_TELEMETRY.items():
        assert env[name] == value
    assert mock.url == "http://127.0.0.1:9"
    assert len(str(mock.control_token)) == 64
    assert gone(mock.pid)


def test_without_state_there_is_no_control_api_nor_its_token(tmp_path: Path) -> None:
    seen = tmp_path / "seen"
    script = f'{READY}; {{ echo "$*"; env; }} > {seen}.tmp; mv {seen}.tmp {seen}; exec cat >/dev/null'
    with start_mock(env=stand_in(script), stateful=False, auth="sandbox") as mock:
        args, *env_lines = wait_for(seen).splitlines()
    assert args == "--auth sandbox --port 0 --stop-on-stdin-close"
    assert mock.control_token is None
    assert not any(line.startswith("FO_MOCK_CONTROL_TOKEN=") for line in env_lines)


def test_a_mock_that_never_gets_ready_is_stopped_after_the_timeout_and_no_secret_is_shown(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    warming = 'echo "warming up with $FO_SECRET_KEY and $FO_MOCK_CONTROL_TOKEN"'
    script = f"echo $$ > {pid_file}; {warming}; exec cat >/dev/null"
    started = time.monotonic()
    with pytest.raises(MockStartError) as failed:
        with start_mock(env=stand_in(script), timeout=1.5):
            pytest.fail("a stand-in that never says ready was taken as ready")
    assert time.monotonic() - started < 10
    message = str(failed.value)
    assert "did not say it was ready within 1.5 s" in message
    assert "warming up with REDACTED and REDACTED" in message
    assert gone(int(pid_file.read_text()))


def test_a_mock_that_ends_first_gives_its_exit_code_and_last_lines() -> None:
    script = "for i in $(seq 1 30); do echo line $i; done; echo 'fo-mock: keys it cannot use' >&2; exit 2"
    with pytest.raises(MockStartError) as failed:
        with start_mock(env=stand_in(script)):
            pytest.fail("a stand-in that exited was taken as ready")
    message = str(failed.value)
    assert "ended with exit code 2; its last lines:" in message
    # stdout and stderr in the order written: the refusal comes after line 30.
    assert message.endswith("line 30\nfo-mock: keys it cannot use")
    # The first line, then the last ones: lines between are left out.
    assert "its last lines:\nline 1\n...\n" in message
    assert "line 11\n" not in message


def test_a_command_that_cannot_run_is_named() -> None:
    with pytest.raises(MockStartError, match=r"^Cannot run the mock \(/nonexistent/fo-mock --auth production"):
        with start_mock(env={"FO_MOCK_COMMAND": "/nonexistent/fo-mock"}):
            pytest.fail("a command that does not exist was taken as ready")


def test_its_output_is_drained_after_ready_so_a_full_pipe_never_stalls_it(tmp_path: Path) -> None:
    done = tmp_path / "done"
    flood = "head -c 2000000 /dev/zero | tr '\\0' x"
    script = f"{READY}; {flood}; {flood} >&2; echo drained > {done}; exec cat >/dev/null"
    with start_mock(env=stand_in(script)):
        assert wait_for(done) == "drained\n"


def test_a_mock_that_keeps_no_tie_and_ignores_sigterm_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(testing, "_STOP_SECONDS", 1.0)
    started = time.monotonic()
    with start_mock(env=stand_in(f"trap '' TERM; {READY}; exec sleep 30")) as mock:
        pid = mock.pid
    assert gone(pid)
    assert time.monotonic() - started < 10


def test_when_its_starter_is_killed_the_mock_stops_by_its_tie(mock_command_env: str, tmp_path: Path) -> None:
    """A Python process that started the mock dies by SIGKILL (no finally runs): the mock sees its stdin close."""
    port_file = tmp_path / "port"
    script = (
        "import sys, time\n"
        "from financial_operations_api.testing import start_mock\n"
        "with start_mock(stateful=False) as mock:\n"
        f"    open({str(port_file)!r}, 'w').write(str(mock.port))\n"
        "    time.sleep(60)\n"
    )
    starter = subprocess.Popen([sys.executable, "-c", script])
    try:
        port = int(wait_for_text(port_file, 60))
        assert not port_free(port)
        starter.kill()
        starter.wait()
        deadline = time.monotonic() + 5
        while not port_free(port) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert port_free(port)
    finally:
        starter.kill()


def test_a_mock_ended_by_a_signal_says_which() -> None:
    with pytest.raises(MockStartError, match=r"\) ended with signal SIGKILL; it printed nothing$"):
        with start_mock(env=stand_in("kill -KILL $$")):
            pytest.fail("a stand-in that was killed was taken as ready")
