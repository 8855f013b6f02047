/// How one judgement compares with its chat's label, field by field.
public struct ChatScore: Sendable {
    public var file: String
    public var lang: String
    public var tags: [String]
    public var labelledStatus: String
    public var judgedStatus: String
    /// For a chat labelled agreed and judged agreed: each field right or not.
    public var startDateRight = false
    public var datesRight = false
    public var timesRight = false
    public var titleRight = false
    /// `nil` when the label names no place and none was found.
    public var locationRight: Bool?
    /// Whether the label is an agreed event at a named place.
    public var namesPlace = false
    /// What differs, for the report.
    public var problems: [String] = []
    /// The kind of each of `problems` ("start time", "status: judged NO_EVENT, labelled
    /// HAS_EVENT_AGREED"), which the report counts.
    public var kinds: [String] = []

    public var statusRight: Bool { labelledStatus == judgedStatus }
    public var isAgreed: Bool { labelledStatus == Judgement.Status.agreed.rawValue }
    public var judgedAgreed: Bool { judgedStatus == Judgement.Status.agreed.rawValue }
    /// Agreed, with dates, times and title right (the event F1's hit).
    public var eventRight: Bool { isAgreed && statusRight && datesRight && timesRight && titleRight }
    /// Right in every labelled respect, location included.
    public var fullyRight: Bool { statusRight && (!isAgreed || (eventRight && locationRight != false)) }

    /// Scores `judgement` against `label` by the labelling rules: keywords match after
    /// ``TextNormalizer`` normalisation, a missing end date is the start date, and a label
    /// without a place wants none.
    public init(_ label: LabelledChat, _ judgement: Judgement) {
        file = label.file
        lang = label.lang ?? "?"
        tags = label.tags ?? []
        labelledStatus = label.status
        judgedStatus = judgement.status.rawValue
        namesPlace = !(label.event?.location_keywords.isEmpty ?? true)
        if !statusRight { miss("status: judged \(judgedStatus), labelled \(labelledStatus)", "status \(judgedStatus) ≠ \(labelledStatus)") }
        guard statusRight, let want = label.event else { return }
        guard let got = judgement.event else {
            miss("no event", "no event")
            return
        }
        startDateRight = got.startDate.description == want.start_date
        let endRight = got.endDate.description == (want.end_date ?? want.start_date)
        datesRight = startDateRight && endRight
        if !startDateRight { miss("start date", "start \(got.startDate) ≠ \(want.start_date)") }
        if !endRight { miss("end date", "end date \(got.endDate) ≠ \(want.end_date ?? want.start_date)") }
        let startTimeRight = got.startTime?.description == want.start_time
        let endTimeRight = got.endTime?.description == want.end_time
        timesRight = startTimeRight && endTimeRight
        if !startTimeRight { miss("start time", "start time \(got.startTime?.description ?? "nil") ≠ \(want.start_time ?? "nil")") }
        if !endTimeRight { miss("end time", "end time \(got.endTime?.description ?? "nil") ≠ \(want.end_time ?? "nil")") }
        let title = TextNormalizer.normalize(got.title)
        titleRight = want.title_keywords.contains { title.contains(TextNormalizer.normalize($0)) }
        if !titleRight { miss("title", "title \"\(got.title)\" ∌ \(want.title_keywords)") }
        let location = TextNormalizer.normalize(got.location ?? "")
        if want.location_keywords.isEmpty {
            if !location.isEmpty {
                miss("place where the label has none", "location \"\(got.location ?? "")\" should be empty")
                locationRight = false
            }
        } else {
            locationRight = want.location_keywords.contains { location.contains(TextNormalizer.normalize($0)) }
            if locationRight == false { miss("place", "location \"\(got.location ?? "")\" ∌ \(want.location_keywords)") }
        }
    }

    private mutating func miss(_ kind: String, _ problem: String) {
        kinds.append(kind)
        problems.append(problem)
    }
}
