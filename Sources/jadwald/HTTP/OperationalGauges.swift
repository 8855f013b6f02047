import Foundation
import Jadwal

/// The gauges `/metrics` adds to the request counters: what the server holds, the work
/// waiting, the database's size on disk and the connections open now.
struct OperationalGauges {
    /// `nil` when the database did not answer: `jadwal_database_up` is then 0.
    let statistics: ServerStatistics?
    /// The SQLite file, whose size (with its write-ahead log) is reported.
    let databaseFile: String?
    let openConnections: Int
    let bodyBytes: Int

    func exposition() -> String {
        var gauges: [(String, String, Int)] = [
            ("jadwal_database_up", "1 when the database answered this scrape.", statistics == nil ? 0 : 1),
            ("jadwal_open_connections", "HTTP connections open now.", openConnections),
            ("jadwal_request_body_bytes", "Bytes of request bodies held while they are received.", bodyBytes),
        ]
        if let statistics {
            gauges += [
                ("jadwal_users", "Accounts.", statistics.users),
                ("jadwal_calendar_objects", "Calendar objects stored.", statistics.calendarObjects),
                ("jadwal_mail_queue_pending", "Mail waiting to be delivered.", statistics.mailPending),
                ("jadwal_mail_queue_failed", "Mail given up on.", statistics.mailFailed),
                ("jadwal_jobs_pending", "Jobs waiting or running (chat judgements, webhooks).", statistics.jobsPending),
                ("jadwal_jobs_dead", "Jobs that exhausted their retries (dead letters).", statistics.jobsDead),
            ]
        }
        if let databaseFile {
            let size = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: databaseFile + $0)[.size] as? Int }.reduce(0, +)
            gauges.append(("jadwal_database_bytes", "Size of the SQLite database and its write-ahead log.", size))
        }
        return gauges.map { name, help, value in "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n" }.joined()
    }
}
