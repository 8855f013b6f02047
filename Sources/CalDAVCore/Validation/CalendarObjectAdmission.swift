import ContentLines
import ICalendar
import WebDAV

/// The one check every calendar object passes before it is stored, whoever brings it: a
/// client's PUT, `jadwald import`, the chat pipeline, a migration. The collection must
/// take writes and this kind of component, the bytes must be within the server's size
/// limit, and they must be a valid calendar object resource (RFC 4791 §4.1,
/// ``CalendarObjectRules``) once bare LF line ends are made CRLF (``LineEndings``).
public struct CalendarObjectAdmission: Sendable {
    /// The largest object stored, in bytes (CALDAV:max-resource-size).
    public let maxResourceSize: Int

    public init(maxResourceSize: Int) {
        self.maxResourceSize = maxResourceSize
    }

    /// The server's limits, as its handler has them.
    public init(_ configuration: DAVConfiguration) {
        self.init(maxResourceSize: configuration.maxResourceSize)
    }

    /// Checks `bytes` for `collection`.
    /// - Returns: the bytes to store (CRLF line ends) and their index row.
    /// - Throws: the protocol error a client is told, with its CalDAV precondition.
    public func admit(_ bytes: [UInt8], into collection: CalendarCollection) throws(DAVError) -> (data: [UInt8], index: CalendarObjectIndex) {
        let admitted = try admitParsed(bytes, into: collection)
        return (admitted.data, admitted.index)
    }

    /// ``admit(_:into:)``, with the calendar as parsed for the check, for a caller that reads
    /// it further (scheduling).
    public func admitParsed(_ bytes: [UInt8], into collection: CalendarCollection) throws(DAVError)
        -> (data: [UInt8], index: CalendarObjectIndex, calendar: Component) {
        let name = collection.reference.name
        // In a calendar shared to read only, the sharee may still set their own alarms: the
        // store decides (PerUserData).
        if collection.isReadOnly && collection.receivedShare == nil {
            throw DAVError(.needPrivileges, "calendar \(name) is read-only")
        }
        guard bytes.count <= maxResourceSize else {
            throw DAVError(.maxResourceSize, "the object is \(bytes.count) bytes; the limit is \(maxResourceSize)")
        }
        let data = LineEndings.crlf(bytes)
        let (calendar, index) = try CalendarObjectRules().check(data)
        guard collection.supportedComponents.contains(index.componentType) else {
            throw DAVError(.supportedCalendarComponent,
                           "calendar \(name) holds \(collection.supportedComponents.sorted().joined(separator: ", ")), not \(index.componentType)")
        }
        return (data, index, calendar)
    }
}
