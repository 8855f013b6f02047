import WebDAV

/// Everything in users' homes, calendars and plain files, with what administrators need
/// per owner: what it holds, and deleting all of it. The SQLite and PostgreSQL stores
/// are both one of these.
public protocol CalendarHomeStore: CalendarStore, ResourceTreeStore {
    /// Every calendar of `owner` with its object count and stored size, by name.
    func usage(of owner: String) async throws(StoreError) -> [CalendarUsage]

    /// The stored size of `owner`'s plain WebDAV files, in bytes.
    func fileBytes(of owner: String) async throws(StoreError) -> Int

    /// Deletes every calendar and plain file of `owner` in one write, so a later account
    /// of the same name starts empty.
    func deleteEverything(of owner: String) async throws(StoreError)
}
