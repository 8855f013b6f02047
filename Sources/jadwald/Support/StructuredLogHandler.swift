import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Writes one line per log event to standard error, as `logfmt` (`key=value` pairs) or
/// as a JSON object, for log collectors to parse.
struct StructuredLogHandler: LogHandler {
    enum Format: String, Sendable { case logfmt, json }

    let label: String
    let format: Format
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [(String, String)] = [("time", Self.timestamp()), ("level", event.level.rawValue), ("msg", event.message.description)]
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() { fields.append((key, merged[key]!.description)) }
        let line: String
        switch format {
        case .logfmt: line = fields.map { "\($0)=\(Self.logfmtValue($1))" }.joined(separator: " ")
        case .json: line = "{" + fields.map { "\(Self.jsonString($0)):\(Self.jsonString($1))" }.joined(separator: ",") + "}"
        }
        // One write(2) per line, so lines from concurrent tasks do not interleave.
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    static func logfmtValue(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" && $0 != "\\" && $0.value != 0x7F }
        return plain ? value : jsonString(value)
    }

    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// UTC, millisecond precision: 2026-11-23T07:50:00.123Z. Built by hand: this runs for
    /// every request, and `String(format:)` cost more than the rest of the line.
    static func timestamp() -> String {
        let milliseconds = Int((Date().timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var out = ""
        out.reserveCapacity(24)
        out += padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-" + padded(Int(parts.tm_mday), 2)
        out += "T" + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2) + ":" + padded(Int(parts.tm_sec), 2)
        out += "." + padded(milliseconds % 1000, 3) + "Z"
        return out
    }

    /// `value` in decimal with leading zeros to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
