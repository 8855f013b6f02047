import Foundation

extension DAVServer {
    /// At most this many delegates in one group.
    static let maxDelegates = 100

    /// PROPPATCH of one's own proxy group (caldav-proxy §5.3): `DAV:group-member-set` set
    /// to the principals who may act in one's calendars with the group's access, or removed
    /// to leave nobody. A delegate named in the other group moves to this one. Every
    /// member is checked before anything changes; nothing else about a group can be set.
    func updateGroup(_ update: PropertyUpdate, of owner: String, access: ShareAccess, delegation: Delegation,
                     in context: DAVContext) async throws(DAVError) -> DAVResponse {
        var wanted: [String]?
        var results: [(DAVXML.Name, Int)] = []
        var failed = false
        for instruction in update.instructions {
            guard instruction.property.name == .dav("group-member-set") else {
                results.append((instruction.property.name, 403))
                failed = true
                continue
            }
            guard instruction.isSet else {
                wanted = []
                results.append((instruction.property.name, 200))
                continue
            }
            var members: [String] = []
            for href in instruction.property.elements where href.name == .dav("href") {
                let path = PathSegments.pathOfHref(href.text.trimmingSpaces)
                guard case .principal(let member)? = ServerPath(path), !context.owns(member), await delegation.accountExists(member) else {
                    members = []
                    failed = true
                    break
                }
                if !members.contains(where: { $0.utf8.elementsEqual(member.utf8) }) { members.append(member) }
            }
            if failed || members.count > Self.maxDelegates {
                failed = true
                results.append((instruction.property.name, 409))
            } else {
                wanted = members
                results.append((instruction.property.name, 200))
            }
        }
        if failed {
            results = results.map { ($0.0, $0.1 == 200 ? 424 : $0.1) }
        } else if let wanted {
            try await replaceDelegates(of: owner, access: access, with: wanted, delegation: delegation, now: context.now)
        }
        return PropertyUpdate.answer(href: ServerPath.proxyGroup(user: owner, access: access).href, results: results, context: context)
    }

    /// Makes `members` the delegates of `owner` with `access`.
    private func replaceDelegates(of owner: String, access: ShareAccess, with members: [String], delegation: Delegation,
                                  now: Int) async throws(DAVError) {
        do {
            let current = try await delegation.shares.shares(involving: owner, in: Delegation.tree).given
            for share in current where share.access == access && !members.contains(where: share.isFor) {
                try await delegation.shares.removeShare(in: Delegation.tree, owner: owner, collection: Delegation.home, sharee: share.sharee)
            }
            for member in members where !current.contains(where: { $0.isFor(member) && $0.access == access }) {
                try await delegation.shares.saveShare(Delegation.share(of: owner, to: member, access: access,
                                                                       invitation: UUID().uuidString.lowercased(), now: now))
            }
        } catch {
            var failure = DAVError(status: 503, message: "the delegates could not be changed; try again")
            failure.cause = error
            throw failure
        }
    }
}
