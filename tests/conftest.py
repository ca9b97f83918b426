"""Shared test settings."""

import os

import pytest
from hypothesis import HealthCheck, settings

# "ci" (the default) draws the same examples on every run of the same code, so that a run on a
# developer's machine and the CI run of that commit agree; "explore" draws new ones each run,
# and more of them: run it now and then (HYPOTHESIS_PROFILE=explore make unit) to find new bugs.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _autosave_in_a_temporary_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console program keeps games in progress here, not in the home folder."""
    folder = tmp_path_factory.mktemp("autosave")
    monkeypatch.setenv("GAMETHEORY_AUTOSAVE", str(folder / "abapa-autosave.json"))
