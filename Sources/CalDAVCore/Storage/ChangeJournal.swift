import WebDAV

/// One write of a calendar object, and who made it: an entry of the history people see of
/// their calendars, shared ones included (who changed what).
public struct AttributedChange: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case created, changed, deleted
    }

    /// The calendar where the object is kept (its owner's, also when written through a share).
    public let calendar: CalendarReference
    public let object: String
    public let kind: Kind
    /// The account that sent the request.
    public let author: String
    /// When the author is a delegate, the account they acted for.
    public let onBehalfOf: String?
    /// Seconds since the epoch.
    public let at: Int

    public init(calendar: CalendarReference, object: String, kind: Kind, author: String, onBehalfOf: String? = nil, at: Int) {
        self.calendar = calendar
        self.object = object
        self.kind = kind
        self.author = author
        self.onBehalfOf = onBehalfOf
        self.at = at
    }
}

/// Where ``CalDAVAdapter`` records who changed which object, after each write it made
/// (PUT, DELETE, COPY and MOVE of objects) in a calendar more people than its owner write:
/// a shared one, or one written by a delegate. The history is a record for people, not part
/// of the data: a write stands even if its entry could not be kept.
public protocol ChangeJournal: Sendable {
    func record(_ change: AttributedChange) async
}

extension CalDAVAdapter {
    /// Records that the request's principal made `kind` to `object` of `collection`, when
    /// more people than its owner write there: in a shared calendar, or as a delegate.
    /// Calendars nobody else writes cost no second write.
    func attribute(_ kind: AttributedChange.Kind, of object: String, in collection: CalendarCollection, context: DAVContext) async {
        guard let journal, collection.sharing != nil || context.onBehalf != nil else { return }
        await journal.record(AttributedChange(
            calendar: collection.storedAt, object: object, kind: kind, author: context.onBehalf?.delegate ?? context.principal,
            onBehalfOf: context.onBehalf == nil ? nil : context.principal, at: context.now))
    }
}
