import Foundation
import Hummingbird
import Jadwal
import Logging

/// The chats section of the person's page: connecting WhatsApp by pairing code, uploading
/// an exported chat, and the conflicts chat events made, with their suggested slots and
/// keep / reschedule / cancel.
extension AccountPages {
    func chatsSection(_ session: WebSessions.Session, _ t: PageLanguage) async throws -> String {
        let hidden = BrowserSessions.hidden(session)
        let escape = HTMLPage.escape
        var html = "<section id=\"chats\"><h2>\(t("Chats"))</h2>"
        if let whatsApp {
            html += "<h3>WhatsApp</h3>"
            switch await whatsAppStatus(whatsApp, session.account) {
            case .none:
                html += "<p class=\"warning\">\(t("The WhatsApp connection is not available right now; try again later."))</p>"
            case .some(let link) where link?.status == "connected":
                html += """
                    <p>\(t("Connected to {1}.", "<bdi dir=\"ltr\">\(escape(link?.linkedNumber ?? ""))</bdi>"))</p>
                    <form method="post" action="/account/whatsapp/unlink">\(hidden)<button class="danger">\(t("Disconnect WhatsApp"))</button></form>
                    """
            case .some(let link):
                if let link, link.status == "pending", let code = link.pairingCode {
                    html += """
                        <p>\(t("In WhatsApp on your phone: Settings, Linked devices, Link a device, Link with phone number instead. Then type this code:"))</p>
                        <p id="pairing-code" style="font-size:2rem;letter-spacing:.2rem" dir="ltr"><b>\(escape(code))</b></p>
                        """
                } else if let link, link.status == "failed" || link.status == "disconnected" {
                    html += "<p class=\"warning\">\(t("WhatsApp is not connected: {1}", escape(link.error ?? link.status)))</p>"
                }
                html += """
                    <form method="post" action="/account/whatsapp/connect">\(hidden)
                    <p><label>\(t("Your WhatsApp number, with its country code"))<br>
                    <input name="phone" type="tel" maxlength="32" placeholder="+966 55 123 4567" dir="ltr" required></label>
                    <button>\(t("Get a pairing code"))</button></p></form>
                    """
            }
        }
        html += """
            <h3>\(t("Add an exported chat"))</h3>
            <form method="post" action="/account/chats/import" enctype="multipart/form-data">\(hidden)
            <p><label>\(t("The export (.txt or .zip, from WhatsApp: the chat, More, Export chat)"))<br><input type="file" name="file" required></label></p>
            <p><label>\(t("Your name as the chat shows it"))<br><input name="owner" required maxlength="256" dir="auto"></label></p>
            <p><button>\(t("Add the chat"))</button></p></form>
            """
        html += try await conflictsList(session, t)
        return html + "</section>"
    }

    /// Where the link stands: `nil` when the bridge does not answer, `.some(nil)` when it knows none.
    private func whatsAppStatus(_ linking: WhatsAppLinking, _ account: String) async -> WhatsAppBridgeClient.Link?? {
        do { return .some(try await linking.status(of: account)) } catch { return nil }
    }

    private func conflictsList(_ session: WebSessions.Session, _ t: PageLanguage) async throws -> String {
        let hidden = BrowserSessions.hidden(session)
        let escape = HTMLPage.escape
        var items = ""
        for open in try await chats.openConflicts(of: session.account).prefix(10) {
            // With the free slots it could move to (the list leaves them out).
            guard let details = try await chats.details(of: open.conflict.id, account: session.account), details.event.end > 0 else { continue }
            let conflict = details.conflict
            let when = { (start: Int, end: Int) in "\(t.dateTime(start, zone: details.zone))–\(t.time(end, zone: details.zone))" }
            let slots = details.suggestions.prefix(3).map { start in
                """
                <form method="post" action="/account/conflicts/resolve" style="display:inline">\(hidden)<input type="hidden" name="id" value="\(escape(conflict.id))">\
                <input type="hidden" name="action" value="reschedule"><input type="hidden" name="start" value="\(start)">\
                <button>\(t("Move to {1}", when(start, start + details.event.duration)))</button></form>
                """
            }.joined(separator: " ")
            let simple = { (action: String, label: String) in
                """
                <form method="post" action="/account/conflicts/resolve" style="display:inline">\(hidden)<input type="hidden" name="id" value="\(escape(conflict.id))">\
                <input type="hidden" name="action" value="\(action)"><button\(action == "cancel" ? " class=\"danger\"" : "")>\(label)</button></form>
                """
            }
            items += """
                <li class="conflict"><p>\(t("{1} ({2}) overlaps {3} ({4}).", "<b dir=\"auto\">\(escape(details.eventTitle))</b>",
                                                 when(details.event.start, details.event.end), "<b dir=\"auto\">\(escape(conflict.other.summary))</b>",
                                                 when(conflict.other.start, conflict.other.end)))</p>
                <p>\(simple("keep", t("Keep both"))) \(slots) \(simple("cancel", t("Cancel {1}", escape(details.eventTitle))))</p></li>
                """
        }
        return "<h3 id=\"conflicts\">\(t("Clashes"))</h3>" + (items.isEmpty ? "<p class=\"muted\">\(t("Nothing clashes."))</p>" : "<ul>\(items)</ul>")
    }

    // MARK: Actions

    func resolveConflict(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        guard let id = form["id"], id.utf8.count <= 64, let action = form["action"].flatMap(Conflict.Resolution.init(rawValue:)), action != .superseded else {
            return back(showing: "<p class=\"warning\">\(t("The form could not be read."))</p>", in: session, anchor: "conflicts")
        }
        do {
            _ = try await chats.resolve(id, account: session.account, action: action, start: form["start"].flatMap(Int.init))
        } catch let problem as ChatService.ResolveError {
            return back(showing: "<p class=\"warning\">\(HTMLPage.escape(problem.description))</p>", in: session, anchor: "conflicts")
        }
        logger.info("conflict resolved", metadata: ["user": "\(session.account)", "action": "\(action.rawValue)", "by": "account page"])
        let said = switch action {
        case .keep: t("Both stay in your calendar.")
        case .reschedule: t("Moved.")
        default: t("Cancelled.")
        }
        return back(showing: "<p><b>\(said)</b></p>", in: session, anchor: "conflicts")
    }

    func connectWhatsApp(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        guard let whatsApp else { return back(showing: "", in: session, anchor: "chats") }
        do {
            _ = try await whatsApp.connect(session.account, phone: form["phone"] ?? "")
        } catch {
            return back(showing: "<p class=\"warning\">\(whatsAppProblem(error, t))</p>", in: session, anchor: "chats")
        }
        logger.info("WhatsApp link started", metadata: ["user": "\(session.account)", "by": "account page"])
        return back(showing: "", in: session, anchor: "chats")
    }

    func unlinkWhatsApp(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        guard let whatsApp else { return back(showing: "", in: session, anchor: "chats") }
        do { try await whatsApp.unlink(session.account) } catch {
            return back(showing: "<p class=\"warning\">\(whatsAppProblem(error, t))</p>", in: session, anchor: "chats")
        }
        logger.info("WhatsApp unlinked", metadata: ["user": "\(session.account)", "by": "account page"])
        return back(showing: "<p><b>\(t("WhatsApp is disconnected."))</b></p>", in: session, anchor: "chats")
    }

    private func whatsAppProblem(_ refusal: WhatsAppLinking.Refusal, _ t: PageLanguage) -> String {
        switch refusal {
        case .invalidPhone: t("Type the number with its country code, like +966 55 123 4567.")
        case .tooManyAttempts: t("Too many attempts; try again later.")
        case .unavailable: t("The WhatsApp connection is not available right now; try again later.")
        case .refused(_, let message): HTMLPage.escape(message)
        case .notLinked: t("WhatsApp is not connected.")
        }
    }

    /// `POST /account/chats/import`: an exported chat, as a form upload.
    func importChat(_ request: Request) async -> Response {
        let fallback = PageLanguage(preference: nil, request: request)
        guard BrowserSessions.isSameOrigin(request) else {
            return message(fallback("Refused"), fallback("This form was sent from another site."), language: fallback, status: .forbidden)
        }
        guard let session = await browser.session(request) else { return signInPage(request, status: .unauthorized) }
        let t = await language(of: session.account, request)
        guard let boundary = MultipartFormData.boundary(of: request.headers[.contentType] ?? ""),
              let buffer = try? await request.body.collect(upTo: ChatImportAPI.maxBody),
              let form = MultipartFormData(Array(buffer: buffer), boundary: boundary), let file = form.part(named: "file") else {
            return message(t("Refused"), t("The form could not be read."), language: t, status: .badRequest)
        }
        guard let token = form.part(named: "csrf").map({ String(decoding: $0.body, as: UTF8.self) }),
              SecretToken.constantTimeEqual(token, session.csrfToken) else {
            return message(t("Refused"), t("The form is out of date. Go back, reload the page and try again."), language: t, status: .forbidden)
        }
        let owner = form.part(named: "owner").map { String(decoding: $0.body, as: UTF8.self) }
        do {
            let imported = try await chats.importExport(file.body, owner: owner, chatID: nil, account: session.account)
            return back(showing: "<p><b>\(t("Your chat with {1} is added ({2} new messages); events in it appear in Chat Events shortly.", HTMLPage.escape(imported.counterpart), t.number(imported.recorded.accepted)))</b></p>",
                        in: session, anchor: "chats")
        } catch let refusal as ChatService.ImportRefusal {
            return back(showing: "<p class=\"warning\">\(HTMLPage.escape(refusal.description))</p>", in: session, anchor: "chats")
        } catch {
            logger.error("account page failed", metadata: ["error": "\(error)", "user": "\(session.account)"])
            return message(t("Something went wrong"), t("The operation could not be completed; try again."), language: t, status: .internalServerError)
        }
    }
}
