import Foundation
import Hummingbird
import Jadwal

/// The signed-in browser sessions of one set of pages (the admin page, the person's
/// page): a cookie limited to their path, HttpOnly, SameSite=Strict and Secure when the
/// public URL is https, kept as ``WebSessions`` in the database; and the checks every
/// posted form passes: same origin, a live session, the session's CSRF token.
struct BrowserSessions: Sendable {
    let cookieName: String
    /// The pages' path (`/admin`), which the cookie is limited to.
    let path: String
    let secure: Bool
    let sessions: WebSessions

    /// A `Set-Cookie` value; an empty value with `maxAge` 0 removes the cookie.
    func cookie(_ value: String, maxAge: Int) -> String {
        "\(cookieName)=\(value); Path=\(path); HttpOnly; SameSite=Strict; Max-Age=\(maxAge)" + (secure ? "; Secure" : "")
    }

    /// The cookie's value in `request`, if sent.
    func cookieValue(_ request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == cookieName { return String(parts[1]) }
            }
        }
        return nil
    }

    /// The live session of `request`, or `nil`.
    func session(_ request: Request) async -> WebSessions.Session? {
        guard let cookie = cookieValue(request) else { return nil }
        return try? await sessions.session(for: cookie)
    }

    /// A cross-site POST carries another site's Origin; a same-site one ours or none.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority, let url = URL(string: origin), let originHost = url.host else { return false }
        return (url.port.map { "\(originHost):\($0)" } ?? originHost) == host
    }

    /// What a posted form turned out to be.
    enum PostedForm {
        case accepted(WebSessions.Session, FormBody)
        case crossSite
        case signedOut
        case unreadable
        /// Without the session's CSRF token: an old page, or another site's form.
        case stale
    }

    /// Checks a posted form: same origin, signed in (and `admits` the session), the CSRF token.
    func form(_ request: Request, maxBytes: Int = 16 << 10, admits: (WebSessions.Session) async -> Bool = { _ in true }) async -> PostedForm {
        guard Self.isSameOrigin(request) else { return .crossSite }
        guard let session = await session(request), await admits(session) else { return .signedOut }
        guard let form = await FormBody.read(request, maxBytes: maxBytes) else { return .unreadable }
        guard let token = form["csrf"], SecretToken.constantTimeEqual(token, session.csrfToken) else { return .stale }
        return .accepted(session, form)
    }

    /// The hidden field that carries the session's CSRF token in every form.
    static func hidden(_ session: WebSessions.Session) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLPage.escape(session.csrfToken))\">"
    }
}
