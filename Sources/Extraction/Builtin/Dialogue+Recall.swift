/// What the dialogue recalls of the last few messages: the days they named and what they said,
/// for a yes or a no to a day that was not read as a proposal, and for the details given
/// between a day and the invitation to it.
extension Dialogue {
    /// A day a recent message named.
    struct DayMention {
        var date: LocalDate
        var end: LocalDate?
        var fromOwner: Bool
        var message: Int
        /// The message spoke of one's own appointment, the past or an announcement.
        var ownBusiness: Bool
        var asksFact: Bool
    }

    /// The other side's day of the last three messages, when its message invited.
    func refusedMention(fromOwner: Bool) -> DayMention? {
        guard let latest = mentions.last(where: { !$0.ownBusiness && !$0.asksFact }), latest.fromOwner != fromOwner,
              messageCount - latest.message <= 3, let invitation = said(latest.message),
              invitation.has(.propose) || invitation.has(.together) || invitation.activity != nil || invitation.addressesOther else { return nil }
        return latest
    }

    /// "ينفع نخليها ٧ بدل ٥؟", "momken ba3d el 3isha?", "what if I come after Maghrib instead?":
    /// the plan's day at another time, asked; or, to an invitation still open, told as a change by
    /// the one invited ("make it 8", "خليها ١٢ ونص").
    func sameDayCounter(_ a: MessageAnalysis, dates: [(LocalDate, LocalDate?, Int)], asks: Bool, fromOwner: Bool) -> Bool {
        let invitedChanges = phase == .pending && plan?.proposerIsOwner != fromOwner && a.has(.change) && !a.has(.accept)
        guard let day = plan?.date, asks && (a.has(.propose) || a.has(.change)) || invitedChanges else { return false }
        return dates.allSatisfy { $0.0 == day } && (a.temporal.start != nil || a.temporal.prayerRelative)
    }

    /// The other side's recent day that a yes answers: the day the yes names, if they named it in
    /// the last ten messages, or, for a yes that says the speaker will be there ("tamam ana
    /// ma3ak"), the day of one of the three messages before.
    func answeredMention(_ dates: [(LocalDate, LocalDate?, Int)], fromOwner: Bool, attends: Bool) -> DayMention? {
        if let named = dates.last {
            return mentions.last { $0.date == named.0 && $0.fromOwner != fromOwner && !$0.ownBusiness && !$0.asksFact }
        }
        guard attends, let latest = mentions.last(where: { !$0.ownBusiness }), latest.fromOwner != fromOwner, messageCount - latest.message <= 5,
              !latest.asksFact else { return nil }
        return latest
    }

    /// What message `number` said, when it spoke of a plan and is recent.
    func said(_ number: Int) -> MessageAnalysis? {
        recentMessages.last { $0.message == number }?.analysis
    }

    /// Adds the details one side gave after message `number` ("الساعة ٥ العصر، ساعة ونص").
    mutating func mergeSaid(after number: Int, by owner: Bool) {
        for said in recentMessages where said.fromOwner == owner && said.message > number {
            mergeDetails(said.analysis, fromOwner: owner, times: true)
        }
    }
}
