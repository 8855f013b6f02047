import Testing
@testable import jadwald

/// The request log's line format: what fail2ban and log collectors parse.
struct LogLineTests {
    @Test func logfmtQuotesOnlyValuesThatNeedIt() {
        var line = LogLine(format: .logfmt)
        line.append("path", "/dav/calendars/amal/")
        line.append("msg", "request failed")
        line.append("user", "")
        line.append("error", "say \"hi\"\\ok=1\n\u{1}")
        #expect(String(decoding: line.finish(), as: UTF8.self)
            == #"path=/dav/calendars/amal/ msg="request failed" user="" error="say \"hi\"\\ok=1\n\u0001""# + "\n")
    }

    @Test func jsonIsOneObjectPerLine() {
        var line = LogLine(format: .json)
        line.appendTime("time", millisecondsSince1970: 1_795_420_200_123)
        line.append("client", "203.0.113.9")
        line.append("user", "josé")
        #expect(String(decoding: line.finish(), as: UTF8.self)
            == #"{"time":"2026-11-23T07:50:00.123Z","client":"203.0.113.9","user":"josé"}"# + "\n")
    }

    @Test func timeIsUTCWithMillisecondsPadded() {
        var line = LogLine(format: .logfmt)
        line.appendTime("time", millisecondsSince1970: 5)
        #expect(String(decoding: line.finish(), as: UTF8.self) == "time=1970-01-01T00:00:00.005Z\n")
    }

    @Test func digitsArePaddedToWidth() {
        var out: [UInt8] = []
        LogLine.appendDigits(7, width: 3, to: &out)
        out.append(UInt8(ascii: " "))
        LogLine.appendDigits(12_345, width: 2, to: &out)
        out.append(UInt8(ascii: " "))
        LogLine.appendDigits(0, width: 1, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "007 12345 0")
    }

    @Test func durationHasTwoDecimals() {
        #expect(RequestObserver.milliseconds(0.012_345) == "12.35")
        #expect(RequestObserver.milliseconds(0.000_04) == "0.04")
        #expect(RequestObserver.milliseconds(1.5) == "1500.00")
    }
}
