"""Shared test settings."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
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
