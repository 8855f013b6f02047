import Foundation
import PostgresAccess
import PostgresTestSupport
import SQLStorage
import Testing
@testable import Jadwal

/// The engines the application's stores run on.
enum StoreEngine: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

/// Two ``AccountStore``s opened separately on one fresh database, as two jadwald processes
/// would open it: on SQLite two stores on the same file path, on PostgreSQL two pools on
/// the same database (whose schema both bring up to date at once).
final class StoreFixture: Sendable {
    let engine: StoreEngine
    /// The store most cases use.
    let accounts: ApplicationDatabase
    /// Another process's store on the same database.
    let other: ApplicationDatabase
    /// The key chats are sealed with, the same in both "processes".
    let cipher: SealingKey
    /// The server's secret key, the same in both "processes".
    let secret: SealingKey
    private let directory: String?
    private let pools: [PostgresPool]

    private init(engine: StoreEngine, accounts: ApplicationDatabase, other: ApplicationDatabase, directory: String?, pools: [PostgresPool]) throws {
        self.engine = engine
        self.accounts = accounts
        self.other = other
        self.directory = directory
        self.pools = pools
        cipher = try SealingKey(base64: Data(repeating: 7, count: 32).base64EncodedString())
        secret = try SealingKey(base64: Data(repeating: 9, count: 32).base64EncodedString())
    }

    static func make(_ engine: StoreEngine) async throws -> StoreFixture {
        switch engine {
        case .sqlite:
            let directory = NSTemporaryDirectory() + "stores-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/jadwal.sqlite"
            let accounts = try ApplicationDatabase(path: path, bcryptCost: 4)
            let other = try ApplicationDatabase(path: path, bcryptCost: 4)
            return try StoreFixture(engine: engine, accounts: accounts, other: other, directory: directory, pools: [])
        case .postgres:
            let location = try PostgresLocation(url: TemporaryPostgres.shared().makeDatabase())
            // A long wait for a connection: the whole suite shares two cores with the server.
            let first = PostgresPool(location: location, connectionTimeout: .seconds(60), maximumConnections: 6)
            let second = PostgresPool(location: location, connectionTimeout: .seconds(60), maximumConnections: 6)
            // Two instances starting together: the advisory lock lets one apply the schema.
            async let accounts = ApplicationDatabase.open(postgres: first, bcryptCost: 4)
            async let other = ApplicationDatabase.open(postgres: second, bcryptCost: 4)
            return try await StoreFixture(engine: engine, accounts: accounts, other: other, directory: nil, pools: [first, second])
        }
    }

    /// Closes the PostgreSQL pools (SQLite's files go with the fixture).
    func close() async {
        for pool in pools { await pool.close() }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// The chats of `store` (``accounts`` unless given).
    func chats(_ store: ApplicationDatabase? = nil) -> ChatStore {
        let store = store ?? accounts
        return ChatStore(database: store.database, cipher: cipher, jobs: store.jobs)
    }

    /// The chat settings of `store` (``accounts`` unless given).
    func chatSettings(_ store: ApplicationDatabase? = nil) -> ChatSettingsStore {
        ChatSettingsStore(database: (store ?? accounts).database, cipher: cipher)
    }

    /// The keys kept in `store`'s database (``accounts`` unless given), sealed with the
    /// secret key both "processes" share.
    func vault(_ store: ApplicationDatabase? = nil) -> KeyVault {
        (store ?? accounts).keyVault(secret: secret)
    }

    /// Runs `body` with a fresh fixture and closes it afterwards, whether `body` threw or not.
    static func with(_ engine: StoreEngine, _ body: (StoreFixture) async throws -> Void) async throws {
        let fixture = try await make(engine)
        do {
            try await body(fixture)
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }
}
