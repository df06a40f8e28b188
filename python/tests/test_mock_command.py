"""How start_mock finds fo-mock (FO_MOCK_COMMAND; the project's installed mock, from the working folder upward; fo-mock
on PATH; npx at this package's own version; else an error naming what to install), refuses an installed one of another
version, and reads its ready line: no process is started here."""

from __future__ import annotations

import json
import os
import stat
from importlib import metadata
from pathlib import Path

import pytest

from financial_operations_api import testing
from financial_operations_api.testing import MockNotFoundError, mock_command, ready_url

VERSION = metadata.version("financial-operations-api")
ROOT = Path(__file__).resolve().parents[2]


def executable(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def installed(project: Path, version: str = VERSION) -> Path:
    """The mock package installed in `project` as npm lays it out: the package, and its bin linked from .bin."""
    package = project / "node_modules" / "financial-operations-api-mock"
    (package / "dist").mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "financial-operations-api-mock", "version": version}))
    bin_file = executable(package / "dist", "fo-mock.mjs")
    link = project / "node_modules" / ".bin" / "fo-mock"
    link.parent.mkdir(parents=True)
    link.symlink_to(Path("..") / "financial-operations-api-mock" / "dist" / bin_file.name)
    return link


@pytest.fixture
def bins(tmp_path: Path) -> dict[str, Path]:
    """Folders for PATH: one with an installed fo-mock's .bin, one with npx, one empty; and a project folder without
    node_modules to look up from."""
    return {
        "fo-mock": installed(tmp_path / "elsewhere").parent,
        "npx": executable(tmp_path / "with-npx", "npx").parent,
        "empty": (tmp_path / "empty").resolve(),
        "project": (tmp_path / "project").resolve(),
    }


def path_of(*folders: Path) -> str:
    for folder in folders:
        folder.mkdir(exist_ok=True, parents=True)
    return ":".join(str(f) for f in folders)


def test_fo_mock_command_wins_over_everything(bins: dict[str, Path], tmp_path: Path) -> None:
    project = tmp_path / "with-mock"
    installed(project)
    env = {"FO_MOCK_COMMAND": "node --import 'a loader.mjs' fo-mock.ts", "PATH": path_of(bins["fo-mock"], bins["npx"])}
    assert mock_command(env, cwd=project) == ["node", "--import", "a loader.mjs", "fo-mock.ts"]


def test_fo_mock_command_is_split_as_a_shell_would() -> None:
    env = {"FO_MOCK_COMMAND": """ /opt/my node/bin/node "--import=x y" a\\ b 'c"d' """.replace("my node", "my\\ node")}
    assert mock_command(env) == ["/opt/my node/bin/node", "--import=x y", "a b", 'c"d']


def test_an_unbalanced_fo_mock_command_is_refused_with_its_reason() -> None:
    with pytest.raises(
        MockNotFoundError, match=r"^FO_MOCK_COMMAND cannot be split into a command: No closing quotation"
    ):
        mock_command({"FO_MOCK_COMMAND": "node 'fo-mock.ts"})


def test_the_projects_installed_mock_is_found_from_a_folder_below_it_before_path(
    bins: dict[str, Path], tmp_path: Path
) -> None:
    project = tmp_path / "app"
    link = installed(project)
    below = project / "tests" / "integration"
    below.mkdir(parents=True)
    env = {"FO_MOCK_COMMAND": "  ", "PATH": path_of(bins["fo-mock"], bins["npx"])}
    assert mock_command(env, cwd=below) == [str(link)]


def test_fo_mock_on_path_comes_before_npx(bins: dict[str, Path]) -> None:
    env = {"PATH": path_of(bins["empty"], bins["npx"], bins["fo-mock"])}
    assert mock_command(env, cwd=bins["project"]) == [str(bins["fo-mock"] / "fo-mock")]


@pytest.mark.parametrize("where", ["project", "path"])
def test_an_installed_mock_of_another_version_is_refused_naming_both(
    bins: dict[str, Path], tmp_path: Path, where: str
) -> None:
    other = installed(tmp_path / "old", version="1.9.0")
    env = {"PATH": path_of(other.parent) if where == "path" else path_of(bins["npx"])}
    with pytest.raises(MockNotFoundError) as raised:
        mock_command(env, cwd=tmp_path / "old" if where == "project" else bins["project"])
    message = str(raised.value)
    assert f"is financial-operations-api-mock 1.9.0, and this package is {VERSION}" in message
    assert f"npm install --save-dev financial-operations-api-mock@{VERSION}" in message


def test_npx_runs_the_mock_package_at_this_packages_exact_version(bins: dict[str, Path]) -> None:
    env = {"PATH": path_of(bins["empty"], bins["npx"])}
    assert mock_command(env, cwd=bins["project"]) == [
        str(bins["npx"] / "npx"),
        "--no",
        f"financial-operations-api-mock@{VERSION}",
    ]


def test_with_nothing_to_run_the_error_names_what_to_install(bins: dict[str, Path]) -> None:
    with pytest.raises(MockNotFoundError) as raised:
        mock_command({"PATH": path_of(bins["empty"])}, cwd=bins["project"])
    assert str(raised.value) == (
        "Cannot start the mock: financial-operations-api-mock is not installed in this project and npx (which Node.js "
        "brings) is not on PATH. Install the mock into your project: `npm install --save-dev "
        f"financial-operations-api-mock@{VERSION}` (while the package is on no registry, its tarball: `npm install "
        f"--save-dev ./financial-operations-api-mock-{VERSION}.tgz`, which `bash scripts/dev.sh tarball` writes in the "
        "project's repository). It needs Node.js 24.18 or later. Or set FO_MOCK_COMMAND to a command that runs fo-mock."
    )


def test_without_its_own_version_it_does_not_guess_one(bins: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed() -> str:
        raise metadata.PackageNotFoundError("financial-operations-api")

    monkeypatch.setattr(testing, "_own_version", not_installed)
    with pytest.raises(MockNotFoundError, match=r"distribution is not installed, so its version is unknown"):
        mock_command({"PATH": path_of(bins["npx"])}, cwd=bins["project"])


def test_the_node_it_asks_for_is_the_mock_packages_floor() -> None:
    engines = json.loads((ROOT / "packages/mock/manifest.json").read_text())["engines"]["node"]
    assert engines == f">={testing.NODE_FLOOR}.0"


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
            "Stateful mode: createQuote, listRfiCases kept in memory; control API at http://127.0.0.1:34703/__mock "
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


def test_a_line_quoted_from_the_mocks_output_never_shows_a_secret_it_was_given() -> None:
    output = testing._Output(["s3cr3t-key"])  # noqa: SLF001 (what the helper quotes of the mock, in its errors)
    reader, writer = os.pipe()
    with os.fdopen(writer, "w") as w:
        w.write("npm error could not run with FO_SECRET_KEY=s3cr3t-key\nnext line\n")
    output.follow(os.fdopen(reader))
    output.settle(5)
    assert output.first("npm error") == "npm error could not run with FO_SECRET_KEY=REDACTED"
    assert "s3cr3t-key" not in output.tail()
