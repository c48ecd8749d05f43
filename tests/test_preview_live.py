"""The live preview's options and its opening, over HTTP: a switch of options read as the
command line reads it (every bad one told in its words, from a foreign page refused), the
state telling the options in effect and the game's choices, the server answering before the
first build is in (version 0, "building") and its event stream telling a build that begins,
and the Host headers that name it on ::1, 0.0.0.0 and ::."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core import limits
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview.hosts import Hosts
from bastelbogen.preview.options import LIVE, Unusable, switched
from bastelbogen.preview.server import serve
from bastelbogen.preview.state import Preview
from tests.conftest import ROOT


def _request(server, method, path, body=b"", headers=None, host="127.0.0.1"):
    port = server.server_address[1]
    conn = http.client.HTTPConnection(host, port, timeout=30)
    sent = {"Host": f"[{host}]:{port}" if ":" in host else f"{host}:{port}", **(headers or {})}
    conn.request(method, path, body=body or None, headers=sent)
    response = conn.getresponse()
    return response.status, response.read().decode()


def _post(server, body, origin=None, kind="application/json"):
    port = server.server_address[1]
    headers = {"Origin": origin or f"http://127.0.0.1:{port}", "Content-Type": kind}
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return _request(server, "POST", "/options", raw, headers)


@pytest.fixture
def unbuilt():
    """A server for Münchhausen whose first build has not run (nothing is built)."""
    preview = Preview(Project(ROOT), "muenchhausen", BuildOptions())
    servers = []

    def start(host="127.0.0.1"):
        server = serve(preview, host, 0)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_preview_takes_the_options_that_change_what_is_drawn():
    """From the one table: those a build records, not --export or --jobs."""
    from bastelbogen.content.options import OPTIONS
    from bastelbogen.preview.command import serve_cmd

    names = {o.name for o in LIVE}
    assert {"theme", "lang", "variant", "paper", "bleed", "duplex", "braille"} <= names
    assert not names & {"export", "jobs", "dpi", "strict", "cut"}
    taken = {p.name for p in serve_cmd.params}
    assert {OPTIONS[n].key for n in names} <= taken and "export" not in taken


@pytest.mark.parametrize(
    ("body", "told"),
    [
        (b"{", "the body is not JSON"),
        (b"[1]", "must be a JSON object"),
        (b'{"export": ["png"]}', "No such option: --export"),
        (b'{"bleed": "20mm"}', "Invalid value for '--bleed': must be from 0 to 10mm, got 20mm"),
        (b'{"paper": "a3"}', "Invalid value for '--paper': must be one of a4, letter, got a3"),
        (b'{"braille": "yes"}', "Invalid value for '--braille': must be true or false"),
        (b'{"lang": "english"}', "'english' is not a language code"),
        (b'{"bleed": [1]}', "Invalid value for '--bleed': must be text"),
        (b"[" * 100_000, "at most 4096 bytes"),
    ],
)
def test_a_bad_switch_is_told_in_the_command_lines_words(body, told):
    with pytest.raises(Unusable, match=None) as caught:
        switched(body, BuildOptions())
    assert told in str(caught.value)


def test_a_switch_is_parsed_as_the_command_line_parses_it():
    from bastelbogen.core.units import mm

    now = BuildOptions.of(variant="large-groups")
    new = switched(b'{"bleed": 2, "lang": "en", "duplex": "fold", "back-offset": [1, 0]}', now)
    assert new.settings.bleed == pytest.approx(mm(2)) and new.langs == ("en",)
    assert new.settings.duplex == "fold" and new.settings.back_offset == pytest.approx((mm(1), 0))
    assert new.variant == "large-groups"  # what the switch does not name stays
    assert switched(b'{"bleed": "0.125in", "variant": null}', now).variant is None
    assert switched(b'{"lang": ["en", "de"]}', now).langs == ("en", "de")


def test_the_state_answers_before_the_first_build(unbuilt):
    server = unbuilt()
    status, body = _request(server, "GET", "/state.json")
    state = json.loads(body)
    assert status == 200 and state["version"] == 0 and state["components"] == []
    assert state["building"] is True  # `pnp serve` begins the first build as it serves
    assert state["options"]["paper"] == "a4" and state["options"]["bleed"] == 3.0
    assert state["choices"]["paper"] == ["a4", "letter"]
    assert _request(server, "GET", "/")[0] == 200


def test_bad_switches_are_refused_clearly(unbuilt):
    server = unbuilt()
    port = server.server_address[1]
    assert _post(server, {"bleed": "2mm"}, origin="http://evil.example")[0] == 403
    status, text = _request(
        server, "POST", "/options", b"{}", {"Content-Type": "application/json"}
    )  # no Origin: not from the page
    assert status == 403 and "own page only" in text
    status, text = _post(server, {}, kind="text/plain")
    assert status == 415 and "application/json" in text
    huge = b" " * (limits.MAX_PREVIEW_OPTIONS_BYTES + 1)
    status, text = _post(server, huge)
    assert status == 413 and "too large" in text
    status, text = _post(server, {"duplex": "twice"})
    assert status == 400 and "Invalid value for '--duplex'" in text
    status, text = _post(server, {"variant": "tiny"})
    assert status == 400 and "has no variant 'tiny' (variants: large-groups)" in text
    status, text = _request(server, "GET", "/options")
    assert status == 405 and "POST" in text
    assert (
        _request(server, "POST", "/state.json", b"x", {"Origin": f"http://127.0.0.1:{port}"})[0]
        == 405
    )
    assert _request(server, "GET", "/state.json", b"x")[0] == 400  # a GET takes no body
    assert server.preview.snapshot.version == 0  # nothing was switched, nothing built


@pytest.mark.heavy
def test_a_switch_rebuilds_for_every_tab(live):
    """English instead of German: every number card's face is another picture; the event
    stream tells the build that begins, then the one that is in."""
    _, server = live
    before = json.loads(_request(server, "GET", "/state.json")[1])
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
    events = conn.getresponse()
    assert events.fp.readline().strip() == f"data: {before['version']}".encode()
    status, body = _post(server, {"lang": "en"})
    after = json.loads(_request(server, "GET", "/state.json")[1])
    assert status == 200 and json.loads(body)["version"] == after["version"] > before["version"]
    assert before["options"]["lang"] == "de" and after["options"]["lang"] == "en"
    assert after["choices"]["lang"] == ["de", "en"] and after["choices"]["variant"] == [
        None,
        "large-groups",
    ]
    keys = [
        {f["image"] for c in s["components"] for f in c["faces"].values()} for s in (before, after)
    ]
    assert keys[0] and keys[1] and keys[0] != keys[1]
    lines = [events.fp.readline().strip() for _ in range(5)]
    assert b"event: building" in lines and f"data: {after['version']}".encode() in lines


@pytest.mark.heavy
def test_pnp_serve_answers_at_once(tmp_path):
    """A deck whose first build takes seconds: the page and its state answer before it is
    in, saying it builds; then the build is in."""
    from bench.decks import write

    folder = write(tmp_path, "table", 300)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bastelbogen",
            "--root",
            str(folder),
            "serve",
            "deck",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        port = int(line.rsplit(":", 1)[1].split("/")[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/state.json")
        state = json.loads(conn.getresponse().read())
        assert state["version"] == 0 and state["building"] is True, state
        deadline = time.monotonic() + 120
        while state["version"] == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
            conn.request("GET", "/state.json")
            state = json.loads(conn.getresponse().read())
        assert state["version"] == 1 and not state["building"]
        assert sum(len(c["faces"]) for c in state["components"]) == 301
    finally:
        process.terminate()
        process.wait(10)


def _ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6(), reason="no IPv6 loopback here")
def test_it_serves_on_the_ipv6_loopback(unbuilt):
    server = unbuilt("::1")
    assert server.server_address[0] == "::1"
    assert _request(server, "GET", "/", host="::1")[0] == 200
    port = server.server_address[1]
    status, _ = _request(server, "GET", "/", headers={"Host": f"evil.example:{port}"}, host="::1")
    assert status == 403


def _own_address() -> str | None:
    """An address of this machine that is not its loopback, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: the route picks the address
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def test_every_address_accepts_the_machines_own_names(unbuilt):
    server = unbuilt("0.0.0.0")
    port = server.server_address[1]
    own = _own_address()
    if own is not None:
        assert _request(server, "GET", "/", host=own)[0] == 200
    for name in ("localhost", socket.gethostname()):
        assert _request(server, "GET", "/", headers={"Host": f"{name}:{port}"})[0] == 200
    for foreign in ("evil.example", "8.8.8.8", "[2001:4860:4860::8888]", "0.0.0.0"):
        status, text = _request(server, "GET", "/", headers={"Host": f"{foreign}:{port}"})
        assert status == 403 and "foreign Host" in text
    other = f"{own or '127.0.0.1'}:{port + 1 if port < 65535 else 1}"
    assert _request(server, "GET", "/", headers={"Host": other})[0] == 403


def test_hosts_of_one_address_are_that_address_and_the_loopback():
    hosts = Hosts("127.0.0.1", 8400)
    assert "127.0.0.1:8400" in hosts and "LOCALHOST:8400" in hosts and "[::1]:8400" in hosts
    own = _own_address()
    assert own is None or f"{own}:8400" not in hosts  # listening on 127.0.0.1 only
    assert "127.0.0.1:8401" not in hosts and "evil.example:8400" not in hosts
    everywhere = Hosts("::", 8400)
    assert "[::1]:8400" in everywhere and "127.0.0.1:8400" in everywhere
    assert own is None or f"{own}:8400" in everywhere
    assert "[ff02::1]:8400" not in everywhere and "[::]:8400" not in everywhere
