"""``gametable serve``: registered on the main command; checks its options and the port before
starting, and prints its banner only once it listens (issue 16, item 8)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import typer
from typer.testing import CliRunner

from gametable.server import router
from gametable.server.cli import register
from tests.server.conftest import free_port

runner = CliRunner()


def serve_app() -> typer.Typer:
    app = typer.Typer()

    @app.command("other")
    def other() -> None:  # a second command, so Typer keeps subcommand names
        """Placeholder."""

    register(app)
    return app


def test_register_adds_the_serve_command() -> None:
    result = runner.invoke(serve_app(), ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for flag in (
        "--host",
        "--port",
        "--data-dir",
        "--database-url",
        "--bot-delay",
        "--idle-hours",
        "--config",
        "--set",
        "--forwarded-allow-ips",
    ):
        assert flag in result.output


def serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gametable.server", "--data-dir", str(tmp_path), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_ports_out_of_range_are_refused_before_anything_is_printed(tmp_path: Path) -> None:
    """``--port 99999`` printed "server on ...:99999" and listened on 34463; ``--port -1``
    printed the banner and then failed."""
    for port in ("99999", "-1", "65536"):
        result = runner.invoke(serve_app(), ["serve", "--port", port, "--data-dir", str(tmp_path)])
        assert result.exit_code == 2 and "gametable server on" not in result.output
        assert "--port" in result.output


def test_a_port_in_use_is_said_without_a_banner(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(
            serve_app(), ["serve", "--port", str(port), "--data-dir", str(tmp_path)]
        )
    assert result.exit_code == 2
    assert "gametable server on" not in result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.output


def test_bad_settings_are_refused_clearly(tmp_path: Path) -> None:
    for args, words in [
        (["--set", "max_body=-1"], "setting max_body must be a number from 1024"),
        (["--set", "bot_deadline=inf"], "setting bot_deadline must be a number"),
        (["--set", "speed=3"], "unknown setting 'speed'"),
        (["--set", "max_body"], "not of the form name=value"),
        (["--bot-delay", "nan"], "setting bot_delay must be a number"),
        (["--config", str(tmp_path / "missing.toml")], "cannot read"),
    ]:
        result = runner.invoke(serve_app(), ["serve", "--data-dir", str(tmp_path), *args])
        assert result.exit_code == 2 and words in result.output, (args, result.output)


def test_the_banner_comes_once_the_server_listens_on_the_real_port(tmp_path: Path) -> None:
    config = tmp_path / "gametable.toml"
    config.write_text("max_body = 2048\nbot_delay = 0\n")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gametable.server",
            "--data-dir",
            str(tmp_path),
            "--port",
            "0",
            "--config",
            str(config),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("gametable server on http://127.0.0.1:")
        port = int(line.split(":")[2].split("/")[0])
        assert port != 0
        # listening as soon as the banner is out: no retry needed
        assert httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=5).status_code == 200
        big = httpx.post(f"http://127.0.0.1:{port}/api/tables", content=b"x" * 4096, timeout=5)
        assert big.status_code == 413  # the config file was read
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_database_url_that_cannot_be_used_is_said_clearly(tmp_path: Path) -> None:
    args = ["serve", "--port", "0", "--data-dir", str(tmp_path), "--database-url", "nosuchdb://x"]
    result = runner.invoke(serve_app(), args)
    assert result.exit_code == 2 and "cannot use the database URL" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_sigterm_stops_an_idle_server_quickly(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gametable.server",
            "--data-dir",
            str(tmp_path),
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().startswith("gametable server")
    start = time.monotonic()
    proc.terminate()
    proc.wait(10)
    assert time.monotonic() - start < 5


def test_workers_without_haproxy_say_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve --workers 2`` on a machine without HAProxy stops before starting anything, with
    exit status 2 and the package to install."""
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(router, "HAPROXY_PLACES", ())
    args = ["serve", "--workers", "2", "--port", "0", "--data-dir", str(tmp_path)]
    result = runner.invoke(serve_app(), args)
    assert result.exit_code == 2, result.output
    assert "apt install haproxy" in result.output
    assert not (tmp_path / "gametable.sqlite3").exists()  # no worker was started
