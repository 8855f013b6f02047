import CalDAVCore
import CardDAVCore
import Foundation
import ICalendar
import Jadwal
import WebDAV

/// Brings every user of a Baïkal database into jadwald: accounts with their old passwords,
/// calendars and address books with their objects' names, bytes and ETags, and change logs
/// numbered as Baïkal numbered them, so devices notice nothing (``SyncToken`` answers
/// Baïkal's tokens for these collections).
///
/// Users arrive unable to sign in (``AccountStore/createInherited(name:digest:realm:email:arriving:now:)``)
/// and are let in only once everything of every user is stored; a failure removes what was
/// stored, and users left arriving by a stopped run are removed by the next one.
public struct BaikalMigration: Sendable {
    public let source: any BaikalSource
    public let directory: UserDirectory
    public let addressBooks: any AddressBookStore
    /// The realm Baïkal hashed passwords with (`BaikalDAV` unless its configuration says otherwise).
    public let realm: String
    /// The server's limit, for the report of what jadwald itself would refuse.
    public let maxResourceSize: Int

    public init(source: any BaikalSource, directory: UserDirectory, addressBooks: any AddressBookStore, realm: String = "BaikalDAV",
                maxResourceSize: Int) {
        self.source = source
        self.directory = directory
        self.addressBooks = addressBooks
        self.realm = realm
        self.maxResourceSize = maxResourceSize
    }

    /// Why a migration stopped; nothing of it stays stored.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads everything, refuses users the target holds already, and stores everything.
    /// - Parameter progress: told each collection as it is stored (done, total).
    /// - Returns: the inventory of what came across, per user.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) async throws -> BaikalInventory {
        let inventory = try await BaikalInventory.read(source, maxResourceSize: maxResourceSize)
        let users = try await source.users()
        var leftovers: [String] = []
        for user in users where try await directory.accounts.account(named: user.name) != nil {
            guard try await directory.accounts.isArriving(name: user.name) else {
                throw Failure(description: "the target already has a user \(user.name); nothing was migrated")
            }
            leftovers.append(user.name)
        }
        for name in leftovers { try await directory.delete(name: name) }
        let instances = try await source.calendarInstances().filter { $0.access == .owner }
        let books = try await source.addressBooks()
        let properties = try await source.properties()
        let known = Set(users.map(\.name))
        let total = instances.filter { known.contains($0.user) }.count + books.filter { known.contains($0.user) }.count
        var done = 0
        var created: [String] = []
        do {
            for user in users {
                try await directory.accounts.createInherited(name: user.name, digest: user.digest, realm: realm, email: user.email, arriving: true)
                created.append(user.name)
            }
            for instance in instances where known.contains(instance.user) {
                try await directory.calendars.importCalendar(try await calendar(instance, properties: properties))
                done += 1
                progress(done, total)
            }
            for book in books where known.contains(book.user) {
                try await addressBooks.importAddressBook(try await addressBook(book, properties: properties))
                done += 1
                progress(done, total)
            }
        } catch {
            for name in created { try? await directory.delete(name: name) }
            throw Failure(description: "the migration stopped and nothing of it was kept: \(error)")
        }
        for name in created { try await directory.accounts.finishArrival(name: name) }
        try await directory.application.serverSettings.setBaikalMigrated()
        return inventory
    }

    /// A calendar instance with its objects and change log, as jadwald stores it.
    func calendar(_ instance: BaikalCalendarInstance, properties: [BaikalProperty]) async throws -> ImportedCalendar {
        let reference = CalendarReference(owner: instance.user, name: instance.uri)
        var dead = Self.deadProperties(properties, path: "calendars/\(instance.user)/\(instance.uri)")
        if instance.transparent == true {
            dead[.calDAV("schedule-calendar-transp")] = Array(#"<C:schedule-calendar-transp xmlns:C="urn:ietf:params:xml:ns:caldav"><C:transparent/></C:schedule-calendar-transp>"#.utf8)
        }
        let collection = CalendarCollection(
            reference: reference, displayName: instance.displayName, calendarDescription: instance.description,
            color: instance.color.flatMap { $0.isEmpty ? nil : $0 }, order: instance.order, timeZone: Self.timeZone(instance.timeZone),
            supportedComponents: Set(instance.components.isEmpty ? ["VEVENT", "VTODO"] : instance.components), deadProperties: dead,
            changePosition: Int64(instance.syncToken - 1), createdAt: Int(Date().timeIntervalSince1970), syncID: SyncToken.newSabreSyncID())
        let rules = CalendarObjectRules()
        let objects = try await source.objects(inCalendar: instance.calendarID).map { object in
            // What jadwald would refuse is kept as Baïkal stored it, always a candidate for time ranges.
            let index = (try? rules.check(object.data).index)
                ?? CalendarObjectIndex(uid: object.uid ?? object.uri, componentType: object.componentType ?? "VEVENT", firstStart: nil, lastEnd: nil)
            return ImportedObject(name: object.uri, data: object.data, etag: "\"\(object.etag)\"", lastModified: object.lastModified, index: index)
        }
        let changes = try await source.calendarChanges(inCalendar: instance.calendarID)
        return ImportedCalendar(collection: collection, objects: objects, changes: Self.logged(changes, upTo: collection.changePosition))
    }

    /// An address book with its cards and change log, as jadwald stores it.
    func addressBook(_ book: BaikalAddressBook, properties: [BaikalProperty]) async throws -> ImportedAddressBook {
        let stored = AddressBook(
            reference: AddressBookReference(owner: book.user, name: book.uri), displayName: book.displayName, bookDescription: book.description,
            deadProperties: Self.deadProperties(properties, path: "addressbooks/\(book.user)/\(book.uri)"),
            changePosition: Int64(book.syncToken - 1), createdAt: Int(Date().timeIntervalSince1970), syncID: SyncToken.newSabreSyncID())
        let admission = CardAdmission(maxResourceSize: Int.max)
        let cards = try await source.cards(inAddressBook: book.id).map { card in
            let index = (try? admission.admit(card.data).index) ?? CardIndex(uid: card.uri, fields: [])
            let etag = card.etag.map { "\"\($0)\"" } ?? EntityTag.make(position: stored.changePosition, data: card.data)
            return ImportedCard(name: card.uri, data: card.data, etag: etag, lastModified: card.lastModified ?? 0, index: index)
        }
        let changes = try await source.addressBookChanges(inAddressBook: book.id)
        return ImportedAddressBook(book: stored, cards: cards, changes: Self.logged(changes, upTo: stored.changePosition))
    }

    /// Baïkal's change rows as a change log: each change at its sync token's number.
    static func logged(_ changes: [BaikalChange], upTo position: Int64) -> [LoggedChange] {
        changes.filter { Int64($0.syncToken) <= position }.sorted { $0.syncToken < $1.syncToken }
            .map { LoggedChange(position: Int64($0.syncToken), name: $0.uri) }
    }

    /// A calendar's time zone as CALDAV:calendar-timezone holds it: Baïkal keeps either a
    /// VCALENDAR (calendars made by MKCALENDAR) or a bare zone name (its configured zone, on
    /// the calendars its admin made), which becomes a VCALENDAR with that zone's VTIMEZONE.
    static func timeZone(_ stored: String?) -> String? {
        guard let stored, !stored.isEmpty else { return nil }
        if stored.contains("BEGIN:VCALENDAR") { return stored }
        guard let zone = TimeZone(identifier: stored.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let vtimezone = VTimeZoneBuilder.component(for: zone, from: Date(timeIntervalSince1970: 946_684_800), to: Date(timeIntervalSince1970: 2_208_988_800))
        let calendar = Component(name: ComponentName.calendar, properties: [Property(name: PropertyName.version, value: "2.0"),
                                                                             Property(name: PropertyName.productID, value: "-//Jadwal//Baikal migration//EN")],
                                 components: [vtimezone])
        return String(decoding: ICalendarSerializer().serialize(calendar), as: UTF8.self)
    }

    /// The dead properties stored for `path`: strings and XML values, each as the XML of
    /// its element (serialized PHP objects are not carried; the inventory says so).
    static func deadProperties(_ properties: [BaikalProperty], path: String) -> [DAVXML.Name: [UInt8]] {
        var found: [DAVXML.Name: [UInt8]] = [:]
        for property in properties where property.path == path && (property.valueType == 1 || property.valueType == 2) {
            guard property.name.hasPrefix("{"), let close = property.name.firstIndex(of: "}") else { continue }
            let name = DAVXML.Name(String(property.name[property.name.index(after: property.name.startIndex)..<close]),
                                   String(property.name[property.name.index(after: close)...]))
            let inner = property.valueType == 2 ? property.value : Array(Self.escaped(String(decoding: property.value, as: UTF8.self)).utf8)
            let xml = Array("<x:\(name.local) xmlns:x=\"\(Self.escaped(name.namespace))\">".utf8) + inner + Array("</x:\(name.local)>".utf8)
            guard (try? XMLReader().parse(xml)) != nil else { continue }
            found[name] = xml
        }
        return found
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
