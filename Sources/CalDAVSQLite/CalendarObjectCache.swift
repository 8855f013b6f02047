import CalDAVCore
import Synchronization

/// Calendar objects read by GET, kept while their calendar stays as it was.
///
/// Every write to a calendar's objects moves its change position (sync tokens rest on
/// that), and a calendar made again under the same name has a new sync id; so an entry
/// is served only while its calendar, as looked up now, still has the sync id and change
/// position it had when the object was read. Writes to other calendars leave it alone.
/// The bodies share a byte budget; a cache that would go over it starts over.
final class CalendarObjectCache: Sendable {
    private struct Key: Hashable {
        let calendar: CalendarReference
        let name: String
    }

    private struct Entry {
        let syncID: String
        let changePosition: Int64
        let object: CalendarObject
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    private let maxBytes: Int

    /// - Parameter maxBytes: memory the kept objects may take, their bodies and names.
    init(maxBytes: Int = 16 << 20) {
        self.maxBytes = maxBytes
    }

    /// The object named `name` in `calendar` as it is now, if it was kept.
    func object(named name: String, in calendar: CalendarCollection) -> CalendarObject? {
        state.withLock { state in
            guard let entry = state.entries[Key(calendar: calendar.reference, name: name)],
                  entry.changePosition == calendar.changePosition, entry.syncID == calendar.syncID else { return nil }
            return entry.object
        }
    }

    /// Keeps `object`, read after `calendar` was looked up.
    func remember(_ object: CalendarObject, in calendar: CalendarCollection) {
        let size = Self.size(object)
        guard size <= maxBytes / 8 else { return }
        state.withLock { state in
            if state.bytes + size > maxBytes {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            let entry = Entry(syncID: calendar.syncID, changePosition: calendar.changePosition, object: object)
            if let old = state.entries.updateValue(entry, forKey: Key(calendar: calendar.reference, name: object.name)) {
                state.bytes -= Self.size(old.object)
            }
            state.bytes += size
        }
    }

    private static func size(_ object: CalendarObject) -> Int {
        object.data.count + object.name.utf8.count + object.etag.utf8.count + object.uid.utf8.count + 128
    }
}
