"""pytest options for the command-line tests: the jadwald binary under test."""
import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--jadwald", default=".build/debug/jadwald", help="path to the jadwald binary")


@pytest.fixture(scope="session")
def jadwald(request):
    path = os.path.abspath(request.config.getoption("--jadwald"))
    assert os.access(path, os.X_OK), f"{path} is not an executable; build it with swift build"
    return path
