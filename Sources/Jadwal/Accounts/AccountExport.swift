import CalDAVCore
import CardDAVCore
import Extraction
import Foundation
import WebDAV

/// Everything a person keeps here, in one .zip they can take elsewhere (the right to data
/// portability of the privacy laws in the product's markets): each of their calendars as
/// an .ics file, each address book as a .vcf file, and as JSON their account and
/// settings, devices, shares and delegations, chats (never their messages) and conflicts.
/// Calendars others shared with them stay their owners' to export.
public struct AccountExport: Sendable {
    let users: UserDirectory
    let shares: any CollectionShareStore
    /// The chats and conflicts (whose names are sealed with the chats' key).
    let chats: ChatService

    public init(users: UserDirectory, shares: any CollectionShareStore, chats: ChatService) {
        self.users = users
        self.shares = shares
        self.chats = chats
    }

    /// The archive for `account`, or `nil` when there is no such account.
    public func archive(of account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> [UInt8]? {
        guard let person = try await users.accounts.account(named: account),
              let preferences = try await users.accounts.preferences(of: account) else { return nil }
        var zip = ZipWriter()
        var taken = Set<String>()
        /// A file name for a collection, unique in the archive.
        func path(_ folder: String, _ name: String, _ suffix: String) -> String {
            var candidate = "\(folder)/\(Self.fileName(name))\(suffix)"
            var number = 2
            while !taken.insert(candidate).inserted {
                candidate = "\(folder)/\(Self.fileName(name))-\(number)\(suffix)"
                number += 1
            }
            return candidate
        }
        var calendarNames: [String] = []
        for calendar in try await users.calendars.calendars(of: account) {
            let file = CalendarExport.file(of: calendar, objects: try await users.calendars.objects(in: calendar.reference))
            zip.add(path("calendars", calendar.reference.name, ".ics"), file)
            calendarNames.append(calendar.reference.name)
        }
        var bookNames: [String] = []
        if let books = users.addressBooks {
            for book in try await books.addressBooks(of: account) {
                zip.add(path("addressbooks", book.reference.name, ".vcf"), AddressBookExport.file(of: try await books.cards(in: book.reference)))
                bookNames.append(book.reference.name)
            }
        }
        let application = users.application
        let calendarShares = try await shares.shares(involving: account, in: DAVPath.tree)
        let bookShares = try await shares.shares(involving: account, in: CardDAVPath.tree)
        let delegations = try await shares.shares(involving: account, in: Delegation.tree)
        let chatSettings = try await chats.settings.settings(of: account)
        let accountJSON: [String: Any] = [
            "exportedAt": Self.iso(now),
            "account": [
                "name": person.name, "email": person.email ?? NSNull(), "displayName": person.displayName ?? NSNull(),
                "language": preferences.language ?? NSNull(), "timeZone": preferences.timeZone ?? NSNull(),
                "administrator": person.isAdmin, "createdAt": Self.iso(person.createdAt),
            ],
            "calendars": calendarNames, "addressBooks": bookNames,
            "devices": try await users.accounts.appPasswords(name: account).map {
                ["label": $0.label, "createdAt": Self.iso($0.createdAt), "lastUsedAt": $0.lastUsedAt.map { Self.iso($0) as Any } ?? NSNull()] as [String: Any]
            },
            "pushDevices": try await application.pushDevices.devices(of: account).map {
                ["platform": $0.platform, "environment": $0.environment.rawValue, "topic": $0.topic, "createdAt": Self.iso($0.createdAt)]
            },
            "prayerSettings": try await application.prayerSettings.settings(of: account).jsonObject(),
            "chatSettings": ["webhookUrl": chatSettings.webhookURL.map { $0 as Any } ?? NSNull(), "notifyByEmail": chatSettings.notifyByEmail] as [String: Any],
            "shares": (calendarShares.all + bookShares.all).map(Self.json),
            "delegations": delegations.all.map { ["delegator": $0.owner, "delegate": $0.sharee, "access": $0.access.rawValue] },
        ]
        zip.add("account.json", try Self.json(accountJSON))
        let chats: [String: Any] = [
            "conversations": try await chats.chats.conversations(of: account).map {
                    ["chatId": $0.chatID, "source": $0.source.rawValue, "with": $0.counterpart, "status": $0.status.rawValue,
                     "eventUid": $0.eventUID.map { $0 as Any } ?? NSNull(), "updatedAt": Self.iso($0.updatedAt)] as [String: Any]
                },
            "events": try await chats.agreedEvents(of: account).map {
                ["uid": $0.uid, "title": $0.title, "location": $0.location.map { $0 as Any } ?? NSNull(), "with": $0.with, "chatId": $0.chatID,
                 "start": Self.iso($0.timing.start), "end": Self.iso($0.timing.end), "allDay": $0.timing.isAllDay] as [String: Any]
            },
            "conflicts": try await application.conflicts.conflicts(of: account, includeResolved: true).map {
                ["id": $0.id, "eventUid": $0.eventUID, "other": ["calendar": $0.other.calendar, "summary": $0.other.summary,
                                                                 "start": Self.iso($0.other.start), "end": Self.iso($0.other.end)],
                 "createdAt": Self.iso($0.createdAt), "resolution": $0.resolution.map { $0.rawValue as Any } ?? NSNull()] as [String: Any]
            },
        ]
        zip.add("chats.json", try Self.json(chats))
        zip.add("README.txt", Array("""
            Everything Jadwal keeps for \(person.name), exported \(Self.iso(now)).

            calendars/*.ics      each of your calendars (import into any calendar app)
            addressbooks/*.vcf   each of your address books (import into any contacts app)
            account.json         your account, devices, settings, shares and delegations
            chats.json           the chats events were found in (no messages are kept), those events, and the conflicts

            """.utf8))
        return zip.bytes
    }

    private static func json(_ share: CollectionShare) -> [String: Any] {
        ["kind": share.tree == CardDAVPath.tree ? "addressbook" : "calendar", "owner": share.owner, "collection": share.collection,
         "sharee": share.sharee, "access": share.access.rawValue, "status": share.status.rawValue]
    }

    private static func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
    }

    private static func iso(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// A collection name safe as a file name in any archive tool.
    public static func fileName(_ name: String) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" }.prefix(100))
        return safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    }
}
