import WebDAV

/// What every ``CollectionShareStore`` must do, as named checks over a fresh store in which
/// the accounts `amal`, `karim` and `lina` exist: each returns what it found wrong.
package enum ShareStoreConformance {
    package static func share(_ owner: String = "amal", _ collection: String = "calendar", with sharee: String,
                              tree: String = "calendars", status: ShareStatus = .pending, mount: String? = nil) -> CollectionShare {
        CollectionShare(tree: tree, owner: owner, collection: collection, sharee: sharee, access: .read, status: status, mount: mount,
                        invitation: "\(owner)-\(collection)-\(sharee)", summary: "Family", displayName: "Theirs", color: "#00FF00",
                        order: 3, changedAt: 1_800_000_000)
    }

    package static let checks: [ConformanceChecks.Check<any CollectionShareStore>] = [
        ("a saved share is read back whole by its owner and its sharee", { store in
            var problems: [String] = []
            let saved = share(with: "karim")
            try await store.saveShare(saved)
            if try await store.shares(involving: "amal", in: "calendars").all != [saved] { problems.append("the owner does not read it back") }
            if try await store.shares(involving: "karim", in: "calendars").received != [saved] { problems.append("the sharee does not read it back") }
            if try await !store.shares(involving: "lina", in: "calendars").all.isEmpty { problems.append("someone else reads it") }
            if try await !store.shares(involving: "karim", in: "addressbooks").all.isEmpty { problems.append("another tree holds it") }
            return problems
        }),
        ("saving again replaces the share with the same key", { store in
            try await store.saveShare(share(with: "karim"))
            var accepted = share(with: "karim", status: .accepted, mount: "calendar-amal")
            accepted.access = .readWrite
            accepted.inviteSeen = true
            accepted.answerSeen = false
            accepted.order = nil
            try await store.saveShare(accepted)
            let read = try await store.shares(involving: "karim", in: "calendars").all
            return read == [accepted] ? [] : ["read \(read), not the replacement"]
        }),
        ("a sharee's home holds one share per name", { store in
            try await store.saveShare(share(with: "karim", status: .accepted, mount: "shared"))
            do {
                try await store.saveShare(share("lina", "work", with: "karim", status: .accepted, mount: "shared"))
                return ["a second share took the name"]
            } catch let error as StoreError where error.code == .alreadyExists {
                // Another tree, or another sharee, may use the name.
                try await store.saveShare(share("lina", "work", with: "amal", status: .accepted, mount: "shared"))
                try await store.saveShare(share("lina", "book", with: "karim", tree: "addressbooks", status: .accepted, mount: "shared"))
                return []
            }
        }),
        ("removing takes out one share, a collection's, or a person's", { store in
            for sharee in ["karim", "lina"] { try await store.saveShare(share(with: sharee)) }
            try await store.saveShare(share("amal", "work", with: "karim"))
            try await store.saveShare(share("lina", "work", with: "karim"))
            var problems: [String] = []
            try await store.removeShare(in: "calendars", owner: "amal", collection: "calendar", sharee: "lina")
            if try await store.shares(involving: "lina", in: "calendars").all.contains(where: { $0.owner == "amal" }) { problems.append("removeShare left it") }
            try await store.removeShares(in: "calendars", owner: "amal", collection: "calendar")
            if try await store.shares(involving: "amal", in: "calendars").all.map(\.collection) != ["work"] { problems.append("removeShares(collection) missed or overreached") }
            try await store.removeShares(involving: "karim")
            if try await !store.shares(involving: "karim", in: "calendars").all.isEmpty { problems.append("removeShares(involving:) left some") }
            return problems
        }),
    ]

    /// Runs every check, each on a store from `makeStore`.
    package static func run(_ makeStore: @escaping @Sendable () async throws -> any CollectionShareStore) async -> [String] {
        await ConformanceChecks.run(checks, makeStore: makeStore)
    }
}
