import CalDAVCoreTesting
import Foundation
import Jadwal
import Testing
@testable import jadwald

/// A connection's remembered sign-in: the same header signs in the same user without a
/// new check only while nothing has committed.
struct ConnectionSignInTests {
    static func header(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func aRememberedSignInHoldsOnlyUntilTheNextCommit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jadwald-signin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let accounts = try ApplicationDatabase(path: folder.appendingPathComponent("jadwal.sqlite").path, bcryptCost: 4)
        _ = try await accounts.accounts.create(name: "amal", password: "correct horse battery")
        let commits = CountingChangeSignal()
        let authenticator = BasicAuthenticator(application: accounts, changes: commits)
        let right = Self.header("amal", "correct horse battery")
        var remembered: BasicAuthenticator.ConnectionSignIn?

        // Nothing is kept before a full check.
        #expect(authenticator.keptUser(for: right, remembered: &remembered) == nil)
        guard case .signedIn = await authenticator.authenticate(right, client: "127.0.0.1") else {
            Issue.record("the right password was refused")
            return
        }
        #expect(authenticator.keptUser(for: right, remembered: &remembered)?.name == "amal")
        #expect(remembered != nil)
        #expect(authenticator.keptUser(for: right, remembered: &remembered)?.name == "amal")

        // Another header on the same connection is not signed in by the remembered one.
        #expect(authenticator.keptUser(for: Self.header("amal", "wrong password"), remembered: &remembered) == nil)
        #expect(authenticator.keptUser(for: nil, remembered: &remembered) == nil)

        // A commit (a password change, say) ends it: the next request is checked again.
        commits.advance()
        #expect(authenticator.keptUser(for: right, remembered: &remembered) == nil)
    }
}
