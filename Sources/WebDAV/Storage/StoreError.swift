/// Why a store refused an operation, in the store's own terms; ``DAVError/init(_:conflictHref:)``
/// translates it for the protocol. Messages never hold file paths or SQL; the error that
/// made the store fail (a database error, say) is kept as ``cause``, for the log only.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Code
    public var message: String
    /// For ``Code/uidConflict``: the name of the object that holds the UID.
    public var existingName: String?
    /// The error underneath, for the server's log; never shown to clients. Not part of
    /// equality.
    public var cause: (any Error)?

    public init(_ code: Code, _ message: String, existingName: String? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.existingName = existingName
        self.cause = cause
    }

    public var description: String { "\(code): \(message)" }

    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.existingName == rhs.existingName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(existingName)
    }

    /// Error kinds; a struct over a private enum so a new kind breaks no `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound, alreadyExists, uidConflict, preconditionFailed, readOnly, invalidSyncToken, unavailable
            case missingParent, isCollection, invalidTransfer
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The collection, object or resource does not exist.
        public static let notFound = Code(.notFound)
        /// The collection or resource to create exists already.
        public static let alreadyExists = Code(.alreadyExists)
        /// Another object in the collection has the same UID.
        public static let uidConflict = Code(.uidConflict)
        /// If-Match / If-None-Match did not hold.
        public static let preconditionFailed = Code(.preconditionFailed)
        /// The collection cannot be written (a computed calendar).
        public static let readOnly = Code(.readOnly)
        /// The sync token is not one this collection issued, or is too old.
        public static let invalidSyncToken = Code(.invalidSyncToken)
        /// The storage could not be reached or failed; nothing was changed.
        public static let unavailable = Code(.unavailable)
        /// The collection that would hold the resource does not exist (or is a file).
        public static let missingParent = Code(.missingParent)
        /// The path names a collection where a file was expected.
        public static let isCollection = Code(.isCollection)
        /// A copy or move onto the source itself, or into one of its own members.
        public static let invalidTransfer = Code(.invalidTransfer)

        public var description: String { base.rawValue }
    }
}
