"""Which Host headers name the preview's server: the guard against DNS rebinding (a page
elsewhere whose name is made to point at this machine sends its own name as Host, and is
refused).

Listening on one address, the server is that address and this machine's loopback names.
Listening on every address (0.0.0.0, ::), it is also each of the machine's own addresses
(an address is the machine's own when a socket can bind to it: the kernel knows its
interfaces, and a name is never looked up, so no DNS answer can make a name the machine's)
and the machine's own host names.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
EVERY = ("0.0.0.0", "::")


class Hosts:
    """The Host headers (name:port) that name a server listening on `host`, `port`."""

    def __init__(self, host: str, port: int):
        self.port, self.everywhere = port, host in EVERY
        names = {*LOOPBACK, f"[{host}]" if ":" in host else host}
        if self.everywhere:  # the machine's own names, as a browser on the network asks;
            names -= {host, f"[{host}]"}  # 0.0.0.0 is no address of it
            names |= {n.lower() for n in (socket.gethostname(), socket.getfqdn()) if n}
        self.fixed = {f"{name}:{port}".lower() for name in names}

    def __contains__(self, header: str) -> bool:
        header = header.lower()
        if header in self.fixed:
            return True
        if not self.everywhere:
            return False
        name, colon, port = header.rpartition(":")
        if not colon or port != str(self.port):
            return False
        if name.startswith("[") and name.endswith("]"):
            name = name[1:-1]
        return _own(name)


def _own(name: str) -> bool:
    """Whether `name` is an IP address of this machine: one a socket can bind to."""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False  # a name that is not the machine's own: never looked up
    if address.is_multicast or address.is_unspecified:
        return False
    if getattr(address, "scope_id", None):  # fe80::1%eth0: binding would look its zone up
        return False  # (no browser sends one in a Host)
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((str(address), 0))
    except OSError:
        return False
    return True
