import WebDAV

/// A resource found at a path, with what its properties are computed from.
enum Resource: Sendable {
    /// A plain collection without calendar meaning: the DAV root and the principals folder.
    case collection(DAVPath)
    case principal(user: String)
    case home(user: String, calendars: [CalendarCollection])
    case calendar(CalendarCollection)
    case object(CalendarCollection, CalendarObject)
    /// A plain WebDAV collection or file (``ResourceTreeStore``).
    case plain(PlainResource)

    var path: DAVPath {
        switch self {
        case .collection(let path): return path
        case .principal(let user): return .principal(user: user)
        case .home(let user, _): return .home(user: user)
        case .calendar(let collection): return .calendar(user: collection.reference.owner, calendar: collection.reference.name)
        case .object(let collection, let object):
            return .object(user: collection.reference.owner, calendar: collection.reference.name, name: object.name)
        case .plain(let resource): return DAVPath(resource.path, isCollection: resource.isCollection)
        }
    }

    /// Dead properties, each as the exact XML of its element.
    var deadProperties: [DAVXML.Name: [UInt8]] {
        switch self {
        case .calendar(let collection): return collection.deadProperties
        case .plain(let resource): return resource.deadProperties
        default: return [:]
        }
    }

    var owner: String? {
        switch self {
        case .collection: return nil
        case .principal(let user), .home(let user, _): return user
        case .calendar(let collection), .object(let collection, _): return collection.reference.owner
        case .plain(let resource): return resource.path.owner
        }
    }
}
