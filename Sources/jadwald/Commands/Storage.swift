import CalDAVCore
import CalDAVPostgres
import CalDAVSQLite
import CardDAVCore
import CardDAVPostgres
import CardDAVSQLite
import Foundation
import Jadwal
import PostgresAccess
import SQLStorage
import SQLiteAccess
import WebDAV

/// The stores a command works on: calendars and files, address books, and the application's tables
/// (accounts and the rest), in one SQLite file under the data folder or in one PostgreSQL
/// database that several jadwald processes share.
struct Storage: Sendable {
    let homes: any CalendarHomeStore
    let addressBooks: any AddressBookStore
    /// The server's own tables: accounts and the stores beside them.
    let application: ApplicationDatabase
    /// The PostgreSQL connection pool both stores use, when on PostgreSQL.
    let pool: PostgresPool?
    /// The SQLite file both stores use, when on SQLite.
    var sqliteFile: String? = nil
    /// Tells when the database had a commit, for caches that hold until the next one.
    var changes: (any ChangeSignal)? = nil

    var accounts: AccountStore { application.accounts }
    var users: UserDirectory { UserDirectory(application: application, calendars: homes, addressBooks: addressBooks) }

    /// What the storage is, for logs: never a password.
    let description: String

    /// Opens the storage `options` name (a `--storage` URL, else the one `settings` name, else
    /// SQLite in the data folder of `settings`, else of the options), bringing every schema up to date.
    /// - Parameter serving: for `serve`, which keeps PostgreSQL connections open for the
    ///   requests to come; a command opens them as it needs them.
    /// - Parameter creating: whether a missing SQLite database is made (`serve`, `user add`,
    ///   a restore), saying so on standard error; other commands refuse a folder without one,
    ///   so that a mistyped `--data` does not look like a server whose users are gone.
    static func open(_ options: DataDirectoryOptions, settings: ServerConfiguration? = nil, bcryptCost: UInt8 = 12, serving: Bool = false,
                     creating: Bool = false) async throws -> Storage {
        try DataFolderOwner.become(ownerOf: settings?.data ?? options.path)
        if let url = storageURL(options, settings: settings), !url.hasPrefix("sqlite:") {
            let location: PostgresLocation
            do { location = try PostgresLocation(url: url) } catch { throw CommandFailure("--storage: \(error.message)") }
            // A server keeps eight connections open: enough for a small server's concurrent queries.
            let pool = PostgresPool(location: location, minimumConnections: serving ? 8 : 0)
            do {
                let homes = try await PostgresCalendarStore(database: pool)
                let addressBooks = try await PostgresAddressBookStore(database: pool)
                let application = try await ApplicationDatabase.open(postgres: pool, bcryptCost: bcryptCost)
                return Storage(homes: homes, addressBooks: addressBooks, application: application, pool: pool, changes: PostgresChangeSignal(pool: pool),
                               description: location.description)
            } catch {
                await pool.close()
                throw CommandFailure("PostgreSQL at \(location) could not be opened: \(error)")
            }
        }
        let path = try sqlitePath(options, settings: settings, creating: creating || serving)
        if !FileManager.default.fileExists(atPath: path) {
            guard creating || serving else {
                throw CommandFailure("there is no database at \(path): check --data (or JADWAL_DATA); `jadwald serve` and `jadwald user add` make a new one")
            }
            StandardStreams.error("jadwald: no database at \(path): making a new, empty one\n")
        }
        // One file, one pool and one writer for the calendars, the address books and every other table.
        let file = try SQLiteFile(path: path)
        let homes = try SQLiteCalendarStore(file: file)
        let addressBooks = try SQLiteAddressBookStore(file: file)
        let application = try ApplicationDatabase(sqlite: SQLiteDatabase(file: file), bcryptCost: bcryptCost)
        return Storage(homes: homes, addressBooks: addressBooks, application: application, pool: nil, sqliteFile: path, changes: file.commits,
                       description: "sqlite:\(path)")
    }

    /// The SQLite file: a `sqlite:PATH` storage URL's path, else jadwal.sqlite in the data folder.
    /// - Parameter creating: make the file's folder (owner-only) when it is missing.
    static func sqlitePath(_ options: DataDirectoryOptions, settings: ServerConfiguration? = nil, creating: Bool = false) throws -> String {
        if let url = storageURL(options, settings: settings), let path = sqliteFile(url) {
            guard !path.isEmpty else { throw CommandFailure("--storage sqlite: needs a file path, as in sqlite:/var/lib/jadwal/jadwal.sqlite") }
            let folder = (path as NSString).deletingLastPathComponent
            try DataFolderOwner.become(ownerOf: folder.isEmpty ? "." : folder)
            if creating && !folder.isEmpty { try DataDirectoryOptions.makeFolder(folder) }
            return path
        }
        let folder = settings?.data ?? options.path
        try DataFolderOwner.become(ownerOf: folder)
        if creating { try DataDirectoryOptions.makeFolder(folder) }
        return URL(fileURLWithPath: folder).appendingPathComponent("jadwal.sqlite").path
    }

    /// `--storage`, else the settings' storage (their file's, else `JADWAL_STORAGE`), else what
    /// the options find without settings.
    static func storageURL(_ options: DataDirectoryOptions, settings: ServerConfiguration?) -> String? {
        options.storage ?? settings?.storage?.value ?? options.storageURL
    }

    /// The file a `sqlite:PATH` (or `sqlite:///PATH`) storage URL names; `nil` for other URLs.
    static func sqliteFile(_ url: String) -> String? {
        guard url.hasPrefix("sqlite:") else { return nil }
        var path = String(url.dropFirst("sqlite:".count))
        if path.hasPrefix("//") { path.removeFirst(2) }
        return path
    }

    /// Closes the PostgreSQL pool, if any; SQLite files close with their stores.
    func close() async {
        await pool?.close()
    }
}
