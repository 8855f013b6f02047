import CalDAVCore
import CardDAVCore
import Foundation
import ICalendar
import WebDAV

/// A Baïkal database's calendars and address books as jadwald stores them, read one
/// collection at a time: each object and card is read and checked once, by the rules a PUT
/// applies, for the migration and its report alike.
public struct BaikalCollections: Sendable {
    public let source: any BaikalSource
    /// The server's limit: what is larger is kept, and reported.
    public let maxResourceSize: Int

    public init(source: any BaikalSource, maxResourceSize: Int) {
        self.source = source
        self.maxResourceSize = maxResourceSize
    }

    /// One collection ready to store, or a share of one (stored after the calendar it shares).
    public enum Collection: Sendable {
        case calendar(ImportedCalendar)
        case addressBook(ImportedAddressBook)
        case share(CollectionShare)
    }

    /// What the database holds, without storing anything (a dry run).
    public func inventory() async throws -> BaikalInventory {
        try await walk { _, _, _ in }
    }

    /// Reads every user's calendars and address books and hands each to `store` as it is
    /// read, with how many were handed over and how many there are.
    /// - Returns: the report: what came across per user, what was kept despite jadwald's
    ///   rules, what is not carried (serialized PHP properties, collections of principals
    ///   without a user).
    public func walk(_ store: (Collection, _ done: Int, _ total: Int) async throws -> Void) async throws -> BaikalInventory {
        var inventory = BaikalInventory(users: try await source.users())
        let properties = try await source.properties()
        let instances = try await source.calendarInstances()
        let books = try await source.addressBooks()
        let messages = Dictionary(grouping: try await source.schedulingObjects(), by: \.user)
        let owners = Dictionary(instances.filter { $0.access == .owner }.map { ($0.calendarID, $0) }, uniquingKeysWith: { first, _ in first })
        let shares = instances.filter { ($0.access == .readOnly || $0.access == .readWrite) && inventory.knows($0.user) }
        let total = owners.values.filter { inventory.knows($0.user) }.count + books.filter { inventory.knows($0.user) }.count
            + messages.keys.filter { inventory.knows($0) }.count + shares.count
        var done = 0
        for instance in instances {
            let path = "calendars/\(instance.user)/\(instance.uri)/"
            switch instance.access {
            case .owner:
                guard inventory.knows(instance.user) else {
                    inventory.orphans.append(.init(path: path, reason: "its principal has no user; not carried"))
                    continue
                }
                let (calendar, refused) = try await self.calendar(instance, properties: properties)
                done += 1
                try await store(.calendar(calendar), done, total)
                inventory.note(instance.user, orphan: .init(path: path, reason: "")) { part in
                    part.calendars += 1
                    part.objects += calendar.objects.count
                    part.keptDespiteRules += refused
                }
            case .readOnly, .readWrite:
                guard inventory.knows(instance.user) else {
                    inventory.orphans.append(.init(path: path, reason: "a share held by a principal without a user; not carried"))
                    continue
                }
                guard let owner = owners[instance.calendarID], inventory.knows(owner.user) else {
                    done += 1
                    inventory.note(instance.user, orphan: .init(path: path, reason: "")) {
                        $0.skipped.append(.init(path: path, reason: "a share of a calendar whose owner has no user; not carried"))
                    }
                    continue
                }
                done += 1
                guard let share = Self.share(instance, of: owner) else {
                    inventory.note(instance.user, orphan: .init(path: path, reason: "")) {
                        $0.skipped.append(.init(path: path, reason: "an invitation Baïkal marked invalid; not carried"))
                    }
                    continue
                }
                try await store(.share(share), done, total)
                inventory.note(instance.user, orphan: .init(path: path, reason: "")) { $0.sharesReceived += 1 }
                inventory.note(owner.user, orphan: .init(path: path, reason: "")) { $0.sharesGiven += 1 }
            case .other(let value):
                inventory.note(instance.user, orphan: .init(path: path, reason: "access \(value), principal without a user; not carried")) {
                    $0.skipped.append(.init(path: path, reason: "access \(value) is not one sabre/dav writes; not carried"))
                }
            }
        }
        for book in books {
            let path = "addressbooks/\(book.user)/\(book.uri)/"
            guard inventory.knows(book.user) else {
                inventory.orphans.append(.init(path: path, reason: "its principal has no user; not carried"))
                continue
            }
            let (imported, refused) = try await addressBook(book, properties: properties)
            done += 1
            try await store(.addressBook(imported), done, total)
            inventory.note(book.user, orphan: .init(path: path, reason: "")) { part in
                part.addressBooks += 1
                part.cards += imported.cards.count
                part.keptDespiteRules += refused
            }
        }
        for (user, objects) in messages.sorted(by: { $0.key < $1.key }) {
            guard inventory.knows(user) else {
                inventory.orphans += objects.map { .init(path: "calendars/\(user)/inbox/\($0.uri)", reason: "a scheduling message of a principal without a user") }
                continue
            }
            let defaultCalendar = instances.first { $0.user == user && $0.access == .owner && ($0.components.isEmpty || $0.components.contains("VEVENT")) }?.uri
            done += 1
            try await store(.calendar(inbox(of: user, objects, defaultCalendar: defaultCalendar)), done, total)
            inventory.note(user, orphan: .init(path: "", reason: "")) { $0.inboxMessages += objects.count }
        }
        for property in properties where property.valueType == 3 {
            let owner = property.path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            inventory.note(owner, orphan: .init(path: property.path, reason: "property \(property.name) of no user")) {
                $0.skipped.append(.init(path: property.path, reason: "property \(property.name) holds a serialized PHP object; not carried"))
            }
        }
        return inventory
    }

    /// A sharee's calendar instance as a share of the owner's calendar: at the same name in the
    /// sharee's home, with the sharee's own name and colour for it. sabre/dav shows a sharee's
    /// instance in their home whether or not they answered, so one not declined comes across
    /// accepted, where their devices already see it; one marked invalid (4) does not come.
    static func share(_ instance: BaikalCalendarInstance, of owner: BaikalCalendarInstance) -> CollectionShare? {
        let status: ShareStatus
        switch instance.shareInviteStatus {
        case 3?: status = .declined
        case 4?: return nil
        default: status = .accepted
        }
        return CollectionShare(
            tree: DAVPath.tree, owner: owner.user, collection: owner.uri, sharee: instance.user,
            access: instance.access == .readOnly ? .read : .readWrite, status: status, mount: status == .accepted ? instance.uri : nil,
            invitation: UUID().uuidString.lowercased(), displayName: instance.displayName, calendarDescription: instance.description,
            color: instance.color.flatMap { $0.isEmpty ? nil : $0 }, order: instance.order, changedAt: Int(Date().timeIntervalSince1970),
            inviteSeen: true, answerSeen: true)
    }

    /// A calendar instance with its objects and change log, as jadwald stores it, and the
    /// objects a PUT would refuse (kept as Baïkal stored them, always candidates for time ranges).
    func calendar(_ instance: BaikalCalendarInstance, properties: [BaikalProperty]) async throws -> (ImportedCalendar, [BaikalInventory.Item]) {
        let path = "calendars/\(instance.user)/\(instance.uri)/"
        var dead = Self.deadProperties(properties, path: "calendars/\(instance.user)/\(instance.uri)")
        if instance.transparent == true {
            dead[ScheduleCalendarTransparency.property] = ScheduleCalendarTransparency.transparentValue
        }
        let collection = CalendarCollection(
            reference: CalendarReference(owner: instance.user, name: instance.uri), displayName: instance.displayName,
            calendarDescription: instance.description, color: instance.color.flatMap { $0.isEmpty ? nil : $0 }, order: instance.order,
            timeZone: Self.timeZone(instance.timeZone),
            supportedComponents: Set(instance.components.isEmpty ? ["VEVENT", "VTODO"] : instance.components), deadProperties: dead,
            changePosition: Int64(instance.syncToken - 1), createdAt: Int(Date().timeIntervalSince1970), syncID: SyncToken.newSabreSyncID())
        let admission = CalendarObjectAdmission(maxResourceSize: maxResourceSize)
        var refused: [BaikalInventory.Item] = []
        var objects: [ImportedObject] = []
        for object in try await source.objects(inCalendar: instance.calendarID) {
            let index: CalendarObjectIndex
            do throws(DAVError) {
                index = try admission.admit(object.data, into: collection).index
            } catch {
                refused.append(.init(path: path + object.uri, reason: "kept as Baïkal stored it; jadwald would refuse it: \(error.message)"))
                index = (try? CalendarObjectRules().check(object.data).index)
                    ?? CalendarObjectIndex(uid: object.uid ?? object.uri, componentType: object.componentType ?? "VEVENT", firstStart: nil, lastEnd: nil)
            }
            objects.append(ImportedObject(name: object.uri, data: object.data, etag: "\"\(object.etag)\"", lastModified: object.lastModified, index: index))
        }
        let changes = try await source.calendarChanges(inCalendar: instance.calendarID)
        return (ImportedCalendar(collection: collection, objects: objects, changes: Self.logged(changes, upTo: collection.changePosition)), refused)
    }

    /// A user's scheduling inbox with Baïkal's messages in it, under their names and ETags
    /// (Baïkal keeps no change log for it: the inbox starts a new one).
    func inbox(of user: String, _ objects: [BaikalSchedulingObject], defaultCalendar: String?) -> ImportedCalendar {
        var collection = SchedulingCollections.inbox(of: user, defaultCalendar: defaultCalendar, now: Int(Date().timeIntervalSince1970))
        collection.syncID = SyncToken.newSabreSyncID()
        collection.changePosition = Int64(objects.count)
        let imported = objects.map { object in
            let calendar = try? ICalendarParser().parseCalendar(object.data)
            let component = calendar?.components.first { ComponentName.schedulable.contains($0.name) || $0.name == ComponentName.freeBusy }
            // Messages about one event share its UID; each is its own item.
            let index = CalendarObjectIndex(uid: (component?[PropertyName.uid]?.value ?? "") + "/" + object.uri,
                                            componentType: component?.name ?? ComponentName.event, firstStart: nil, lastEnd: nil)
            let etag = object.etag.map { "\"\($0)\"" } ?? EntityTag.make(position: 0, data: object.data)
            return ImportedObject(name: object.uri, data: object.data, etag: etag, lastModified: object.lastModified, index: index)
        }
        let changes = imported.enumerated().map { LoggedChange(position: Int64($0.offset + 1), name: $0.element.name) }
        return ImportedCalendar(collection: collection, objects: imported, changes: changes)
    }

    /// An address book with its cards and change log, as jadwald stores it, and the cards a
    /// PUT would refuse (kept as Baïkal stored them).
    func addressBook(_ book: BaikalAddressBook, properties: [BaikalProperty]) async throws -> (ImportedAddressBook, [BaikalInventory.Item]) {
        let path = "addressbooks/\(book.user)/\(book.uri)/"
        let stored = AddressBook(
            reference: AddressBookReference(owner: book.user, name: book.uri), displayName: book.displayName, bookDescription: book.description,
            deadProperties: Self.deadProperties(properties, path: "addressbooks/\(book.user)/\(book.uri)"),
            changePosition: Int64(book.syncToken - 1), createdAt: Int(Date().timeIntervalSince1970), syncID: SyncToken.newSabreSyncID())
        let admission = CardAdmission(maxResourceSize: maxResourceSize)
        var refused: [BaikalInventory.Item] = []
        var cards: [ImportedCard] = []
        for card in try await source.cards(inAddressBook: book.id) {
            let index: CardIndex
            do throws(DAVError) {
                index = try admission.admit(card.data).index
            } catch {
                refused.append(.init(path: path + card.uri, reason: "kept as Baïkal stored it; jadwald would refuse it: \(error.message)"))
                index = CardIndex(uid: card.uri, fields: [])
            }
            let etag = card.etag.map { "\"\($0)\"" } ?? EntityTag.make(position: stored.changePosition, data: card.data)
            cards.append(ImportedCard(name: card.uri, data: card.data, etag: etag, lastModified: card.lastModified ?? 0, index: index))
        }
        let changes = try await source.addressBookChanges(inAddressBook: book.id)
        return (ImportedAddressBook(book: stored, cards: cards, changes: Self.logged(changes, upTo: stored.changePosition)), refused)
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
    /// its element (serialized PHP objects are not carried; the report says so).
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
