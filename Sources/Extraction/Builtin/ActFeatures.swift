/// The features the speech-act model reads from a message: its folded words, their
/// clitic-free stems, neighbouring word pairs, the letter runs inside each word (so that
/// "بنروح" and "نروح" or "ma2dar" and "ma2darsh" share most of them), emoji, question marks,
/// the message's length, and what the rules found in it (the lexicon's cues, a day, an hour),
/// each hashed into one of ``bucketCount`` buckets.
///
/// The hash is FNV-1a over UTF-8, the same on every run and machine, because the trained
/// weights are stored by bucket.
public enum ActFeatures {
    /// How many buckets features hash into.
    public static let bucketCount = 1 << 16

    /// What the extractor reads of one text message's acts before asking the model.
    public struct Reading: Sendable {
        /// The message's features: its words and its place in the conversation.
        public var buckets: [Int]
        /// The acts the lexicon finds.
        public var lexicon: Set<SpeechAct>
        /// Whether the extractor asks a model about it (the lexicon reads no act in it, and it
        /// is no notice).
        public var asksModel: Bool
    }

    /// The reading of each text message of a conversation, by the message's index.
    public static func readings(in conversation: Conversation) -> [Int: Reading] {
        var found: [Int: Reading] = [:]
        var previous: (analysis: MessageAnalysis, fromOwner: Bool)?
        for (i, message) in conversation.messages.enumerated() where message.kind == .text {
            let analysis = MessageAnalysis(text: message.text)
            let words = buckets(of: Tokenizer.tokenize(message.text), signals: analysis.actSignals)
            let context = BuiltinExtractor.context(after: previous, fromOwner: message.fromOwner)
            found[i] = Reading(buckets: words + context, lexicon: analysis.acts, asksModel: analysis.asksModel)
            previous = (analysis, message.fromOwner)
        }
        return found
    }

    /// - Parameter signals: what the rules found in the message (``MessageAnalysis/actSignals``).
    static func buckets(of tokens: [Token], signals: [String]) -> [Int] {
        var found = Set<Int>()
        for signal in signals { found.insert(FeatureHash("s").adding(signal.utf8).bucket) }
        var previous = "^"
        var words = 0
        for token in tokens {
            let norm: String
            switch token.kind {
            case .number: norm = "#"
            case .punct where token.norm != "?" && token.norm != "!": continue
            default: norm = token.norm
            }
            found.insert(FeatureHash("w").adding(norm.utf8).bucket)
            if token.arabic, token.base != token.norm { found.insert(FeatureHash("b").adding(token.base.utf8).bucket) }
            found.insert(FeatureHash("p").adding(previous.utf8).adding(" ".utf8).adding(norm.utf8).bucket)
            previous = norm
            guard token.kind == .word else { continue }
            words += 1
            // Runs of three and four letters of "<word>".
            var letters: [Unicode.Scalar] = ["<"]
            letters.append(contentsOf: token.norm.unicodeScalars)
            letters.append(">")
            for length in 3...4 where letters.count >= length {
                for start in 0...(letters.count - length) {
                    found.insert(FeatureHash("c").adding(letters[start..<(start + length)]).bucket)
                }
            }
        }
        found.insert(FeatureHash("p").adding(previous.utf8).adding(" $".utf8).bucket)
        found.insert(FeatureHash("n").adding(String(words <= 2 ? words : words <= 5 ? 5 : words <= 10 ? 10 : 11).utf8).bucket)
        return found.sorted()
    }

    /// The buckets of a message's place in the conversation: who wrote the message before it
    /// and what the rules found there.
    public static func contextBuckets(previousSignals: [String]?, sameSender: Bool) -> [Int] {
        guard let previousSignals else { return [FeatureHash("x").adding("first".utf8).bucket] }
        let side = sameSender ? "same" : "other"
        let own = FeatureHash("x").adding(side.utf8)
        return ([own.bucket] + previousSignals.map { own.adding($0.utf8).bucket }).sorted()
    }
}

/// FNV-1a over UTF-8: a feature's kind, a separator, then its text, fed piece by piece.
struct FeatureHash {
    private var value: UInt32 = 2_166_136_261

    init(_ kind: Unicode.Scalar) {
        self = adding(CollectionOfOne(UInt8(kind.value))).adding(CollectionOfOne(0x1F))
    }

    func adding(_ bytes: some Sequence<UInt8>) -> FeatureHash {
        var next = self
        for byte in bytes { next.value = (next.value ^ UInt32(byte)) &* 16_777_619 }
        return next
    }

    func adding(_ scalars: ArraySlice<Unicode.Scalar>) -> FeatureHash {
        var next = self
        for scalar in scalars {
            for byte in UTF8.encode(scalar)! { next.value = (next.value ^ UInt32(byte)) &* 16_777_619 }
        }
        return next
    }

    var bucket: Int { Int(value % UInt32(ActFeatures.bucketCount)) }
}
