import Foundation

extension ActModel {
    /// Trains a model: per act, logistic regression by AdaGrad over the examples in an order
    /// shuffled from `seed`, with L2 shrinkage on the weights an example touches. The same
    /// examples and settings give the same model on every machine.
    /// - Parameter threshold: the chance from which the model takes an act as done.
    public static func train(_ examples: [LabelledActs.Message], epochs: Int = 4, learningRate: Float = 0.1, l2: Float = 1e-4,
                             threshold: Double = 0.7, seed: UInt64 = 20261127) -> ActModel {
        var weights: [[Float]] = [], biases: [Float] = []
        for act in SpeechAct.allCases {
            var w = [Float](repeating: 0, count: ActFeatures.bucketCount)
            var squared = [Float](repeating: 0, count: ActFeatures.bucketCount)
            var bias: Float = 0, biasSquared: Float = 0
            var state = seed &+ UInt64(act.rawValue)
            var order = Array(examples.indices)
            for _ in 0..<epochs {
                for i in order.indices.reversed() { order.swapAt(i, Int(splitMix(&state) % UInt64(i + 1))) }
                for index in order {
                    let buckets = examples[index].reading.buckets
                    var z = bias
                    for bucket in buckets { z += w[bucket] }
                    let gradient = Float(1 / (1 + exp(-Double(z)))) - (examples[index].acts.contains(act) ? 1 : 0)
                    for bucket in buckets {
                        let g = gradient + l2 * w[bucket]
                        squared[bucket] += g * g
                        w[bucket] -= learningRate * g / (squared[bucket] + 1e-8).squareRoot()
                    }
                    biasSquared += gradient * gradient
                    bias -= learningRate * gradient / (biasSquared + 1e-8).squareRoot()
                }
            }
            weights.append(w)
            biases.append(bias)
        }
        return ActModel(weights: weights, biases: biases, threshold: threshold)
    }

    /// SplitMix64's next value.
    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
