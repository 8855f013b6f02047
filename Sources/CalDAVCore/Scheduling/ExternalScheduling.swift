import ITIP

/// Where messages to calendar users outside this server go (iMIP, RFC 6047: by email).
public protocol ExternalScheduling: Sendable {
    /// Sends `message` from the account `user` to its recipient, who has no account here.
    /// - Returns: what to record for the recipient (``ScheduleStatus/sent`` once the mail is
    ///   queued durably).
    func send(_ message: ITIPMessage, from user: String) async -> ScheduleStatus
}
