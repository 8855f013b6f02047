#!/usr/bin/env python3
"""Finishes an image in an OCI layout: scripts/oci-finish.py LAYOUT TAG NAME CMD...

Adds the health check CMD (umoci writes every other setting; a health check is Docker's
field of the image configuration, `Healthcheck`, which Docker reads from an OCI image too
and podman only from images in Docker's format, so podman is given it with --health-cmd),
and names the image NAME:TAG in the index, the name `docker load` and `podman load` give
it. The configuration and the manifest are content-addressed, so both are written anew
and the index points at the new manifest."""

import hashlib
import json
import sys
from pathlib import Path

SECOND = 1_000_000_000


def write_blob(layout: Path, data: bytes) -> tuple[str, int]:
    digest = hashlib.sha256(data).hexdigest()
    (layout / "blobs" / "sha256" / digest).write_bytes(data)
    return "sha256:" + digest, len(data)


def read_blob(layout: Path, digest: str) -> dict:
    return json.loads((layout / "blobs" / "sha256" / digest.split(":", 1)[1]).read_bytes())


def main() -> None:
    layout, tag, name, command = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    index = json.loads((layout / "index.json").read_text())
    entries = [m for m in index["manifests"] if m.get("annotations", {}).get("org.opencontainers.image.ref.name") == tag]
    if len(entries) != 1:
        sys.exit(f"oci-finish: no single image tagged {tag} in {layout}")
    entry = entries[0]
    old_manifest = entry["digest"]
    manifest = read_blob(layout, old_manifest)
    old_config = manifest["config"]["digest"]
    config = read_blob(layout, old_config)
    config.setdefault("config", {})["Healthcheck"] = {
        "Test": ["CMD", *command], "Interval": 30 * SECOND, "Timeout": 10 * SECOND,
        "StartPeriod": 20 * SECOND, "Retries": 3,
    }
    digest, size = write_blob(layout, json.dumps(config, separators=(",", ":"), sort_keys=True).encode())
    manifest["config"].update(digest=digest, size=size)
    digest, size = write_blob(layout, json.dumps(manifest, separators=(",", ":"), sort_keys=True).encode())
    entry.update(digest=digest, size=size)
    entry["annotations"]["org.opencontainers.image.ref.name"] = f"{name}:{tag}"
    (layout / "index.json").write_text(json.dumps(index, separators=(",", ":"), sort_keys=True))
    for superseded in (old_manifest, old_config):
        (layout / "blobs" / "sha256" / superseded.split(":", 1)[1]).unlink()


if __name__ == "__main__":
    main()
