import CalDAVCore
import CardDAVCore
import Foundation
import Hummingbird
import Jadwal
import Logging
import WebDAV

/// The person's sharing on their own page: sharing their calendars with others (who get
/// an invitation to accept), answering what others offer them, choosing delegates, and
/// publishing a calendar at a secret link. The same rules as every other way of sharing
/// (``CalDAVAdapter/offer(_:of:to:access:summary:now:)``, ``Delegation``,
/// ``CalendarPublications``).
extension AccountPages {
    func sharingSection(_ session: WebSessions.Session, _ t: PageLanguage) async throws -> String {
        let user = session.account
        let hidden = BrowserSessions.hidden(session)
        let escape = HTMLPage.escape
        let shares: SharesOfUser
        do {
            let (calendarShares, bookShares) = (try await calDAV.shares(of: user), try await cardDAV.bookShares(of: user))
            shares = SharesOfUser(user: user, all: calendarShares.all + bookShares.all)
        } catch { return "" }  // sharing is off
        let access = { (share: CollectionShare) in share.access == .read ? t("Read") : t("Read and write") }
        let radios = """
            <label><input type="radio" name="access" value="read" checked> \(t("Read"))</label>
            <label><input type="radio" name="access" value="read-write"> \(t("Read and write"))</label>
            """
        var own = ""
        for calendar in try await calDAV.store.calendars(of: user) where calendar.receivedShare == nil && CalDAVAdapter.canBeShared(calendar) {
            let name = calendar.reference.name
            let field = "<input type=\"hidden\" name=\"calendar\" value=\"\(escape(name))\">"
            let given = shares.given.filter { $0.tree == DAVPath.tree && $0.collection == name }.map { share in
                """
                <tr><td dir="auto">\(escape(share.sharee))</td><td>\(access(share))</td><td>\(status(share, t))</td><td>
                <form method="post" action="/account/sharing/withdraw">\(hidden)\(field)<input type="hidden" name="sharee" value="\(escape(share.sharee))">\
                <button>\(t("Stop sharing"))</button></form></td></tr>
                """
            }.joined()
            let published = try await publications.publication(of: user, calendar: name).flatMap { $0.syncID == calendar.syncID ? $0 : nil }
            own += """
                <h4 dir="auto">\(escape(calendar.displayName ?? name))</h4>
                \(given.isEmpty ? "" : "<table><tr><th>\(t("With"))</th><th>\(t("Access"))</th><th>\(t("Status"))</th><th></th></tr>\(given)</table>")
                <form method="post" action="/account/sharing/offer">\(hidden)\(field)
                <p><label>\(t("With (user name or email)"))<br><input name="sharee" required maxlength="320" autocomplete="off" dir="ltr"></label>
                \(radios) <button>\(t("Share"))</button></p></form>
                <form method="post" action="/account/sharing/publish">\(hidden)\(field)
                <p>\(published.map { t($0.busyOnly ? "Published at a secret link, as busy times only." : "Published at a secret link.") } ?? "")
                <label><input type="checkbox" name="busyOnly" value="yes"\(published?.busyOnly == true ? " checked" : "")> \(t("Busy times only"))</label>
                <button>\(published == nil ? t("Publish at a secret link") : t("Make a new link"))</button>\
                \(published == nil ? "" : " <button name=\"end\" value=\"yes\">\(t("Stop publishing"))</button>")</p></form>
                """
        }
        let received = shares.received.map { share in
            let answer = { (value: String, label: String) in
                """
                <form method="post" action="/account/sharing/answer" style="display:inline">\(hidden)\
                <input type="hidden" name="invitation" value="\(escape(share.invitation))"><button name="answer" value="\(value)">\(label)</button></form>
                """
            }
            let buttons = share.status == .pending ? answer("accept", t("Accept")) + " " + answer("decline", t("Decline"))
                : share.status == .accepted ? answer("decline", t("Leave")) : answer("accept", t("Accept"))
            let kind = share.tree == CardDAVPath.tree ? " (\(t("contacts")))" : ""
            return """
                <tr><td dir="auto">\(escape(share.owner))</td><td dir="auto">\(escape(share.summary ?? share.collection))\(kind)</td>\
                <td>\(access(share))</td><td>\(status(share, t))</td><td>\(buttons)</td></tr>
                """
        }.joined()
        return """
            <section id="sharing"><h2>\(t("Sharing"))</h2>
            <h3>\(t("Your calendars"))</h3>
            <p class="muted">\(t("Whoever you share with accepts in their calendar app or on this page; a secret link is read by anyone who has it."))</p>
            \(own)
            <h3>\(t("Shared with you"))</h3>
            \(received.isEmpty ? "<p class=\"muted\">\(t("Nothing is shared with you."))</p>"
                : "<table><tr><th>\(t("Owner"))</th><th>\(t("Calendar"))</th><th>\(t("Access"))</th><th>\(t("Status"))</th><th></th></tr>\(received)</table>")
            \(try await delegatesPart(session, t))
            </section>
            """
    }

    /// Whom the person lets act in their calendars, and for whom they act.
    private func delegatesPart(_ session: WebSessions.Session, _ t: PageLanguage) async throws -> String {
        let shares = try await delegation.shares.shares(involving: session.account, in: Delegation.tree)
        let hidden = BrowserSessions.hidden(session)
        let rows = shares.given.map { share in
            """
            <tr><td dir="auto">\(HTMLPage.escape(share.sharee))</td><td>\(share.access == .read ? t("Read") : t("Read and write"))</td><td>
            <form method="post" action="/account/delegates">\(hidden)<input type="hidden" name="delegate" value="\(HTMLPage.escape(share.sharee))">\
            <button name="access" value="none">\(t("Remove"))</button></form></td></tr>
            """
        }.joined()
        let acting = shares.received.map { HTMLPage.escape($0.owner) }.joined(separator: ", ")
        return """
            <h3>\(t("Delegates"))</h3>
            <p class="muted">\(t("A delegate sees your calendars in their own calendar app and, with write access, answers invitations for you."))</p>
            \(rows.isEmpty ? "" : "<table><tr><th>\(t("Delegate"))</th><th>\(t("Access"))</th><th></th></tr>\(rows)</table>")
            \(acting.isEmpty ? "" : "<p>\(t("You act for: {1}", acting))</p>")
            <form method="post" action="/account/delegates">\(hidden)
            <p><label>\(t("With (user name or email)"))<br><input name="delegate" required maxlength="320" autocomplete="off" dir="ltr"></label>
            <label><input type="radio" name="access" value="read" checked> \(t("Read"))</label>
            <label><input type="radio" name="access" value="read-write"> \(t("Read and write"))</label>
            <button>\(t("Add the delegate"))</button></p></form>
            """
    }

    private func status(_ share: CollectionShare, _ t: PageLanguage) -> String {
        switch share.status {
        case .pending: t("Waiting for an answer")
        case .accepted: t("Accepted")
        case .declined: t("Declined")
        }
    }

    // MARK: Actions

    func offerShare(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let (calendar, named) = (form["calendar"] ?? "", form["sharee"]?.trimmingCharacters(in: .whitespaces) ?? "")
        let access = form["access"].flatMap(ShareAccess.init(rawValue:)) ?? .read
        guard named.utf8.count <= 320, let sharee = await calDAV.sharee(named: named) else {
            return back(showing: warning(t("Not shared: no one here is named or has the address {1}.", HTMLPage.escape(named))), in: session, anchor: "sharing")
        }
        do {
            _ = try await calDAV.offer(calendar, of: session.account, to: sharee, access: access, summary: nil, now: Int(Date().timeIntervalSince1970))
        } catch {
            return back(showing: warning(t("Not shared: {1}.", HTMLPage.escape(error.message))), in: session, anchor: "sharing")
        }
        logger.info("calendar shared", metadata: ["user": "\(session.account)", "calendar": "\(calendar)", "with": "\(sharee)", "by": "its owner"])
        return back(showing: "<p><b>\(t("{1} is invited to {2}.", HTMLPage.escape(sharee), HTMLPage.escape(calendar)))</b></p>", in: session, anchor: "sharing")
    }

    func withdrawShare(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let (calendar, sharee) = (form["calendar"] ?? "", form["sharee"] ?? "")
        do {
            try await calDAV.withdraw(calendar, of: session.account, from: sharee)
        } catch {
            return back(showing: warning(HTMLPage.escape(error.message)), in: session, anchor: "sharing")
        }
        logger.info("calendar unshared", metadata: ["user": "\(session.account)", "calendar": "\(calendar)", "with": "\(sharee)", "by": "its owner"])
        return back(showing: "<p><b>\(t("{1} is no longer shared with {2}.", HTMLPage.escape(calendar), HTMLPage.escape(sharee)))</b></p>", in: session,
                    anchor: "sharing")
    }

    /// Accepting or declining (leaving, once accepted) what someone shared with the person.
    func answerShare(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let (invitation, accepting) = (form["invitation"] ?? "", form["answer"] == "accept")
        let now = Int(Date().timeIntervalSince1970)
        do {
            let isBook = try await cardDAV.bookShares(of: session.account).received.contains { $0.invitation == invitation }
            _ = isBook ? try await cardDAV.answerBook(invitation: invitation, of: session.account, accepting: accepting, now: now)
                : try await calDAV.answer(invitation: invitation, of: session.account, accepting: accepting, now: now)
        } catch {
            return back(showing: warning(HTMLPage.escape(error.message)), in: session, anchor: "sharing")
        }
        return back(showing: "<p><b>\(accepting ? t("It is in your calendar apps now.") : t("Declined."))</b></p>", in: session, anchor: "sharing")
    }

    func setDelegate(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let typed = form["delegate"]?.trimmingCharacters(in: .whitespaces) ?? ""
        guard typed.utf8.count <= 320, let delegate = await calDAV.sharee(named: typed) else {
            return back(showing: warning(t("Not changed: no one here is named or has the address {1}.", HTMLPage.escape(typed))), in: session, anchor: "sharing")
        }
        do {
            if let access = form["access"].flatMap(ShareAccess.init(rawValue:)) {
                try await delegation.delegate(session.account, to: delegate, access: access, now: Int(Date().timeIntervalSince1970))
            } else {
                try await delegation.revoke(session.account, from: delegate)
            }
        } catch {
            return back(showing: warning(t("Not changed: {1}.", HTMLPage.escape(error.message))), in: session, anchor: "sharing")
        }
        logger.info("delegate changed", metadata: ["user": "\(session.account)", "delegate": "\(delegate)", "access": "\(form["access"] ?? "none")", "by": "its owner"])
        return back(showing: "<p><b>\(t("{1}'s access is changed.", HTMLPage.escape(delegate)))</b></p>", in: session, anchor: "sharing")
    }

    /// Publishing a calendar at a new secret link (shown once), or ending its link.
    func publishCalendar(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let name = form["calendar"] ?? ""
        guard let calendar = try await calDAV.store.calendar(CalendarReference(owner: session.account, name: name)),
              calendar.receivedShare == nil, CalDAVAdapter.canBeShared(calendar) else {
            return back(showing: warning(t("This calendar cannot be published.")), in: session, anchor: "sharing")
        }
        if form["end"] == "yes" {
            _ = try await publications.unpublish(owner: session.account, calendar: name)
            return back(showing: "<p><b>\(t("The link no longer works."))</b></p>", in: session, anchor: "sharing")
        }
        let (token, _) = try await publications.publish(owner: session.account, calendar: name, syncID: calendar.syncID,
                                                        busyOnly: form["busyOnly"] == "yes", now: Int(Date().timeIntervalSince1970))
        let (url, webcal) = CalendarFeedRoutes.links(token: token, publicURL: publicURL)
        logger.info("calendar published", metadata: ["user": "\(session.account)", "calendar": "\(name)", "by": "its owner"])
        return back(showing: """
            <div id="published"><p><b>\(t("The secret link (shown once; publishing again makes a new one and ends this):"))</b></p>
            <p><a href="\(HTMLPage.escape(webcal))" dir="ltr">\(HTMLPage.escape(webcal))</a></p><p><code dir="ltr">\(HTMLPage.escape(url))</code></p></div>
            """, in: session, anchor: "sharing")
    }

    private func warning(_ text: String) -> String { "<p class=\"warning\">\(text)</p>" }
}
