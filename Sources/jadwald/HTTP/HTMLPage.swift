import HTTPTypes
import Hummingbird
import Jadwal

/// Small server-rendered pages: escaped text, a phone-sized layout, no scripts, and
/// headers that keep them out of frames and caches.
struct HTMLPage {
    let title: String
    /// Markup of the page body; build it from ``escape(_:)``d text.
    let body: String
    /// The page's language (`en`, `ar`): Arabic pages are laid out right to left.
    var language = PageLanguage.current.code

    /// The whole document.
    var document: String {
        """
        <!doctype html>
        <html lang="\(Self.escape(language))" dir="\(language == "ar" ? "rtl" : "ltr")"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escape(title))</title>
        <style>
        body{font:16px/1.5 system-ui,-apple-system,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;color:#1d1d1f}
        h1{font-size:1.4rem}a.button,button{display:inline-block;padding:.6rem 1rem;border-radius:.5rem;border:0;
        background:#0a84ff;color:#fff;text-decoration:none;font-size:1rem}.qr{max-width:16rem}.muted{color:#6e6e73}
        table{border-collapse:collapse;width:100%}td,th{text-align:start;padding:.3rem;border-bottom:1px solid #ddd;overflow-wrap:anywhere}
        .warning{background:#fff4ce;padding:.5rem .75rem;border-radius:.4rem}
        section{margin:1.5rem 0;padding-top:.5rem;border-top:1px solid #eee}input,select{font-size:1rem;max-width:100%}
        code{overflow-wrap:anywhere}nav a{margin-inline-end:.75rem}.danger{background:#d70015}
        </style></head><body>
        \(body)
        </body></html>
        """
    }

    /// Header fields every page carries: no framing, no caching, no scripts.
    // Referrer-Policy same-origin, not no-referrer: with no-referrer a browser posts forms
    // with `Origin: null`, and the admin page's cross-site check needs the real origin.
    static let headerFields: [(name: String, value: String)] = [
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
    ]

    func response(status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        for (name, value) in Self.headerFields { headers[HTTPField.Name(name)!] = value }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
    }

    /// Text made safe for HTML element content and quoted attribute values.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
