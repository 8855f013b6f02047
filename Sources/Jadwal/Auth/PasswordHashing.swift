import Dispatch
import HummingbirdBcrypt

/// bcrypt, run off the caller's thread.
///
/// A hash or check costs a quarter of a second by design. jadwald runs its tasks on the
/// event loops that serve the sockets, so bcrypt there would stall every connection of
/// that loop; Dispatch's global queue takes it instead.
enum PasswordHashing {
    static func hash(_ password: String, cost: UInt8) async -> String {
        await offload { Bcrypt.hash(password, cost: cost) }
    }

    static func verify(_ password: String, hash: String) async -> Bool {
        await offload { Bcrypt.verify(password, hash: hash) }
    }

    private static func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
