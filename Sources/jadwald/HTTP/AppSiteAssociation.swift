import Foundation
import Hummingbird

/// `/.well-known/apple-app-site-association`: tells iOS that the configured apps
/// (`apple.app_ids`) open this server's sign-in links (`/signin?token=…`), so a link in
/// the mail opens the app where it is installed and the browser page otherwise. 404 when
/// no app is configured.
struct AppSiteAssociation: Sendable {
    let appIDs: [String]

    /// The association file: universal links for sign-in, and the apps' shared web credentials.
    var document: [String: Any] {
        [
            "applinks": ["details": [["appIDs": appIDs, "components": [["/": "/signin", "comment": "sign-in links"]]]]],
            "webcredentials": ["apps": appIDs],
        ]
    }

    func add(to router: Router<JadwalRequestContext>) {
        let body = appIDs.isEmpty ? nil
            : (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])).map { ByteBuffer(bytes: $0) }
        router.get("/.well-known/apple-app-site-association") { _, _ in
            guard let body else { return APIResponse.error(.notFound, "not_found", "no iOS app is configured for this server (apple.app_ids)") }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
    }
}
