import Foundation

/// Puts pushes on the durable job queue, one job per device, so that a push survives a
/// restart and APNs' refusals are retried with back-off (``JobWorker``). The job's key
/// names the device and what is told: the same notice enqueued again while it waits is
/// one push, not two. Payloads are sealed: an alert names the person's events.
public struct PushQueue: Sendable {
    let devices: PushDeviceStore
    let jobs: JobQueue
    let cipher: SealingKey

    public init(application: ApplicationDatabase, cipher: SealingKey) {
        devices = application.pushDevices
        jobs = application.jobs
        self.cipher = cipher
    }

    /// What a push job carries.
    struct Job: Codable {
        var device: String
        var notification: PushNotification
    }

    /// Queues `notification` for every device of `account`, due at `due`.
    /// - Parameter key: what the notice is (`chat:UID:event.created:START`), unique per notice.
    public func send(_ notification: PushNotification, to account: String, key: String, due: Int) async throws {
        for device in try await devices.devices(of: account) {
            let payload = try cipher.seal(try JSONEncoder().encode(Job(device: device.id, notification: notification)), context: "push:\(account)")
            try await jobs.enqueue(.push, key: "push:\(device.id):\(key)", account: account, payload: payload, due: due)
        }
    }

    /// The job a claim carries, or `nil` when it cannot be read (a key since replaced).
    func job(of claim: JobQueue.Claim) -> Job? {
        guard let account = claim.account, let payload = claim.payload,
              let plain = try? cipher.open(payload, context: "push:\(account)") else { return nil }
        return try? JSONDecoder().decode(Job.self, from: plain)
    }
}
