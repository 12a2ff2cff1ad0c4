"""The HTTP API on Starlette's test client, one app per test module."""

import pytest
from starlette.testclient import TestClient

from dominosolver.serve import create_app

from serve_support import KEY


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(key=KEY)) as c:
        yield c
