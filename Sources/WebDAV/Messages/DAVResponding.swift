/// Anything that answers DAV requests: the engine (``DAVServer``), an adapter, or a
/// decorator around one.
/// Bindings to HTTP frameworks hold one of these.
public protocol DAVResponding: Sendable {
    /// The response to `request` from the principal of `context`; never throws.
    func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse
}
