extension DAVError {
    /// The one place a store's error becomes a protocol error.
    /// - Parameter href: where a UID conflict's holder lives, when known.
    public init(_ error: StoreError, conflictHref: String? = nil) {
        switch error.code {
        case .notFound: self = .notFound(error.message)
        case .alreadyExists: self = DAVError(.resourceMustBeNull, error.message)
        case .uidConflict: self = DAVError(.noUIDConflict, error.message, href: conflictHref)
        case .preconditionFailed: self = .preconditionFailed(error.message)
        case .readOnly: self = DAVError(.needPrivileges, error.message)
        case .invalidSyncToken: self = DAVError(.validSyncToken, error.message)
        default: self = DAVError(status: 503, message: "storage unavailable; nothing was changed")
        }
    }
}
