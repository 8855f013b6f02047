/// What the engine offers an adapter about the rest of the server, through
/// ``DAVContext/directory``: resources in other trees, and the principals.
public protocol DAVDirectory: Sendable {
    /// The resource at `path` (an href's path, still percent-encoded), if it exists and
    /// the principal of `context` may read it.
    func node(at path: String, in context: DAVContext) async -> DAVNode?

    /// Answers a report about principals (DAV:principal-property-search,
    /// DAV:principal-search-property-set) sent to a resource of an adapter's tree;
    /// `searchesPrincipals` when that resource answers them as the principal collection
    /// does (it lists them in its DAV:supported-report-set), otherwise only a search with
    /// DAV:apply-to-principal-collection-set is answered.
    func principalReport(_ root: DAVXML.Element, request: DAVRequest, searchesPrincipals: Bool, in context: DAVContext) async throws(DAVError) -> DAVResponse
}
