import Foundation

/// A small statistical reader of speech acts: one logistic regression per ``SpeechAct``
/// over ``ActFeatures``, trained (``train(_:epochs:learningRate:l2:threshold:seed:)``) on the
/// act labels of the development chats and the phrasebanks by `jadwal-bench acts-train`.
///
/// Given one, the extractor asks it only about messages the lexicon reads no act in, so it
/// widens what the rules read to phrasings nobody listed and never overrules a listed one.
/// None is built into the extractor: judged end to end on chats it was not trained on, one
/// trained on all the labels moved status accuracy by a point or two either way (the README's
/// blind-corpus section), so it stays a seam and a yardstick for a better reader.
public struct ActModel: Sendable {
    /// Per act, one weight per feature bucket.
    public var weights: [[Float]]
    /// Per act, the weight of no feature.
    public var biases: [Float]
    /// The chance from which the extractor takes an act as done.
    public var threshold: Double

    public init(weights: [[Float]], biases: [Float], threshold: Double) {
        precondition(weights.count == SpeechAct.allCases.count && biases.count == SpeechAct.allCases.count)
        precondition(weights.allSatisfy { $0.count == ActFeatures.bucketCount })
        self.weights = weights
        self.biases = biases
        self.threshold = threshold
    }

    /// The chance a message with the buckets of `words` and `context` does `act`.
    func chance(of act: SpeechAct, words: [Int], context: [Int] = []) -> Double {
        let row = weights[act.rawValue]
        var z = biases[act.rawValue]
        for bucket in words { z += row[bucket] }
        for bucket in context { z += row[bucket] }
        return 1 / (1 + exp(-Double(z)))
    }

    /// Whether this model takes a message with these buckets to do `act`; the extractor's
    /// path, which allocates nothing.
    func reads(_ act: SpeechAct, words: [Int], context: [Int]) -> Bool {
        chance(of: act, words: words, context: context) >= threshold
    }

    /// The acts this model takes a message with these feature buckets to do.
    public func acts(buckets: [Int]) -> Set<SpeechAct> {
        Set(SpeechAct.allCases.filter { chance(of: $0, words: buckets) >= threshold })
    }

    /// The chance each act is done by a message with these feature buckets, by raw value.
    public func probabilities(buckets: [Int]) -> [Double] {
        SpeechAct.allCases.map { chance(of: $0, words: buckets) }
    }

    // MARK: Stored form

    /// The stored form: the threshold as Float32, then per act a Float32 scale, a Float32
    /// bias and one Int8 per bucket (weight = value × scale), little-endian.
    public func encoded() -> Data {
        var data = Data()
        withUnsafeBytes(of: Float(threshold).bitPattern.littleEndian) { data.append(contentsOf: $0) }
        for act in SpeechAct.allCases {
            let row = weights[act.rawValue]
            let scale = max(row.map(abs).max() ?? 0, .leastNonzeroMagnitude) / 127
            withUnsafeBytes(of: scale.bitPattern.littleEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: biases[act.rawValue].bitPattern.littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: row.map { UInt8(bitPattern: Int8(($0 / scale).rounded())) })
        }
        return data
    }

    /// Reads ``encoded()``; nil when the bytes are not a model of this shape.
    public init?(encoded data: Data) {
        let bytes = [UInt8](data)
        let stride = 8 + ActFeatures.bucketCount
        guard bytes.count == 4 + stride * SpeechAct.allCases.count else { return nil }
        func float(at offset: Int) -> Float {
            let bits = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
            return Float(bitPattern: bits)
        }
        var weights: [[Float]] = [], biases: [Float] = []
        for act in SpeechAct.allCases {
            let start = 4 + act.rawValue * stride
            let scale = float(at: start)
            biases.append(float(at: start + 4))
            weights.append(bytes[(start + 8)..<(start + stride)].map { Float(Int8(bitPattern: $0)) * scale })
        }
        self.init(weights: weights, biases: biases, threshold: Double(float(at: 0)))
    }
}
