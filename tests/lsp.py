"""A small Language Server Protocol client, enough to talk to an editor's YAML language
server (Red Hat's yaml-language-server) as an editor does: JSON-RPC messages framed by a
`Content-Length` header over the server's standard input and output. It answers what the
server asks of an editor (its settings, the registration of capabilities, progress) and
keeps what the server tells (diagnostics, log messages) for a test to wait for.

Where the server comes from: `.ci/run` installs the npm package into .cache/editor/ (`npm
install --prefix .cache/editor yaml-language-server`), else one on the PATH. Without it a
test is skipped, saying why; under CI=true that is a failure."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "editor"
# The version the editor page quotes (docs/editor.md); .ci/run installs it with this command.
VERSION = "1.25.0"
INSTALL = f"npm install --prefix {CACHE.relative_to(ROOT)} yaml-language-server@{VERSION}"
# Far above a normal answer (a busy two-core machine included): a wait only ends a hang.
WAIT = 90.0
# What an editor's settings say to the server: check, explain and complete by the schema a
# file names, and fetch no catalogue of schemas from the web.
SETTINGS = {
    "yaml": {
        "validate": True,
        "hover": True,
        "completion": True,
        "format": {"enable": False},
        "schemaStore": {"enable": False},
        "schemas": {},
    }
}


def server_command() -> list[str] | None:
    """How to start yaml-language-server over stdio, or None where it is not installed."""
    here = CACHE / "node_modules" / ".bin" / "yaml-language-server"
    found = str(here) if here.is_file() else shutil.which("yaml-language-server")
    if found is None or shutil.which("node") is None:
        return None
    return [found, "--stdio"]


def server_version(command: list[str]) -> str:
    """The version of the server `command` starts, from its package (npm's link resolved)."""
    package = Path(command[0]).resolve().parent.parent / "package.json"
    try:
        return str(json.loads(package.read_text())["version"])
    except (OSError, ValueError, KeyError):
        return "of unknown version"


def server_here() -> list[str]:
    """The server's command; skip (or under CI fail) where it is missing."""
    command = server_command()
    if command is not None:
        return command
    message = f"yaml-language-server is missing (node and `{INSTALL}` in the checkout)"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; CI must run these tests (.ci/run installs it)")
    pytest.skip("SKIPPED, " + message)


class Server:
    """A language server process spoken to over stdio; close() ends it."""

    def __init__(self, command: list[str], root: Path, settings: dict = SETTINGS):
        self.settings = settings
        self.process = subprocess.Popen(
            command,
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0
        self.version = 1  # of the files opened, each opened at 1
        self.answers: dict[int, queue.Queue] = {}
        self.told: list[dict] = []  # the notifications the server sent, in order
        self.asked: list[dict] = []  # the requests the server sent
        self.changed = threading.Condition()
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        try:
            self.initialize(root)
        except BaseException:
            self.close()
            raise

    # framing

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        with self.lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def _receive(self) -> dict | None:
        stream = self.process.stdout
        assert stream is not None
        length = None
        while True:
            line = stream.readline()
            if not line:
                return None  # the server ended
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        if length is None:
            return None
        return json.loads(stream.read(length))

    def _read(self) -> None:
        while (message := self._receive()) is not None:
            if "id" in message and "method" in message:
                self.asked.append(message)
                self._send({"id": message["id"], "result": self._answer(message)})
            elif "id" in message:
                self.answers.setdefault(message["id"], queue.Queue()).put(message)
            else:
                with self.changed:
                    self.told.append(message)
                    self.changed.notify_all()
        with self.changed:
            self.told.append({"method": "(ended)"})
            self.changed.notify_all()

    def _answer(self, request: dict) -> Any:
        """What an editor answers the server: its settings, section by section."""
        if request["method"] == "workspace/configuration":
            return [self._section(item.get("section")) for item in request["params"]["items"]]
        return None  # client/registerCapability, window/workDoneProgress/create …

    def _section(self, section: str | None) -> Any:
        value: Any = self.settings
        for part in (section or "").split(".") if section else ():
            value = value.get(part) if isinstance(value, dict) else None
        return value

    # requests and notifications

    def request(self, method: str, params: Any, timeout: float = WAIT) -> Any:
        """Ask; wait for the answer; its result (an error fails the test)."""
        self.next_id += 1
        number = self.next_id
        waiting = self.answers.setdefault(number, queue.Queue())
        self._send({"id": number, "method": method, "params": params})
        try:
            answer = waiting.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer to {method} in {timeout:g} s") from None
        assert "error" not in answer, answer["error"]
        return answer.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def wait_for(
        self, method: str, test: Callable[[dict], bool] = lambda p: True, timeout: float = WAIT
    ) -> dict:
        """The params of the first notification `method` (from the start) that passes `test`;
        seen ones are consumed, so a second wait finds the next one."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for k, message in enumerate(self.told):
                    if message.get("method") == method and test(message["params"]):
                        del self.told[k]
                        return message["params"]
                    if message.get("method") == "(ended)":
                        raise AssertionError(f"the server ended before {method}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {method} in {timeout:g} s")
                self.changed.wait(left)

    # the session an editor opens

    def initialize(self, root: Path) -> None:
        self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": root.as_uri(),
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                "capabilities": {
                    "workspace": {"configuration": True, "didChangeConfiguration": {}},
                    "textDocument": {
                        "publishDiagnostics": {"relatedInformation": True},
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "completion": {
                            "completionItem": {
                                "snippetSupport": False,
                                "documentationFormat": ["markdown", "plaintext"],
                            }
                        },
                    },
                },
                "initializationOptions": {},
            },
        )
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": self.settings})

    def open(self, path: Path, text: str | None = None) -> str:
        """Open a file as an editor does (its text as typed, else as saved); its URI."""
        uri = path.resolve().as_uri()
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "yaml",
                    "version": 1,
                    "text": path.read_text() if text is None else text,
                }
            },
        )
        return uri

    def change(self, uri: str, text: str) -> None:
        """The whole text of an open file replaced, as typed."""
        self.version += 1
        self.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": self.version},
                "contentChanges": [{"text": text}],
            },
        )

    def diagnostics(self, uri: str, test: Callable[[list], bool] = lambda d: True) -> list[dict]:
        """The next diagnostics the server publishes for `uri` that pass `test`."""
        params = self.wait_for(
            "textDocument/publishDiagnostics",
            lambda p: p["uri"] == uri and test(p["diagnostics"]),
        )
        return params["diagnostics"]

    def hover(self, uri: str, line: int, character: int) -> dict | None:
        return self.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )

    def completion(self, uri: str, line: int, character: int) -> list[dict]:
        result = self.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        if isinstance(result, dict):
            return result.get("items", [])
        return result or []

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Shut the server down as an editor does; kill it if it does not go."""
        try:
            if self.process.poll() is None:
                self.request("shutdown", None, timeout=10)
                self.notify("exit", None)
                self.process.wait(timeout=10)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
