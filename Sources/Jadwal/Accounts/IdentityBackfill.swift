import Foundation

/// Gives accounts made before names were compared by key their keys and their stable ids.
///
/// Rows are taken oldest first, so the account that had a name first keeps it. A row
/// whose name is not in NFC, or whose name or address collides with an older row's after
/// normalization, gets no key: nothing is merged or renamed, and
/// ``AccountStore/identityProblems()`` reports it for an administrator to settle.
enum IdentityBackfill {
    struct Row {
        let name: String
        let email: String?
    }

    struct Update {
        let name: String
        let nameKey: String?
        let emailKey: String?
        let id: String
    }

    /// The keys and ids for `rows`, given in order of creation, when `taken` keys exist already.
    static func plan(_ rows: [Row], takenNames: Set<String> = [], takenEmails: Set<String> = []) -> [Update] {
        var names = takenNames
        var emails = takenEmails
        return rows.map { row in
            var nameKey: String?
            if row.name.utf8.elementsEqual(AccountIdentity.canonical(row.name).utf8) {
                let key = AccountIdentity.key(row.name)
                if names.insert(key).inserted { nameKey = key }
            }
            var emailKey: String?
            if let email = row.email {
                let key = AccountIdentity.key(email)
                if emails.insert(key).inserted { emailKey = key }
            }
            return Update(name: row.name, nameKey: nameKey, emailKey: emailKey, id: AccountIdentity.newID())
        }
    }
}

extension AccountIdentity {
    /// A new account id: random, so never one an earlier account had.
    static func newID() -> String {
        UUID().uuidString.lowercased()
    }
}
