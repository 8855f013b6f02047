/// One payload of a ``ConfigurationProfile``: what it configures on the device.
///
/// The profile adds the common keys (`PayloadType`, `PayloadUUID`, `PayloadIdentifier`,
/// `PayloadVersion`, `PayloadDisplayName`, ...); a payload gives only its own settings.
public protocol ProfilePayload: Sendable {
    /// The `PayloadType`, for example `com.apple.caldav.account`.
    var payloadType: String { get }
    /// The last component of the payload's `PayloadIdentifier`, for example `caldav`.
    var identifierSuffix: String { get }
    /// The `PayloadDisplayName` of this payload.
    var displayName: String { get }
    /// The settings the payload type defines, keyed by their documented names.
    var settings: [String: PropertyListValue] { get }
    /// Checks what the generic text checks cannot: ports, URLs, required fields.
    func validate() throws(ProfileError)
}
