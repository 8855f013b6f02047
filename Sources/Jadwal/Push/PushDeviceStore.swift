import Foundation
import SQLStorage

/// The app installations pushes go to, kept in the application database (`push_device`).
/// A token belongs to one account: registering it again (the app signed in as someone
/// else on the same phone) moves it, so nobody's pushes reach another person's phone.
public struct PushDeviceStore: Sendable {
    let database: any SQLDatabase

    /// The most devices one account keeps; registering another drops the oldest.
    public static let maxPerAccount = 20

    /// Registers `token` for `account` (or moves it there) and returns the device.
    public func register(account: String, token: String, platform: String, environment: PushDevice.Environment, topic: String,
                         now: Int = Int(Date().timeIntervalSince1970)) async throws -> PushDevice {
        try await database.write { session in
            if let row = try await session.queryRow("SELECT * FROM push_device WHERE token = ? AND environment = ?", [token, environment.rawValue]) {
                try await session.execute("UPDATE push_device SET account = ?, platform = ?, topic = ? WHERE id = ?",
                                          [account, platform, topic, row["id"] as String])
                return PushDevice(id: row["id"], account: account, token: token, platform: platform, environment: environment,
                                  topic: topic, createdAt: row["created_at"])
            }
            let device = PushDevice(id: "p_" + SecretToken.generate().prefix(16), account: account, token: token, platform: platform,
                                    environment: environment, topic: topic, createdAt: now)
            try await session.execute("""
                INSERT INTO push_device (id, account, token, platform, environment, topic, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [device.id, account, token, platform, environment.rawValue, topic, now])
            let newestFirst = try await session.query("SELECT id FROM push_device WHERE account = ? ORDER BY created_at DESC, id", [account])
            for row in newestFirst.dropFirst(Self.maxPerAccount) { try await session.execute("DELETE FROM push_device WHERE id = ?", [row["id"] as String]) }
            return device
        }
    }

    /// The devices of `account`, oldest first.
    public func devices(of account: String) async throws -> [PushDevice] {
        try await database.read { session in
            try await session.query("SELECT * FROM push_device WHERE account = ? ORDER BY created_at, id", [account]).compactMap(Self.device)
        }
    }

    /// One device by its id, or `nil` once it is removed.
    public func device(id: String) async throws -> PushDevice? {
        try await database.read { session in
            try await session.queryRow("SELECT * FROM push_device WHERE id = ?", [id]).flatMap(Self.device)
        }
    }

    /// Removes a device of `account`; `false` when it has none of that id.
    @discardableResult
    public func remove(id: String, of account: String) async throws -> Bool {
        try await database.write { session in
            try await session.execute("DELETE FROM push_device WHERE id = ? AND account = ?", [id, account]) == 1
        }
    }

    /// Removes a device APNs no longer delivers to (its token answered 410 or was refused as
    /// bad), unless the device was given another token meanwhile.
    public func forget(id: String, token: String) async throws {
        _ = try await database.write { session in
            try await session.execute("DELETE FROM push_device WHERE id = ? AND token = ?", [id, token])
        }
    }

    private static func device(_ row: SQLRow) -> PushDevice? {
        guard let environment = PushDevice.Environment(rawValue: row["environment"]) else { return nil }
        return PushDevice(id: row["id"], account: row["account"], token: row["token"], platform: row["platform"],
                          environment: environment, topic: row["topic"], createdAt: row["created_at"])
    }
}

extension ApplicationDatabase {
    public var pushDevices: PushDeviceStore { PushDeviceStore(database: database) }
}
