import CalDAVCore
import CardDAVCore
import Foundation
import Hummingbird
import Jadwal
import Logging
import WebDAV

/// The admin page's sharing: who has each of a user's calendars and what is shared with
/// them; sharing a calendar with another user (accepted for them at once: the administrator
/// acts for the family) and ending a share. The same rules as every other way of sharing
/// (``CalDAVAdapter/offer(_:of:to:access:summary:now:)``).
extension AdminPages {
    func sharingSection(_ session: WebSessions.Session, of name: String, calendars: [CalendarUsage],
                        books: [UserDirectory.AddressBookUsage]) async throws -> String {
        let shares: SharesOfUser
        do {
            let (calendarShares, bookShares) = (try await calDAV.shares(of: name), try await cardDAV.bookShares(of: name))
            shares = SharesOfUser(user: name, all: calendarShares.all + bookShares.all)
        } catch { return "" }  // sharing is off
        let action = HTMLPage.escape(Self.userPath(name))
        let given = shares.given.map { share in
            """
            <tr><td dir="auto">\(HTMLPage.escape(share.collection))</td><td dir="auto">\(HTMLPage.escape(share.sharee))</td>
            <td>\(share.access.rawValue)</td><td>\(share.status.rawValue)</td><td>
            <form method="post" action="\(action)/unshare">\(Self.hidden(session))
            <input type="hidden" name="kind" value="\(share.tree)">
            <input type="hidden" name="collection" value="\(HTMLPage.escape(share.collection))">
            <input type="hidden" name="sharee" value="\(HTMLPage.escape(share.sharee))"><button>\(tr("Stop sharing"))</button></form></td></tr>
            """
        }.joined()
        let received = shares.received.map { share in
            """
            <tr><td dir="auto">\(HTMLPage.escape(share.owner))</td><td dir="auto">\(HTMLPage.escape(share.collection))</td>
            <td>\(share.access.rawValue)</td><td>\(share.status.rawValue)</td></tr>
            """
        }.joined()
        let options = calendars.filter { !SchedulingCollections.isReserved($0.name) }.map {
            "<option value=\"calendars/\(HTMLPage.escape($0.name))\">\(HTMLPage.escape($0.displayName ?? $0.name))</option>"
        }.joined() + books.map {
            "<option value=\"addressbooks/\(HTMLPage.escape($0.name))\">\(HTMLPage.escape($0.displayName ?? $0.name)) (\(tr("contacts")))</option>"
        }.joined()
        return """
            <h2>\(tr("Sharing"))</h2>
            \(given.isEmpty ? "<p class=\"muted\">\(tr("Nothing of theirs is shared."))</p>"
                : "<table><tr><th>\(tr("Calendar or address book"))</th><th>\(tr("With"))</th><th>\(tr("Access"))</th><th>\(tr("Status"))</th><th></th></tr>\(given)</table>")
            \(received.isEmpty ? "" : "<p>\(tr("Shared with them:"))</p><table><tr><th>\(tr("Owner"))</th><th>\(tr("Calendar"))</th><th>\(tr("Access"))</th><th>\(tr("Status"))</th></tr>\(received)</table>")
            <form method="post" action="\(action)/shares">\(Self.hidden(session))
            <p><label>\(tr("Calendar or address book"))<br><select name="collection">\(options)</select></label>
            <label>\(tr("With (user name or email)"))<br><input name="sharee" required autocomplete="off" dir="ltr"></label>
            <label><input type="radio" name="access" value="read" checked> \(tr("Read"))</label>
            <label><input type="radio" name="access" value="read-write"> \(tr("Read and write"))</label></p>
            <p><button>\(tr("Share"))</button> <span class="muted">\(tr("It appears in their calendar apps at once."))</span></p>
            </form>
            \(try await delegatesSection(session, of: name))
            """
    }

    /// Who acts in the user's calendars, and a form to add, change or remove one.
    private func delegatesSection(_ session: WebSessions.Session, of name: String) async throws -> String {
        let shares = try await delegation.shares.shares(involving: name, in: Delegation.tree)
        let action = HTMLPage.escape(Self.userPath(name))
        let rows = shares.given.map { share in
            """
            <tr><td dir="auto">\(HTMLPage.escape(share.sharee))</td><td>\(share.access.rawValue)</td><td>
            <form method="post" action="\(action)/delegates">\(Self.hidden(session))
            <input type="hidden" name="delegate" value="\(HTMLPage.escape(share.sharee))"><button name="access" value="none">\(tr("Remove"))</button></form></td></tr>
            """
        }.joined()
        let acting = shares.received.map { HTMLPage.escape($0.owner) + " (" + $0.access.rawValue + ")" }.joined(separator: ", ")
        return """
            <h2>\(tr("Delegates"))</h2>
            \(rows.isEmpty ? "<p class=\"muted\">\(tr("Nobody acts in their calendars."))</p>" : "<table><tr><th>\(tr("Delegate"))</th><th>\(tr("Access"))</th><th></th></tr>\(rows)</table>")
            \(acting.isEmpty ? "" : "<p>\(tr("They act for: {1}", acting))</p>")
            <form method="post" action="\(action)/delegates">\(Self.hidden(session))
            <p><label>\(tr("Delegate (user name)"))<br><input name="delegate" required autocomplete="off" dir="ltr"></label>
            <label><input type="radio" name="access" value="read" checked> \(tr("Read"))</label>
            <label><input type="radio" name="access" value="read-write"> \(tr("Read and write"))</label></p>
            <p><button>\(tr("Add the delegate"))</button></p>
            </form>
            """
    }

    func setDelegate(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let delegate = AccountIdentity.canonical(form["delegate"]?.trimmingCharacters(in: .whitespaces) ?? "")
        do {
            if let access = form["access"].flatMap(ShareAccess.init(rawValue:)) {
                try await delegation.delegate(name, to: delegate, access: access, now: Int(Date().timeIntervalSince1970))
            } else {
                try await delegation.revoke(name, from: delegate)
            }
        } catch {
            return redirect(to: name, showing: "<p><b>\(tr("Not changed: {1}.", HTMLPage.escape(error.message)))</b></p>", in: session)
        }
        logger.info("delegate changed", metadata: ["user": "\(name)", "delegate": "\(delegate)", "access": "\(form["access"] ?? "none")", "by": "\(session.account)"])
        return redirect(to: name, showing: "<p><b>\(tr("{1}'s access is changed.", HTMLPage.escape(delegate)))</b></p>", in: session)
    }

    func share(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let (choice, named) = (form["collection"] ?? "", form["sharee"]?.trimmingCharacters(in: .whitespaces) ?? "")
        let isBook = choice.hasPrefix("addressbooks/")
        let calendar = String(choice.drop { $0 != "/" }.dropFirst())
        let access = form["access"].flatMap(ShareAccess.init(rawValue:)) ?? .read
        guard let sharee = await calDAV.sharee(named: named) else {
            return redirect(to: name, showing: "<p><b>\(tr("Not shared: no user is named or has the address {1}.", HTMLPage.escape(named)))</b></p>", in: session)
        }
        let now = Int(Date().timeIntervalSince1970)
        do {
            if isBook {
                let offered = try await cardDAV.offer(book: calendar, of: name, to: sharee, access: access, now: now)
                _ = try await cardDAV.answerBook(invitation: offered.invitation, of: sharee, accepting: true, now: now)
            } else {
                let offered = try await calDAV.offer(calendar, of: name, to: sharee, access: access, summary: nil, now: now)
                _ = try await calDAV.answer(invitation: offered.invitation, of: sharee, accepting: true, now: now)
            }
        } catch {
            return redirect(to: name, showing: "<p><b>\(tr("Not shared: {1}.", HTMLPage.escape(error.message)))</b></p>", in: session)
        }
        logger.info("calendar shared", metadata: ["user": "\(name)", "calendar": "\(calendar)", "with": "\(sharee)", "by": "\(session.account)"])
        return redirect(to: name, showing: "<p><b>\(tr("{1} is shared with {2}.", HTMLPage.escape(calendar), HTMLPage.escape(sharee)))</b></p>", in: session)
    }

    func unshare(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let (calendar, sharee) = (form["collection"] ?? "", form["sharee"] ?? "")
        do {
            if form["kind"] == CardDAVPath.tree {
                try await cardDAV.withdraw(book: calendar, of: name, from: sharee)
            } else {
                try await calDAV.withdraw(calendar, of: name, from: sharee)
            }
        } catch {
            return redirect(to: name, showing: "<p><b>\(HTMLPage.escape(error.message)).</b></p>", in: session)
        }
        logger.info("calendar unshared", metadata: ["user": "\(name)", "calendar": "\(calendar)", "with": "\(sharee)", "by": "\(session.account)"])
        return redirect(to: name, showing: "<p><b>\(tr("{1} is no longer shared with {2}.", HTMLPage.escape(calendar), HTMLPage.escape(sharee)))</b></p>", in: session)
    }
}
