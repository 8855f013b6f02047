import Foundation

/// Runs the durable queue's jobs beside the server: judges conversations, delivers
/// webhooks and pushes, retrying failures with back-off and dead-lettering a job after its
/// last try.
public struct JobWorker: Sendable {
    let queue: JobQueue
    let chats: ChatService
    let webhooks: WebhookSender
    /// APNs, when the server sends pushes; push jobs are dropped without it.
    let pushes: PushDelivery?
    /// Waits after the 1st, 2nd, … failed run; a job failing once more is dead-lettered.
    let backOff: [Int]
    let lease: Int
    let pollInterval: Double
    let now: @Sendable () -> Int
    let problem: @Sendable (String) -> Void

    public static let standardBackOff = [10, 60, 300, 1_800, 7_200]

    public init(chats: ChatService, webhooks: WebhookSender = WebhookSender(), pushes: PushDelivery? = nil, backOff: [Int] = JobWorker.standardBackOff,
                lease: Int = 300, pollInterval: Double = 10, now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) },
                problem: @escaping @Sendable (String) -> Void = { _ in }) {
        self.queue = chats.application.jobs
        self.chats = chats
        self.webhooks = webhooks
        self.pushes = pushes
        self.backOff = backOff
        self.lease = lease
        self.pollInterval = pollInterval
        self.now = now
        self.problem = problem
    }

    /// Works until the task is cancelled; a job under way finishes first.
    public func run() async {
        while !Task.isCancelled {
            var wait = pollInterval
            do {
                while try await runDue() > 0, !Task.isCancelled {}
                if let next = try await queue.nextDue() { wait = min(wait, Double(next - now())) }
            } catch {
                problem("job queue: \(error)")
            }
            await queue.bell.wait(seconds: max(wait, 0.05))
        }
    }

    /// Runs the jobs due now, up to `limit`; returns how many ran.
    @discardableResult
    public func runDue(limit: Int = 10) async throws -> Int {
        let claims = try await queue.claimDue(now: now(), lease: lease, limit: limit)
        for claim in claims {
            // Finish the job even when the server is stopping: its lease would otherwise delay it.
            try await Task { try await run(claim) }.value
        }
        return claims.count
    }

    private func run(_ claim: JobQueue.Claim) async throws {
        let failure: (reason: String, permanent: Bool)?
        switch claim.kind {
        case .judgeChat:
            failure = await judge(claim)
        case .webhook:
            failure = await deliver(claim)
        case .push:
            failure = await pushes?.deliver(claim, now: now())
        }
        guard let failure else { return try await queue.complete(claim, now: now()) }
        if failure.permanent || claim.attempts > backOff.count {
            problem("job \(claim.id) (\(claim.kind.rawValue)) dead-lettered: \(failure.reason)")
            try await queue.deadLetter(claim, now: now(), reason: failure.reason)
        } else {
            try await queue.retry(claim, at: now() + backOff[claim.attempts - 1], error: failure.reason)
        }
    }

    private func judge(_ claim: JobQueue.Claim) async -> (String, Bool)? {
        guard let key = claim.key, key.hasPrefix("chat:"), let id = Int64(key.dropFirst(5)) else { return ("a chat job without a conversation", true) }
        do {
            try await chats.process(conversation: id, now: now())
            return nil
        } catch {
            return ("\(error)", false)
        }
    }

    private func deliver(_ claim: JobQueue.Claim) async -> (String, Bool)? {
        guard let account = claim.account, let payload = claim.payload else { return ("a webhook job without its notice", true) }
        do {
            guard let (url, secret) = try await chats.settings.webhook(of: account) else { return nil } // webhook removed since: nothing to do
            let body = try chats.settings.cipher.open(payload, context: "webhook:\(account)")
            switch await webhooks.deliver(body, to: url, secret: secret, now: now()) {
            case .delivered: return nil
            case .transient(let reason): return (reason, false)
            case .permanent(let reason): return (reason, true)
            }
        } catch {
            return ("\(error)", false)
        }
    }
}
