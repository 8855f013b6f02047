/// Anything that answers DAV requests: ``DAVHandler`` itself, or a decorator around it.
/// Bindings to HTTP frameworks hold one of these.
public protocol DAVResponding: Sendable {
    /// The response to `request` from the principal of `context`; never throws.
    func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse
}
