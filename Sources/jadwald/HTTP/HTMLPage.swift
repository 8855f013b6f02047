import HTTPTypes
import Hummingbird

/// Small server-rendered pages: escaped text, a phone-sized layout, no scripts, and
/// headers that keep them out of frames and caches.
struct HTMLPage {
    let title: String
    /// Markup of the page body; build it from ``escape(_:)``d text.
    let body: String

    func response(status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(title))</title>
            <style>
            body{font:16px/1.5 system-ui,-apple-system,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1d1d1f}
            h1{font-size:1.4rem}a.button,button{display:inline-block;padding:.6rem 1rem;border-radius:.5rem;border:0;
            background:#0a84ff;color:#fff;text-decoration:none;font-size:1rem}.qr{max-width:16rem}.muted{color:#6e6e73}
            table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd}
            </style></head><body>
            \(body)
            </body></html>
            """
        // Referrer-Policy same-origin, not no-referrer: with no-referrer a browser posts forms
        // with `Origin: null`, and the admin page's cross-site check needs the real origin.
        return Response(status: status, headers: [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff", HTTPField.Name("Referrer-Policy")!: "same-origin",
        ], body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// Text made safe for HTML element content and quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
