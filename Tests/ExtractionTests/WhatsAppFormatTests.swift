import Testing
@testable import Extraction

/// Every header layout phones write, as small inline exports.
struct WhatsAppFormatTests {
    /// Parses the lines as one export, Karim being the owner.
    static func parse(_ lines: String..., owner: String = "Karim") throws -> ChatTranscript {
        try WhatsAppExport.parse(lines.joined(separator: "\n"), owner: owner)
    }

    static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    @Test("iOS: [22/11/2026, 14:05:33] Name: text")
    func iOS() throws {
        let chat = try Self.parse("[22/11/2026, 14:05:33] Zaid: Dinner at 8?", "[22/11/2026, 14:06:01] Karim: Sure")
        #expect(chat.layout == WhatsAppLayout(platform: .iOS, dateOrder: .dayMonthYear, usesTwelveHourClock: false))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 22, 14, 5, 33), Self.time(2026, 11, 22, 14, 6, 1)])
        #expect(chat.messages.map(\.sender) == ["Zaid", "Karim"])
        #expect(chat.messages.map(\.text) == ["Dinner at 8?", "Sure"])
        #expect(chat.messages.map(\.fromOwner) == [false, true])
        #expect(chat.messages.map(\.kind) == [.text, .text])
    }

    @Test("Android: 22/11/2026, 14:05 - Name: text")
    func android() throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: Dinner at 8?", "22/11/2026, 14:06 - Karim: Sure")
        #expect(chat.layout == WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: false))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 22, 14, 5), Self.time(2026, 11, 22, 14, 6)])
        #expect(chat.participants == ["Zaid", "Karim"])
    }

    @Test("Android, US English: 11/22/26, 2:05 PM with a plain space, U+202F or U+00A0 before PM", arguments: [" ", "\u{202F}", "\u{00A0}"])
    func androidUS(space: String) throws {
        let chat = try Self.parse("11/22/26, 2:05\(space)PM - Zaid: Dinner at 8?", "11/22/26, 2:06\(space)PM - Karim: Sure")
        #expect(chat.layout == WhatsAppLayout(platform: .android, dateOrder: .monthDayYear, usesTwelveHourClock: true))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 22, 14, 5), Self.time(2026, 11, 22, 14, 6)])
        #expect(chat.messages.map(\.text) == ["Dinner at 8?", "Sure"])
    }

    @Test("iOS, US English: [11/22/26, 2:05:33 PM] Name: text")
    func iOSUS() throws {
        let chat = try Self.parse("[11/22/26, 2:05:33\u{202F}PM] Zaid: Dinner at 8?", "[11/22/26, 9:06:01 AM] Karim: Sure")
        #expect(chat.layout == WhatsAppLayout(platform: .iOS, dateOrder: .monthDayYear, usesTwelveHourClock: true))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 22, 14, 5, 33), Self.time(2026, 11, 22, 9, 6, 1)])
    }

    @Test("Android, day-first 12-hour: 13/11/26, 7:45 pm - Name: text")
    func dayFirstTwelveHour() throws {
        let chat = try Self.parse("13/11/26, 7:45 pm - Zaid: Dinner at 8?", "13/11/26, 7:46 pm - Karim: Sure")
        #expect(chat.layout == WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: true))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 13, 19, 45), Self.time(2026, 11, 13, 19, 46)])
    }

    @Test("midnight and noon on the 12-hour clock: 12:30 AM is 00:30, 12:15 PM is 12:15")
    func midnightAndNoon() throws {
        let chat = try Self.parse("11/22/26, 12:30 AM - Zaid: late", "11/22/26, 12:15 PM - Karim: noon")
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 11, 22, 0, 30), Self.time(2026, 11, 22, 12, 15)])
    }

    @Test("Android, Arabic phone language: Arabic comma, ص and م")
    func arabicMeridiem() throws {
        let chat = try Self.parse("15/2/2026، 7:42 ص - زيد: صباح الخير", "15/2/2026، 7:42 م - كريم: مساء النور", owner: "كريم")
        #expect(chat.layout == WhatsAppLayout(platform: .android, dateOrder: .dayMonthYear, usesTwelveHourClock: true))
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 2, 15, 7, 42), Self.time(2026, 2, 15, 19, 42)])
        #expect(chat.messages.map(\.sender) == ["زيد", "كريم"])
        #expect(chat.messages.map(\.text) == ["صباح الخير", "مساء النور"])
    }

    @Test("Android, Arabic phone language on the 24-hour clock")
    func arabicTwentyFourHour() throws {
        let chat = try Self.parse("15/2/2026، 19:42 - زيد: مساء الخير")
        #expect(chat.messages.first?.sent == Self.time(2026, 2, 15, 19, 42))
        #expect(chat.layout.usesTwelveHourClock == false)
    }

    @Test("Arabic-Indic and Extended Arabic-Indic digits anywhere in the header", arguments: [
        "١٥/٢/٢٠٢٦، ٧:٤٢ م - زيد: مرحبا",
        "۱۵/۲/۲۰۲۶، ۷:۴۲ م - زيد: مرحبا",
        "15/٢/2026، ٧:42 م - زيد: مرحبا",
        "[١٥/٠٢/٢٠٢٦، ١٩:٤٢:٠٠] زيد: مرحبا",
    ])
    func arabicIndicDigits(line: String) throws {
        let chat = try Self.parse(line, owner: "كريم")
        #expect(chat.messages.first?.sent == Self.time(2026, 2, 15, 19, 42))
        #expect(chat.messages.first?.sender == "زيد")
        #expect(chat.messages.first?.text == "مرحبا")
    }

    @Test("direction marks around the header, the name and the numbers are ignored")
    func directionMarks() throws {
        let chat = try Self.parse(
            "\u{200F}15/2/2026\u{200F}، 7:42\u{200F} م - \u{202A}+966 50 123 4567\u{202C}: مرحبا",
            "\u{200E}[15/02/2026, 19:43:00] \u{2068}Karim\u{2069}: \u{200E}hello"
        )
        #expect(chat.messages.map(\.sender) == ["+966 50 123 4567", "Karim"])
        #expect(chat.messages.map(\.sent) == [Self.time(2026, 2, 15, 19, 42), Self.time(2026, 2, 15, 19, 43)])
        #expect(chat.messages.map(\.text) == ["مرحبا", "hello"])
        #expect(chat.messages[1].fromOwner)
    }

    @Test("tolerated variants: dots and dashes in dates, 2- and 4-digit years, a.m./p.m., no seconds, BOM, CRLF", arguments: [
        ("22.11.26, 14:05 - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("22-11-2026, 14:05 - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("22.11.2026 14:05 - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("[22.11.26, 14:05:33] Zaid: hi", Self.time(2026, 11, 22, 14, 5, 33)),
        ("[22/11/2026, 14:05] Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("22/11/2026, 2:05 p.m. - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("22/11/2026, 9:05 a.m. - Zaid: hi", Self.time(2026, 11, 22, 9, 5)),
        ("22/11/2026, 2:05 p. m. - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("[22/11/2026, 2:05:07 p.m.] Zaid: hi", Self.time(2026, 11, 22, 14, 5, 7)),
        ("\u{FEFF}22/11/2026, 14:05 - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
        ("\u{FEFF}[22/11/2026, 14:05:33] Zaid: hi", Self.time(2026, 11, 22, 14, 5, 33)),
        ("22/11/2026, 14:05 - Zaid: hi\r\n22/11/2026, 14:05 - Zaid: hi\r\n", Self.time(2026, 11, 22, 14, 5)),
        ("2026-11-22, 14:05 - Zaid: hi", Self.time(2026, 11, 22, 14, 5)),
    ])
    func tolerances(line: String, sent: LocalDateTime) throws {
        let chat = try Self.parse(line)
        #expect(chat.messages.first?.sent == sent)
        #expect(chat.messages.first?.sender == "Zaid")
        #expect(chat.messages.first?.text == "hi")
    }

    @Test("a first number over 12 anywhere makes the whole file day-first, even in a US-looking layout")
    func dayFirstFromAnyLine() throws {
        let chat = try Self.parse("5/7/26, 4:02 PM - Zaid: hi", "13/7/26, 4:03 PM - Karim: hey")
        #expect(chat.layout.dateOrder == .dayMonthYear)
        #expect(chat.messages.map(\.sent.date) == [LocalDate(year: 2026, month: 7, day: 5), LocalDate(year: 2026, month: 7, day: 13)])
    }

    @Test("a second number over 12 anywhere makes the whole file month-first, even on the 24-hour clock")
    func monthFirstFromAnyLine() throws {
        let chat = try Self.parse("[5/7/2026, 16:02:00] Zaid: hi", "[5/13/2026, 16:03:00] Karim: hey")
        #expect(chat.layout.dateOrder == .monthDayYear)
        #expect(chat.messages.map(\.sent.date) == [LocalDate(year: 2026, month: 5, day: 7), LocalDate(year: 2026, month: 5, day: 13)])
    }

    @Test("all numbers 12 or less: the layout's convention decides", arguments: [
        // US English: capital AM/PM, two-digit year, no leading zeros.
        ("5/7/26, 4:02 PM - Zaid: hi", WhatsAppLayout.DateOrder.monthDayYear, LocalDate(year: 2026, month: 5, day: 7)),
        ("[5/7/26, 4:02:11 PM] Zaid: hi", .monthDayYear, LocalDate(year: 2026, month: 5, day: 7)),
        // 12-hour but lowercase and zero-padded, as India writes it.
        ("06/07/26, 10:02 am - Zaid: hi", .dayMonthYear, LocalDate(year: 2026, month: 7, day: 6)),
        // 24-hour clock or a four-digit year: day-first.
        ("05/07/2026, 16:02 - Zaid: hi", .dayMonthYear, LocalDate(year: 2026, month: 7, day: 5)),
        ("[5/7/26, 16:02:00] Zaid: hi", .dayMonthYear, LocalDate(year: 2026, month: 7, day: 5)),
        ("5/7/2026, 4:02 PM - Zaid: hi", .dayMonthYear, LocalDate(year: 2026, month: 7, day: 5)),
    ])
    func convention(line: String, order: WhatsAppLayout.DateOrder, date: LocalDate) throws {
        let chat = try Self.parse(line)
        #expect(chat.layout.dateOrder == order)
        #expect(chat.messages.first?.sent.date == date)
    }

    @Test("all numbers 12 or less but one reading runs backwards: the other wins over the convention")
    func datesDoNotRunBackwards() throws {
        // Month-first would give 1 May, 1 June, 2 January; day-first gives 5, 6 January, 1 February.
        let chat = try Self.parse("5/1/26, 4:02 PM - Zaid: a", "6/1/26, 4:02 PM - Karim: b", "1/2/26, 4:02 PM - Zaid: c")
        #expect(chat.layout.dateOrder == .dayMonthYear)
        #expect(chat.messages.map(\.sent.date.month) == [1, 1, 2])
    }

    @Test("a header whose day does not exist in the file's order is text of the message before")
    func impossibleDateIsText() throws {
        let chat = try Self.parse("22/11/2026, 14:05 - Zaid: meet on", "31/02/2026, 14:05 - it said")
        #expect(chat.messages.count == 1)
        #expect(chat.messages[0].text == "meet on\n31/02/2026, 14:05 - it said")
    }
}
