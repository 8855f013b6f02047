import CalDAVCore
import CardDAVCore
import WebDAV

/// What a Baïkal database holds, user by user, and how each item would come across: what
/// `jadwald migrate-baikal --dry-run` reports, read without writing anything.
public struct BaikalInventory: Sendable {
    /// One user's part.
    public struct UserPart: Sendable, Equatable {
        public var name: String
        public var displayName: String?
        public var email: String?
        public var calendars = 0
        public var objects = 0
        public var addressBooks = 0
        public var cards = 0
        /// Calendars of others this user has through a share.
        public var sharesReceived = 0
        /// Items carried as they are although jadwald's own rules would refuse them.
        public var keptDespiteRules: [Item] = []
        /// Items not carried, with the reason.
        public var skipped: [Item] = []
    }

    /// One item named in the report: its path under Baïkal's `/dav.php/` and why it is listed.
    public struct Item: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public var users: [UserPart]
    /// Items that belong to no user of the database (a calendar of a principal without a user row).
    public var orphans: [Item]

    /// Reads every row of `source`, checking each object and card against the rules a PUT
    /// would apply (`maxResourceSize` as the server's limit).
    public static func read(_ source: any BaikalSource, maxResourceSize: Int) async throws(BaikalSourceError) -> BaikalInventory {
        var parts: [String: UserPart] = [:]
        var order: [String] = []
        for user in try await source.users() {
            parts[user.name] = UserPart(name: user.name, displayName: user.displayName, email: user.email)
            order.append(user.name)
        }
        var orphans: [Item] = []
        func note(_ user: String, _ change: (inout UserPart) -> Void, orphan: Item) {
            if parts[user] != nil { change(&parts[user]!) } else { orphans.append(orphan) }
        }
        let admission = CalendarObjectAdmission(maxResourceSize: maxResourceSize)
        for instance in try await source.calendarInstances() {
            let path = "calendars/\(instance.user)/\(instance.uri)/"
            switch instance.access {
            case .owner:
                let objects = try await source.objects(inCalendar: instance.calendarID)
                let collection = CalendarCollection(reference: CalendarReference(owner: instance.user, name: instance.uri),
                                                    supportedComponents: Set(instance.components))
                var refused: [Item] = []
                for object in objects {
                    do throws(DAVError) {
                        _ = try admission.admit(object.data, into: collection)
                    } catch {
                        refused.append(Item(path: path + object.uri, reason: "kept as Baïkal stored it; jadwald would refuse it: \(error.message)"))
                    }
                }
                note(instance.user, { part in
                    part.calendars += 1
                    part.objects += objects.count
                    part.keptDespiteRules += refused
                }, orphan: Item(path: path, reason: "its principal has no user; not carried"))
            case .readOnly, .readWrite:
                note(instance.user, { part in
                    part.sharesReceived += 1
                    part.skipped.append(Item(path: path, reason: "a \(instance.access == .readOnly ? "read-only" : "read-write") share of calendar \(instance.calendarID); shares are not carried yet"))
                }, orphan: Item(path: path, reason: "a share held by a principal without a user; not carried"))
            case .other(let value):
                note(instance.user, { $0.skipped.append(Item(path: path, reason: "access \(value) is not one sabre/dav writes; not carried")) },
                     orphan: Item(path: path, reason: "access \(value), principal without a user; not carried"))
            }
        }
        let cardAdmission = CardAdmission(maxResourceSize: maxResourceSize)
        for book in try await source.addressBooks() {
            let path = "addressbooks/\(book.user)/\(book.uri)/"
            let cards = try await source.cards(inAddressBook: book.id)
            var refused: [Item] = []
            for card in cards {
                do throws(DAVError) {
                    _ = try cardAdmission.admit(card.data)
                } catch {
                    refused.append(Item(path: path + card.uri, reason: "kept as Baïkal stored it; jadwald would refuse it: \(error.message)"))
                }
            }
            note(book.user, { part in
                part.addressBooks += 1
                part.cards += cards.count
                part.keptDespiteRules += refused
            }, orphan: Item(path: path, reason: "its principal has no user; not carried"))
        }
        for object in try await source.schedulingObjects() {
            note(object.user, { $0.skipped.append(Item(path: "calendars/\(object.user)/inbox/\(object.uri)",
                                                       reason: "a scheduling inbox message; not carried yet")) },
                 orphan: Item(path: "calendars/\(object.user)/inbox/\(object.uri)", reason: "a scheduling message of a principal without a user"))
        }
        for property in try await source.properties() where property.valueType == 3 {
            let owner = property.path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            note(owner, { $0.skipped.append(Item(path: property.path, reason: "property \(property.name) holds a serialized PHP object; not carried")) },
                 orphan: Item(path: property.path, reason: "property \(property.name) of no user"))
        }
        return BaikalInventory(users: order.map { parts[$0]! }, orphans: orphans)
    }
}
