import Foundation

/// Sign-in for the app API (DESIGN.md, "Auth and provisioning"): a magic link by email or
/// an OpenID Connect ID token gives a session: an access token (five minutes) and a
/// refresh token (rotated on use, revocable). The first sign-in of an account sends a
/// welcome email.
public struct SignInService: Sendable {
    /// A signed-in session, as the API returns it.
    public struct Session: Sendable, Equatable {
        public let account: String
        public let accessToken: String
        public let expiresIn: Int
        public let refreshToken: String
    }

    /// Why a step was refused: a stable code, a message for people, and the HTTP status
    /// the API answers with.
    public struct Refusal: Error, Sendable, Equatable {
        public let status: Int
        public let code: String
        public let message: String

        public init(_ status: Int, _ code: String, _ message: String) {
            self.status = status
            self.code = code
            self.message = message
        }
    }

    public let users: UserDirectory
    public let accessTokens: AccessTokens
    public let oidc: OIDCVerifier?
    /// Whether an unknown email address (or OpenID identity) gets a new account.
    public let allowsSignUp: Bool
    /// The server's public address, for links in mail (`https://cal.example.org`).
    public let publicURL: String
    public let send: @Sendable (OutgoingMail) async throws -> Void

    public init(users: UserDirectory, accessTokens: AccessTokens, oidc: OIDCVerifier?, allowsSignUp: Bool, publicURL: String,
                send: @escaping @Sendable (OutgoingMail) async throws -> Void) {
        self.users = users
        self.accessTokens = accessTokens
        self.oidc = oidc
        self.allowsSignUp = allowsSignUp
        self.publicURL = publicURL
        self.send = send
    }

    /// Mails a sign-in link to `email` when it belongs to an account (or sign-up is open).
    /// Returns without saying which: the answer must not tell who has an account.
    /// - Parameter language: the language the request asked for, for a person who chose none.
    public func requestLink(email rawEmail: String, language: String? = nil) async throws(Refusal) {
        let email = rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        guard AccountStore.isValidEmail(email) else { throw Refusal(400, "invalid_email", "'\(rawEmail)' is not an email address") }
        do {
            guard let account = try await account(for: email) else { return }
            let token = try await users.application.oneTimeTokens.issue(.signIn, for: account)
            let (subject, text) = await MailTexts.of(account, in: users.accounts, requested: language).signInLink("\(publicURL)/signin?token=\(token)")
            try await send(OutgoingMail(to: email, subject: subject, text: text))
        } catch {
            throw Refusal(503, "unavailable", "the sign-in link could not be sent; try again later")
        }
    }

    /// Trades a sign-in link's token for a session.
    public func complete(token: String) async throws(Refusal) -> Session {
        let redemption: OneTimeTokens.Redemption
        do { redemption = try await users.application.oneTimeTokens.redeem(token, for: .signIn) } catch {
            throw Refusal(503, "unavailable", "sign-in is not available right now")
        }
        switch redemption {
        case .redeemed(let account, _): return try await startSession(for: account)
        case .alreadyUsed: throw Refusal(410, "token_used", "this sign-in link has been used; ask for a new one")
        case .expired: throw Refusal(401, "token_expired", "this sign-in link has expired; ask for a new one")
        case .unknown: throw Refusal(401, "invalid_token", "this sign-in link is not valid")
        }
    }

    /// Trades an OpenID Connect ID token for a session.
    public func complete(idToken: String) async throws(Refusal) -> Session {
        guard let oidc else { throw Refusal(404, "not_configured", "this server does not accept OpenID Connect sign-in") }
        let identity: OIDCVerifier.Identity
        do { identity = try await oidc.verify(idToken) } catch { throw Refusal(401, "invalid_id_token", error.message) }
        let account: String?
        do {
            // An account linked to this subject signs in whatever address the token carries;
            // otherwise the address finds the account, which is linked to the subject now.
            if let linked = try await users.application.identities.account(issuer: oidc.settings.issuer, subject: identity.subject) {
                account = linked
            } else if let found = try await self.account(for: identity.email) {
                guard try await users.application.identities.link(found, issuer: oidc.settings.issuer, subject: identity.subject) else {
                    throw Refusal(403, "identity_mismatch", "\(identity.email) is linked to another \(oidc.settings.issuer) account; sign in with that one, or by email link")
                }
                account = found
            } else {
                account = nil
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(503, "unavailable", "sign-in is not available right now")
        }
        guard let account else { throw Refusal(403, "no_account", "no account uses \(identity.email) and this server does not open new ones") }
        return try await startSession(for: account)
    }

    /// A new session for a refresh token, which is spent.
    public func refresh(token: String) async throws(Refusal) -> Session {
        let rotation: RefreshTokens.Rotation
        do { rotation = try await users.application.refreshTokens.rotate(token) } catch {
            throw Refusal(503, "unavailable", "sign-in is not available right now")
        }
        guard case .rotated(let account, let replacement) = rotation else {
            throw Refusal(401, "invalid_token", "this refresh token is not valid; sign in again")
        }
        do {
            guard let holder = try await users.accounts.account(named: account) else {
                throw Refusal(401, "invalid_token", "this refresh token is not valid; sign in again")
            }
            return Session(account: account, accessToken: try await accessTokens.issue(for: holder),
                           expiresIn: AccessTokens.lifetime, refreshToken: replacement)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(503, "unavailable", "sign-in is not available right now")
        }
    }

    /// Ends the session of a refresh token (its whole rotation family).
    public func logout(refreshToken: String) async throws(Refusal) {
        do { try await users.application.refreshTokens.revoke(refreshToken) } catch {
            throw Refusal(503, "unavailable", "sign-out is not available right now")
        }
    }

    /// The account an address signs in to, made now when sign-up is open.
    private func account(for email: String) async throws -> String? {
        if let account = try await users.accounts.account(withEmail: email) { return account.name }
        guard allowsSignUp, AccountStore.isValidName(email) else { return nil }
        do {
            try await users.create(name: email, email: email)
        } catch is AccountStore.AccountError {
            // Made by a concurrent request in between, or the name is taken by another address.
            return try await users.accounts.account(withEmail: email)?.name
        }
        return AccountIdentity.canonical(email)
    }

    /// A new session for `account`, whose holder has just proved who they are (a link, an
    /// ID token, or a password change that ended their earlier sessions).
    public func startSession(for account: String) async throws(Refusal) -> Session {
        do {
            guard let holder = try await users.accounts.account(named: account) else {
                throw Refusal(401, "no_account", "this account no longer exists")
            }
            let session = Session(account: account, accessToken: try await accessTokens.issue(for: holder), expiresIn: AccessTokens.lifetime,
                                  refreshToken: try await users.application.refreshTokens.issue(for: account))
            if try await users.accounts.recordSignIn(name: account), let email = holder.email {
                let (subject, text) = await MailTexts.of(account, in: users.accounts).welcome(publicURL: publicURL, account: account)
                try await send(OutgoingMail(to: email, subject: subject, text: text))
            }
            return session
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(503, "unavailable", "sign-in is not available right now")
        }
    }
}
