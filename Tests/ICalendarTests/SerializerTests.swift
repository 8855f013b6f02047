import Foundation
import Testing
@testable import ICalendar

struct SerializerTests {
    @Test("long lines fold at 75 octets and never split a UTF-8 character")
    func folding() throws {
        let summary = String(repeating: "صلاة الفجر مع العائلة 🕌 ", count: 12)
        var event = Component(name: "VEVENT")
        event.properties.append(Property(name: "SUMMARY", text: summary))
        let bytes = ICalendarSerializer().serialize(Component(name: "VCALENDAR", components: [event]))
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        for line in lines {
            #expect(line.utf8.count <= 75)
        }
        // Each physical line is valid UTF-8 on its own: no character was cut.
        var start = 0
        for index in 0..<(bytes.count - 1) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A {
            #expect(String(validating: bytes[start..<index], as: UTF8.self) != nil)
            start = index + 2
        }
        let reparsed = try ICalendarParser().parseCalendar(bytes)
        #expect(reparsed.components[0]["SUMMARY"]?.textValue == summary)
    }

    @Test("serializing parsed output is byte-identical")
    func roundTrip() throws {
        let text = "BEGIN:VCALENDAR\nPRODID:x\nBEGIN:VEVENT\nUID:1\nDESCRIPTION:" + String(repeating: "word, ", count: 40) + "\nEND:VEVENT\nEND:VCALENDAR\n"
        let first = ICalendarSerializer(options: .normalizeTextEscaping).serialize(try ICalendarParser().parse(text))
        let second = ICalendarSerializer(options: .normalizeTextEscaping).serialize(try ICalendarParser().parse(first))
        #expect(first == second)
        let plain = ICalendarSerializer().serialize(try ICalendarParser().parse(second))
        #expect(plain == second)
    }

    @Test("TEXT escapes are normalized; lists keep their separators")
    func textEscaping() throws {
        let text = "BEGIN:VCALENDAR\r\nSUMMARY:a\\Nb, c; d\\\\e\r\nCATEGORIES:Work,Home\\, garden\r\nX-URL:http://x/?a=1,2\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        let output = ICalendarSerializer(options: .normalizeTextEscaping).string(calendar)
        #expect(output.contains("SUMMARY:a\\nb\\, c\\; d\\\\e\r\n"))
        #expect(output.contains("CATEGORIES:Work,Home\\, garden\r\n"))
        #expect(output.contains("X-URL:http://x/?a=1,2\r\n"))
        #expect(calendar["SUMMARY"]?.textValue == "a\nb, c; d\\e")
        #expect(calendar["CATEGORIES"]?.textListValue == ["Work", "Home, garden"])
    }

    @Test("parameter values are quoted when needed or when they were quoted")
    func parameterQuoting() {
        let property = Property(name: "ATTENDEE", parameters: [
            Parameter(name: "CN", value: "Doe, Jane"),
            Parameter(name: "ROLE", values: ["CHAIR"], quoted: [true]),
            Parameter(name: "X-Q", value: "say \"hi\""),
        ], value: "mailto:j@x")
        let output = ICalendarSerializer().string(Component(name: "VCALENDAR", properties: [property]))
        #expect(output.contains("ATTENDEE;CN=\"Doe, Jane\";ROLE=\"CHAIR\";X-Q=say ^'hi^':mailto:j@x\r\n"))
    }
}
