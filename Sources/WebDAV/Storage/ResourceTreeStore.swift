/// Storage for plain WebDAV collections and the files in them, in domain terms only.
///
/// Each owner has one tree whose root is the calendar home; its top-level members are
/// collections a client made with a plain MKCOL (RFC 4918 §9.3), next to the owner's
/// calendars (which live in a ``CalendarStore``). Below them, any depth of collections and
/// files of any content type. Calendar rules (iCalendar validation, UIDs, change logs)
/// do not apply here; calendars are never nested in this tree.
///
/// Every write is atomic: it happens whole or not at all. That includes the recursive
/// ones: deleting a collection with its members, and copying or moving a collection.
public protocol ResourceTreeStore: Sendable {
    /// The resource at `path` without its content, or `nil` when nothing is there (and
    /// always for the root, which is not stored).
    func resource(at path: ResourcePath) async throws(StoreError) -> PlainResource?

    /// The members of the collection at `path`, ordered by name; for the root, the owner's
    /// top-level collections.
    ///
    /// Throws ``StoreError/Code/notFound`` when `path` names no collection.
    func members(of path: ResourcePath) async throws(StoreError) -> [PlainResource]

    /// The file at `path` with its exact bytes, or `nil` when no file is there.
    func file(at path: ResourcePath) async throws(StoreError) -> (resource: PlainResource, data: [UInt8])?

    /// Creates an empty collection with the given dead properties.
    ///
    /// Throws ``StoreError/Code/alreadyExists`` when something is at `path` (the root
    /// included), ``StoreError/Code/missingParent`` when the parent is not a collection.
    /// - Returns: the new collection.
    func makeCollection(at path: ResourcePath, deadProperties: [DAVXML.Name: [UInt8]]) async throws(StoreError) -> PlainResource

    /// Stores `data` as the file at `path`, if `precondition` holds for its current ETag.
    /// A replaced file keeps its dead properties and gets a new ETag.
    ///
    /// Throws ``StoreError/Code/missingParent`` when the parent is not a collection,
    /// ``StoreError/Code/isCollection`` when `path` names a collection,
    /// ``StoreError/Code/preconditionFailed`` when the precondition fails.
    /// - Returns: the stored file and whether it was created (rather than replaced).
    func putFile(
        at path: ResourcePath, data: [UInt8], contentType: String?, precondition: WritePrecondition
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool)

    /// Replaces the dead properties of the resource at `path`.
    ///
    /// Throws ``StoreError/Code/notFound`` when nothing is there.
    func setDeadProperties(_ properties: [DAVXML.Name: [UInt8]], at path: ResourcePath) async throws(StoreError)

    /// Deletes the resource at `path`; a collection goes with all its members. A file is
    /// deleted only if `precondition` holds for its ETag (a collection has none).
    ///
    /// Throws ``StoreError/Code/notFound`` when nothing is there.
    func deleteResource(at path: ResourcePath, precondition: WritePrecondition) async throws(StoreError)

    /// Copies or moves the resource at `source` to `destination` in one write (COPY and
    /// MOVE, RFC 4918 §9.8, §9.9). Content, content type and dead properties travel along.
    /// With `overwrite`, whatever is at `destination` is deleted first, members included.
    /// A collection is copied with its members when `withMembers` (Depth: infinity), else
    /// alone (Depth: 0); a move always takes its members.
    ///
    /// Throws ``StoreError/Code/notFound`` when nothing is at `source`,
    /// ``StoreError/Code/missingParent`` when the parent of `destination` is not a
    /// collection, ``StoreError/Code/preconditionFailed`` when `destination` exists and
    /// `overwrite` is false, ``StoreError/Code/invalidTransfer`` when `destination` is
    /// `source` or lies inside it.
    /// - Returns: the resource at its new place and whether `destination` was empty before.
    func transferResource(
        from source: ResourcePath, to destination: ResourcePath, keepSource: Bool, overwrite: Bool, withMembers: Bool
    ) async throws(StoreError) -> (resource: PlainResource, created: Bool)
}
