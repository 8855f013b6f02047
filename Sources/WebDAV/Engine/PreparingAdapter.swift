/// An adapter that answers in two steps, resolving the request's path first
/// (``prepare(_:in:)``) and answering afterwards (``answer(_:)``), so that a decorator (a
/// cache of answers) can look at what the path names before the answer is computed,
/// without resolving it again.
public protocol PreparingAdapter: DAVAdapter {
    /// A request with its path resolved.
    associatedtype Prepared: Sendable

    /// The first step: resolves the request's path to what it names.
    func prepare(_ request: DAVRequest, in context: DAVContext) async -> Prepared

    /// The second step: the response to a prepared request; never throws.
    func answer(_ prepared: Prepared) async -> DAVResponse

    /// The state of the collection a prepared request names, when it names one whose
    /// answers depend on nothing else: a value that every write to the collection's members
    /// or properties changes. `nil` when the request names no such collection.
    func collectionState(of prepared: Prepared) -> CollectionState?
}

/// A collection's state, as a cache key: its change position, and a hash of everything
/// else an answer about it may show (its incarnation and its properties).
public struct CollectionState: Hashable, Sendable {
    public let properties: UInt64
    public let changePosition: Int64

    /// The state of a collection at `changePosition` whose other parts are `parts`, each
    /// hashed with its length so that no two sets of values run together (`nil` differs
    /// from every text).
    public init(changePosition: Int64, parts: [String?], deadProperties: [DAVXML.Name: [UInt8]]) {
        var hash = FNV1a.offsetBasis
        func add(bytes: some Collection<UInt8>) {
            withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { hash = FNV1a.hash($0, seed: hash) }
            hash = FNV1a.hash(bytes, seed: hash)
        }
        for part in parts {
            if let part { add(bytes: part.utf8) } else { add(bytes: [0xFF]) }
        }
        for name in deadProperties.keys.sorted(by: { $0.description < $1.description }) {
            add(bytes: name.description.utf8)
            add(bytes: deadProperties[name]!)
        }
        properties = hash
        self.changePosition = changePosition
    }
}
