/// A `PayloadIdentifier`: the reverse-DNS name of the public host, then `jadwal`, then a
/// stable suffix, for example `org.example.cal.jadwal.caldav.amal`.
///
/// iOS replaces an installed profile that has the same identifier, so the identifier is
/// stable for one host, purpose and user: installing a new setup link for the same account
/// replaces the old profile instead of adding a second account.
public struct ProfileIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The identifier text.
    public let description: String

    /// The identifier for `suffix` (for example `["caldav", userName]`) on `host`.
    ///
    /// Suffix components keep ASCII letters, digits and `-`; every other byte of their
    /// UTF-8 becomes `_` and two hex digits, so distinct components stay distinct.
    public init(host: PublicHost, suffix: [String]) throws(ProfileError) {
        var labels = host.reverseLabels + ["jadwal"]
        for component in suffix {
            guard !component.isEmpty else { throw .emptyField("identifier component") }
            guard component.utf8.count <= 256 else { throw .fieldTooLong(field: "identifier component", limit: 256) }
            labels.append(Self.escaped(component))
        }
        description = labels.joined(separator: ".")
    }

    init(verbatim: String) { description = verbatim }

    private static func escaped(_ component: String) -> String {
        var out = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "_" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
