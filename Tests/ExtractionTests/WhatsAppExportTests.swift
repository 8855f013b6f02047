import Foundation
import Testing
@testable import Extraction

/// The shared labelled chats, read the way the server reads uploads.
struct WhatsAppExportTests {
    struct Label: Decodable {
        var file: String
        var owner: String
        var now: String
        var format: String
        var nMessages: Int

        enum CodingKeys: String, CodingKey {
            case file, owner, now, format
            case nMessages = "n_messages"
        }
    }

    static let labels: [Label] = {
        let url = Bundle.module.url(forResource: "labels", withExtension: "json", subdirectory: "Fixtures/shared")!
        return try! JSONDecoder().decode([Label].self, from: Data(contentsOf: url))
    }()

    static func fixture(_ name: String, in folder: String = "shared") throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(folder)"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Who writes in each chat, in order of first appearance.
    static let participants: [String: [String]] = [
        "p01.txt": ["Zaid", "Karim"],
        "p02.txt": ["Marco", "Olivia"],
        "p03.txt": ["Fiona (book club)"],
        "p04.txt": ["Harry", "Sana"],
        "p05.txt": ["Meera Aunty", "Vikram"],
        "p06.txt": ["عادل", "مشعل"],
        "p07.txt": ["مدارس الفجر - شؤون الطلاب", "ثامر العمري"],
        "p08.txt": ["أسيل", "روان"],
        "p09.txt": ["خياط الأناقة", "مازن"],
        "p10.txt": ["Ziyad", "Hazem"],
        "p11.txt": ["Jana", "Yasmin"],
        "p12.txt": ["Noor Photography", "Hiba"],
    ]

    /// The layout each `format` of labels.json names.
    static let layouts: [String: WhatsAppLayout] = [
        "ios": WhatsAppLayout(platform: .iOS, dateOrder: .dayMonthYear, usesTwelveHourClock: false),
        "ios_us": WhatsAppLayout(platform: .iOS, dateOrder: .monthDayYear, usesTwelveHourClock: true),
        "android": WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: false),
        "android_us": WhatsAppLayout(platform: .android, dateOrder: .monthDayYear, usesTwelveHourClock: true),
        "android_dmy12": WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: true),
        "android_ar": WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: true),
    ]

    @Test("every shared chat parses: messages counted as labelled, senders, owner, layout and the last time", arguments: labels.map(\.file))
    func sharedFixture(file: String) throws {
        let label = try #require(Self.labels.first { $0.file == file })
        let transcript = try WhatsAppExport.parse(try Self.fixture(file), owner: label.owner)

        // n_messages counts what people sent: words, media and pins, not WhatsApp's own lines.
        #expect(transcript.messages.filter { $0.kind != .system }.count == label.nMessages)
        #expect(transcript.participants == Self.participants[file])
        #expect(!transcript.isGroup)
        #expect(transcript.layout == Self.layouts[label.format])
        #expect(transcript.messages.last?.sent == LocalDateTime(iso8601: label.now))
        for message in transcript.messages where message.kind != .system {
            #expect(message.fromOwner == (message.sender == label.owner), "\(message.sender) in \(file)")
        }
        #expect(transcript.messages.map(\.sent) == transcript.messages.map(\.sent).sorted())
        let conversation = transcript.conversation(timeZone: "Asia/Riyadh")
        #expect(conversation.now == LocalDateTime(iso8601: label.now))
    }

    @Test("the shared chats' special lines: encryption notice, pin, media, security code, multi-line text")
    func sharedFixtureDetails() throws {
        let p01 = try WhatsAppExport.parse(try Self.fixture("p01.txt"), owner: "Karim")
        #expect(p01.messages[0].kind == .system)
        #expect(p01.messages[0].text.hasPrefix("Messages and calls are end-to-end encrypted"))
        let pin = try #require(p01.messages.first { $0.kind == .location })
        #expect(pin.text == "Location: https://maps.google.com/?q=24.693700,46.685500")
        #expect(pin.sender == "Zaid" && !pin.fromOwner)

        let p05 = try WhatsAppExport.parse(try Self.fixture("p05.txt"), owner: "Vikram")
        #expect(p05.messages[0].kind == .system && p05.messages[0].sender.isEmpty)
        #expect(p05.messages.filter { $0.kind == .media }.count == 2)
        #expect(p05.messages[0].sent == LocalDateTime(year: 2026, month: 7, day: 6, hour: 10, minute: 2))

        let p07 = try WhatsAppExport.parse(try Self.fixture("p07.txt"), owner: "ثامر العمري")
        #expect(p07.messages.count == 3)
        #expect(p07.messages[0].text.split(separator: "\n").count == 3)
        #expect(p07.messages[0].text.hasSuffix("نرجو تأكيد الحضور."))

        let p08 = try WhatsAppExport.parse(try Self.fixture("p08.txt"), owner: "روان")
        #expect(p08.messages.first?.sent == LocalDateTime(year: 2026, month: 4, day: 14, hour: 19))
        #expect(p08.messages.map(\.fromOwner) == [false, false, true, true, true, false])
    }

    @Test("an iOS group chat: WhatsApp's lines under the group's name, attachments, a pin, a missed call")
    func iOSGroup() throws {
        let chat = try WhatsAppExport.parse(try Self.fixture("ios-group.txt", in: "whatsapp"), owner: "Karim")
        #expect(chat.isGroup)
        #expect(chat.participants == ["Lina", "Omar", "Karim"])
        #expect(chat.layout == WhatsAppLayout(platform: .iOS, dateOrder: .dayMonthYear, usesTwelveHourClock: false))
        #expect(chat.messages.map(\.kind) == [
            .system, .system, .system, .text, .media, .location, .text, .system, .media, .system, .text, .text,
        ])
        #expect(chat.messages[3].text == "Ok so the plan:\nFriday we drive down at 7\nSaturday back by the evening")
        #expect(chat.messages[5].text == "Location: https://maps.google.com/?q=26.316500,50.224800")
        #expect(chat.messages.filter(\.fromOwner).map(\.text) == ["Count me in", "This message was deleted.", "Yes, see you at 7"])
        #expect(chat.messages.last?.sent == LocalDateTime(year: 2027, month: 1, day: 13, hour: 18, minute: 7, second: 59))
    }

    @Test("an Android chat in Arabic: Arabic-Indic digits, RLM between them, ص/م, a number for a name")
    func androidArabic() throws {
        let chat = try WhatsAppExport.parse(try Self.fixture("android-arabic.txt", in: "whatsapp"), owner: "سلمان")
        #expect(chat.participants == ["+966 55 123 4567", "سلمان"])
        #expect(chat.layout == WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: true))
        #expect(chat.messages.map(\.kind) == [.system, .text, .text, .media, .system, .text, .location])
        #expect(chat.messages[2].text == "موعد الفني يوم الخميس الساعة ٤ العصر\nيرجى تأكيد الموعد")
        #expect(chat.messages.map(\.sent.hour) == [9, 9, 9, 12, 12, 12, 20])
        #expect(chat.messages.last?.sent == LocalDateTime(year: 2026, month: 4, day: 15, hour: 20))
        #expect(chat.messages.map(\.fromOwner) == [false, false, false, true, true, true, false])
    }

    @Test("a 10,000-message export parses completely")
    func largeExport() throws {
        var lines: [String] = []
        for index in 0..<10_000 {
            let minute = index * 7
            let date = LocalDate(year: 2026, month: 1, day: 1).adding(days: minute / 1440)
            let header = String(format: "%02d/%02d/%04d, %02d:%02d", date.day, date.month, date.year, minute / 60 % 24, minute % 60)
            lines.append("\(header) - \(index % 3 == 0 ? "Karim" : "Zaid"): message \(index)" + (index % 10 == 0 ? "\nsecond line" : ""))
        }
        let chat = try WhatsAppExport.parse(lines.joined(separator: "\n"), owner: "Karim")
        #expect(chat.messages.count == 10_000)
        #expect(chat.messages.last?.text == "message 9999")
        #expect(chat.messages[9990].text == "message 9990\nsecond line")
        #expect(chat.messages.last?.sent == LocalDateTime(year: 2026, month: 2, day: 18, hour: 14, minute: 33))
    }
}
