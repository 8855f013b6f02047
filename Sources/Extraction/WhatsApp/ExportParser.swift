/// Reads the UTF-8 bytes of an export in two passes: the first finds the lines that open a
/// message, the second, once the whole file has told the date order, builds the messages.
struct ExportParser {
    /// A line of the export, without its line break.
    private struct Line {
        var start: Int
        var end: Int
        var header: TimestampHeader?
    }

    /// A message whose continuation lines may still follow.
    private struct OpenMessage {
        var sender: String?
        var sent: LocalDateTime
        var text: String
        var kind: ChatMessage.Kind
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let owner: String

    init(bytes: UnsafeBufferPointer<UInt8>, owner: String) {
        self.bytes = bytes
        self.owner = owner
    }

    func parse() throws(WhatsAppExportError) -> ChatTranscript {
        let (lines, headers) = try scanLines()
        let order = DateOrderDetector.detect(headers)
        let messages = buildMessages(lines, order: order)
        guard !messages.isEmpty, let first = headers.first else { throw .notAnExport }
        let layout = WhatsAppLayout(
            platform: first.isBracketed ? .iOS : .android,
            dateOrder: first.isYearFirst ? .yearMonthDay : order,
            usesTwelveHourClock: first.meridiem != nil
        )
        return try OwnerResolver(owner: owner).transcript(of: messages, layout: layout)
    }

    // MARK: Pass one

    private func scanLines() throws(WhatsAppExportError) -> (lines: [Line], headers: [TimestampHeader]) {
        var lines: [Line] = []
        var headers: [TimestampHeader] = []
        var nonEmptyLinesBeforeHeader = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }

            var scanner = HeaderScanner(bytes: bytes, start: start, end: end)
            let header = scanner.scan()
            if let header {
                headers.append(header)
                guard headers.count <= WhatsAppExport.maximumMessages else {
                    throw .tooLarge(limit: .messages(WhatsAppExport.maximumMessages))
                }
            } else if headers.isEmpty, !isBlank(start..<end) {
                nonEmptyLinesBeforeHeader += 1
                guard nonEmptyLinesBeforeHeader < WhatsAppExport.headerSearchLines else { throw .notAnExport }
            }
            lines.append(Line(start: start, end: end, header: header))
            start = next
        }
        guard !headers.isEmpty else { throw .notAnExport }
        return (lines, headers)
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let (value, length) = UTF8Scalars.decode(bytes, at: index, end: range.upperBound)
            guard Unicode.Scalar.isExportSpace(value) || Unicode.Scalar.isInvisibleMark(value) else { return false }
            index += length
        }
        return true
    }

    // MARK: Pass two

    private func buildMessages(_ lines: [Line], order: WhatsAppLayout.DateOrder) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        messages.reserveCapacity(lines.count)
        var open: OpenMessage?
        for line in lines {
            // A header whose date does not exist in the file's order is someone's text after all.
            if let header = line.header, let sent = header.dateTime(in: order) {
                if let message = open { messages.append(finished(message)) }
                open = openMessage(header: header, sent: sent, lineEnd: line.end)
            } else if open != nil {
                open!.text += "\n" + UTF8Scalars.string(bytes, line.start..<line.end)
            }
        }
        if let message = open { messages.append(finished(message)) }
        return messages
    }

    /// The message a header line opens: `Name: text`, or WhatsApp's own words when no name precedes a colon.
    private func openMessage(header: TimestampHeader, sent: LocalDateTime, lineEnd: Int) -> OpenMessage {
        let rest = header.restStart..<lineEnd
        var senderEnd: Int?
        var index = rest.lowerBound
        while index < rest.upperBound {
            if bytes[index] == UInt8(ascii: ":"), index + 1 == rest.upperBound || bytes[index + 1] == UInt8(ascii: " ") {
                senderEnd = index
                break
            }
            index += 1
        }

        var sender: String?
        var textStart = rest.lowerBound
        if let senderEnd, isPlausibleName(rest.lowerBound..<senderEnd) {
            let name = SenderName.cleaned(UTF8Scalars.string(bytes, rest.lowerBound..<senderEnd))
            if !name.isEmpty {
                sender = name
                textStart = min(senderEnd + 2, rest.upperBound)
            }
        }

        // iOS marks its own lines, media and pins with a leading U+200E: drop it, remember it.
        let (start, isMarked) = UTF8Scalars.skipInvisibleMarks(bytes, from: textStart, end: rest.upperBound)
        let text = UTF8Scalars.string(bytes, start..<rest.upperBound)
        let kind = sender == nil ? .system
            : MessageClassifier.kind(ofFirstLine: UnsafeBufferPointer(rebasing: bytes[start..<rest.upperBound]), isMarked: isMarked)
        return OpenMessage(sender: sender, sent: sent, text: text, kind: kind)
    }

    /// Whether the text before the first ": " names a person rather than being part of a system
    /// line such as `Zaid changed the subject from "Trip" to "Trip: day 2"` or
    /// `You changed the group description: …`: names are short and hold no quotes.
    private func isPlausibleName(_ range: Range<Int>) -> Bool {
        range.count <= 200 && !Self.notInNames.contains { UTF8Scalars.contains(bytes, range, $0) }
    }

    /// Quotes, and group events that quote what someone wrote, which may hold ": " of its own.
    private static let notInNames = [
        "\"", "“", "”", "«", "»",
        " changed the subject", " changed the group", " created group", " changed this group",
        " غيّر ", " غير موضوع", " أنشأ",
    ].map { Array($0.utf8) }

    private func finished(_ message: OpenMessage) -> ChatMessage {
        ChatMessage(
            sender: message.sender ?? "",
            fromOwner: false,
            sent: message.sent,
            text: Self.withoutEditMarker(message.text).trimmingTrailingSpaces(),
            kind: message.kind
        )
    }

    /// Edited messages end in "<This message was edited>": not part of what was said.
    private static func withoutEditMarker(_ text: String) -> String {
        for marker in ["<This message was edited>", "<تم تعديل هذه الرسالة>"] where text.hasSuffix(marker) {
            return String(text.dropLast(marker.count))
        }
        return text
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        guard let last = unicodeScalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(unicodeScalars[...last])
    }
}
