import CalDAVCore
import CardDAVCore
import Jadwal

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
        let users = try await source.users()
        var leftovers: [String] = []
        for user in users where try await directory.accounts.account(named: user.name) != nil {
            guard try await directory.accounts.isArriving(name: user.name) else {
                throw Failure(description: "the target already has a user \(user.name); nothing was migrated")
            }
            leftovers.append(user.name)
        }
        for name in leftovers { try await directory.delete(name: name) }
        var created: [String] = []
        let inventory: BaikalInventory
        do {
            for user in users {
                try await directory.accounts.createInherited(name: user.name, digest: user.digest, realm: realm, email: user.email,
                                                             displayName: user.displayName, arriving: true)
                created.append(user.name)
            }
            inventory = try await BaikalCollections(source: source, maxResourceSize: maxResourceSize).walk { collection, done, total in
                switch collection {
                case .calendar(let calendar): try await directory.calendars.importCalendar(calendar)
                case .addressBook(let book): try await addressBooks.importAddressBook(book)
                case .share(let share): try await directory.application.shares.saveShare(share)
                }
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
}
