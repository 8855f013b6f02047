/// One entry of a collection's change log brought from another server: the member `name`
/// changed (was added, modified or deleted) at `position`. A sync token naming an earlier
/// position is told about it.
public struct LoggedChange: Hashable, Sendable {
    public var position: Int64
    public var name: String

    public init(position: Int64, name: String) {
        self.position = position
        self.name = name
    }
}
