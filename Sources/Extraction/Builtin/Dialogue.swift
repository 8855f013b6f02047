import Foundation

/// The plan a conversation is about, as it stands after each message.
struct PlanDraft: Sendable {
    var date: LocalDate
    var endDate: LocalDate?
    var start: ClockMention?
    var end: ClockMention?
    var startFixed: ClockTime?
    var durationMinutes: Int?
    var prayerRelative = false
    var zone: String?
    var dayPart: DayPart?
    var activity: ActivityMention?
    var location: LocationMention?
    var locationSenderIsOwner = false
    /// The place was only asked about ("وين بالضبط؟ في قاعة؟"): the answer names it.
    var locationAsked = false
    /// Held by call or online: no place.
    var remote = false
    /// The days a question offered to choose from ("السبت ولا الأحد؟").
    var alternatives: [LocalDate] = []
    /// Proposed as a booking already made ("your appointment is confirmed for Monday"): a
    /// thanks from the other side settles it.
    var booked = false
    /// Offered to the other side (an invitation, a question, "we", "you"), not only told ("the
    /// electrician is coming tomorrow at 3"): a wish of good luck to a plan told ends it.
    var offered = true
    var proposerIsOwner: Bool
}

/// Reads the messages in order and keeps the latest proposal thread: who proposed, whether the
/// other side accepted, declined, hedged or countered, and later details or cancellations.
struct Dialogue {
    enum Phase { case none, vague, pending, agreed, denied }

    var phase: Phase = .none
    var plan: PlanDraft?
    /// An activity proposed without a day ("we should get coffee"), for a title if a day follows.
    var vagueActivity: ActivityMention?
    /// The activity the latest messages named, for a plan whose own messages name none
    /// ("بخصوص عيد ميلاد سلطان …" … "الجمعة أريح لي").
    var recentActivity: ActivityMention?
    var replyOne = false
    /// An invitation without a day yet ("come with us this weekend?"), who made it, and whether
    /// the other side said yes to it; a day named afterwards without a question is then agreed.
    var invitation: (byOwner: Bool, accepted: Bool, message: Int)?
    /// The days the latest messages named, for a yes that answers one of them without a proposal
    /// having been read ("yabi 3asha el lela 3al 9" … "tamam ana ma3ak").
    var mentions: [DayMention] = []
    /// Where the latest question about something other than the plan was asked ("شفتي الماتش؟",
    /// "did the order come in?"); the next few messages that name no plan answer it.
    var sideQuestionAt: Int?
    /// The last few messages, for details said between a day and the invitation to it.
    var recentMessages: [(message: Int, fromOwner: Bool, analysis: MessageAnalysis)] = []
    /// How many messages back ``mentions`` and ``recentMessages`` reach.
    static let memory = 10
    /// Who last said sorry without a yes, and in which message: for a refusal over two messages
    /// ("Ahh I'm so sorry" … "that's my cousin's wedding") and a plan put off in answer to it.
    var lastApology: (by: Bool, message: Int)?
    /// Who declined with only their own plans that day ("bacher el 3yal 3indhum 7afla"), and in
    /// which message: such a no is soft, and the one who said it may still offer another day or
    /// say they will see.
    var excused: (byOwner: Bool, message: Int)?
    /// Who last asked a question that proposes nothing ("في قاعة؟", "will it take long?"), and in
    /// which message.
    var detailQuestion: (by: Bool, message: Int)?
    /// Who last asked a question with a question word ("who else is coming?"), and in which message.
    var contentQuestion: (by: Bool, message: Int)?
    var messageCount = 0
    /// Who sent a location pin as the last message: the words that follow it describe the place.
    var pinBy: Bool?
    let today: LocalDate
    /// The day the message being read was sent: "tomorrow" said two days ago is gone by.
    var saidOn: LocalDate
    /// The time of day of the last message, in minutes: an hour said for today that has gone by
    /// in the morning is meant in the evening ("el naharda 7" at four in the afternoon).
    let nowMinute: Int
    let monthFirst: Bool
    /// The conversation judged as it stands at `now`; the Latin script's writer expects
    /// month-first numeric dates when `monthFirst`.
    init(now: LocalDateTime, monthFirst: Bool) {
        today = now.date
        saidOn = now.date
        nowMinute = now.hour * 60 + now.minute
        self.monthFirst = monthFirst
    }

    mutating func read(_ a: MessageAnalysis, fromOwner: Bool, isPin: Bool, on day: LocalDate? = nil) {
        defer { pinBy = isPin ? fromOwner : nil }
        saidOn = min(day ?? today, today)
        if isPin {
            if let location = a.location, phase == .pending || phase == .agreed, plan?.location?.place == nil {
                plan?.location = location
                plan?.locationSenderIsOwner = fromOwner
            }
            return
        }
        var dates = a.temporal.daysNamed.compactMap { mention -> (LocalDate, LocalDate?, Int)? in
            guard let d = mention.expr.resolve(today: saidOn, monthFirst: monthFirst), d >= today else { return nil }
            let e = mention.end?.resolve(today: saidOn, monthFirst: monthFirst).flatMap { $0 > d && $0.dayNumber - d.dayNumber < 40 ? $0 : nil }
            return (d, e, mention.at)
        }
        // "we leave in 10 days, Friday": a weekday beside another day that falls on it names that day again.
        let weekdaysAt = Set(a.temporal.daysNamed.compactMap { mention -> Int? in
            if case .weekday = mention.expr { return mention.at } else { return nil }
        })
        let named = dates
        dates.removeAll { day in
            weekdaysAt.contains(day.2) && named.contains { other in
                !weekdaysAt.contains(other.2) && other.0 != day.0 && other.0.weekdayNumber == day.0.weekdayNumber
            }
        }
        if dates.isEmpty, a.temporal.thatDay, let spoken = plan?.date ?? mentions.last?.date {
            dates = [(spoken, nil, 0)]
        }
        if dates.count == 1, dates[0].1 == nil, let extra = a.temporal.lastsDays {
            // "رحلة ٣ أيام من الخميس", "two nights from Thursday".
            dates[0].1 = dates[0].0.adding(days: extra)
        }
        let hasClock = a.temporal.start != nil
        let asks = a.hasQuestion && !a.asksFact && !(a.has(.askWhen) && !a.has(.propose))
        let proposeCue = a.has(.propose) || asks || a.has(.booked)
        let accept = (a.has(.accept) || (a.isOne && phase == .pending)) && !a.has(.hedge)
        // "مين جاي كمان؟" … "لا بس نحنا": a bare no answers the other side's question, not the plan.
        // "في قاعة؟" … "لا في بيتنا", "will it take long?" … "nah": so does a bare no to a question of
        // detail, one that proposes nothing.
        let answersQuestion = a.noIsBare && (contentQuestion.map { $0.by != fromOwner && messageCount + 1 - $0.message <= 2 } ?? false
            || detailQuestion.map { $0.by != fromOwner && messageCount + 1 - $0.message <= 2 } ?? false)
        defer { contentQuestion = a.asksQuestionWord ? (fromOwner, messageCount) : contentQuestion }
        let opening = phase == .none || phase == .vague
        defer {
            let proposes = a.has(.propose) && !a.asksWhich || dates.contains { !planCovers($0.0) } && !a.has(.ownHave)
                || opening && (a.has(.together) || !dates.isEmpty || a.temporal.start != nil)
            if a.hasQuestion { detailQuestion = proposes ? nil : (fromOwner, messageCount) }
        }
        let strongDecline = a.has(.decline) && !answersQuestion || (a.isTwo && replyOne)
        let decline = strongDecline || (a.has(.softDecline) && !a.has(.accept))
        let cancel = a.has(.cancel)
        let notAPlan = a.ownCommitment && !a.has(.together) && !(a.has(.propose) && (!a.has(.ownHave) || a.proposesApart))
            || a.addresseeCommitment && !a.has(.together) && !a.has(.propose)
            || (a.has(.announce) || a.isBroadcast) && !a.has(.together)
            || a.has(.watch) && !a.has(.together) && !(a.has(.propose) && a.hasQuestion)
            || a.has(.ownPlan) && !a.hasQuestion && !a.has(.together)
            || (a.temporal.pastDay || a.has(.past)) && !a.hasQuestion && !a.has(.propose) && dates.isEmpty
            || a.temporal.pastDay && dates.isEmpty
        // "when is the actual ceremony? Faisal said Thursday": a day asked about that names
        // neither of the two nor an invitation is a fact to confirm, not one to agree to.
        let asksWhenOfOthers = a.hasQuestion && a.has(.askWhen) && !a.has(.propose) && !a.has(.together) && !a.addressesOther
        let isProposer = plan.map { $0.proposerIsOwner == fromOwner } ?? false
        messageCount += 1
        let aboutPlan = (!dates.isEmpty || a.speaksOfPlan || a.asksToJoin) && !a.asksFact
        let bareYes = !aboutPlan && !a.hasQuestion
        let offTopic = sideQuestionAt.map { messageCount - $0 <= 3 } ?? false
        // A reply to a question about something else ("شفتي الماتش؟" … "لا ما شفتو").
        let sideReply = offTopic && !aboutPlan
        // "sorry", then one's own plans that day: a refusal over two messages.
        let apologised = a.has(.softDecline) || lastApology.map { $0.by == fromOwner && $0.message == messageCount - 1 } ?? false
        let excusedWithApology = apologised && (a.ownCommitment || a.has(.ownPlan) || a.has(.commitment) || a.has(.ownHave) && !dates.isEmpty)
            && !a.has(.accept)
        let refusesWithExcuse = excusedWithApology
            && (dates.isEmpty || dates.contains { day in plan.map { abs(day.0.dayNumber - $0.date.dayNumber) <= 1 } ?? false })
            // "بكرة صعب، عندي امتحان، بعد بكرة ينفع؟" offers another day.
            && !(a.hasQuestion && dates.contains { day in plan.map { day.0 != $0.date } ?? false })
        defer { if a.has(.softDecline) && !a.has(.accept) { lastApology = (fromOwner, messageCount) } }
        defer {
            if aboutPlan { sideQuestionAt = nil } else if a.hasQuestion || a.has(.askFact) && !a.arabicScript { sideQuestionAt = messageCount }
        }
        defer {
            for day in dates {
                mentions.append(DayMention(date: day.0, end: day.1, fromOwner: fromOwner, message: messageCount, ownBusiness: notAPlan, asksFact: a.asksFact || asksWhenOfOthers))
            }
            while let first = mentions.first, messageCount - first.message > Dialogue.memory { mentions.removeFirst() }
            // "we drive back Saturday" does not rename the kashta the chat is about.
            if !notAPlan, let activity = a.activity, recentActivity == nil || !Activities.minor.contains(activity.display) {
                recentActivity = activity
            }
            // Only messages that say something of a plan are looked back at.
            if a.speaksOfPlan { recentMessages.append((messageCount, fromOwner, a)) }
            while let first = recentMessages.first, messageCount - first.message > Dialogue.memory { recentMessages.removeFirst() }
        }

        switch phase {
        case .agreed:
            let sorryBefore = lastApology.map { $0.by != fromOwner && messageCount - $0.message <= 3 } ?? false
            if a.dropsPlan, dates.allSatisfy({ planCovers($0.0) }), !a.has(.accept), sorryBefore || a.has(.softDecline) || decline {
                // "اسمحلي والله، الشركة بترسلني الدمام" … "ولا يهمك، خلها مرة ثانية", "let's do it
                // another time, sorry": put off with no day.
                phase = .denied
                return
            }
            if refusesWithExcuse {
                phase = .denied
                return
            }
            if !isProposer, a.has(.hedge), !a.has(.accept), dates.isEmpty {
                // "إن شاء الله، بشوف ظروفي وأرد عليك" after what read as a yes.
                phase = .pending
                return
            }
            // A no that answers a question about something else ("شفتي الإيميل؟" … "لا والله! لمتى؟")
            // or picks between what a question offered ("ولا بدك نعزم سلمى؟" … "لا خليها إلنا") keeps the plan.
            let picksChoice = recentMessages.last.map { $0.fromOwner != fromOwner && messageCount - $0.message <= 2 && $0.analysis.asksWhich } ?? false
            if cancel || strongDecline && !(offTopic && dates.isEmpty) && !picksChoice && !a.has(.accept) && (dates.isEmpty || dates.contains { $0.0 == plan?.date }) && !a.ownCommitment {
                phase = .denied
                return
            }
            // A new plan replaces the agreed one only if it is a plan of its own, not an errand
            // ("also can you grab milk tonight").
            let planOfItsOwn = a.activity != nil || hasClock || a.temporal.prayerRelative || a.has(.change) || a.has(.together)
            if let newDate = dates.first(where: { $0.0 != plan?.date }), !notAPlan, proposeCue || a.has(.change), planOfItsOwn {
                propose(a, date: newDate, fromOwner: fromOwner)
                return
            }
            if sameDayCounter(a, dates: dates, asks: asks, fromOwner: fromOwner) {
                propose(a, date: (plan!.date, plan?.endDate, 0), fromOwner: fromOwner)
                return
            }
            if accept, !a.hasQuestion, dates.count == 1, let moved = dates.first, !planCovers(moved.0),
               let offered = answeredMention(dates, fromOwner: fromOwner, attends: false), messageCount - offered.message <= 3 {
                // "17 April full day, 2 courts" … "ok khalas 17 April": the day the other side just offered.
                plan?.date = moved.0
                plan?.endDate = moved.1
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            if !notAPlan { mergeDetails(a, fromOwner: fromOwner, times: true) }
        case .pending:
            // "بدي ياك تكون معي عالكول", "can you drive me?": a plan told, then offered.
            if a.has(.propose) || a.has(.together) || !isProposer && asks { plan?.offered = true }
            // "going for a run at 7 tomorrow" … "mind if I tag along?": the one asking to join
            // waits for the other's yes.
            if !isProposer, dates.allSatisfy({ planCovers($0.0) }), !a.has(.decline), a.asksToJoin {
                plan?.proposerIsOwner = fromOwner
                return
            }
            if isProposer {
                if strongDecline, !cancel, hasClock, let day = plan?.date, dates.allSatisfy({ $0.0 == day }),
                   let firstNo = a.first(.decline), (a.cues[.change] ?? []).contains(where: { $0 > firstNo }) {
                    // "٩ ما أقدر … خليها من ١٠ بالليل": the proposer moves the hour the other asked for.
                    propose(a, date: (day, plan?.endDate, 0), fromOwner: fromOwner)
                    return
                }
                // "ألا يمكن تأجيل التقرير؟" asks, it does not call the plan off.
                if cancel && !asks || strongDecline && !a.has(.accept) && !a.ownCommitment && !a.hasQuestion && !sideReply {
                    phase = .denied
                    return
                }
                if let newDate = dates.last(where: { !planCovers($0.0) }), !notAPlan {
                    propose(a, date: newDate, fromOwner: fromOwner)
                    return
                }
                if !notAPlan { mergeDetails(a, fromOwner: fromOwner, times: true) }
                return
            }
            // "the electrician is coming tomorrow at 3" … "finally! good luck": told, not offered.
            if plan?.offered == false, a.wishesWell || a.has(.thanks), !a.has(.accept), !a.has(.propose), !a.has(.decline), !a.hasQuestion,
               dates.allSatisfy({ planCovers($0.0) }) {
                phase = .none
                plan = nil
                return
            }
            // The other side answers; a bare no and what follows it answer a question of detail
            // ("ما ردت لهلق؟" … "لا لسا، أكيد بكرا بترد").
            if sideReply || answersQuestion && !a.has(.propose) { return }
            // "bacher el 3yal 3indhum 7afla w lazim a7ther", "I'm working a double on Sunday": one's
            // own plans that day, with no yes, no question and no other day, decline.
            let ownPlans = a.ownCommitment || a.ownsSomething || a.unwellOrAway || a.has(.ownPlan) && (a.location != nil || a.activity != nil)
            let excusedPlainly = ownPlans && !a.has(.accept) && !a.hasQuestion && !a.has(.propose)
                && !a.has(.hedge) && !a.has(.change) && (dates.isEmpty || dates.contains { planCovers($0.0) })
            if excusedPlainly && !refusesWithExcuse { excused = (fromOwner, messageCount) }
            if refusesWithExcuse || excusedPlainly {
                // "يابا والله كان ودي" … "والأحد الصبح عندي تسليم مشروع".
                phase = .denied
                return
            }
            if a.dropsPlan, dates.allSatisfy({ $0.0 == plan?.date }), !a.has(.accept), !a.hasQuestion, !decline && !cancel {
                // "خليها مرة ثانية إن شاء الله", "khalliha marra tanya", "خلها مرة ثانية، we'll see after
                // I'm back": put off with no day, whatever "we'll see" goes with it.
                phase = .denied
                return
            }
            if a.has(.hedge), !(strongDecline || cancel) {
                mergeDetails(a, fromOwner: fromOwner, times: false)
                return
            }
            if decline || cancel {
                let firstNo = [a.first(.decline), a.first(.softDecline), a.first(.cancel)].compactMap { $0 }.min() ?? 0
                let attending = a.cues[.attend] ?? []
                let counterCue = (a.cues[.propose] ?? []).contains { $0 > firstNo }
                    || (a.cues[.accept] ?? []).contains { $0 > firstNo && !attending.contains($0) }
                    || (a.cues[.change] ?? []).contains { $0 > firstNo } || asks
                if let newDate = dates.last(where: { $0.0 != plan?.date }), counterCue, !a.has(.putOff) || a.has(.propose) {
                    propose(a, date: newDate, fromOwner: fromOwner, keepDetails: false)
                } else if let day = plan?.date, !cancel,
                          counterCue && (asks || a.has(.change)) && (hasClock || a.temporal.prayerRelative) || (a.temporal.start?.at ?? -1) > firstNo {
                    // "ما أقدر قبل ٩ … أجي من ٩ لين ١١؟", "١١ ما يمدي، بس أقدر أبدأ ١١ ونص": the same
                    // day at another time.
                    propose(a, date: (day, plan?.endDate, 0), fromOwner: fromOwner)
                } else if a.noIsBare, !cancel, !a.has(.putOff), !a.has(.hedge), !a.hasQuestion, dates.allSatisfy({ planCovers($0.0) }),
                          (a.cues[.accept] ?? []).contains(where: { $0 > firstNo + 1 }) {
                    // "لا والله هالمرة صاحي، أكيد منحضرها": the no answers a tease, the yes the plan.
                    phase = .agreed
                    mergeDetails(a, fromOwner: fromOwner, times: true)
                } else {
                    phase = .denied
                }
                return
            }
            if a.has(.thanks), plan?.booked == true, !a.hasQuestion {
                // "Your appointment is confirmed for Monday at 11" … "thanks!".
                phase = .agreed
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            if accept, offTopic && bareYes {
                // "Yes, minimum is 2 trays" … "Perfect": a yes to the side question.
                return
            }
            if accept, a.hasQuestion, !a.has(.attend), dates.isEmpty, a.acceptIsOnlyOk {
                // "ok read the letter. So it's at the Al Ain campus?": heard, not yet agreed.
                mergeDetails(a, fromOwner: fromOwner, times: false)
                return
            }
            if accept, a.has(.askWhen), dates.isEmpty, !a.has(.attend) {
                // "ok, what time?": in, once the details are known ("إن شاء الله هحضر … إمتى؟" is in already).
                mergeDetails(a, fromOwner: fromOwner, times: false)
                return
            }
            if accept, !a.has(.attend) || a.has(.change), sameDayCounter(a, dates: dates, asks: asks, fromOwner: fromOwner) {
                // "What if you change to the evening flight? نفس اليوم … I can come straight from work".
                propose(a, date: (plan!.date, plan?.endDate, 0), fromOwner: fromOwner)
                return
            }
            if accept {
                // "ماشي بس مش الخميس، خليها الجمعة": the plan's day said with a no is not agreed to.
                let affirmed = dates.filter { !a.negatedDays.contains($0.2) }
                if let other = affirmed.last(where: { $0.0 != plan?.date }), !affirmed.contains(where: { $0.0 == plan?.date }) {
                    // "ok but Thursday instead", "بكرا لا، بس بعد بكرا أكيد": a counter-proposal.
                    if a.has(.change) || a.hasQuestion || decline {
                        propose(a, date: other, fromOwner: fromOwner, keepDetails: false)
                        return
                    }
                    // "Monday 8/11 at 8 works best": the yes names the day offered that it agrees to;
                    // another day beside it ("still on! wrapping it tonight") is about something else.
                    if plan?.alternatives.contains(other.0) == true || answeredMention([other], fromOwner: fromOwner, attends: false) != nil {
                        plan?.date = other.0
                        plan?.endDate = other.1
                    }
                }
                phase = .agreed
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            // "wait, in 10 days is the 27th?": a question that names the plan's day checks it.
            let checksDay = a.hasQuestion && !a.has(.propose) && !dates.isEmpty
                && dates.allSatisfy { planCovers($0.0) && $0.1.map(planCovers) != false }
            if let newDate = dates.last(where: { $0.0 != plan?.date }), !notAPlan, !checksDay, proposeCue || a.has(.change) || hasClock {
                propose(a, date: newDate, fromOwner: fromOwner, keepDetails: false)
                return
            }
            if sameDayCounter(a, dates: dates, asks: asks, fromOwner: fromOwner) {
                propose(a, date: (plan!.date, plan?.endDate, 0), fromOwner: fromOwner)
                return
            }
            let excuse = a.has(.ownHave) || a.has(.ownPlan) || a.ownCommitment
            if dates.count == 1, let pick = dates.first, plan?.alternatives.contains(pick.0) == true, !a.hasQuestion, !notAPlan, !excuse {
                // "السبت ولا الأحد؟" … "السبت، …": one of the days offered, picked.
                plan?.date = pick.0
                plan?.endDate = pick.1
                phase = .agreed
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            if let same = dates.first(where: { $0.0 == plan?.date }), !a.hasQuestion, !notAPlan, !excuse, same.0 == plan?.date, a.tokenCount <= 4,
               !a.negatesOrContrasts {
                // A restatement: "Saturday then."
                phase = .agreed
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            if hasClock && !a.hasQuestion && !notAPlan {
                mergeDetails(a, fromOwner: fromOwner, times: true)
            } else if !notAPlan {
                mergeDetails(a, fromOwner: fromOwner, times: false)
            }
        case .none, .vague, .denied:
            if phase == .none, a.has(.hedge) || excusedWithApology, !asks, !sideReply, !a.has(.accept) || a.has(.hedge),
               dates.allSatisfy({ day in mentions.last.map { $0.date == day.0 } ?? false }), let offered = refusedMention(fromOwner: fromOwner) {
                // "الشباب بدهم نعمل طلعة يوم ٣٠" … "بس بدي أشوف الدوام", "my aunt is doing a dinner on
                // 10/18, she said bring Sara" … "so sorry, I'll be in Philly": the answer shows the plan
                // told was an invitation.
                propose(said(offered.message) ?? a, date: (offered.date, offered.end, 0), fromOwner: offered.fromOwner)
                mergeSaid(after: offered.message, by: offered.fromOwner)
                phase = excusedWithApology ? .denied : .pending
                return
            }
            if notAPlan { return }
            if a.asksToJoin, !decline, let told = mentions.last(where: { $0.fromOwner != fromOwner && messageCount - $0.message <= 3 && !$0.asksFact }) {
                // "بروح الجيم بكرة الساعة ٨" … "ممكن أجي معك؟": one's own plan, joined if the teller says yes.
                propose(said(told.message) ?? a, date: (told.date, told.end, 0), fromOwner: fromOwner)
                return
            }
            if phase == .denied, let excused, excused.byOwner == fromOwner, messageCount - excused.message <= 4, !decline, !cancel {
                // "16/4 عندي تسليم المشروع" … "إذا بيزبط 17/4 الصبح؟": another day, offered;
                // "اليوم عندي مشوار مع الوالدة" … "إن شاء الله، بشوف ظروفي": still open.
                // "السبت أحمد عنده شغل" … "أنا مع سهرة الخميس": or named as the one that suits.
                let offersAnother = a.hasQuestion && !a.asksFact
                    || !a.has(.ownHave) && !a.ownCommitment && !a.has(.ownPlan) && !a.hasQuestion && !a.has(.accept)
                if offersAnother, let newDate = dates.last(where: { !planCovers($0.0) }) {
                    propose(a, date: newDate, fromOwner: fromOwner, keepDetails: false)
                    return
                }
                if a.has(.hedge), dates.allSatisfy({ planCovers($0.0) }) {
                    phase = .pending
                    return
                }
            }
            if phase == .denied, decline || cancel || a.has(.putOff) { return }
            if phase == .vague, let open = invitation, open.byOwner != fromOwner, messageCount - open.message <= 4,
               strongDecline || excusedWithApology, !a.has(.accept) {
                // "come down this weekend?" … "كان ودي" … "بس ما في طيارة".
                phase = .denied
                return
            }
            if phase == .denied, let day = plan?.date, asks, dates.allSatisfy({ $0.0 == day }), hasClock || a.temporal.prayerRelative {
                // "ما أقدر قبل ٩" … "أجي من ٩ لين ١١؟": the same day, later, asked.
                propose(a, date: (day, plan?.endDate, 0), fromOwner: fromOwner)
                return
            }
            // The yes opens the message (after a greeting at most), or says the speaker is coming,
            // which a question can too ("أجيب معي الشهادات؟").
            let opensWithYes = (a.first(.accept) ?? .max) <= 4 && !asks && !a.asksContent || a.has(.attend)
            if phase != .denied, strongDecline, !asks, !sideReply, !a.has(.accept), let refused = refusedMention(fromOwner: fromOwner) {
                // "لازم آية وجوزها ييجوا" … "مش هقدر المرة دي": a no to an invitation not read as one.
                propose(said(refused.message) ?? a, date: (refused.date, refused.end, 0), fromOwner: refused.fromOwner)
                phase = .denied
                return
            }
            // After a no, only a yes that says one is coming on a day named takes it back ("👌 بشوفك عندك التلاتا").
            if phase != .denied || a.has(.attend) && !dates.isEmpty, !decline, !a.has(.hedge), !a.has(.softDecline), opensWithYes,
               let answered = answeredMention(dates, fromOwner: fromOwner, attends: a.has(.attend)) {
                // A yes to a day the other side named, though no proposal was read there.
                propose(said(answered.message) ?? a, date: (answered.date, answered.end, 0), fromOwner: answered.fromOwner)
                mergeSaid(after: answered.message, by: answered.fromOwner)
                mergeDetails(a, fromOwner: fromOwner, times: true)
                phase = .agreed
                return
            }
            if let date = dates.last(where: { _ in true }), !(decline && !a.has(.propose)) {
                // After an invitation with no day, a day counts unless it is one's own, a fact asked about or a "let me see".
                let followsInvitation = (phase == .vague && vagueActivity != nil || invitation != nil && phase != .denied)
                    && !a.has(.ownHave) && !a.has(.hedge) && !a.asksFact
                // An activity at a time is a plan unless it is only being thought about, or is the
                // speaker's own and names neither the other person nor "us" ("my uncle is doing a zoom").
                let someoneElses = a.has(.ownHave) && !a.addressesOther || a.activity.map { Activities.watched.contains($0.display) } == true
                let plannedActivity = a.activity != nil && (hasClock || a.temporal.prayerRelative) && !someoneElses && !a.has(.hedge) && !a.asksFact
                let eventful = proposeCue || plannedActivity || followsInvitation || a.has(.replyOne)
                    || a.has(.together)
                if eventful {
                    // Several days offered as alternatives: the first one is the proposal.
                    let chosen = a.hasQuestion && dates.count > 1 && a.temporal.dates.first?.end == nil ? dates.first! : date
                    // One day names the answer to an invitation already accepted; several offer a choice.
                    let agreedBefore = phase != .denied && invitation?.accepted == true && !asks && dates.count == 1
                    let invited = followsInvitation ? invitation.flatMap { open in said(open.message).map { (open.byOwner, $0) } } : nil
                    propose(a, date: chosen, fromOwner: fromOwner)
                    if a.hasQuestion, dates.count > 1 { plan?.alternatives = dates.map(\.0) }
                    plan?.booked = a.has(.booked)
                    plan?.offered = proposeCue || followsInvitation || a.has(.replyOne) || a.has(.together) || a.addressesOther
                    if a.has(.cancel), !a.has(.change), !a.has(.replyOne), !a.hasQuestion {
                        // "we have to cancel your appointment tomorrow": the message calls it off.
                        phase = .denied
                        return
                    }
                    if let (byOwner, invitation) = invited {
                        // "فيك تجي تاخدني من مطار بيروت؟" … "السبت": what the invitation named, the plan keeps.
                        if plan?.location == nil, let place = invitation.location { plan?.location = place; plan?.locationSenderIsOwner = byOwner }
                        if plan?.activity == nil { plan?.activity = invitation.activity }
                    }
                    if agreedBefore { phase = .agreed }
                    return
                }
            } else if a.has(.propose), hasClock, !decline, a.activity != nil || a.hasQuestion, !a.temporal.vagueDay {
                if let recent = mentions.last(where: { !$0.ownBusiness }), messageCount - recent.message <= 4 {
                    // What the message with the day said (its place, its activity) goes with it.
                    if recent.fromOwner == fromOwner, let earlier = said(recent.message) {
                        propose(earlier, date: (recent.date, recent.end, 0), fromOwner: fromOwner)
                        mergeSaid(after: recent.message, by: fromOwner)
                        mergeDetails(a, fromOwner: fromOwner, times: true)
                    } else {
                        propose(a, date: (recent.date, recent.end, 0), fromOwner: fromOwner)
                    }
                } else {
                    propose(a, date: (today, nil, 0), fromOwner: fromOwner)
                }
                return
            } else if a.has(.propose) || a.has(.attend), !decline, !a.has(.softDecline), !a.has(.putOff), !a.has(.hedge), !a.temporal.vagueDay,
                      // "شفت الخبر؟ الحفل الجمعة ٩:٣٠" … "نسوي فيديو كول ونتابعه سوا": a day told in a question of
                      // fact, then watched together.
                      let recent = mentions.last(where: { $0.fromOwner == fromOwner && messageCount - $0.message <= 2 && (!$0.asksFact || a.has(.together)) }),
                      !recent.ownBusiness || asks || a.has(.change) {
                // The day in one message and the invitation in the next, by the same person
                // ("بكرا بدي روح عالشارقة" … "بتجي معي؟"), even when the day was their own
                // ("the conference is tomorrow and I have a shift" … "could you go instead?");
                // what they said in between ("الساعة ٩ ونص") is part of it.
                propose(said(recent.message) ?? a, date: (recent.date, recent.end, 0), fromOwner: fromOwner)
                mergeSaid(after: recent.message, by: fromOwner)
                mergeDetails(a, fromOwner: fromOwner, times: true)
                return
            }
            if phase != .denied, let open = invitation, open.byOwner != fromOwner, a.has(.accept), !a.has(.hedge), !decline {
                invitation?.accepted = true
            }
            if phase != .denied, !decline, a.has(.propose) || a.has(.together) && asks {
                if invitation == nil || invitation?.byOwner != fromOwner && invitation?.accepted == false {
                    invitation = (fromOwner, false, messageCount)
                }
            }
            if phase != .denied, a.has(.propose) || asks && a.has(.together), let activity = a.activity {
                phase = .vague
                vagueActivity = activity
            } else if phase == .none, a.has(.propose) && (!a.hasQuestion || a.has(.together) || a.temporal.vagueDay) || a.has(.putOff) {
                if a.has(.putOff) || a.has(.propose) { phase = phase == .none ? .vague : phase }
            }
        }
    }

    /// The plan takes in this day: its day, or one of its days when it runs over several.
    func planCovers(_ day: LocalDate) -> Bool {
        guard let plan else { return false }
        return day >= plan.date && day <= (plan.endDate ?? plan.date)
    }

    private mutating func propose(_ a: MessageAnalysis, date: (LocalDate, LocalDate?, Int), fromOwner: Bool, keepDetails: Bool = true) {
        let previous = plan
        var draft = PlanDraft(date: date.0, endDate: date.1, proposerIsOwner: fromOwner)
        draft.activity = a.activity ?? previous?.activity ?? vagueActivity ?? recentActivity
        draft.remote = (a.heldRemotely || previous?.remote == true) && !a.has(.together)
        if keepDetails || previous != nil {
            draft.location = previous?.location
            draft.locationSenderIsOwner = previous?.locationSenderIsOwner ?? false
        }
        if let previous, previous.date == date.0 || a.temporal.start == nil {
            // A counter-proposal of another day keeps the time unless it names one.
            if a.temporal.start == nil && !a.temporal.prayerRelative {
                draft.start = previous.start; draft.end = previous.end; draft.startFixed = previous.startFixed
                draft.durationMinutes = previous.durationMinutes; draft.prayerRelative = previous.prayerRelative
            }
            draft.dayPart = previous.dayPart
            draft.zone = previous.zone
        }
        // An hour without AM/PM in a counter-proposal takes the half of the day nearest the last one.
        if let previous, draft.startFixed == nil { draft.startFixed = previous.startFixed }
        plan = draft
        phase = .pending
        invitation = nil
        if a.has(.replyOne) { replyOne = true }
        mergeDetails(a, fromOwner: fromOwner, times: true)
        if let end = date.1 { plan?.endDate = end }
    }

    /// Adds what a message says about the plan's time, duration and place.
    mutating func mergeDetails(_ a: MessageAnalysis, fromOwner: Bool, times: Bool) {
        guard var draft = plan else { return }
        let t = a.temporal
        if times {
            // "I'll be there at 6:45", "I'll pick you up at 9:15": when one arrives, a little
            // before the start already known, is not a new start.
            let arrives = t.start.map { start in
                guard t.end == nil, a.has(.attend), !a.hasQuestion, !a.has(.change), !a.has(.propose), let known = draft.startFixed else { return false }
                let arrival = start.fixed ?? ClockTime(hour: start.hour % 12 + (known.hour >= 12 ? 12 : 0), minute: start.minute)
                return (1...45).contains(known.minuteOfDay - arrival.minuteOfDay)
            } ?? false
            if let start = t.start, !arrives {
                var start = start
                // A part of the day from another clause yields to the activity the hour comes with.
                let activityPart = a.activity.flatMap { t.startClause?.contains($0.at) != false ? $0.dayPart : nil }
                let part = t.dayPartInOtherClause ? activityPart ?? t.dayPart : t.dayPart
                let partSaid = t.dayPart != nil && !t.dayPartInOtherClause || activityPart != nil
                // "tamam el jum3a 9" after "9pm": the hour keeps the half of the day already agreed,
                // unless its own clause says another ("ونتعشى الساعة ٨" after lunch at 1).
                if start.meridiem == .unknown, start.hour <= 12, partSaid, draft.startFixed != nil {
                    var probe = draft
                    probe.start = start
                    if let resolved = resolveStart(probe, extraPart: part) { start.meridiem = resolved.hour >= 12 ? .pm : .am }
                } else if start.meridiem == .unknown, start.hour <= 12, let known = draft.startFixed {
                    let am = ClockTime(hour: start.hour == 12 ? 0 : start.hour, minute: start.minute)
                    let pm = ClockTime(hour: start.hour == 12 ? 12 : start.hour + 12, minute: start.minute)
                    // Around the clock: 11:30 is nearer 00:30 in the evening than in the morning.
                    start.meridiem = Dialogue.minutesApart(pm, known) < Dialogue.minutesApart(am, known) ? .pm : .am
                    // Small hours are said as such ("5am", "الفجر"): "how about 6?" after 12:30 is the evening.
                    if start.meridiem == .am, (1...6).contains(start.hour), known.hour >= 9 { start.meridiem = .pm }
                }
                let sameAsBefore = draft.start != nil && draft.startFixed != nil && start.fixed == draft.startFixed
                let before = (start: draft.startFixed, end: draft.end)
                if !sameAsBefore || t.end != nil {
                    draft.start = start
                    draft.startFixed = nil
                    draft.end = t.end
                    if t.end != nil { draft.durationMinutes = nil }
                    // A zone goes with the time it was said with: "8 UAE time" … "7 بتوقيتنا".
                    if !sameAsBefore { draft.zone = nil }
                }
                draft.startFixed = resolveStart(draft, extraPart: part)
                // "the reception starts 10:30 not 10", "see you there at 10": a start moved a little,
                // with no end of its own, keeps the end already said ("من ١٠ لين ٢").
                if t.end == nil, draft.end == nil, let end = before.end, let was = before.start, let now = draft.startFixed,
                   Dialogue.minutesApart(now, was) <= 120,
                   Dialogue.ends(end, within: 8 * 60, after: now) {
                    draft.end = end
                }
            } else if let end = t.end { draft.end = end }
            if let duration = t.durationMinutes, draft.end == nil { draft.durationMinutes = duration }
            if t.prayerRelative { draft.prayerRelative = true }
            if let zone = t.zone { draft.zone = zone }
            if draft.dayPart == nil, let part = t.dayPart { draft.dayPart = part }
        } else if let duration = t.durationMinutes, draft.end == nil, draft.durationMinutes == nil {
            draft.durationMinutes = duration
        }
        if draft.activity == nil, let activity = a.activity { draft.activity = activity }
        // "a video call" holds it nowhere; "we join together from one laptop" somewhere again.
        if a.heldRemotely, !a.ownCommitment { draft.remote = !a.has(.together) } else if a.has(.together) { draft.remote = false }
        if let location = a.location {
            // A place named bare replaces one already known only where the message speaks of the
            // plan or is about little else ("العيال بالمدرسة، البيت هادي" is no new venue).
            let aboutIt = !location.bare || a.speaksOfPlan || a.tokenCount <= 6 || pinBy == fromOwner
            // "صالة ١" after "مطار الملك خالد صالة ١" names part of the place already known.
            let partOfKnown = location.place.map { new in draft.location?.place.map { TextNormalizer.normalize($0).contains(TextNormalizer.normalize(new)) } ?? false } ?? false
            let answersAsked = draft.locationAsked && !a.hasQuestion && !location.guessed
            let better = draft.location == nil || answersAsked
                || (location.place != nil || draft.location?.place == nil) && aboutIt && !partOfKnown && !location.guessed
            if better {
                draft.location = location
                draft.locationAsked = a.hasQuestion && !a.has(.propose)
                draft.locationSenderIsOwner = fromOwner
            }
        }
        if let endDate = a.temporal.dates.first?.end, let resolved = endDate.resolve(today: saidOn, monthFirst: monthFirst), resolved > draft.date {
            draft.endDate = resolved
        }
        plan = draft
    }

    /// How far apart two times of day are, around the clock.
    static func minutesApart(_ a: ClockTime, _ b: ClockTime) -> Int {
        let d = abs(a.minuteOfDay - b.minuteOfDay)
        return min(d, 1440 - d)
    }

    /// Whether an end, in either half of the day when it names none, falls within `minutes`
    /// after `start`, across midnight too.
    static func ends(_ end: ClockMention, within minutes: Int, after start: ClockTime) -> Bool {
        let candidates = end.fixed.map { [$0] } ?? [ClockTime(hour: end.hour % 12, minute: end.minute), ClockTime(hour: end.hour % 12 + 12, minute: end.minute)]
        return candidates.contains { candidate in
            let ahead = (candidate.minuteOfDay - start.minuteOfDay + 1440) % 1440
            return ahead > 0 && ahead <= minutes
        }
    }

    /// The start as a 24-hour time: AM/PM from the words, then the part of the day, then the
    /// activity; with none of them, 9 to 11 are mornings and 7 and 8 evenings, as in the chats.
    func resolveStart(_ draft: PlanDraft, extraPart: DayPart? = nil) -> ClockTime? {
        guard let start = draft.start else { return nil }
        if let fixed = start.fixed { return fixed }
        let part = extraPart ?? draft.dayPart ?? draft.activity?.dayPart
        let h = start.hour
        let am = ClockTime(hour: h == 12 ? 12 : h, minute: start.minute)
        let pm = ClockTime(hour: h == 12 ? 12 : h + 12, minute: start.minute)
        switch part {
        case .evening: return h == 12 ? ClockTime(hour: 0, minute: start.minute) : pm
        case .afternoon: return h <= 7 || h == 12 ? pm : am
        case .morning: return h >= 5 && h <= 11 ? am : (h == 12 ? am : pm)
        case nil: return h >= 9 && h <= 11 ? am : pm
        }
    }

    /// The judgement the thread adds up to.
    func judgement(counterpart: String?, ownerName: String?, timeZone: String) -> Judgement {
        switch phase {
        case .none, .vague: return Judgement(status: .noEvent)
        case .pending: return Judgement(status: .notConfirmed)
        case .denied: return Judgement(status: .denied)
        case .agreed:
            guard let draft = plan else { return Judgement(status: .notConfirmed) }
            return Judgement(status: .agreed, event: event(draft, counterpart: counterpart, ownerName: ownerName, timeZone: timeZone))
        }
    }

    func event(_ draft: PlanDraft, counterpart: String?, ownerName: String?, timeZone: String) -> ExtractedEvent {
        var date = draft.date
        var start: ClockTime? = draft.startFixed ?? resolveStart(draft)
        if draft.start == nil { start = nil }
        if let s = start, draft.start?.meridiem == .unknown, draft.date == today, s.hour < 12, s.minuteOfDay < nowMinute {
            start = ClockTime(hour: s.hour + 12, minute: s.minute)
        }
        var endTime: ClockTime?
        var endDate = draft.endDate ?? date
        if let s = start {
            if let end = draft.end {
                var e: ClockTime
                if let fixed = end.fixed { e = fixed } else {
                    let a = ClockTime(hour: end.hour == 12 ? 12 : end.hour, minute: end.minute)
                    let p = ClockTime(hour: end.hour == 12 ? 0 : end.hour + 12, minute: end.minute)
                    if a > s { e = a } else if p > s && end.hour != 12 { e = p } else { e = a }
                    if end.hour == 12 && a <= s { e = ClockTime(hour: 0, minute: end.minute) }
                }
                endTime = e
            } else if let minutes = draft.durationMinutes {
                endTime = ClockTime(hour: (s.minuteOfDay + minutes) / 60 % 24, minute: (s.minuteOfDay + minutes) % 60)
            }
            if let z = draft.zone, z != timeZone, let src = TimeZone(identifier: z), let dst = TimeZone(identifier: timeZone) {
                let shift = { (d: LocalDate, c: ClockTime) -> (LocalDate, ClockTime) in
                    let instant = LocalDateTime(date: d, secondOfDay: c.minuteOfDay * 60).instant(in: src)
                    let local = LocalDateTime(instant, in: dst)
                    return (local.date, ClockTime(hour: local.hour, minute: local.minute))
                }
                let (d2, s2) = shift(date, s)
                if let e = endTime { endTime = shift(date, e).1 }
                date = d2; start = s2
                if draft.endDate == nil { endDate = d2 }
            }
            if let e = endTime, let s = start, e <= s, draft.endDate == nil { endDate = date.adding(days: 1) }
        }
        if draft.prayerRelative && draft.start == nil { start = nil; endTime = nil }
        // Over several days, an hour with no end is when one sets off, not the plan's daily hours.
        if let last = draft.endDate, last > draft.date, endTime == nil { start = nil }
        if start == nil { endTime = nil }
        let place = location(draft, counterpart: counterpart, ownerName: ownerName)
        return ExtractedEvent(title: title(draft, counterpart: counterpart, place: place), startDate: date, endDate: max(endDate, date),
                              startTime: start, endTime: endTime, location: place)
    }

    func title(_ draft: PlanDraft, counterpart: String?, place: String? = nil) -> String {
        let name = counterpart.map(Dialogue.cleanName)
        let activity = draft.activity ?? vagueActivity
        let arabic = activity?.arabic ?? place.map { $0.unicodeScalars.contains { TextNormalizer.isArabicLetter($0) } } ?? false
        let base = activity?.display ?? (arabic ? "لقاء" : "Meeting")
        var title = base
        if let name, !name.isEmpty { title += arabic ? " مع \(name)" : " with \(name)" }
        // With no activity named, where it is says what it is ("Meeting with Papa at Hatta").
        if activity == nil, let place, !place.isEmpty, place != name { title += arabic ? " في \(place)" : " at \(place)" }
        return title
    }

    func location(_ draft: PlanDraft, counterpart: String?, ownerName: String?) -> String? {
        guard !draft.remote else { return nil }
        // A business the chat is with is where what is booked with it happens, unless the chat
        // names a place of its own: more than a bare "ملعب".
        let business = counterpart.flatMap(Places.venue(named:))
        guard let location = draft.location else { return business }
        if let place = location.place {
            let generic = location.bare && !location.guessed && !place.contains(" ")
            return generic ? business ?? place : place
        }
        guard let host = location.home else { return nil }
        let hostName: String?
        switch host {
        case .sender: hostName = draft.locationSenderIsOwner ? ownerName : counterpart
        case .recipient: hostName = draft.locationSenderIsOwner ? counterpart : ownerName
        case .named(let name): hostName = name
        }
        let name = hostName.map(Dialogue.cleanName) ?? ""
        if location.arabic { return name.isEmpty ? "البيت" : "بيت \(name)" }
        return name.isEmpty ? "Home" : "\(name)'s home (place)"
    }

    /// "Fiona (book club)" → "Fiona".
    static func cleanName(_ name: String) -> String {
        var result = name
        if let paren = result.firstIndex(of: "(") { result = String(result[..<paren]) }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
