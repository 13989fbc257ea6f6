"""Where the tests find the command line (for comparing answers) and the
shared test data."""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"


def _solver():
    for p in (
        os.environ.get("OTHELLO_SOLVER_BIN"),
        REPO / "target" / "release" / "othello-solver",
        REPO / "target" / "debug" / "othello-solver",
    ):
        if p and pathlib.Path(p).is_file():
            return str(p)
    return None


@pytest.fixture(scope="session")
def cli():
    path = _solver()
    if path is None:
        pytest.fail("no othello-solver binary: build it (cargo build) or set OTHELLO_SOLVER_BIN")
    return path


@pytest.fixture(scope="session")
def shared():
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} not found (CI always has ../shared)")
    return SHARED
