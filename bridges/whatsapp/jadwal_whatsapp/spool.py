"""A durable, encrypted, per-account queue of messages waiting for Jadwal.

Each message is one sealed file `<sequence>.msg` in the account's spool folder, written
atomically and fsync'd before the bridge acknowledges it to WhatsApp's library, and deleted
only after Jadwal answered 2xx. Sequence numbers keep the order across restarts.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import deque
from pathlib import Path
from typing import Any

from .fsutil import private_dir, remove_file, remove_stale_temporaries
from .vault import Vault, VaultError

log = logging.getLogger(__name__)

SUFFIX = ".msg"


class Spool:
    """The messages of one account not yet accepted by Jadwal, oldest first."""

    def __init__(self, folder: Path, vault: Vault, purpose: str) -> None:
        self._folder = private_dir(folder)
        self._vault = vault
        self._purpose = purpose
        self._lock = threading.Lock()
        remove_stale_temporaries(folder)
        self._sequences = deque(sorted(int(path.stem) for path in folder.glob(f"*{SUFFIX}") if path.stem.isdigit()))
        self._next = (self._sequences[-1] + 1) if self._sequences else 1

    def _path(self, sequence: int) -> Path:
        return self._folder / f"{sequence:016d}{SUFFIX}"

    def _aad(self, sequence: int) -> str:
        return f"{self._purpose}:{sequence}"

    def append(self, payload: dict[str, Any]) -> int:
        """Stores `payload` durably at the end of the queue; returns its sequence number."""
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        with self._lock:
            sequence = self._next
            self._next += 1
            self._vault.write(self._path(sequence), data, self._aad(sequence))
            self._sequences.append(sequence)
        return sequence

    def oldest(self) -> tuple[int, dict[str, Any]] | None:
        """The oldest waiting message and its sequence number, or None.

        A message that can no longer be read (the disk damaged it) is dropped with an error in
        the log, so that it does not hold back the ones after it.
        """
        while True:
            with self._lock:
                if not self._sequences:
                    return None
                sequence = self._sequences[0]
            try:
                return sequence, json.loads(self._vault.read(self._path(sequence), self._aad(sequence)))
            except (OSError, VaultError, ValueError) as error:
                log.error("dropping the unreadable spooled message %s: %s", self._path(sequence), error)
                self.remove(sequence)

    def remove(self, sequence: int) -> None:
        """Forgets the message `sequence` (Jadwal has it, or it is dropped)."""
        with self._lock:
            if sequence in self._sequences:
                self._sequences.remove(sequence)
            remove_file(self._path(sequence))

    def __len__(self) -> int:
        with self._lock:
            return len(self._sequences)
