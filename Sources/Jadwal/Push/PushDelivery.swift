import Foundation

/// Runs the push jobs of ``PushQueue`` through APNs: a push APNs took is done; one it
/// refused for now (429, 5xx, no connection) is retried by the worker with back-off; a
/// device whose token APNs no longer knows is forgotten; anything else is a dead letter
/// with APNs' reason, for an operator.
public struct PushDelivery: Sendable {
    let queue: PushQueue
    let client: APNsClient

    public init(queue: PushQueue, client: APNsClient) {
        self.queue = queue
        self.client = client
    }

    /// Sends the push of `claim`; `nil` when it is done, else why not and whether for good.
    func deliver(_ claim: JobQueue.Claim, now: Int) async -> (reason: String, permanent: Bool)? {
        guard let job = queue.job(of: claim) else { return ("a push job that cannot be read", true) }
        do {
            // Removed since it was queued (revoked, or its token moved to another account).
            guard let device = try await queue.devices.device(id: job.device), device.account == claim.account else { return nil }
            if job.notification.expiresAt <= now { return nil }
            switch await client.send(job.notification, to: device, now: now) {
            case .delivered: return nil
            case .retry(let reason): return (reason, false)
            case .failed(let reason): return (reason, true)
            case .forgetDevice:
                try await queue.devices.forget(id: device.id, token: device.token)
                return nil
            }
        } catch {
            return ("\(error)", false)
        }
    }
}
