import Foundation
import SQLStorage
import Mail
import Synchronization

/// Mail waiting to go out, kept in the accounts' database so that nothing queued is lost
/// when the server stops or crashes. A ``MailDispatcher`` delivers it.
///
/// ```swift
/// try await accounts.mailOutbox.enqueue(message)   // durable once this returns
/// ```
///
/// Bodies are sealed (AES-256-GCM) with the mail key when one is set
/// (``AccountStore/sealMail(with:)``): a queued sign-in link must not be readable from a
/// copy of the database. A sent message's body is forgotten.
public struct MailOutbox: Sendable {
    let database: any SQLDatabase
    let bell: OutboxBell
    let key: SealingKey?

    /// One queued message as listed to an operator: never its body.
    public struct Entry: Sendable, Hashable {
        /// Where a message stands.
        public enum State: String, Sendable, Hashable, CaseIterable {
            /// Not yet delivered; will be tried (again).
            case pending
            /// Accepted by the transport.
            case sent
            /// Given up: a permanent failure, or a day of transient ones.
            case failed
        }

        /// The entry's number in the outbox, as ``enqueue(_:now:)`` returned it.
        public var id: Int64
        /// The message's Message-ID header.
        public var messageID: String
        /// The recipients as `Name <address>`.
        public var recipients: [String]
        public var subject: String
        public var state: State
        /// When it was queued.
        public var createdAt: Date
        /// Delivery attempts so far, one under way included.
        public var attempts: Int
        /// When a pending message is tried next (or its current attempt's lease ends).
        public var nextAttemptAt: Date
        /// Why the last attempt failed, if it did.
        public var lastError: String?
        /// When it was sent or given up.
        public var finishedAt: Date?
    }

    /// Stores `message` for delivery and wakes this process's dispatcher. The row is
    /// committed before this returns.
    /// - Returns: the entry's id.
    @discardableResult
    public func enqueue(_ message: MailMessage, now: Date = Date()) async throws -> Int64 {
        let id = try await database.write { session in try await insert(message, now: now, into: session) }
        bell.ring()
        return id
    }

    /// Stores `message` within a write transaction of the caller's.
    func insert(_ message: MailMessage, now: Date, into session: any SQLSession) async throws -> Int64 {
        let recipients = String(decoding: try JSONEncoder().encode(message.to.map(\.description)), as: UTF8.self)
        let id = try await session.scalar(Int64.self, """
            INSERT INTO mail_outbox (message_id, sender, recipients, subject, text_body, html_body, date, created_at, next_attempt_at,
                                     reply_to, calendar_method, calendar_body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [message.messageID, message.from.description, recipients, message.subject,
                  try sealed(message.text, part: "text", of: message.messageID), try message.html.map { try sealed($0, part: "html", of: message.messageID) },
                  message.date.timeIntervalSince1970, Self.seconds(now), Self.seconds(now),
                  message.replyTo?.description, message.calendar?.method,
                  try message.calendar.map { try sealed($0.text, part: "calendar", of: message.messageID) }])
        guard let id else { throw SQLStorageError("the new message's id did not come back") }
        return id
    }

    /// Marks a sealed body: `sealed:` and the base64 of nonce, ciphertext and tag.
    static let sealedPrefix = "sealed:"

    private func sealed(_ body: String, part: String, of messageID: String) throws -> String {
        guard let key else { return body }
        return Self.sealedPrefix + (try key.seal(body, context: "mail_outbox:\(part):\(messageID)")).base64EncodedString()
    }

    private func opened(_ stored: String, part: String, of messageID: String) throws(MailFormatError) -> String {
        guard stored.hasPrefix(Self.sealedPrefix) else { return stored }
        guard let key, let data = Data(base64Encoded: String(stored.dropFirst(Self.sealedPrefix.count))),
              let text = try? key.openString(data, context: "mail_outbox:\(part):\(messageID)") else {
            throw MailFormatError("the queued message is sealed with a key this process does not have")
        }
        return text
    }

    /// Wakes this process's dispatcher for mail stored with ``insert(_:now:into:)``.
    func wakeDispatcher() { bell.ring() }

    /// Queued messages in the given states, oldest first; at most `limit`.
    public func entries(in states: Set<Entry.State> = [.pending, .failed], limit: Int = 1000) async throws -> [Entry] {
        let conditions = Entry.State.allCases.filter(states.contains).map { state in
            switch state {
            case .pending: "(sent_at IS NULL AND failed_at IS NULL)"
            case .sent: "sent_at IS NOT NULL"
            case .failed: "failed_at IS NOT NULL"
            }
        }
        guard !conditions.isEmpty else { return [] }
        return try await database.read { session in
            try await session.query("SELECT \(Self.entryColumns) FROM mail_outbox WHERE \(conditions.joined(separator: " OR ")) ORDER BY id LIMIT ?", [limit])
        }.map(Self.entry)
    }

    /// One entry, or `nil`.
    public func entry(id: Int64) async throws -> Entry? {
        try await database.read { session in
            try await session.queryRow("SELECT \(Self.entryColumns) FROM mail_outbox WHERE id = ?", [id])
        }.map(Self.entry)
    }

    // MARK: For the dispatcher

    /// A message taken for one delivery attempt.
    struct Claim: Sendable {
        var id: Int64
        var messageID: String
        /// Attempts so far, this one included.
        var attempts: Int
        var createdAt: Date
        /// The stored message, or why it can no longer be read.
        var message: Result<MailMessage, MailFormatError>
    }

    /// Takes up to `limit` due messages for an attempt each: counts the attempt and pushes
    /// their next attempt `lease` seconds ahead, in one transaction, so no other dispatcher
    /// takes them meanwhile.
    func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws -> [Claim] {
        try await database.write { session in
            let rows = try await session.query("""
                SELECT * FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?\(session.dialect.skipLocked)
                """, [Self.seconds(now), limit])
            var claims: [Claim] = []
            for row in rows { claims.append(try await claim(row, now: now, lease: lease, session)) }
            return claims
        }
    }

    /// Takes one message for an attempt if it is pending and not leased to an attempt now.
    func claim(id: Int64, now: Date, lease: TimeInterval) async throws -> Claim? {
        try await database.write { session in
            // Locked until commit: a concurrent claim waits, then finds the lease and gets nothing.
            guard let row = try await session.queryRow("""
                SELECT * FROM mail_outbox WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?\(session.dialect.forUpdate)
                """, [id, Self.seconds(now)]) else { return nil }
            return try await claim(row, now: now, lease: lease, session)
        }
    }

    /// Hands back claimed messages that were not attempted after all.
    func release(_ ids: [Int64], now: Date) async throws {
        try await database.write { session in
            for id in ids {
                try await session.execute("UPDATE mail_outbox SET attempts = attempts - 1, next_attempt_at = ? WHERE id = ?", [Self.seconds(now), id])
            }
        }
    }

    /// Records the delivery and forgets the body, which may hold a sign-in link.
    func markSent(id: Int64, now: Date) async throws {
        try await database.write { session in
            try await session.execute("UPDATE mail_outbox SET sent_at = ?, last_error = NULL, text_body = '', html_body = NULL, calendar_body = NULL WHERE id = ?", [Self.seconds(now), id])
        }
    }

    /// Records a failed attempt to be followed by another at `next`.
    func reschedule(id: Int64, at next: Date, error: String) async throws {
        try await database.write { session in
            try await session.execute("UPDATE mail_outbox SET next_attempt_at = ?, last_error = ? WHERE id = ?", [Self.secondsRoundedUp(next), error, id])
        }
    }

    /// Gives the message up.
    func markFailed(id: Int64, now: Date, error: String) async throws {
        try await database.write { session in
            try await session.execute("UPDATE mail_outbox SET failed_at = ?, last_error = ? WHERE id = ?", [Self.seconds(now), error, id])
        }
    }

    /// The earliest next attempt of any pending message.
    func nextAttemptAt() async throws -> Date? {
        try await database.read { session in
            try await session.scalar(Int.self, "SELECT min(next_attempt_at) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL")
        }.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Deletes the records of messages sent before `cutoff`.
    func purgeSent(before cutoff: Date) async throws {
        try await database.write { session in
            try await session.execute("DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < ?", [Self.seconds(cutoff)])
        }
    }

    // MARK: Rows

    private static let entryColumns = "id, message_id, recipients, subject, created_at, attempts, next_attempt_at, last_error, sent_at, failed_at"

    private static func entry(_ row: SQLRow) -> Entry {
        let sentAt: Int? = row["sent_at"], failedAt: Int? = row["failed_at"]
        return Entry(id: row["id"], messageID: row["message_id"], recipients: recipients(row["recipients"]), subject: row["subject"],
                     state: sentAt != nil ? .sent : failedAt != nil ? .failed : .pending,
                     createdAt: date(row["created_at"]), attempts: row["attempts"], nextAttemptAt: date(row["next_attempt_at"]),
                     lastError: row["last_error"], finishedAt: (sentAt ?? failedAt).map(date))
    }

    private func claim(_ row: SQLRow, now: Date, lease: TimeInterval, _ session: any SQLSession) async throws -> Claim {
        let id: Int64 = row["id"]
        let attempts: Int = row["attempts"] + 1
        try await session.execute("UPDATE mail_outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?", [attempts, Self.secondsRoundedUp(now.addingTimeInterval(lease)), id])
        let messageID: String = row["message_id"]
        let message = Result { () throws(MailFormatError) -> MailMessage in
            var to: [MailAddress] = []
            for recipient in Self.recipients(row["recipients"]) { to.append(try MailAddress(parsing: recipient)) }
            let html: String? = row["html_body"], replyTo: String? = row["reply_to"]
            let method: String? = row["calendar_method"], calendarBody: String? = row["calendar_body"]
            var calendar: MailCalendarPart?
            if let method, let calendarBody { calendar = try MailCalendarPart(method: method, text: try opened(calendarBody, part: "calendar", of: messageID)) }
            return try MailMessage(from: try MailAddress(parsing: row["sender"]), to: to, subject: row["subject"],
                                   text: try opened(row["text_body"], part: "text", of: messageID),
                                   html: try html.map { (body: String) throws(MailFormatError) in try opened(body, part: "html", of: messageID) },
                                   replyTo: try replyTo.map { (address: String) throws(MailFormatError) in try MailAddress(parsing: address) },
                                   calendar: calendar, messageID: messageID, date: Date(timeIntervalSince1970: row["date"]))
        }
        return Claim(id: id, messageID: messageID, attempts: attempts, createdAt: Self.date(row["created_at"]), message: message)
    }

    private static func recipients(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    private static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
    /// A time to wait for, stored no earlier than it is.
    static func secondsRoundedUp(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.up)) }
}

extension ApplicationDatabase {
    /// The mail queue kept beside the accounts.
    public var mailOutbox: MailOutbox { MailOutbox(database: database, bell: mailBell, key: mailKey.withLock { $0 }) }
}
