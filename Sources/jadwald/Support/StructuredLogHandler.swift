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
        var line = LogLine(format: format)
        line.appendTime("time", millisecondsSince1970: Int((Date().timeIntervalSince1970 * 1000).rounded(.down)))
        line.append("level", event.level.rawValue)
        line.append("msg", event.message.description)
        let fields: Logger.Metadata
        switch (metadata.isEmpty, event.metadata) {
        case (_, nil): fields = metadata
        case (true, let own?): fields = own
        case (false, let own?): fields = metadata.merging(own) { $1 }
        }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { line.append(key, value.description) }
        // One write(2) per line, so lines from concurrent tasks do not interleave.
        let bytes = line.finish()
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
