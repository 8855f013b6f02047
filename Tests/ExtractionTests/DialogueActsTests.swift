import Testing
@testable import Extraction

/// How the built-in extractor reads what each message does to the plan: invitations without a
/// day, yeses that answer a day named earlier, refusals given as excuses, counters of the time,
/// plans put off, and replies to questions about something else. The chats are said on
/// Wednesday 2026-11-25 in Riyadh (see `chat`); lines starting "o:" are the owner's.
@Suite("Built-in extractor: what each message does to the plan")
struct DialogueActsTests {
    @Test("an invitation without a day that the other side says yes to is agreed once the day is named", arguments: [
        ["o: come with us to the food festival this weekend?", "sure!! which day?", "o: Saturday, after Maghrib"],
        ["o: لازم تجين هالويكند لحفلة التخرج", "أكيد! أي يوم؟", "o: السبت الساعة ٩ بالليل"],
    ])
    func invitationThenDay(_ lines: [String]) throws {
        let judgement = judged(lines)
        #expect(judgement.status == .agreed, "\(lines)")
        #expect(try #require(judgement.event).startDate == LocalDate(year: 2026, month: 11, day: 28))
    }

    @Test("a question whether something is so invites nobody", arguments: [
        ["the qualifier is next Tuesday after Maghrib, right?", "o: yes, against Iran"],
        ["شفت إن الماتش اتأجل ليوم الخميس؟", "o: أيوه شفت"],
        ["did you see the cinema moved the premiere to Friday at 9?", "o: yes finally"],
    ])
    func factQuestions(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    @Test("a yes to a day the other side named agrees, though no proposal was read there")
    func yesToANamedDay() throws {
        let named = judged(["we could do the dinner Thursday or Friday", "o: ok Friday at 7 then"])
        #expect(named.status == .agreed)
        #expect(try #require(named.event).startDate == LocalDate(year: 2026, month: 11, day: 27))
        #expect(named.event?.startTime == ClockTime(hour: 19, minute: 0))
        let coming = judged(["yabi 3asha el lela 3al 9", "o: tamam ana ma3ak"])
        #expect(coming.status == .agreed)
        #expect(coming.event?.startTime == ClockTime(hour: 21, minute: 0))
        // A bare "ok" to someone's news agrees to nothing.
        #expect(judged(["the exhibition opens tomorrow", "o: ok"]).status == .noEvent)
    }

    @Test("a yes or a wish, then \"but\" and one's own commitment, refuses", arguments: [
        ["Dinner tomorrow at 8?", "o: I'd love to but I have a shift tomorrow"],
        ["عشا بكرة الساعة ٨؟", "o: والله ودي بس بكرة عندي دوام"],
        ["Dinner tomorrow at 8?", "o: Ugh I'd rather not honestly"],
        ["عشا بكرة الساعة ٨؟", "o: مش هينفع خالص"],
    ])
    func excuses(_ lines: [String]) {
        #expect(judged(lines).status == .denied, "\(lines)")
    }

    @Test("a yes with a \"but\" that is no excuse still agrees")
    func butWithoutExcuse() {
        #expect(judged(["Dinner tomorrow at 8?", "o: sure, but remind me in the morning"]).status == .agreed)
    }

    @Test("another time on the same day, asked, is a counter the proposer can accept", arguments: [
        ["Dinner tomorrow at 7?", "o: can we make it 9 instead?", "sure"],
        ["عشا بكرة الساعة ٧؟", "o: ينفع نخليها ٩ بدل ٧؟", "ماشي"],
        ["Dinner tomorrow at 7?", "o: I have class till 8, momken after Isha, like 9?", "akeed"],
    ])
    func sameDayCounter(_ lines: [String]) throws {
        let judgement = judged(lines)
        #expect(judgement.status == .agreed, "\(lines)")
        #expect(try #require(judgement.event).startTime == ClockTime(hour: 21, minute: 0))
    }

    @Test("a plan put off with no day is dropped; put off until a day, it moves", arguments: [
        (["Dinner tomorrow at 8?", "o: tomorrow is hard", "ok let's park it for now"], Judgement.Status.denied),
        (["عشا بكرة الساعة ٨؟", "o: خلها بعد الامتحانات إن شاء الله"], .denied),
        (["عشا بكرة الساعة ٨؟", "o: ينفع نخليها بعد ٣ أيام الساعة ٨؟", "تمام"], .agreed),
    ])
    func putOff(_ example: ([String], Judgement.Status)) {
        #expect(judged(example.0).status == example.1, "\(example.0)")
    }

    @Test("a reply to a question about something else neither refuses nor accepts")
    func sideQuestions() {
        #expect(judged(["Dinner tomorrow at 8?", "did you see the match yesterday?", "o: no, missed it"]).status == .notConfirmed)
        let sideYes = ["o: Video call on Thursday at 10?", "by the way, do you do small orders?", "o: yes, two trays minimum", "perfect"]
        #expect(judged(sideYes).status == .notConfirmed)
    }

    @Test("\"sorry\", then one's own plans that day, refuses over two messages")
    func apologyThenExcuse() {
        let lines = ["o: party in 3 days, Saturday 10pm till 2am!", "Ahh I'm so sorry", "that's the weekend of my cousin's wedding, we're away Friday to Sunday"]
        #expect(judged(lines).status == .denied)
        // "sorry" about something else is no refusal.
        #expect(judged(["Dinner tomorrow at 8?", "o: sure", "sorry my phone is on Dubai time, 8 your time"]).status == .agreed)
    }

    @Test("after a refusal, asking for a later hour the same day counters")
    func laterTheSameDay() throws {
        let lines = ["o: الليلة خطوبة بنت خالتي عندنا، من ٧ لين ١١، تعالي من ٧", "ما أقدر قبل ٩، عندي اختبار لين ٨ ونص",
                     "أجي من ٩ لين ١١ وأساعدك بعدها؟", "o: خلاص تمام"]
        let judgement = judged(lines)
        #expect(judgement.status == .agreed)
        #expect(try #require(judgement.event).startTime == ClockTime(hour: 21, minute: 0))
    }

    @Test("a wish, then one's own plans in the next message, refuses")
    func wishThenPlans() {
        #expect(judged(["o: شو رأيك تنزل السبت تساعدنا؟", "يابا والله كان ودي", "السبت الصبح عندي تسليم مشروع"]).status == .denied)
    }

    @Test("an errand does not replace an agreed plan")
    func errands() throws {
        let judgement = judged(["Dinner tomorrow at 8?", "o: sure", "also can you grab milk tonight"])
        #expect(judgement.status == .agreed)
        #expect(try #require(judgement.event).startDate == LocalDate(year: 2026, month: 11, day: 26))
    }

    @Test("a yes that names one of the days offered agrees to that day")
    func yesNamesTheDay() throws {
        let judgement = judged(["Lunch Sunday or Monday?", "o: Monday at 1 works best"])
        #expect(judgement.status == .agreed)
        #expect(try #require(judgement.event).startDate == LocalDate(year: 2026, month: 11, day: 30))
    }

    @Test("an invitation for a day one named as one's own commitment counts")
    func delegatedPlan() throws {
        let judgement = judged(["The school play is tomorrow at 4 and I have a shift I can't swap", "could you go instead?", "o: of course"])
        #expect(judgement.status == .agreed)
        #expect(try #require(judgement.event).startTime == ClockTime(hour: 16, minute: 0))
    }

    @Test("someone else's activity at a time, a match to watch, a meeting \"at one of the cafés\" or a notice passed on is no plan", arguments: [
        ["my uncle is doing a zoom tonight at 8 for the whole family", "o: nice"],
        ["the manager would love to meet you sometime, probably at one of the cafés downtown", "o: sounds great"],
        ["el lele el match!! 8 bil masa", "o: yalla send me voice notes when they score"],
        ["*دورة مراجعة مكثفة*\nيوم الخميس من الساعة ٤ إلى ٨ مساءً\nللتسجيل: bit.ly/abc", "o: جزاك الله خير"],
        ["📢 Building families: BBQ night on Thursday at 8, everyone bring a dish", "o: 😂 nice"],
    ])
    func notPlans(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }
}

@Suite("Built-in extractor: days and hours in context")
struct TemporalContextTests {
    @Test("two days in a row joined by \"and\" are one plan over both", arguments: [
        "Camping Thursday and Friday?", "كشتة الخميس والجمعة؟",
    ])
    func consecutiveDays(_ proposal: String) throws {
        let event = try #require(judged([proposal, "o: count me in"]).event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 26))
        #expect(event.endDate == LocalDate(year: 2026, month: 11, day: 27))
    }

    @Test("a prayer beside an hour places it in its part of the day; a morning greeting does not", arguments: [
        (["Coffee tomorrow after Isha, like 9?", "o: deal"], ClockTime(hour: 21, minute: 0)),
        (["Morning! padel tonight at 7?", "o: yes"], ClockTime(hour: 19, minute: 0)),
        (["الحفلة بكرة، الساعة ٩ ونص بعد التراويح، تجي؟", "o: أكيد"], ClockTime(hour: 21, minute: 30)),
    ])
    func partOfDay(_ example: ([String], ClockTime)) throws {
        #expect(try #require(judged(example.0).event).startTime == example.1, "\(example.0)")
    }

    @Test("written Arabic hours after من and حتى, past midnight")
    func writtenArabicHours() throws {
        let event = try #require(judged(["الحفل بكرة من العاشرة والنصف مساءً حتى الواحدة بعد منتصف الليل، تجي؟", "o: أكيد"]).event)
        #expect(event.startTime == ClockTime(hour: 22, minute: 30))
        #expect(event.endTime == ClockTime(hour: 1, minute: 0))
        #expect(event.endDate == LocalDate(year: 2026, month: 11, day: 27))
        #expect(event.location == nil)
    }

    @Test("an hour after \"till\" ends the plan, it does not start it")
    func tillEnds() throws {
        let event = try #require(judged(["Sahra Thursday from 10pm?", "o: ok, but I'll stay till 2 max"]).event)
        #expect(event.startTime == ClockTime(hour: 22, minute: 0))
        #expect(event.endTime == ClockTime(hour: 2, minute: 0))
    }

    @Test("a place behind ب is read; a call or an online meeting has none")
    func places() throws {
        #expect(try #require(judged(["حفلة صغيرة بمزرعة أهلي الجمعة، تجي؟", "o: أكيد"]).event).location == "مزرعة أهلي")
        #expect(try #require(judged(["ما في داعي تجيب شي، عشا بكرة الساعة ٨؟", "o: تم"]).event).location == nil)
        #expect(try #require(judged(["Video call tomorrow at 10, I'll dial in at the Hilton?", "o: works"]).event).location == nil)
        #expect(try #require(judged(["نسوي مكالمة زوم بكرة الساعة ١٠ في المكتب؟", "o: تمام"]).event).location == nil)
    }

    @Test("Hijri days by the Umm al-Qura calendar", arguments: [
        ("عشا ١٥ رجب؟", "2026-12-24"), ("dinner on 5 Sha'ban?", "2027-01-13"), ("gym from 1 Dhul Hijjah?", "2027-05-07"),
        ("الحفل ٢٨ جمادى الآخرة ١٤٤٨؟", "2026-12-08"), ("الجمعة ١٦ رجب الساعة ٧؟", "2026-12-25"),
    ])
    func hijri(_ example: (String, String)) throws {
        let event = try #require(judged([example.0, "o: تمام"]).event, "\(example.0)")
        #expect(event.startDate.description == example.1, "\(example.0)")
    }

    @Test("a weekday written before its date names one day")
    func weekdayWithDate() throws {
        let event = try #require(judged(["وش رايك بطلعة الخميس ١٠ ديسمبر؟", "o: أبشر"]).event)
        #expect(event.startDate == LocalDate(year: 2026, month: 12, day: 10))
    }
}
