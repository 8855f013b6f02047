import Foundation

/// The measures of a labelled folder: status accuracy, agreed-event F1, and their parts by
/// language and by what the chats exercise.
public struct EvaluationReport: Sendable {
    public var scores: [ChatScore]
    /// With a ``FallbackExtractor``: the chats its primary (the LLM) gave no judgement on, and
    /// why, by file. Their scores are the fallback's, so the report says how many there were.
    public var fallbacks: [String: String]

    public init(scores: [ChatScore], fallbacks: [String: String] = [:]) {
        self.scores = scores
        self.fallbacks = fallbacks
    }

    /// Judges every chat of `folder` with `extractor`.
    public static func evaluate(folder: URL, with extractor: any EventExtractor) async throws -> EvaluationReport {
        var report = EvaluationReport(scores: [])
        for (label, conversation) in try LabelledChat.load(folder: folder) {
            guard let chain = extractor as? FallbackExtractor else {
                report.scores.append(ChatScore(label, try await extractor.judge(conversation)))
                continue
            }
            let outcome = try await chain.judgeReportingSource(conversation)
            report.scores.append(ChatScore(label, outcome.judgement))
            if let error = outcome.error { report.fallbacks[label.file] = error }
        }
        return report
    }

    /// The measures of a subset (one language, one tag).
    public struct Measures: Sendable {
        public var chats: Int
        public var statusAccuracy: Double?
        /// F1 of agreed events with dates, times and title right.
        public var eventF1: Double?
        /// Among chats labelled agreed: start date right.
        public var startDateRight: Double?
        /// Among chats labelled agreed that name a place: the place found.
        public var locationFound: Double?
        /// Right in every labelled respect.
        public var fullyRight: Double?
    }

    public func measures(where include: (ChatScore) -> Bool = { _ in true }) -> Measures {
        let chosen = scores.filter(include)
        func share(_ part: [ChatScore], _ hit: (ChatScore) -> Bool) -> Double? {
            part.isEmpty ? nil : Double(part.filter(hit).count) / Double(part.count)
        }
        let agreed = chosen.filter(\.isAgreed)
        let hits = Double(chosen.filter(\.eventRight).count)
        let predicted = Double(chosen.filter(\.judgedAgreed).count)
        let precision = predicted > 0 ? hits / predicted : 0
        let recall = agreed.isEmpty ? 0 : hits / Double(agreed.count)
        let f1: Double? = agreed.isEmpty && predicted == 0 ? nil : (precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0)
        return Measures(
            chats: chosen.count, statusAccuracy: share(chosen, \.statusRight), eventF1: f1,
            startDateRight: share(agreed) { $0.statusRight && $0.startDateRight },
            locationFound: share(chosen.filter(\.namesPlace)) { $0.locationRight == true },
            fullyRight: share(chosen, \.fullyRight))
    }

    /// The report as Markdown tables: overall and by language, then by tag (the tags on at
    /// least `minimumTagCount` chats), then every miss.
    public func markdown(title: String, minimumTagCount: Int = 5) -> String {
        func cell(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        func row(_ name: String, _ m: Measures) -> String {
            "| \(name) | \(m.chats) | \(cell(m.statusAccuracy)) | \(cell(m.eventF1)) | \(cell(m.startDateRight)) | \(cell(m.locationFound)) | \(cell(m.fullyRight)) |"
        }
        let header = "| chats | n | status accuracy | agreed-event F1 | start date right (agreed) | location found | fully right |\n|---|---:|---:|---:|---:|---:|---:|"
        var lines = ["### \(title)", "", header, row("all", measures())]
        for lang in ["en", "ar", "mixed"] where scores.contains(where: { $0.lang == lang }) {
            lines.append(row(lang, measures { $0.lang == lang }))
        }
        let tagCounts = Dictionary(scores.flatMap(\.tags).map { ($0, 1) }, uniquingKeysWith: +)
        let tags = tagCounts.filter { $0.value >= minimumTagCount }.keys.sorted()
        if !tags.isEmpty {
            lines += ["", header.replacingOccurrences(of: "| chats |", with: "| tag |")]
            for tag in tags { lines.append(row(tag, measures { $0.tags.contains(tag) })) }
        }
        let kinds = Dictionary(scores.flatMap(\.kinds).map { ($0, 1) }, uniquingKeysWith: +)
        if !kinds.isEmpty {
            lines += ["", "| miss | chats |", "|---|---:|"]
            for (kind, count) in kinds.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) { lines.append("| \(kind) | \(count) |") }
        }
        if !fallbacks.isEmpty {
            lines += ["", "The primary extractor gave no judgement on \(fallbacks.count) of \(scores.count) chats; the fallback judged them:"]
            let reasons = Dictionary(fallbacks.values.map { ($0, 1) }, uniquingKeysWith: +)
            for (reason, count) in reasons.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) { lines.append("- \(count) × \(reason)") }
        }
        let misses = scores.filter { !$0.fullyRight }
        if !misses.isEmpty {
            lines += ["", "Misses:"]
            for miss in misses { lines.append("- \(miss.file) (\(miss.lang)): \(miss.problems.joined(separator: "; "))") }
        }
        return lines.joined(separator: "\n")
    }
}
