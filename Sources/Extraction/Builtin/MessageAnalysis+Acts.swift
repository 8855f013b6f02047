/// What a message does to a plan as the lexicon reads it, and as a speech-act model reads it
/// where the lexicon reads nothing.
extension MessageAnalysis {
    /// The cues the lexicon lists for what a message does to a plan.
    static let actCues: [Cue] = [.accept, .attend, .decline, .softDecline, .hedge, .cancel, .putOff, .propose, .change]

    /// What the rules found that the speech-act model reads beside the words: the cues, a
    /// day, an hour, a time around a prayer, a question.
    var actSignals: [String] {
        var signals = cues.keys.map { "cue\($0.rawValue)" }
        if !temporal.dates.isEmpty { signals.append("date") }
        if temporal.start != nil { signals.append("time") }
        if temporal.prayerRelative { signals.append("prayer") }
        if hasQuestion { signals.append("?") }
        if asksFact { signals.append("fact") }
        return signals
    }

    /// The speech acts these cues name.
    var acts: Set<SpeechAct> {
        var acts = Set<SpeechAct>()
        if has(.propose) || has(.change) { acts.insert(.propose) }
        if has(.accept) || has(.attend) { acts.insert(.accept) }
        if has(.decline) || has(.softDecline) { acts.insert(.refuse) }
        if has(.hedge) { acts.insert(.hedge) }
        if has(.cancel) || has(.putOff) { acts.insert(.cancel) }
        return acts
    }

    /// Whether a speech-act model is asked about the message: it is no notice, and the lexicon
    /// reads no act in it.
    var asksModel: Bool {
        !isBroadcast && tokenCount > 0 && !MessageAnalysis.actCues.contains { cues[$0] != nil }
    }

    /// Adds what a speech-act model reads in the message (its `text`) when ``asksModel``, as
    /// cues: a proposal at the message's last word, the rest at its first, so that a no with
    /// a proposal reads as a counter.
    /// - Parameter context: ``ActFeatures/contextBuckets(previousSignals:sameSender:)`` of the
    ///   message's place in the conversation.
    mutating func readActs(with model: ActModel, text: String, context: [Int]) {
        guard asksModel else { return }
        let tokens = Tokenizer.tokenize(text)
        let words = ActFeatures.buckets(of: tokens, signals: actSignals)
        for act in SpeechAct.allCases where model.reads(act, words: words, context: context) {
            switch act {
            case .propose:
                // Words alone do not make an invitation of a statement ("el sabt 3andi mo2abla 3al
                // 10", "we're going to my in-laws on Friday"): it must ask, or say "together".
                guard !ownCommitment, !has(.ownPlan), hasQuestion || has(.together) else { continue }
                mark(.propose, tokens: tokens)
            case .cancel: continue // Too few cancellations are labelled for the model to read them well.
            default: mark(act, tokens: tokens)
            }
        }
    }

    /// Puts `acts` in place of what the lexicon read for the acts in `replaced`: for measuring
    /// the dialogue with the labelled acts of a development chat.
    mutating func takeActs(_ acts: Set<SpeechAct>, replacing replaced: Set<SpeechAct> = Set(SpeechAct.allCases), text: String) {
        for act in replaced {
            for cue in MessageAnalysis.cues(of: act) { cues[cue] = nil }
        }
        let tokens = Tokenizer.tokenize(text)
        for act in acts.intersection(replaced) { mark(act, tokens: tokens) }
    }

    /// The lexicon's cues that name `act`.
    static func cues(of act: SpeechAct) -> [Cue] {
        switch act {
        case .propose: [.propose, .change]
        case .accept: [.accept, .attend]
        case .refuse: [.decline, .softDecline]
        case .hedge: [.hedge]
        case .cancel: [.cancel, .putOff]
        }
    }

    /// Marks `act` as a cue: a proposal at the message's last word, the rest at its first, so
    /// that a no with a proposal reads as a counter.
    private mutating func mark(_ act: SpeechAct, tokens: [Token]) {
        switch act {
        case .propose: cues[.propose] = [max(tokenCount - 1, 0)]
        case .accept: cues[.accept] = [0]
        case .refuse: cues[.decline] = [0]
        case .hedge: cues[.hedge] = [0]
        case .cancel: cues[.cancel] = [0]
        }
        if act == .propose, !speaksOfPlan {
            speaksOfPlan = true
            if location == nil { location = Places.nameAfterBi(in: tokens) ?? Places.knownPlace(in: tokens) }
        }
    }
}
