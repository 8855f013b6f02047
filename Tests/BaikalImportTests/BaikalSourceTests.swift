import BaikalImport
import CalDAVCore
import Foundation
import Testing

/// The sample database made by running Baïkal 0.12.1 (`Fixtures/baikal`), read as a
/// migration reads it, against its manifest.
struct BaikalSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/baikal")
    static let database = fixtures.appendingPathComponent("baikal-public.sqlite").path

    struct Manifest: Decodable {
        struct User: Decodable { let username, displayname, email, digesta1: String }
        struct Object: Decodable { let uri, etag: String; let uid: String?; let size: Int }
        struct Calendar: Decodable {
            let owner, uri: String
            let access: Int?
            let db_synctoken: Int
            let objects: [Object]?
        }
        struct Card: Decodable { let uri, etag: String; let size: Int }
        struct Book: Decodable { let owner, uri: String; let db_synctoken: Int; let cards: [Card] }
        let users: [User]
        let calendars: [Calendar]
        let addressbooks: [Book]
    }

    static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: fixtures.appendingPathComponent("manifest.json")))
    }

    @Test("users, digests, names and addresses as the manifest lists them")
    func users() async throws {
        let source = try BaikalLocation.open("sqlite:" + Self.database)
        let users = try await source.users()
        let manifest = try Self.manifest()
        #expect(users.map(\.name) == manifest.users.map(\.username).sorted())
        for expected in manifest.users {
            let user = try #require(users.first { $0.name == expected.username })
            #expect(user.digest == expected.digesta1 && user.displayName == expected.displayname && user.email == expected.email)
        }
    }

    @Test("every calendar instance, object, ETag and size, and the sync tokens")
    func calendars() async throws {
        let source = try BaikalLocation.open("sqlite:" + Self.database)
        let manifest = try Self.manifest()
        let instances = try await source.calendarInstances()
        #expect(instances.count == manifest.calendars.count)
        for expected in manifest.calendars {
            let instance = try #require(instances.first { $0.user == expected.owner && $0.uri == expected.uri })
            #expect(instance.syncToken == expected.db_synctoken)
            guard instance.access == .owner, let objects = expected.objects else {
                #expect(instance.access == .readWrite && expected.access == 3)
                continue
            }
            let read = try await source.objects(inCalendar: instance.calendarID)
            #expect(read.map(\.uri) == objects.map(\.uri).sorted())
            for object in objects {
                let found = try #require(read.first { $0.uri == object.uri })
                #expect(found.etag == object.etag && found.data.count == object.size && found.uid == object.uid)
            }
        }
        let family = try #require(instances.first { $0.user == "karim" && $0.uri == "family" })
        #expect(family.components == ["VEVENT", "VTODO", "VJOURNAL"] && family.timeZone?.contains("BEGIN:VTIMEZONE") == true)
        let karimDefault = try #require(instances.first { $0.user == "karim" && $0.uri == "default" })
        #expect(karimDefault.timeZone == "Europe/Paris")
        let changes = try await source.calendarChanges(inCalendar: karimDefault.calendarID)
        #expect(changes.filter { $0.operation == .deleted }.map(\.uri) == ["k-haircut.ics"])
    }

    @Test("address books and cards with their ETags; the dead property; the scheduling inbox")
    func addressBooks() async throws {
        let source = try BaikalLocation.open("sqlite:" + Self.database)
        let manifest = try Self.manifest()
        let books = try await source.addressBooks()
        #expect(books.count == manifest.addressbooks.count)
        for expected in manifest.addressbooks {
            let book = try #require(books.first { $0.user == expected.owner && $0.uri == expected.uri })
            let cards = try await source.cards(inAddressBook: book.id)
            #expect(cards.map(\.uri) == expected.cards.map(\.uri).sorted())
            for card in expected.cards {
                let found = try #require(cards.first { $0.uri == card.uri })
                #expect(found.etag == card.etag && found.data.count == card.size)
            }
        }
        let properties = try await source.properties()
        #expect(properties.map(\.name) == ["{urn:example:family}display-hints"] && properties.first?.valueType == 2)
        #expect(try await source.schedulingObjects().map(\.user).sorted() == ["karim", "layla"])
    }

    @Test("the inventory counts each user's part, keeps what jadwald would refuse and names what is not carried")
    func inventory() async throws {
        let inventory = try await BaikalCollections(source: try BaikalLocation.open("sqlite:" + Self.database), maxResourceSize: 10 << 20).inventory()
        let karim = try #require(inventory.users.first { $0.name == "karim" })
        #expect(karim.calendars == 2 && karim.objects == 20 && karim.addressBooks == 2 && karim.cards == 6)
        let layla = try #require(inventory.users.first { $0.name == "layla" })
        #expect(layla.calendars == 1 && layla.objects == 3 && layla.sharesReceived == 1 && karim.sharesGiven == 1)
        #expect(layla.skipped.isEmpty)
        #expect(karim.inboxMessages == 1 && layla.inboxMessages == 1 && !karim.skipped.contains { $0.path.contains("/inbox/") })
        #expect(inventory.orphans.isEmpty)
    }

    @Test("the scheduling inbox comes across as an inbox: its messages under their names and ETags")
    func inbox() async throws {
        var inboxes: [ImportedCalendar] = []
        _ = try await BaikalCollections(source: try BaikalLocation.open("sqlite:" + Self.database), maxResourceSize: 10 << 20).walk { collection, _, _ in
            if case .calendar(let calendar) = collection, calendar.collection.isScheduleInbox { inboxes.append(calendar) }
        }
        let messages = try await BaikalLocation.open("sqlite:" + Self.database).schedulingObjects()
        #expect(inboxes.map(\.collection.reference.owner) == ["karim", "layla"])
        for inbox in inboxes {
            let expected = messages.filter { $0.user == inbox.collection.reference.owner }
            #expect(inbox.objects.map(\.name) == expected.map(\.uri))
            #expect(inbox.objects.map(\.etag) == expected.map { "\"\($0.etag ?? "")\"" })
            #expect(inbox.objects.allSatisfy { $0.index.uid.hasSuffix("/" + $0.name) })
            try inbox.checkUniqueUIDs()
        }
    }

    @Test("a file that is not Baïkal's, a truncated one and a missing one are refused with a clear message")
    func badInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baikal-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("truncated.sqlite")
        try Data(contentsOf: URL(fileURLWithPath: Self.database)).prefix(5000).write(to: truncated)
        let text = folder.appendingPathComponent("notes.txt")
        try Data("not a database at all".utf8).write(to: text)
        for path in [truncated.path, text.path, folder.appendingPathComponent("missing.sqlite").path] {
            #expect(throws: BaikalSourceError.self) { try BaikalLocation.open("sqlite:" + path) }
        }
        #expect(throws: BaikalSourceError.self) { try BaikalSchema.check(["users": ["username"], "calendarobjects": [], "principals": []], source: "x") }
        do {
            try BaikalSchema.check(["users": [], "calendarobjects": [], "principals": [], "calendars": ["principaluri"]], source: "old.sqlite")
            Issue.record("an old schema was accepted")
        } catch {
            #expect(error.message.contains("before version 0.5"))
        }
    }
}
