import WebDAV

extension DAVError {
    /// A store's error as CalDAV answers it (``DAVError/init(_:uidConflict:conflictHref:)``
    /// with CalDAV's `no-uid-conflict`).
    /// - Parameter conflictHref: where a UID conflict's holder lives, when known.
    public init(_ error: StoreError, conflictHref: String? = nil) {
        self.init(error, uidConflict: .noUIDConflict, conflictHref: conflictHref)
    }
}
