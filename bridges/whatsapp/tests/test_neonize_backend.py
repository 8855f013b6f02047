"""The neonize backend without the network: its translation of neonize's real events.

Skipped when neonize is not installed (it is a production dependency only):
    .venv/bin/pip install -r bridges/whatsapp/requirements.txt
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pytest

neonize = pytest.importorskip("neonize", reason="neonize is not installed (pip install -r bridges/whatsapp/requirements.txt)")

from neonize.proto.Neonize_pb2 import JID, LoggedOut, MessageInfo, MessageSource, PairStatus  # noqa: E402
from neonize.proto.Neonize_pb2 import Message as MessageEvent  # noqa: E402
from neonize.proto.waE2E.WAWebProtobufsE2E_pb2 import (  # noqa: E402
    AudioMessage, ExtendedTextMessage, ImageMessage, LiveLocationMessage, LocationMessage, Message, ReactionMessage)

from jadwal_whatsapp.neonize_backend import NeonizeBackend, native_library, translate_message  # noqa: E402

PERSON = JID(User="966500000002", Server="s.whatsapp.net")
ME = JID(User="966500000001", Server="s.whatsapp.net")


def event(message: Message, *, chat: JID = PERSON, sender: JID = PERSON, from_me: bool = False, group: bool = False,
          pushname: str = "Clinic", timestamp: int = 1_790_000_000, sender_alt: JID | None = None,
          recipient_alt: JID | None = None) -> MessageEvent:
    source = MessageSource(Chat=chat, Sender=sender, IsFromMe=from_me, IsGroup=group)
    if sender_alt is not None:
        source.SenderAlt.CopyFrom(sender_alt)
    if recipient_alt is not None:
        source.RecipientAlt.CopyFrom(recipient_alt)
    info = MessageInfo(MessageSource=source, ID="3EB0C0FFEE", Pushname=pushname, Timestamp=timestamp)
    return MessageEvent(Info=info, Message=message)


def test_the_native_library_comes_from_the_wheel():
    library = native_library()
    assert library.is_file()
    assert library.parent == Path(neonize.__file__).parent


def test_a_plain_text_message():
    message = translate_message(event(Message(conversation="Tuesday at 10?")))
    assert message is not None
    assert message.payload() == {
        "chatId": "966500000002@s.whatsapp.net", "chatKind": "one_to_one", "chatName": "Clinic",
        "messageId": "3EB0C0FFEE", "senderName": "Clinic", "fromMe": False, "timestamp": 1_790_000_000,
        "text": "Tuesday at 10?", "kind": "text"}
    assert message.is_one_to_one()


def test_extended_text_and_milliseconds():
    message = translate_message(event(Message(extendedTextMessage=ExtendedTextMessage(text="see https://example.org")),
                                      timestamp=1_790_000_000_123))
    assert message is not None
    assert (message.text, message.kind, message.timestamp) == ("see https://example.org", "text", 1_790_000_000)


def test_own_message_named_after_the_contact():
    looked_up = []

    def contact_name(jid):
        looked_up.append(jid.User)
        return "Dental clinic"
    message = translate_message(event(Message(conversation="Works for me"), chat=PERSON, sender=ME, from_me=True,
                                      pushname="Amal"), contact_name)
    assert message is not None
    assert (message.from_me, message.sender_name, message.chat_name, message.chat_id) == (
        True, "Amal", "Dental clinic", "966500000002@s.whatsapp.net")
    assert looked_up == ["966500000002"]


def test_lid_chats_use_the_phone_number_when_given():
    lid = JID(User="123456789012345", Server="lid")
    incoming = translate_message(event(Message(conversation="hi"), chat=lid, sender=lid, sender_alt=PERSON))
    outgoing = translate_message(event(Message(conversation="hi"), chat=lid, sender=ME, from_me=True, recipient_alt=PERSON))
    bare = translate_message(event(Message(conversation="hi"), chat=lid, sender=lid, pushname=""))
    assert incoming.chat_id == outgoing.chat_id == "966500000002@s.whatsapp.net"
    assert bare.chat_id == "123456789012345@lid" and bare.sender_name == "123456789012345" and bare.chat_name is None
    assert bare.is_one_to_one()


def test_media_and_locations():
    image = translate_message(event(Message(imageMessage=ImageMessage(caption="the invitation"))))
    voice = translate_message(event(Message(audioMessage=AudioMessage(seconds=3))))
    place = translate_message(event(Message(locationMessage=LocationMessage(
        degreesLatitude=24.7136, degreesLongitude=46.6753, name="Office", address="King Fahd Rd"))))
    live = translate_message(event(Message(liveLocationMessage=LiveLocationMessage(degreesLatitude=24.5, degreesLongitude=46.5))))
    assert (image.kind, image.text) == ("media", "the invitation")
    assert (voice.kind, voice.text) == ("media", "<audio omitted>")
    assert (place.kind, place.text) == ("location", "Office, King Fahd Rd")
    assert (live.kind, live.text) == ("location", "24.500000,46.500000")


def test_groups_broadcasts_and_newsletters_are_recognised():
    group = JID(User="120363000000000001", Server="g.us")
    in_group = translate_message(event(Message(conversation="lunch?"), chat=group, group=True))
    status = translate_message(event(Message(conversation="story"), chat=JID(User="status", Server="broadcast")))
    channel = translate_message(event(Message(conversation="news"), chat=JID(User="1203630002", Server="newsletter")))
    assert not in_group.is_one_to_one() and in_group.is_group
    assert not status.is_one_to_one()
    assert not channel.is_one_to_one()


def test_nothing_to_read_is_skipped():
    assert translate_message(event(Message(reactionMessage=ReactionMessage(text="👍")))) is None
    assert translate_message(event(Message())) is None


class Recorder:
    """Records what the backend reports."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *arguments: self.calls.append((name, *arguments))


def complete(message):
    """`message` with every required field set, as neonize's Go side always sends them."""
    for field in message.DESCRIPTOR.fields:
        if not getattr(field, "is_required", False):
            continue
        if field.message_type is not None:
            complete(getattr(message, field.name))
            getattr(message, field.name).SetInParent()
        elif not message.HasField(field.name):
            setattr(message, field.name, field.default_value)
    return message


def deliver(client, event_message, code):
    """Feeds an event to the client as neonize's Go side does (serialized, by event number)."""
    data = complete(event_message).SerializeToString()
    buffer = ctypes.create_string_buffer(data, len(data))
    client.event.execute(0, ctypes.addressof(buffer), len(data), code)


def test_events_of_a_real_client_reach_the_bridge(tmp_path):
    from neonize.events import EVENT_TO_INT

    recorder = Recorder()
    backend = NeonizeBackend(recorder)
    session = backend._new_session("amal", tmp_path / "session.db", linking=True)
    client = session.client
    client.event._qr(client, b"2@qr-data")
    assert session.ready.is_set() and recorder.calls == []  # the socket is up: PairPhone may go
    paired = PairStatus(ID=JID(User="966500000001", Server="s.whatsapp.net", Device=12), Status=PairStatus.SUCCESS)
    deliver(client, paired, EVENT_TO_INT[PairStatus])
    deliver(client, event(Message(conversation="hello")), EVENT_TO_INT[MessageEvent])
    deliver(client, event(Message(conversation="group"), chat=JID(User="1203", Server="g.us"), group=True),
            EVENT_TO_INT[MessageEvent])
    reason = LoggedOut.DESCRIPTOR.fields_by_name["Reason"].enum_type.values_by_name["LOGGED_OUT"].number
    deliver(client, LoggedOut(Reason=reason), EVENT_TO_INT[LoggedOut])
    names = [call[0] for call in recorder.calls]
    assert names == ["on_paired", "on_message", "on_message", "on_logged_out"]
    assert recorder.calls[0] == ("on_paired", "amal", "966500000001")
    assert recorder.calls[1][2].text == "hello"
    assert recorder.calls[2][2].is_group  # the bridge, not the backend, leaves groups out
    assert recorder.calls[3] == ("on_logged_out", "amal", "logged out (LOGGED_OUT)")
    # Once forgotten, a client's late events are not reported.
    backend.forget("amal")
    deliver(client, event(Message(conversation="late")), EVENT_TO_INT[MessageEvent])
    assert len(recorder.calls) == 4


def test_a_resumed_session_that_asks_for_a_qr_code_is_logged_out(tmp_path):
    recorder = Recorder()
    backend = NeonizeBackend(recorder)
    session = backend._new_session("amal", tmp_path / "session.db", linking=False)
    session.client.event._qr(session.client, b"2@qr-data")
    assert recorder.calls == [("on_logged_out", "amal", "the stored session is not linked")]
    backend.close()
