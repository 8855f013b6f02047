extension DAVError {
    /// The one place a store's error becomes a protocol error, for any protocol.
    /// - Parameters:
    ///   - uidConflict: the protocol's `no-uid-conflict` precondition (CalDAV's or CardDAV's).
    ///   - conflictHref: where a UID conflict's holder lives, when known.
    public init(_ error: StoreError, uidConflict: DAVCondition, conflictHref: String? = nil) {
        switch error.code {
        case .notFound: self = .notFound(error.message)
        case .alreadyExists: self = DAVError(.resourceMustBeNull, error.message)
        case .uidConflict: self = DAVError(uidConflict, error.message, href: conflictHref)
        case .preconditionFailed: self = .preconditionFailed(error.message)
        case .readOnly: self = DAVError(.needPrivileges, error.message)
        case .invalidSyncToken: self = DAVError(.validSyncToken, error.message)
        // RFC 4918 §9.7.1, §9.3.1, §9.8.5: a missing intermediate collection is a conflict.
        case .missingParent: self = .conflict(error.message)
        // RFC 4918 §9.7.2: PUT on a collection is not allowed.
        case .isCollection: self = DAVError(status: 405, message: error.message)
        // RFC 4918 §9.8.5: the source and destination are the same resource.
        case .invalidTransfer: self = .forbidden(error.message)
        default: self = DAVError(status: 503, message: "storage unavailable; nothing was changed")
        }
        cause = error
    }
}
