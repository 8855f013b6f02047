/// Why a configuration profile could not be made. Messages name the offending field, never
/// its value, so a password cannot leak into a log through an error.
public enum ProfileError: Error, Equatable, CustomStringConvertible {
    /// The public host name is not a DNS name, an IPv4 address or an IPv6 address.
    case invalidHostName(String)
    /// A port outside 1...65535.
    case invalidPort(Int)
    /// A URL that is not absolute http, https or webcal.
    case invalidURL(field: String)
    /// A text field is empty where a value is needed.
    case emptyField(String)
    /// A text field holds characters XML 1.0 cannot carry (control characters).
    case unrepresentableText(field: String)
    /// A text field is longer than ``ConfigurationProfile/maximumFieldBytes``.
    case fieldTooLong(field: String, limit: Int)
    /// A profile needs between 1 and ``ConfigurationProfile/maximumPayloads`` payloads.
    case payloadCount(Int)

    public var description: String {
        switch self {
        case .invalidHostName(let host):
            "'\(host.prefix(100))' is not a host name, IPv4 or IPv6 address"
        case .invalidPort(let port): "port \(port) is not between 1 and 65535"
        case .invalidURL(let field): "\(field) is not an absolute http, https or webcal URL"
        case .emptyField(let field): "\(field) is empty"
        case .unrepresentableText(let field): "\(field) contains control characters"
        case .fieldTooLong(let field, let limit): "\(field) is longer than \(limit) bytes"
        case .payloadCount(let count):
            "a profile needs 1 to \(ConfigurationProfile.maximumPayloads) payloads, not \(count)"
        }
    }
}
