import Foundation
import Jadwal

/// The parts of pushes to the app as the settings make them for `serve`: the queue alerts
/// go on, the background pushes that follow calendar changes, and the APNs client the job
/// worker sends through. `nil` when `push.apns` is not configured.
struct PushComponents {
    let queue: PushQueue
    let refresh: CalendarRefreshPushes
    let client: APNsClient
    let delivery: PushDelivery

    init?(settings: ServerConfiguration, application: ApplicationDatabase, keys: ServerKeys) async throws {
        let configuration: APNsConfiguration?
        do { configuration = try settings.apnsConfiguration() } catch { throw CommandFailure(error.description) }
        guard let configuration else { return nil }
        do {
            client = try await APNsClient(configuration: configuration)
        } catch {
            throw CommandFailure("push.apns.key_file \(settings.push.keyFile ?? ""): not a P-256 private key (\(error))")
        }
        // Alerts name events: sealed with the chats' key, as their webhooks are.
        queue = PushQueue(application: application, cipher: try await keys.chatKey(settings))
        refresh = CalendarRefreshPushes(pushes: queue, shares: application.shares, interval: Double(settings.push.refreshDelay))
        delivery = PushDelivery(queue: queue, client: client)
    }
}
