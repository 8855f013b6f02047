"""The container image run by podman: loaded from its OCI archive, its health check green,
running as a user other than root, a client's round trip, the data surviving a restart of
the container (it lives in a volume), and its settings taken from JADWAL_* variables."""

import json
import os
import resource
import tarfile

import pytest

import caldav_round_trip as client
from conftest import answers, free_port, run, tool, wait_for


def runtime() -> list[str]:
    """runc where crun refuses a host on cgroup v1 (as in this workplace's sandbox)."""
    return [] if os.path.exists("/sys/fs/cgroup/cgroup.controllers") else ["--runtime=runc"]


def podman(*args, **kwargs):
    return run(tool("podman"), *runtime(), *args, **kwargs)


def limits() -> list[str]:
    """Limits a container may have on a host that lets root raise none (as in this
    workplace's sandbox): its own hard limits."""
    nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    nproc = min(resource.getrlimit(resource.RLIMIT_NPROC)[1], 4096)
    return [f"--ulimit=nofile={nofile}:{nofile}", f"--ulimit=nproc={nproc}:{nproc}"]


def image_configuration(archive) -> dict:
    """The image's configuration, read from the OCI archive as a runtime would."""
    with tarfile.open(archive) as tar:
        def blob(digest):
            return json.load(tar.extractfile("./blobs/sha256/" + digest.split(":", 1)[1]))
        index = json.load(tar.extractfile("./index.json"))
        return blob(blob(index["manifests"][0]["digest"])["config"]["digest"])


@pytest.fixture
def image(artifacts):
    loaded = podman("load", "--input", str(artifacts.image)).stdout
    name = loaded.strip().splitlines()[-1].split(": ", 1)[1].split(",")[0]
    assert name == f"localhost/jadwald:{artifacts.tag}"
    yield name
    podman("rmi", "--force", name, check=False)


def test_the_image_serves_heals_and_keeps_its_data(image, artifacts):
    configuration = image_configuration(artifacts.image)["config"]
    assert configuration["User"] == "jadwal" and "/var/lib/jadwal" in configuration["Volumes"]
    health = configuration["Healthcheck"]["Test"]
    assert health[0] == "CMD" and health[1:] == ["/usr/bin/jadwald", "health"]
    port = free_port()
    name = f"jadwald-test-{os.getpid()}"
    volume = f"jadwal-data-{os.getpid()}"
    try:
        podman("run", "--detach", "--name", name, *limits(),
               "--publish", f"127.0.0.1:{port}:8080", "--volume", f"{volume}:/var/lib/jadwal",
               # podman reads a health check from images in Docker's format only: this is the image's own
               "--health-cmd", json.dumps(health[1:]), "--env", "JADWAL_LOG_FORMAT=json", image)
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: answers(url + "/readyz"), 60, "the container to serve")
        wait_for(lambda: podman("healthcheck", "run", name, check=False).returncode == 0, 60, "the health check")
        assert podman("inspect", "--format", "{{.State.Health.Status}}", name).stdout.strip() == "healthy"
        assert podman("exec", name, "id", "-u").stdout.strip() != "0"
        assert artifacts.version in podman("exec", name, "jadwald", "--version").stdout
        logs = podman("logs", name)
        requests = [json.loads(line) for line in (logs.stdout + logs.stderr).splitlines() if line.startswith("{")]
        assert any(entry.get("path") == "/readyz" for entry in requests), "JADWAL_LOG_FORMAT=json took effect"

        podman("exec", "--interactive", name, "jadwald", "user", "add", "amal", "--password-stdin", input="amal-password-1\n")
        client.write_event(url, "amal", "amal-password-1", "image@jadwal.test", "In a volume")
        key = podman("exec", name, "cat", "/var/lib/jadwal/keys/secret.key").stdout

        podman("restart", "--time", "20", name)
        wait_for(lambda: answers(url + "/readyz"), 60, "the restarted container to serve")
        assert client.read_summary(url, "amal", "amal-password-1", "image@jadwal.test") == "In a volume"
        assert podman("exec", name, "cat", "/var/lib/jadwal/keys/secret.key").stdout == key
    finally:
        podman("rm", "--force", "--time", "5", name, check=False)
        podman("volume", "rm", "--force", volume, check=False)
