import WebDAV

extension CalDAVAdapter {
    /// DELETE of a calendar object (honouring If-Match) or of a whole calendar.
    func delete(_ request: DAVRequest, target: DAVTarget) async throws(DAVError) -> DAVResponse {
        switch (target.kind, target.path) {
        case (.object(let collection, _), .object(_, _, let name)), (.unreadObject(let collection), .object(_, _, let name)):
            let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
            try await storing { () async throws(StoreError) in
                try await store.deleteObject(named: name, in: collection.reference, precondition: precondition)
            }
        case (.calendar(let collection), _):
            try await storing { () async throws(StoreError) in try await store.deleteCalendar(collection.reference) }
        case (.missing, _):
            throw DAVError.notFound("nothing at \(target.path.href)")
        default:
            throw DAVError(status: 403, condition: .needPrivileges, message: "principals and calendar homes cannot be deleted")
        }
        return DAVResponse(status: 204)
    }
}
