import VCard
import WebDAV

/// The one check every card passes before it is stored, whoever brings it: a client's PUT,
/// `jadwald contacts import`, a migration. The bytes must be within the server's size
/// limit and be one valid vCard 3.0 or 4.0 with a UID and an FN (RFC 6352 §5.1,
/// ``VCard/validateForStorage(_:limits:)``) once bare LF line ends are made CRLF.
public struct CardAdmission: Sendable {
    /// The largest card stored, in bytes (CARDDAV:max-resource-size).
    public let maxResourceSize: Int

    public init(maxResourceSize: Int) {
        self.maxResourceSize = maxResourceSize
    }

    /// The server's limits, as its handler has them.
    public init(_ configuration: DAVConfiguration) {
        self.init(maxResourceSize: configuration.maxResourceSize)
    }

    /// What an admitted card is stored as.
    public struct Admitted: Sendable {
        /// The bytes to store (CRLF line ends).
        public var data: [UInt8]
        public var index: CardIndex
        /// The card as parsed.
        public var card: VCard
    }

    /// Checks `bytes`.
    /// - Throws: the protocol error a client is told, with its CardDAV precondition.
    public func admit(_ bytes: [UInt8]) throws(DAVError) -> Admitted {
        guard bytes.count <= maxResourceSize else {
            throw DAVError(.cardMaxResourceSize, "the card is \(bytes.count) bytes; the limit is \(maxResourceSize)")
        }
        let data = LineEndings.crlf(bytes)
        let fields: VCardStorageFields
        do {
            fields = try VCard.validateForStorage(data, limits: VCardParserLimits(maxBytes: maxResourceSize))
        } catch {
            throw DAVError(.validAddressData, "not a valid vCard: \(error)")
        }
        return Admitted(data: data, index: CardIndex(uid: fields.uid, card: fields.card), card: fields.card)
    }
}
