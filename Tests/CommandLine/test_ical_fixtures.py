"""`jadwald ical` over Fixtures/ical: validate, normalize, expand and freebusy, as a
user would run them. Expected outputs live next to each fixture:

- NAME.expand: first line `# <arguments>`, then the expected `ical expand` lines.
- NAME.freebusy: first line `# <arguments>`, then the expected FREEBUSY lines.
- invalid/NAME.ics with invalid/NAME.where: `LINE:COLUMN` of the first error.
"""
import pathlib
import shlex
import subprocess

import pytest

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "ical"
VALID = sorted(FIXTURES.glob("*.ics"))
INVALID = sorted((FIXTURES / "invalid").glob("*.ics"))


def run(jadwald, *args):
    return subprocess.run([jadwald, "ical", *args], capture_output=True, timeout=60)


def expectation(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines and lines[0].startswith("#"), f"{path} must start with '# <arguments>'"
    return shlex.split(lines[0][1:]), [line for line in lines[1:] if line.strip()]


def test_fixtures_exist():
    assert len(VALID) >= 10
    assert len(INVALID) >= 5


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_fixture_validates(jadwald, path):
    result = run(jadwald, "validate", str(path))
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_normalize_is_idempotent(jadwald, path, tmp_path):
    first = run(jadwald, "normalize", str(path))
    assert first.returncode == 0, first.stderr.decode()
    for line in first.stdout.split(b"\r\n"):
        assert len(line) <= 75
        assert b"\n" not in line and b"\r" not in line
        line.decode("utf-8")  # no UTF-8 sequence is split by folding
    again = tmp_path / "normalized.ics"
    again.write_bytes(first.stdout)
    second = run(jadwald, "normalize", str(again))
    assert second.stdout == first.stdout


@pytest.mark.parametrize("path", [p for p in VALID if p.with_suffix(".expand").exists()], ids=lambda p: p.name)
def test_expand_matches_expected(jadwald, path):
    args, expected = expectation(path.with_suffix(".expand"))
    result = run(jadwald, "expand", str(path), *args)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().splitlines() == expected


@pytest.mark.parametrize("path", [p for p in VALID if p.with_suffix(".freebusy").exists()], ids=lambda p: p.name)
def test_freebusy_matches_expected(jadwald, path):
    args, expected = expectation(path.with_suffix(".freebusy"))
    result = run(jadwald, "freebusy", str(path), *args)
    assert result.returncode == 0, result.stderr.decode()
    text = result.stdout.decode()
    assert text.startswith("BEGIN:VCALENDAR\r\n") and text.count("BEGIN:VFREEBUSY") == 1
    assert [line for line in text.split("\r\n") if line.startswith("FREEBUSY")] == expected


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_fixture_reports_place(jadwald, path):
    result = run(jadwald, "validate", str(path))
    assert result.returncode != 0
    where = path.with_suffix(".where").read_text().strip()
    first = result.stderr.decode().splitlines()[0]
    assert first.startswith(f"{path}:{where}: "), first


def test_validate_reports_every_file(jadwald, tmp_path):
    good = VALID[0]
    bad = tmp_path / "bad.ics"
    bad.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    result = run(jadwald, "validate", str(good), str(bad))
    assert result.returncode != 0
    assert result.stderr.decode().startswith(f"{bad}:1:1: ")


def test_missing_file_is_a_clear_error(jadwald, tmp_path):
    result = run(jadwald, "validate", str(tmp_path / "absent.ics"))
    assert result.returncode != 0
    assert b"cannot read" in result.stderr


def test_expand_rejects_a_bad_range(jadwald):
    result = run(jadwald, "expand", str(VALID[0]), "--from", "yesterday", "--to", "2027-01-01")
    assert result.returncode != 0


def test_expand_rejects_an_unknown_zone(jadwald):
    result = run(jadwald, "expand", str(VALID[0]), "--from", "2026-01-01", "--to", "2027-01-01", "--tz", "Mars/Olympus")
    assert result.returncode != 0
    assert b"unknown time zone" in result.stderr
