"""Jadwal's WhatsApp bridge.

Links a person's WhatsApp account as a companion device (phone-number pairing code),
receives the account's one-to-one messages and posts each one to the Jadwal server's
`POST /api/v1/chats/messages`. See README.md for the HTTP contract and the security notes.
"""

__version__ = "0.1.0"
