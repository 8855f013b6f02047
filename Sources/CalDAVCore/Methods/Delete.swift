extension DAVHandler {
    /// DELETE of a calendar object (honouring If-Match) or of a whole calendar.
    func delete(_ request: DAVRequest, path: DAVPath) async throws(DAVError) -> DAVResponse {
        switch path {
        case .object(let user, let calendar, let name):
            let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
            try await storing { () async throws(StoreError) in
                try await store.deleteObject(named: name, in: CalendarReference(owner: user, name: calendar), precondition: precondition)
            }
        case .calendar(let user, let calendar):
            try await storing { () async throws(StoreError) in
                try await store.deleteCalendar(CalendarReference(owner: user, name: calendar))
            }
        default:
            throw DAVError(status: 403, condition: .needPrivileges, message: "principals and calendar homes cannot be deleted")
        }
        return DAVResponse(status: 204)
    }
}
