/// A protocol error: an HTTP status, an optional `DAV:error` condition, and a message
/// that says what is wrong. The handler turns it into a response; it never holds file
/// paths, SQL or other internals.
public struct DAVError: Error, Hashable, Sendable, CustomStringConvertible {
    public var status: Int
    public var condition: DAVCondition?
    /// A sentence for people; written as the body's text when there is no condition.
    public var message: String
    /// An href the condition refers to (the holder of a UID for `no-uid-conflict`, the
    /// resource a privilege is missing on for `need-privileges`).
    public var href: String?
    /// For `need-privileges`: the privilege missing on ``href`` (`write-content`, `bind`, ...).
    public var privilege: String?
    /// What made the server fail, for its log (a store's error and what lies under it);
    /// never sent. Not part of equality.
    public var cause: (any Error)?

    public init(status: Int, condition: DAVCondition? = nil, message: String, href: String? = nil) {
        self.status = status
        self.condition = condition
        self.message = message
        self.href = href
    }

    /// An error that carries a precondition; the status is the condition's own.
    public init(_ condition: DAVCondition, _ message: String, href: String? = nil) {
        self.init(status: condition.status, condition: condition, message: message, href: href)
    }

    public var description: String { "\(status) \(condition.map { "\($0.name) " } ?? "")\(message)" }

    public static func == (lhs: DAVError, rhs: DAVError) -> Bool {
        lhs.status == rhs.status && lhs.condition == rhs.condition && lhs.message == rhs.message && lhs.href == rhs.href
            && lhs.privilege == rhs.privilege
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(condition)
        hasher.combine(message)
        hasher.combine(href)
        hasher.combine(privilege)
    }

    public static func badRequest(_ message: String) -> DAVError { DAVError(status: 400, message: message) }
    public static func notFound(_ message: String = "no such resource") -> DAVError { DAVError(status: 404, message: message) }
    public static func forbidden(_ message: String) -> DAVError { DAVError(status: 403, message: message) }
    public static func conflict(_ message: String) -> DAVError { DAVError(status: 409, message: message) }
    public static func preconditionFailed(_ message: String) -> DAVError { DAVError(status: 412, message: message) }
    public static func payloadTooLarge(_ message: String) -> DAVError { DAVError(status: 413, message: message) }
    public static func unsupportedMediaType(_ message: String) -> DAVError { DAVError(status: 415, message: message) }
}
