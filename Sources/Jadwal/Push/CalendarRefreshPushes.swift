import CalDAVCore
import Foundation
import Synchronization
import WebDAV

/// Background pushes that make the app sync when someone's calendars change: the owner's
/// devices and those of everyone a changed calendar is shared with. Writes only note the
/// calendar (a set insert on the writer's task); every ``interval`` seconds the notes
/// become one push per device, so a burst of writes wakes a phone once, as Apple's limits
/// on background pushes want.
public final class CalendarRefreshPushes: CalendarChangeObserver, Sendable {
    let pushes: PushQueue
    let shares: any CollectionShareStore
    let interval: Double
    private let changed = Mutex<Set<CalendarReference>>([])

    /// - Parameter interval: seconds between flushes of the noted changes.
    public init(pushes: PushQueue, shares: any CollectionShareStore, interval: Double = 10) {
        self.pushes = pushes
        self.shares = shares
        self.interval = interval
    }

    public func calendarChanged(_ calendar: CalendarReference) {
        _ = changed.withLock { $0.insert(calendar) }
    }

    /// Flushes the noted changes every ``interval`` seconds until the task is cancelled.
    public func run(problem: @escaping @Sendable (String) -> Void) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(interval))
            do { try await flush() } catch { problem("refresh pushes: \(error)") }
        }
    }

    /// Queues one background push per device of everyone whose view of a noted calendar changed.
    public func flush(now: Int = Int(Date().timeIntervalSince1970)) async throws {
        let noted = changed.withLock { noted in
            defer { noted.removeAll() }
            return noted
        }
        var accounts = Set<String>()
        for calendar in noted {
            accounts.insert(calendar.owner)
            let given = try await shares.shares(involving: calendar.owner, in: DAVPath.tree).given
            for share in given where share.collection == calendar.name && share.status == .accepted { accounts.insert(share.sharee) }
        }
        let refresh = PushNotification(kind: .background, collapseID: "refresh", data: ["type": "calendars.changed"], expiresAt: now + 3600)
        for account in accounts.sorted() {
            try await pushes.send(refresh, to: account, key: "refresh", due: now)
        }
    }
}
