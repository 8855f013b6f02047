import CalDAVCore
import CardDAVCore
import Foundation
import Hummingbird
import Jadwal
import Logging
import WebDAV

/// The admin page's view of a user's calendars and address books, as the person's own page
/// shows them: the URLs to give out, and making, renaming, colouring and deleting them.
/// Through the protocol adapters' stores, so the rules are the clients': a computed
/// calendar cannot be made or changed, deleting a shared calendar ends its shares first.
extension AdminPages {
    /// Which collections a form is about.
    enum CollectionKind: String {
        case calendars, addressbooks
    }

    func collectionsSection(_ session: WebSessions.Session, of name: String, usage: UserDirectory.Summary) async throws -> String {
        let action = HTMLPage.escape(Self.userPath(name))
        let hidden = Self.hidden(session)
        let escape = HTMLPage.escape
        let objects = Dictionary(usage.calendars.map { ($0.name, $0.objects) }, uniquingKeysWith: { first, _ in first })
        let cards = Dictionary(usage.addressBooks.map { ($0.name, $0.cards) }, uniquingKeysWith: { first, _ in first })
        let form = { (kind: CollectionKind, collection: String, inner: String) in
            """
            <form method="post" action="\(action)/\(kind.rawValue)/update" style="display:inline">\(hidden)\
            <input type="hidden" name="collection" value="\(escape(collection))">\(inner)</form>
            """
        }
        let calendars = try await calDAV.store.calendars(of: name).filter { $0.receivedShare == nil }.map { calendar -> String in
            let collection = calendar.reference.name
            let url = publicURL + DAVPath.calendar(user: name, calendar: collection).href
            guard !calendar.isReadOnly, objects[collection] != nil else {
                return "<tr><td dir=\"auto\">\(escape(calendar.displayName ?? collection))</td><td><code>\(escape(url))</code></td><td class=\"muted\">\(tr("computed"))</td><td></td></tr>"
            }
            return """
                <tr><td>\(form(.calendars, collection, """
                <input name="displayName" value="\(escape(calendar.displayName ?? ""))" maxlength="200" dir="auto" aria-label="\(tr("Name"))"> \
                <input name="color" type="color" value="\(escape(Self.colorInput(calendar.color)))" aria-label="\(tr("Colour"))"> <button>\(tr("Save"))</button>
                """))</td><td><code>\(escape(url))</code></td><td>\(objects[collection] ?? 0)</td><td>\(deleteForm(action, .calendars, collection, hidden))</td></tr>
                """
        }.joined()
        let books = try await cardDAV.store.addressBooks(of: name).filter { $0.receivedShare == nil }.map { book -> String in
            let collection = book.reference.name
            let url = publicURL + CardDAVPath.book(user: name, book: collection).href
            return """
                <tr><td>\(form(.addressbooks, collection, """
                <input name="displayName" value="\(escape(book.displayName ?? ""))" maxlength="200" dir="auto" aria-label="\(tr("Name"))"> <button>\(tr("Save"))</button>
                """))</td><td><code>\(escape(url))</code></td><td>\(cards[collection] ?? 0)</td><td>\(deleteForm(action, .addressbooks, collection, hidden))</td></tr>
                """
        }.joined()
        return """
            <h2>\(tr("Calendars"))</h2>
            <p>\(tr("Give out: server {1}, user name {2}.", "<code dir=\"ltr\">\(escape(publicURL))/dav/</code>", "<code dir=\"ltr\">\(escape(name))</code>"))</p>
            <div style="overflow-x:auto"><table><tr><th>\(tr("Calendar"))</th><th>URL</th><th>\(tr("Objects"))</th><th></th></tr>\(calendars)</table></div>
            <form method="post" action="\(action)/calendars">\(hidden)
            <p><label>\(tr("New calendar (its name in the URL)"))<br><input name="collection" required maxlength="64" pattern="[A-Za-z0-9._\\-]+"></label>
            <label>\(tr("Shown as"))<br><input name="displayName" maxlength="200" dir="auto"></label>
            <label>\(tr("Colour"))<br><input name="color" type="color" value="#0a84ff"></label> <button>\(tr("Make the calendar"))</button></p></form>
            <h2>\(tr("Address books"))</h2>
            \(books.isEmpty ? "<p class=\"muted\">\(tr("No address books."))</p>"
                : "<div style=\"overflow-x:auto\"><table><tr><th>\(tr("Address book"))</th><th>URL</th><th>\(tr("Cards"))</th><th></th></tr>\(books)</table></div>")
            <form method="post" action="\(action)/addressbooks">\(hidden)
            <p><label>\(tr("New address book (its name in the URL)"))<br><input name="collection" required maxlength="64" pattern="[A-Za-z0-9._\\-]+"></label>
            <label>\(tr("Shown as"))<br><input name="displayName" maxlength="200" dir="auto"></label> <button>\(tr("Make the address book"))</button></p></form>
            """
    }

    private func deleteForm(_ action: String, _ kind: CollectionKind, _ collection: String, _ hidden: String) -> String {
        """
        <form method="post" action="\(action)/\(kind.rawValue)/delete">\(hidden)<input type="hidden" name="collection" value="\(HTMLPage.escape(collection))">\
        <label><input type="checkbox" name="confirm" value="yes" required> \(tr("with everything in it"))</label> <button>\(tr("Delete"))</button></form>
        """
    }

    /// The `<input type=color>` value of a stored colour (`#RRGGBBAA` as Apple clients write it).
    static func colorInput(_ color: String?) -> String {
        guard let color, color.hasPrefix("#"), color.count >= 7 else { return "#0a84ff" }
        return String(color.prefix(7)).lowercased()
    }

    /// The colour a form gives (`#rrggbb`) as Apple clients store it (`#RRGGBBFF`), or `nil`.
    static func storedColor(_ form: FormBody) -> String? {
        form["color"].flatMap { $0.count == 7 && $0.hasPrefix("#") && $0.dropFirst().allSatisfy(\.isHexDigit) ? $0.uppercased() + "FF" : nil }
    }

    /// A collection's name as a form gives it: what a URL segment may hold.
    private func collectionName(_ form: FormBody, of user: String, _ session: WebSessions.Session) throws -> String {
        guard let name = form["collection"]?.trimmingCharacters(in: .whitespaces), (1...64).contains(name.count),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }), !name.hasPrefix("."),
              !SchedulingCollections.isReserved(name) else {
            throw Refusal(response: redirect(to: user, showing: """
                <p class="warning">\(tr("A name in the URL is 1 to 64 letters, digits, dots, dashes or underscores."))</p>
                """, in: session))
        }
        return name
    }

    /// Runs a store step; its refusal becomes the notice shown on the user's page.
    private func storeStep(_ name: String, _ session: WebSessions.Session, done: String, _ step: () async throws(StoreError) -> Void) async -> Response {
        do {
            try await step()
        } catch {
            return redirect(to: name, showing: "<p class=\"warning\">\(HTMLPage.escape(error.message))</p>", in: session)
        }
        return redirect(to: name, showing: "<p><b>\(HTMLPage.escape(done))</b></p>", in: session)
    }

    func createCollection(_ session: WebSessions.Session, _ name: String, _ kind: CollectionKind, _ form: FormBody) async throws -> Response {
        let collection = try collectionName(form, of: name, session)
        let displayName = form["displayName"].flatMap { $0.isEmpty ? nil : String($0.prefix(200)) } ?? collection
        logger.info("collection created", metadata: ["user": "\(name)", "collection": "\(kind.rawValue)/\(collection)", "by": "\(session.account)"])
        return await storeStep(name, session, done: tr("{1} is made.", displayName)) { () async throws(StoreError) in
            switch kind {
            case .calendars:
                try await calDAV.store.createCalendar(CalendarCollection(
                    reference: CalendarReference(owner: name, name: collection), displayName: displayName, color: Self.storedColor(form),
                    createdAt: Int(Date().timeIntervalSince1970)))
            case .addressbooks:
                try await cardDAV.store.createAddressBook(AddressBook(reference: AddressBookReference(owner: name, name: collection),
                                                                      displayName: displayName, createdAt: Int(Date().timeIntervalSince1970)))
            }
        }
    }

    func updateCollection(_ session: WebSessions.Session, _ name: String, _ kind: CollectionKind, _ form: FormBody) async throws -> Response {
        let collection = try collectionName(form, of: name, session)
        let displayName = form["displayName"].flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        let color = Self.storedColor(form)
        return await storeStep(name, session, done: tr("Saved.")) { () async throws(StoreError) in
            switch kind {
            case .calendars:
                guard var calendar = try await calDAV.store.calendar(CalendarReference(owner: name, name: collection)) else {
                    throw StoreError(.notFound, "no calendar \(collection)")
                }
                calendar.displayName = displayName
                if let color { calendar.color = color }
                try await calDAV.store.updateCalendar(calendar)
            case .addressbooks:
                guard var book = try await cardDAV.store.addressBook(AddressBookReference(owner: name, name: collection)) else {
                    throw StoreError(.notFound, "no address book \(collection)")
                }
                book.displayName = displayName
                try await cardDAV.store.updateAddressBook(book)
            }
        }
    }

    func deleteCollection(_ session: WebSessions.Session, _ name: String, _ kind: CollectionKind, _ form: FormBody) async throws -> Response {
        let collection = try collectionName(form, of: name, session)
        guard form["confirm"] == "yes" else { return redirect(to: name, showing: "<p class=\"warning\">\(tr("Not deleted: confirm first."))</p>", in: session) }
        logger.info("collection deleted", metadata: ["user": "\(name)", "collection": "\(kind.rawValue)/\(collection)", "by": "\(session.account)"])
        return await storeStep(name, session, done: tr("{1} and everything in it are deleted.", collection)) { () async throws(StoreError) in
            switch kind {
            case .calendars: try await calDAV.store.deleteCalendar(CalendarReference(owner: name, name: collection))
            case .addressbooks: try await cardDAV.store.deleteAddressBook(AddressBookReference(owner: name, name: collection))
            }
        }
    }
}
