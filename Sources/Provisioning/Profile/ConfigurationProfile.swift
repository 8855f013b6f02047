import Foundation

/// An iOS configuration profile (`.mobileconfig`): a `Configuration` property list with
/// one or more payloads.
///
/// Every profile value gets fresh `PayloadUUID`s when it is made; its ``propertyList()``
/// is then the same bytes each time. Serve it as ``contentType``, signed with
/// ``ProfileSigner`` when a signing certificate is configured.
public struct ConfigurationProfile: Sendable {
    /// The MIME type iOS installs profiles from.
    public static let contentType = "application/x-apple-aspen-config"
    /// The longest text field, in UTF-8 bytes.
    public static let maximumFieldBytes = 4096
    /// The most payloads one profile may hold.
    public static let maximumPayloads = 16

    /// The profile's `PayloadIdentifier`; each payload's adds its own suffix.
    public let identifier: ProfileIdentifier
    /// The profile's `PayloadUUID`.
    public let uuid: UUID
    /// `PayloadDisplayName`: the profile's name on the install screen.
    public let displayName: String
    /// `PayloadOrganization`.
    public let organization: String
    /// `PayloadDescription`: what installing the profile does.
    public let profileDescription: String
    /// `PayloadRemovalDisallowed`, written only when not `nil`.
    public let removalDisallowed: Bool?
    /// The payloads with their `PayloadUUID`s, in order.
    public let payloads: [Entry]

    /// A payload as placed in this profile.
    public struct Entry: Sendable {
        public let payload: any ProfilePayload
        public let uuid: UUID
        public let identifier: String
    }

    /// Makes a profile, checking every field: no control characters, at most
    /// ``maximumFieldBytes`` bytes, and what each payload checks itself.
    public init(identifier: ProfileIdentifier, displayName: String, organization: String, description: String,
                payloads: [any ProfilePayload], removalDisallowed: Bool? = false) throws(ProfileError) {
        guard (1...Self.maximumPayloads).contains(payloads.count) else { throw .payloadCount(payloads.count) }
        try Self.check(displayName, field: "display name")
        try Self.check(organization, field: "organization")
        try Self.check(description, field: "description")
        var entries: [Entry] = []
        var suffixCounts: [String: Int] = [:]
        for payload in payloads {
            try payload.validate()
            try Self.check(payload.displayName, field: "payload display name")
            for (key, value) in payload.settings { try Self.check(value, field: key) }
            let count = suffixCounts[payload.identifierSuffix, default: 0] + 1
            suffixCounts[payload.identifierSuffix] = count
            let suffix = count == 1 ? payload.identifierSuffix : "\(payload.identifierSuffix)\(count)"
            entries.append(Entry(payload: payload, uuid: UUID(), identifier: "\(identifier).\(suffix)"))
        }
        self.identifier = identifier
        self.uuid = UUID()
        self.displayName = displayName
        self.organization = organization
        self.profileDescription = description
        self.removalDisallowed = removalDisallowed
        self.payloads = entries
    }

    /// The profile as an XML property list, dictionary keys sorted.
    public func propertyList() -> Data {
        PropertyListWriter.xml(propertyListValue)
    }

    /// The profile as a property-list value.
    public var propertyListValue: PropertyListValue {
        var top: [String: PropertyListValue] = [
            "PayloadType": .string("Configuration"),
            "PayloadVersion": .integer(1),
            "PayloadIdentifier": .string(identifier.description),
            "PayloadUUID": .string(uuid.uuidString),
            "PayloadDisplayName": .string(displayName),
            "PayloadOrganization": .string(organization),
            "PayloadDescription": .string(profileDescription),
            "PayloadContent": .array(payloads.map(\.propertyListValue)),
        ]
        if let removalDisallowed { top["PayloadRemovalDisallowed"] = .boolean(removalDisallowed) }
        return .dictionary(top)
    }

    private static func check(_ value: PropertyListValue, field: String) throws(ProfileError) {
        switch value {
        case .string(let text): try check(text, field: field)
        case .array(let items): for item in items { try check(item, field: field) }
        case .dictionary(let entries):
            for (key, item) in entries {
                try check(key, field: field)
                try check(item, field: field)
            }
        case .integer, .boolean: break
        }
    }

    private static func check(_ text: String, field: String) throws(ProfileError) {
        guard text.utf8.count <= maximumFieldBytes else { throw .fieldTooLong(field: field, limit: maximumFieldBytes) }
        guard PropertyListWriter.isRepresentable(text) else { throw .unrepresentableText(field: field) }
    }
}

extension ConfigurationProfile.Entry {
    var propertyListValue: PropertyListValue {
        var keys = payload.settings
        keys["PayloadType"] = .string(payload.payloadType)
        keys["PayloadVersion"] = .integer(1)
        keys["PayloadIdentifier"] = .string(identifier)
        keys["PayloadUUID"] = .string(uuid.uuidString)
        keys["PayloadDisplayName"] = .string(payload.displayName)
        return .dictionary(keys)
    }
}
