import Testing
@testable import Extraction

/// What the lines of an export say: several lines, media, pins, WhatsApp's own lines, who wrote.
struct WhatsAppMessageTests {
    static func parse(_ lines: String..., owner: String = "Karim") throws -> ChatTranscript {
        try WhatsAppExport.parse(lines.joined(separator: "\n"), owner: owner)
    }

    /// The kind one message from Zaid gets, in an iOS and an Android export.
    static func kinds(of text: String) throws -> [ChatMessage.Kind] {
        let iOS = try parse("[22/11/2026, 14:05:33] Zaid: \(text)")
        let android = try parse("22/11/2026, 14:05 - Zaid: \(text)")
        return [iOS.messages[0].kind, android.messages[0].kind]
    }

    @Test("lines without a timestamp continue the message before, blank lines included")
    func multiLine() throws {
        let chat = try Self.parse(
            "[22/11/2026, 14:05:33] Zaid: Plan for Saturday:",
            "1. breakfast at 9",
            "",
            "2. the van at 10",
            "[22/11/2026, 14:06:01] Karim: ok",
            "see you",
            ""
        )
        #expect(chat.messages.map(\.text) == ["Plan for Saturday:\n1. breakfast at 9\n\n2. the van at 10", "ok\nsee you"])
    }

    @Test("lines before the first timestamp are not a message")
    func preamble() throws {
        let chat = try Self.parse("WhatsApp chat export", "", "22/11/2026, 14:05 - Zaid: hi")
        #expect(chat.messages.map(\.text) == ["hi"])
    }

    @Test("left-out and attached media are media", arguments: [
        "<Media omitted>", "\u{200E}image omitted", "\u{200E}video omitted", "\u{200E}audio omitted",
        "\u{200E}sticker omitted", "\u{200E}GIF omitted", "\u{200E}Report.pdf • \u{200E}3 pages \u{200E}document omitted",
        "\u{200E}Contact card omitted", "\u{200E}<attached: 00000012-PHOTO-2026-11-22.jpg>",
        "IMG-20261122-WA0001.jpg (file attached)", "<تم استبعاد الوسائط>", "تم استبعاد الصورة", "\u{200F}تم استبعاد الفيديو",
        "<View once media omitted>",
    ])
    func media(text: String) throws {
        #expect(try Self.kinds(of: text) == [.media, .media])
    }

    @Test("a photo's caption on the next line stays with it")
    func mediaCaption() throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: IMG-20261122-WA0001.jpg (file attached)", "the new flat!")
        #expect(chat.messages[0].kind == .media)
        #expect(chat.messages[0].text == "IMG-20261122-WA0001.jpg (file attached)\nthe new flat!")
    }

    @Test("shared pins and live locations are locations and keep their link", arguments: [
        "\u{200E}Location: https://maps.google.com/?q=24.693700,46.685500",
        "location: https://maps.google.com/?q=24.693700,46.685500",
        "\u{200E}Live location shared",
    ])
    func location(text: String) throws {
        #expect(try Self.kinds(of: text) == [.location, .location])
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: \(text)")
        #expect(chat.messages[0].text == String(text.drop { $0 == "\u{200E}" }))
    }

    @Test("a line mentioning a location in words is text")
    func locationInWords() throws {
        #expect(try Self.kinds(of: "Location: the usual place") == [.text, .text])
    }

    @Test("WhatsApp's own lines under a sender are system lines", arguments: [
        "\u{200E}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.",
        "This message was deleted", "You deleted this message", "\u{200E}This message was deleted.",
        "Waiting for this message. This may take a while.", "\u{200E}Missed voice call", "\u{200E}Missed video call, Tap to call back",
        "تم حذف هذه الرسالة", "حذفت هذه الرسالة", "\u{200F}الرسائل والمكالمات مشفرة تمامًا. لا أحد خارج هذه الدردشة يستطيع قراءتها",
        "\u{200E}Zaid created group \"Trip\"", "\u{200E}Zaid added Karim", "\u{200E}Karim left",
        "\u{200E}Zaid joined using this group's invite link", "\u{200E}Zaid changed the subject to \"Trip\"",
        "\u{200E}Zaid changed this group's icon", "\u{200E}Zaid turned on disappearing messages. New messages will disappear from this chat 7 days after they're sent.",
        "\u{200E}Your security code with Zaid changed.",
    ])
    func systemUnderSender(text: String) throws {
        #expect(try Self.kinds(of: text) == [.system, .system])
    }

    @Test("people's words that sound like group events are text when WhatsApp did not mark them", arguments: [
        "I added sugar", "I left early", "Zaid changed the plan", "the group was created yesterday",
    ])
    func unmarkedWordsAreText(text: String) throws {
        #expect(try Self.kinds(of: text) == [.text, .text])
    }

    @Test("lines without a sender are system lines and nobody's; a new subject with a colon is one too")
    func senderlessSystemLines() throws {
        let chat = try Self.parse(
            "06/07/26, 10:02 am - Your security code with Meera Aunty changed. Tap to learn more.",
            "06/07/26, 10:03 am - Zaid changed the subject from \"Trip\" to \"Trip: day 2\"",
            "06/07/26, 10:04 am - Zaid created group \"Eid: family\"",
            "06/07/26, 10:04 am - You changed the group description: bring food",
            "06/07/26, 10:05 am - Meera Aunty: hello",
            "06/07/26, 10:06 am - Karim: hi"
        )
        #expect(chat.messages.map(\.kind) == [.system, .system, .system, .system, .text, .text])
        #expect(chat.messages.prefix(4).allSatisfy { $0.sender.isEmpty && !$0.fromOwner })
        #expect(chat.participants == ["Meera Aunty", "Karim"])
    }

    @Test("the iOS encryption notice under the contact's name does not make them a participant first")
    func noticeIsNotParticipation() throws {
        let chat = try Self.parse(
            "[22/11/2026, 14:05:33] Trip: \u{200E}Messages and calls are end-to-end encrypted.",
            "[22/11/2026, 14:05:34] Karim: hi",
            "[22/11/2026, 14:05:35] Zaid: hey"
        )
        #expect(chat.participants == ["Karim", "Zaid"])
        #expect(!chat.isGroup)
    }

    @Test("edited messages lose WhatsApp's marker")
    func editMarker() throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: at 8 then <This message was edited>")
        #expect(chat.messages[0].text == "at 8 then")
    }

    @Test("the owner is found whatever the case, spacing and direction marks of the name")
    func ownerNormalised() throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: hi", "22/11/2026, 14:06 - \u{2068}Karim  Haddad\u{2069}: hey", owner: " karim haddad\u{200E}")
        #expect(chat.messages.map(\.fromOwner) == [false, true])
        #expect(chat.messages[1].sender == "Karim  Haddad")
    }

    @Test("\"You\" as the sender is the owner", arguments: ["You", "you", "أنت"])
    func youIsOwner(you: String) throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: hi", "22/11/2026, 14:06 - \(you): hey", "22/11/2026, 14:07 - Karim: again")
        #expect(chat.messages.map(\.fromOwner) == [false, true, true])
        #expect(chat.messages[1].sender == "Karim")
        #expect(chat.participants == ["Zaid", "Karim"])
    }

    @Test("an owner who has not written yet is fine when one other person wrote")
    func ownerSilent() throws {
        let chat = try Self.parse("04/03/2026, 09:12 - Fiona: book club on Thursday?", owner: "Rosa")
        #expect(chat.participants == ["Fiona"])
        #expect(chat.messages.allSatisfy { !$0.fromOwner })
    }

    @Test("an owner absent from a chat with two or more other senders is an error")
    func ownerNotFound() throws {
        #expect(throws: WhatsAppExportError.ownerNotFound) {
            try Self.parse("22/11/2026, 14:05 - Zaid: hi", "22/11/2026, 14:06 - Omar: hey", owner: "Karim")
        }
        #expect(WhatsAppExportError.ownerNotFound.description.contains("owner"))
    }

    @Test("more than two senders make a group")
    func group() throws {
        let chat = try Self.parse(
            "[22/11/2026, 14:05:33] Trip: \u{200E}Zaid created group \"Trip\"",
            "[22/11/2026, 14:05:34] Zaid: hi all",
            "[22/11/2026, 14:05:35] Omar: hey",
            "[22/11/2026, 14:05:36] Karim: hello"
        )
        #expect(chat.isGroup)
        #expect(chat.participants == ["Zaid", "Omar", "Karim"])
        #expect(chat.messages[0].kind == .system)
    }

    @Test("text that is no export is refused, with a message that says what was expected", arguments: [
        "", "\n\n\n", "hello there\nhow are you", "22/11/2026 is a date", "[22/11/2026] Zaid: hi", "22/11/2026, 14:05 Zaid: hi",
    ])
    func notAnExport(text: String) throws {
        #expect(throws: WhatsAppExportError.notAnExport) { try WhatsAppExport.parse(text, owner: "Karim") }
        #expect(WhatsAppExportError.notAnExport.description.contains("first 50 non-empty lines"))
    }

    @Test("a timestamp after 50 lines of something else is too late; after 49 it is found")
    func headerSearchWindow() throws {
        let preamble = (1...49).map { "line \($0)" }.joined(separator: "\n\n")
        let late = preamble + "\nline 50\n22/11/2026, 14:05 - Zaid: hi"
        #expect(throws: WhatsAppExportError.notAnExport) { try WhatsAppExport.parse(late, owner: "Karim") }
        let inTime = preamble + "\n22/11/2026, 14:05 - Zaid: hi"
        #expect(try WhatsAppExport.parse(inTime, owner: "Karim").messages.count == 1)
    }

    @Test("inputs over 20 MiB or 200,000 messages are refused")
    func tooLarge() throws {
        let big = String(repeating: "a", count: WhatsAppExport.maximumBytes + 1)
        #expect(throws: WhatsAppExportError.tooLarge(limit: .bytes(20 * 1024 * 1024))) { try WhatsAppExport.parse(big, owner: "Karim") }

        let many = String(repeating: "1/1/26, 1:00 - Z: a\n", count: WhatsAppExport.maximumMessages + 1)
        #expect(throws: WhatsAppExportError.tooLarge(limit: .messages(200_000))) { try WhatsAppExport.parse(many, owner: "Karim") }
        #expect(WhatsAppExportError.tooLarge(limit: .bytes(20 * 1024 * 1024)).description.contains("20 MiB"))
        #expect(WhatsAppExportError.tooLarge(limit: .messages(200_000)).description.contains("200000 messages"))
    }
}
