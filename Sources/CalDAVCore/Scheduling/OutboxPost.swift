import ICalendar
import ITIP
import WebDAV

extension CalDAVAdapter {
    /// POST of a free-busy request to the user's outbox (RFC 6638 §5): a VFREEBUSY with
    /// METHOD:REQUEST, the user as ORGANIZER and the people asked about as ATTENDEEs. Each
    /// account here is answered from its calendars (computed ones, such as prayer times,
    /// included); anyone else gets a status saying they cannot be asked. Only busy time is
    /// told, never what fills it.
    func postToOutbox(_ request: DAVRequest, user: String, context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard context.owns(user) else { throw DAVError.notFound() }
        if let type = request.header("content-type"), !type.lowercased().hasPrefix("text/calendar") {
            throw DAVError(.supportedCalendarData, "the outbox takes text/calendar, not \(type)")
        }
        guard request.body.count <= configuration.maxResourceSize else {
            throw DAVError(.maxResourceSize, "the request is \(request.body.count) bytes; the limit is \(configuration.maxResourceSize)")
        }
        let calendar: Component
        do {
            calendar = try ICalendarParser().parseCalendar(request.body)
        } catch {
            throw DAVError(.validCalendarData, "the body is not iCalendar: \(error)")
        }
        guard ITIPMessage.method(of: calendar) == .request, let query = calendar.components(named: ComponentName.freeBusy).first,
              calendar.components.filter({ ComponentName.schedulable.contains($0.name) }).isEmpty else {
            throw DAVError(.validSchedulingMessage, "the outbox takes free-busy requests (a VFREEBUSY with METHOD:REQUEST); invitations are sent by storing the event")
        }
        guard calendar.components(named: ComponentName.freeBusy).count == 1 else {
            throw DAVError(.validCalendarData, "a free-busy request holds one VFREEBUSY (RFC 5546 §3.3.2)")
        }
        guard let organizer = query[SchedulingProperty.organizer].map({ CalendarUserAddress($0.value) }),
              CalendarScheduling.isOwn(organizer, in: context) else {
            throw DAVError(.organizerAllowed, "the ORGANIZER of a free-busy request must be one of your own addresses")
        }
        let attendees = query.properties(named: SchedulingProperty.attendee)
        guard !attendees.isEmpty else { throw DAVError(.recipientSpecified, "name the people to ask about as ATTENDEE") }
        let expander = RecurrenceExpander(calendar: calendar)
        guard let start = try? query[PropertyName.dateTimeStart]?.dateTimeValue(), let end = try? query[PropertyName.dateTimeEnd]?.dateTimeValue(),
              expander.instant(of: end) > expander.instant(of: start) else {
            throw DAVError(.validSchedulingMessage, "a free-busy request needs DTSTART and a later DTEND")
        }
        let (from, to) = (expander.instant(of: start), expander.instant(of: end))
        guard attendees.count <= 100, to - from <= 366 * 86_400 else {
            throw DAVError(.validSchedulingMessage, "ask about at most 100 people over at most a year at once")
        }
        var writer = XMLWriter()
        writer.start(.calDAV("schedule-response"), declaringNamespaces: true)
        for attendee in attendees {
            let address = CalendarUserAddress(attendee.value)
            writer.start(.calDAV("response"))
            writer.start(.calDAV("recipient"))
            writer.element(.dav("href"), text: address.value)
            writer.end()
            switch await scheduling?.route(address) {
            case .local(let recipient)?:
                let periods = try await storing { () async throws(StoreError) in try await busyPeriods(of: recipient, from: from, to: to) }
                var reply = FreeBusyCalculator.calendar(periods: FreeBusyCalculator.merge(periods, from: from, to: to), from: from, to: to, stamp: context.now)
                reply.properties.append(Property(name: PropertyName.method, value: ITIPMethod.reply.rawValue))
                for name in [PropertyName.uid, SchedulingProperty.organizer] {
                    if let property = query[name] { reply.components[0].properties.append(property) }
                }
                reply.components[0].properties.append(Property(name: SchedulingProperty.attendee, value: address.value))
                writer.element(.calDAV("request-status"), text: ScheduleStatus.delivered.requestStatus)
                writer.element(.calDAV("calendar-data"), utf8Text: ICalendarSerializer().serialize(reply))
            case .external?:
                writer.element(.calDAV("request-status"), text: ScheduleStatus.noScheduling.requestStatus)
            case .unknown?, nil:
                writer.element(.calDAV("request-status"), text: ScheduleStatus.invalidUser.requestStatus)
            }
            writer.end()
        }
        writer.end()
        return DAVResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
    }

    /// The busy periods of every calendar of `user` that holds events and that they have not
    /// marked transparent (RFC 6638 §9.1), over [from, to).
    private func busyPeriods(of user: String, from: Int, to: Int) async throws(StoreError) -> [FreeBusyCalculator.Period] {
        var periods: [FreeBusyCalculator.Period] = []
        // Calendars shared with the user are the owner's time, not theirs (caldav-sharing §5.5.5).
        for collection in try await store.calendars(of: user)
        where !collection.isScheduleInbox && !collection.isScheduleTransparent && collection.receivedShare == nil
            && collection.supportedComponents.contains(ComponentName.event) {
            periods += try await busyPeriods(in: collection, from: from, to: to)
        }
        return periods
    }
}
