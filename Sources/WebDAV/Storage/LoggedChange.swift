/// One entry of a collection's change log brought from another server: the member `name`
/// changed (was added, modified or deleted) at `position`. A sync token naming an earlier
/// position is told about it.
public struct LoggedChange: Hashable, Sendable {
    /// ``StoreError/Code/uidConflict`` when two of the members brought with a change log
    /// share a UID, which no store keeps.
    public static func checkUniqueUIDs(_ members: [(name: String, uid: String)]) throws(StoreError) {
        var holders: [String: String] = [:]
        for member in members {
            if let holder = holders.updateValue(member.name, forKey: member.uid) {
                throw StoreError(.uidConflict, "UID \(member.uid) is held by \(holder) and \(member.name)", existingName: holder)
            }
        }
    }

    public var position: Int64
    public var name: String

    public init(position: Int64, name: String) {
        self.position = position
        self.name = name
    }
}
