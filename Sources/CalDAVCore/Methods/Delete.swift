import WebDAV

extension CalDAVAdapter {
    /// DELETE of a calendar object (honouring If-Match) or of a whole calendar.
    /// Deleting a scheduling object cancels it for the attendees, or declines it for the
    /// organizer (RFC 6638 §3.2.1.3, §3.2.2.3); deleting a calendar does so for each
    /// scheduling object in it (§3.2.3.2).
    func delete(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch (target.kind, target.path) {
        case (.object(let collection, let existing), .object(_, _, let name)):
            let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
            try checkScheduleTag(request, existing: existing)
            let scheduler = await schedulingContext(for: collection, context)
            let plan = try await planScheduling(nil, data: nil, replacing: existing, in: collection, context: scheduler)
            try await storing { () async throws(StoreError) in
                try await store.deleteObject(named: name, in: collection.reference, precondition: precondition)
            }
            await carryOut(plan, context: scheduler)
            await attribute(.deleted, of: name, in: collection, context: context)
        case (.unreadObject(let collection), .object(_, _, let name)):
            let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
            try await storing { () async throws(StoreError) in
                try await store.deleteObject(named: name, in: collection.reference, precondition: precondition)
            }
            await attribute(.deleted, of: name, in: collection, context: context)
        case (.calendar(let collection), _) where collection.isScheduleInbox:
            throw DAVError(.needPrivileges, "the scheduling inbox cannot be deleted; delete the messages in it")
        case (.calendar(let collection), _):
            var plans: [SchedulingPlan] = []
            // Leaving a calendar shared with one cancels nothing.
            if scheduling != nil, !collection.isReadOnly, collection.receivedShare == nil {
                let objects = try await storing { () async throws(StoreError) in try await store.objects(in: collection.reference) }
                for object in objects where ScheduleTag.mayApply(to: object.data) {
                    plans.append(try await planScheduling(nil, data: nil, replacing: object, in: collection, context: context))
                }
            }
            try await storing { () async throws(StoreError) in
                try await store.deleteCalendar(collection.reference)
                if collection.receivedShare == nil { try await replaceDefaultCalendar(collection) }
            }
            for plan in plans { await carryOut(plan, context: context) }
        case (.notification(let user, let notification), _):
            try await dismiss(notification, of: user)
        case (.notifications, _):
            throw DAVError(.needPrivileges, "the notification collection cannot be deleted; delete the notifications in it")
        case (.missing, _):
            throw DAVError.notFound("nothing at \(target.path.href)")
        default:
            throw DAVError(status: 403, condition: .needPrivileges, message: "principals and calendar homes cannot be deleted")
        }
        return DAVResponse(status: 204)
    }
}
