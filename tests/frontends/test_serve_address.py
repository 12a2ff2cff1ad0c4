"""`dominosolver serve` tries its address before it starts: a port already taken or a host that does not
resolve is one error line naming it and a non-zero exit, not a server log ending in its shutdown."""

from __future__ import annotations

import socket

from cli_run import run


def test_a_port_taken_is_named(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, err = run(["serve", "--port", str(port)], capsys)
    assert status == 1 and err.strip() == f"Error: cannot listen on 127.0.0.1 port {port}: Address already in use"


def test_a_host_that_does_not_resolve_is_named(capsys, monkeypatch):
    def unknown(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    status, err = run(["serve", "--host", "nowhere.invalid"], capsys)
    assert status == 2 and "'--host': 'nowhere.invalid' does not resolve: Name or service not known" in err
    assert err.strip().splitlines()[-1].startswith("Error: ")
