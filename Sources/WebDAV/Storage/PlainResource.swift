/// A resource of a plain WebDAV collection (RFC 4918): a collection, or a file holding
/// whatever bytes a client stored, of any content type.
///
/// Files have a strong ETag and a content length; collections have neither. Both keep
/// dead properties, each as the exact XML of its element, by qualified name.
public struct PlainResource: Hashable, Sendable {
    public var path: ResourcePath
    public var isCollection: Bool
    /// The Content-Type the file was stored with, as given; `nil` when none was sent.
    public var contentType: String?
    /// The size of a file's content in bytes; 0 for a collection.
    public var contentLength: Int
    /// Strong entity tag of a file, quoted; `nil` for a collection.
    public var etag: String?
    /// Seconds since the epoch when the resource was created.
    public var createdAt: Int
    /// Seconds since the epoch of the last write of its content.
    public var lastModified: Int
    /// Dead properties (RFC 4918 §4.2), each stored as the exact XML of its element.
    public var deadProperties: [DAVXML.Name: [UInt8]]

    /// The media type served for a file stored without one (RFC 9110 §8.3).
    public static let defaultContentType = "application/octet-stream"

    public init(
        path: ResourcePath, isCollection: Bool, contentType: String? = nil, contentLength: Int = 0, etag: String? = nil,
        createdAt: Int, lastModified: Int, deadProperties: [DAVXML.Name: [UInt8]] = [:]
    ) {
        self.path = path
        self.isCollection = isCollection
        self.contentType = contentType
        self.contentLength = contentLength
        self.etag = etag
        self.createdAt = createdAt
        self.lastModified = lastModified
        self.deadProperties = deadProperties
    }
}
