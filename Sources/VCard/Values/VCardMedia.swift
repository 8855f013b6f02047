import Foundation

/// The value of `PHOTO`, `LOGO`, `SOUND` or `KEY`: embedded bytes with their media type,
/// from a `data:` URI (4.0) or a base64 value with `ENCODING=b` and `TYPE=JPEG` (3.0),
/// or a reference to an external resource.
public enum VCardMedia: Sendable, Hashable {
    /// Bytes carried in the card, with the media type (`image/jpeg`) when known.
    case embedded(bytes: [UInt8], mediaType: String?)
    /// A URI to fetch (`https://…`, `cid:…`).
    case uri(String)

    /// Reads a media property; `nil` when embedded bytes do not decode.
    public init?(_ property: VCardProperty) {
        if property.transferEncoding == .base64 {
            guard let bytes = property.base64Bytes else { return nil }
            self = .embedded(bytes: bytes, mediaType: Self.mediaType(of: property))
            return
        }
        let value = property.decodedText.trimmingASCIISpaces
        if value.utf8.count >= 5, value.prefix(5).lowercased() == "data:" {
            guard let (bytes, type) = Self.decodeDataURI(value) else { return nil }
            self = .embedded(bytes: bytes, mediaType: type ?? property[parameter: "MEDIATYPE"]?.lowercased())
            return
        }
        self = .uri(value)
    }

    /// The embedded bytes, if any.
    public var bytes: [UInt8]? {
        if case .embedded(let bytes, _) = self { return bytes }
        return nil
    }

    /// The media type of embedded bytes, if known.
    public var mediaType: String? {
        if case .embedded(_, let type) = self { return type }
        return nil
    }

    /// The media type of a 3.0 or 2.1 base64 value: `MEDIATYPE`, or a `TYPE` that is a
    /// media type already, or a `TYPE` token such as `JPEG` mapped for the property.
    static func mediaType(of property: VCardProperty) -> String? {
        if let explicit = property[parameter: "MEDIATYPE"] { return explicit.lowercased() }
        guard let type = property.types.first else { return nil }
        return mediaType(forToken: type, property: property.canonicalName)
    }

    /// Maps a 3.0 `TYPE` token (`JPEG`, `X509`) to a media type.
    static func mediaType(forToken token: String, property: String) -> String {
        let lower = token.lowercased()
        if lower.contains("/") { return lower }
        switch lower {
        case "jpg", "jpeg": return "image/jpeg"
        case "wave", "wav": return "audio/wav"
        case "x509": return "application/pkix-cert"
        case "pgp": return "application/pgp-keys"
        default: break
        }
        switch property {
        case "SOUND": return "audio/" + lower
        case "KEY": return "application/" + lower
        default: return "image/" + lower
        }
    }

    /// Maps a media type back to the 3.0 `TYPE` token (`image/jpeg` gives `JPEG`).
    static func token(forMediaType mediaType: String) -> String {
        switch mediaType.lowercased() {
        case "application/pkix-cert": return "X509"
        case "application/pgp-keys": return "PGP"
        case "audio/wav": return "WAVE"
        default:
            let subtype = mediaType.split(separator: "/").last.map(String.init) ?? mediaType
            return subtype.uppercased()
        }
    }

    /// Decodes `data:[<media type>][;base64],<data>` (RFC 2397).
    static func decodeDataURI(_ uri: String) -> ([UInt8], String?)? {
        let body = uri.dropFirst(5)
        guard let comma = body.firstIndex(of: ",") else { return nil }
        let header = body[..<comma].split(separator: ";").map { String($0).trimmingASCIISpaces }
        let payload = String(body[body.index(after: comma)...])
        let isBase64 = header.contains { $0.lowercased() == "base64" }
        let type = header.first.flatMap { $0.contains("/") ? $0.lowercased() : nil }
        if isBase64 {
            guard let bytes = Base64.decode(payload.removingPercentEncoding ?? payload) else { return nil }
            return (bytes, type)
        }
        guard let text = payload.removingPercentEncoding else { return nil }
        return (Array(text.utf8), type)
    }
}
