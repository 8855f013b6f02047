import Foundation
import Synchronization

/// Request counts and latency histograms per method, written in the Prometheus text
/// format (version 0.0.4) for `/metrics`. Labels are bounded: methods outside the known
/// set count as `OTHER`, so a client cannot grow the series without limit.
final class RequestMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    static let knownMethods: Set = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCALENDAR",
                                    "MKCOL", "REPORT", "COPY", "MOVE", "POST"]

    private struct Histogram {
        var bucketCounts = [Int](repeating: 0, count: RequestMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var requests: [String: [Int: Int]] = [:]
        var latency: [String: Histogram] = [:]
    }

    private let state = Mutex(State())
    let startTime = Date().timeIntervalSince1970

    func record(method: String, status: Int, seconds: Double) {
        let method = Self.knownMethods.contains(method) ? method : "OTHER"
        state.withLock { state in
            state.requests[method, default: [:]][status, default: 0] += 1
            var histogram = state.latency[method] ?? Histogram()
            if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) { histogram.bucketCounts[bucket] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.latency[method] = histogram
        }
    }

    /// The exposition text.
    func exposition() -> String {
        let snapshot = state.withLock { $0 }
        var out = """
            # HELP jadwal_http_requests_total HTTP requests answered, by method and status.
            # TYPE jadwal_http_requests_total counter

            """
        for method in snapshot.requests.keys.sorted() {
            for (status, count) in snapshot.requests[method]!.sorted(by: { $0.key < $1.key }) {
                out += "jadwal_http_requests_total{method=\"\(method)\",status=\"\(status)\"} \(count)\n"
            }
        }
        out += """
            # HELP jadwal_http_request_duration_seconds Time to answer an HTTP request, by method.
            # TYPE jadwal_http_request_duration_seconds histogram

            """
        for method in snapshot.latency.keys.sorted() {
            let histogram = snapshot.latency[method]!
            var cumulative = 0
            for (bound, count) in zip(Self.buckets, histogram.bucketCounts) {
                cumulative += count
                out += "jadwal_http_request_duration_seconds_bucket{method=\"\(method)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "jadwal_http_request_duration_seconds_bucket{method=\"\(method)\",le=\"+Inf\"} \(histogram.count)\n"
            out += "jadwal_http_request_duration_seconds_sum{method=\"\(method)\"} \(histogram.sum)\n"
            out += "jadwal_http_request_duration_seconds_count{method=\"\(method)\"} \(histogram.count)\n"
        }
        out += """
            # HELP process_start_time_seconds Start time of the process since the Unix epoch.
            # TYPE process_start_time_seconds gauge
            process_start_time_seconds \(startTime)

            """
        if let resident = Self.residentMemoryBytes() {
            out += """
                # HELP process_resident_memory_bytes Resident memory of the process.
                # TYPE process_resident_memory_bytes gauge
                process_resident_memory_bytes \(resident)

                """
        }
        return out
    }

    /// From /proc/self/statm (Linux): resident pages times the page size.
    static func residentMemoryBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
