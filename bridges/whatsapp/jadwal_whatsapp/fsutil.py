"""Owner-only folders and files, written atomically."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from pathlib import Path


def private_dir(path: Path) -> Path:
    """Creates `path` and its missing parents with mode 0700; tightens an existing folder to 0700.

    Refuses a folder that belongs to another user: the bridge would leak its files there.
    """
    missing = []
    current = path
    while not current.exists():
        missing.append(current)
        current = current.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=0o700)
        os.chmod(folder, 0o700)
    status = path.stat()
    if status.st_uid != os.geteuid():
        raise PermissionError(f"{path} belongs to another user")
    if status.st_mode & 0o077:
        os.chmod(path, 0o700)
    return path


def fsync_dir(path: Path) -> None:
    """Makes a rename or an unlink in `path` durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Writes `data` to `path` (mode 0600): a temporary file, fsync, rename, fsync of the folder.

    A reader sees the old content or the new one, never a part; a crash leaves at worst a
    stray temporary file, which `remove_stale_temporaries` clears.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    fsync_dir(path.parent)


def remove_stale_temporaries(folder: Path) -> None:
    """Deletes temporary files that a crash in `write_atomic` left in `folder`."""
    for stray in folder.glob(".*.tmp"):
        with contextlib.suppress(FileNotFoundError):
            stray.unlink()


def remove_file(path: Path) -> None:
    """Deletes `path` if it exists, durably."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    fsync_dir(path.parent)


def remove_tree(path: Path) -> None:
    """Deletes the folder `path` and everything in it, if it exists."""
    if path.exists():
        shutil.rmtree(path)
        fsync_dir(path.parent)
