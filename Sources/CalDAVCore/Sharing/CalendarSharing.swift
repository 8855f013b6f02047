import ITIP
import WebDAV

/// Sharing of calendars between the users of this server, as the CalendarServer sharing
/// extension (caldav-sharing) and the WebDAV resource sharing draft describe it. Given to
/// ``CalDAVAdapter``, it turns on `calendarserver-sharing` in OPTIONS, POSTs that share a
/// calendar and answer invitations, each user's notification collection, and the sharing
/// properties; and the adapter's store shows accepted shares in sharees' homes
/// (``SharingCalendarStore``).
public struct CalendarSharing: Sendable {
    /// Where shares are kept.
    public let shares: any CollectionShareStore
    /// Who sharees are: the account an email address or principal URL names.
    public let directory: any CalendarUserDirectory

    public init(shares: any CollectionShareStore, directory: any CalendarUserDirectory) {
        self.shares = shares
        self.directory = directory
    }

    /// The account `address` names (a `mailto:` address or a principal URL), if any.
    func account(at address: String) async -> String? {
        let address = CalendarUserAddress(address)
        if let email = address.email { return try? await directory.user(withEmail: email) }
        guard let user = CalendarScheduling.principal(in: address), (try? await directory.userExists(user)) == true else { return nil }
        return user
    }
}
