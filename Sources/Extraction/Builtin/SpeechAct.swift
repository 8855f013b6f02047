/// What a message does to a plan, as the speech-act labels of the development chats name it
/// (`Tests/ExtractionTests/Fixtures/blind/ACTS.md`). A message may do several or none.
public enum SpeechAct: Int, CaseIterable, Sendable {
    /// Puts forward a plan, or a new day, time or place for one.
    case propose
    /// Agrees to what was put forward, confirms it, or says the speaker will be there.
    case accept
    /// Declines, or says the speaker cannot.
    case refuse
    /// Neither yes nor no: maybe, will check, will ask.
    case hedge
    /// Calls off, or puts off to no set time, a plan already agreed.
    case cancel

    /// The label's spelling in `acts.jsonl`.
    public var label: String {
        switch self {
        case .propose: "propose"
        case .accept: "accept"
        case .refuse: "refuse"
        case .hedge: "hedge"
        case .cancel: "cancel"
        }
    }

    public init?(label: String) {
        guard let act = SpeechAct.allCases.first(where: { $0.label == label }) else { return nil }
        self = act
    }
}
