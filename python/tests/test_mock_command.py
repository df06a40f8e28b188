"""How start_mock finds fo-mock (FO_MOCK_COMMAND, then PATH, then npx at this package's own version, else an error
naming what to install) and reads its ready line: no process is started here."""

from __future__ import annotations

import stat
from importlib import metadata
from pathlib import Path

import pytest

from financial_operations_api import testing
from financial_operations_api.testing import MockNotFoundError, mock_command, ready_url

VERSION = metadata.version("financial-operations-api")


def executable(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


@pytest.fixture
def bins(tmp_path: Path) -> dict[str, Path]:
    """Three folders for PATH: one with fo-mock, one with npx, one empty."""
    return {
        "fo-mock": executable(tmp_path / "with-fo-mock", "fo-mock").parent,
        "npx": executable(tmp_path / "with-npx", "npx").parent,
        "empty": (tmp_path / "empty").resolve(),
    }


def path_of(*folders: Path) -> str:
    for folder in folders:
        folder.mkdir(exist_ok=True)
    return ":".join(str(f) for f in folders)


def test_fo_mock_command_wins_over_path_and_npx(bins: dict[str, Path]) -> None:
    env = {"FO_MOCK_COMMAND": "node --import 'a loader.mjs' fo-mock.ts", "PATH": path_of(bins["fo-mock"], bins["npx"])}
    assert mock_command(env) == ["node", "--import", "a loader.mjs", "fo-mock.ts"]


def test_fo_mock_command_is_split_as_a_shell_would() -> None:
    env = {"FO_MOCK_COMMAND": """ /opt/my node/bin/node "--import=x y" a\\ b 'c"d' """.replace("my node", "my\\ node")}
    assert mock_command(env) == ["/opt/my node/bin/node", "--import=x y", "a b", 'c"d']


def test_an_empty_fo_mock_command_counts_as_unset(bins: dict[str, Path]) -> None:
    assert mock_command({"FO_MOCK_COMMAND": "  ", "PATH": path_of(bins["fo-mock"])}) == [
        str(bins["fo-mock"] / "fo-mock")
    ]


def test_an_unbalanced_fo_mock_command_is_refused_with_its_reason() -> None:
    with pytest.raises(
        MockNotFoundError, match=r"^FO_MOCK_COMMAND cannot be split into a command: No closing quotation"
    ):
        mock_command({"FO_MOCK_COMMAND": "node 'fo-mock.ts"})


def test_fo_mock_on_path_comes_before_npx(bins: dict[str, Path]) -> None:
    env = {"PATH": path_of(bins["empty"], bins["npx"], bins["fo-mock"])}
    assert mock_command(env) == [str(bins["fo-mock"] / "fo-mock")]


def test_npx_runs_the_mock_package_at_this_packages_exact_version(bins: dict[str, Path]) -> None:
    env = {"PATH": path_of(bins["empty"], bins["npx"])}
    assert mock_command(env) == [str(bins["npx"] / "npx"), "--yes", f"financial-operations-api-mock@{VERSION}"]


def test_with_nothing_to_run_the_error_names_what_to_install(bins: dict[str, Path]) -> None:
    with pytest.raises(MockNotFoundError) as raised:
        mock_command({"PATH": path_of(bins["empty"])})
    assert str(raised.value) == (
        "Cannot start the mock: FO_MOCK_COMMAND is not set and neither fo-mock nor npx is on PATH. Install Node.js "
        "20.19 or later (it brings npx), or `npm install --save-dev financial-operations-api-mock` and put "
        "node_modules/.bin on PATH, or set FO_MOCK_COMMAND to a command that runs fo-mock."
    )


def test_without_its_own_version_it_does_not_guess_one(bins: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed() -> str:
        raise metadata.PackageNotFoundError("financial-operations-api")

    monkeypatch.setattr(testing, "_own_version", not_installed)
    with pytest.raises(MockNotFoundError, match=r"distribution is not installed, so its version is unknown"):
        mock_command({"PATH": path_of(bins["npx"])})


@pytest.mark.parametrize(
    ("line", "url"),
    [
        (
            "fo-mock ready: http://127.0.0.1:34703 (production auth: HMAC signatures verified, 1 key, timestamp "
            "window -300 s/+60 s, replays refused; portfolio routes: any Bearer token; Ctrl-C stops it)\n",
            "http://127.0.0.1:34703",
        ),
        (
            "fo-mock ready: http://127.0.0.1:4010 (sandbox auth: any Bearer token; Ctrl-C stops it)",
            "http://127.0.0.1:4010",
        ),
        (
            "Stateful mode: createQuote, listRfiCases kept in memory; control API at http://127.0.0.1:34703/__mock/ "
            "(Bearer FO_MOCK_CONTROL_TOKEN)",
            None,
        ),
        ("[7:12:52 AM] \u203a [CLI] \u2026  awaiting  Starting Prism\u2026", None),
        ("fo-mock ready: http://localhost:4010 (sandbox auth)", None),
        ("fo-mock ready: http://127.0.0.1:4010", None),
        ("", None),
    ],
    ids=["production", "sandbox", "stateful-line", "prism-line", "other-host", "no-parenthesis", "empty"],
)
def test_the_ready_line_gives_the_url(line: str, url: str | None) -> None:
    assert ready_url(line) == url
