import Testing
@testable import Extraction

/// Turns of a conversation the built-in extractor reads as one plan: a day picked from the ones a
/// question offered, a later hour stated after a no, a time said again for where the two of them
/// are, the day of the return, and words that only look like a yes, a no or a hedge. Said on
/// Wednesday 2026-11-25 in Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: turns that make one plan")
struct ConversationTurnsTests {
    @Test("a day picked from the ones a question offered agrees on that day")
    func pickedDay() throws {
        let judgement = judged([
            "فيك تجي تاخدني من المطار؟", "o: ع راسي، أي يوم بالزبط؟ السبت ولا الأحد؟",
            "السبت، الطيارة بتوصل بعد العصر، مكتوب 4:40 عالبطاقة",
        ])
        #expect(judgement.status == .agreed)
        let event = try #require(judgement.event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 28))
        // The place the invitation named stays with the plan.
        #expect(event.location == "المطار")
    }

    @Test("a no with a later hour after it counters on the same day", arguments: [
        ["o: ودي أحجز الليلة، حلاقة لأربعة", "أقرب وقت عندي ١٢ ونص بالليل", "o: ما يمديك ١١؟",
         "١١ ما يمدي والله، بس أقدر أبدأ معكم ١١ ونص ونخلص على ١ ونص", "o: خلاص تم، ١١ ونص الليلة"],
    ])
    func statedCounter(_ lines: [String]) throws {
        let judgement = judged(lines)
        #expect(judgement.status == .agreed)
        let event = try #require(judgement.event)
        #expect(event.startTime == ClockTime(hour: 23, minute: 30))
        #expect(event.endTime == ClockTime(hour: 1, minute: 30))
        #expect(event.endDate == LocalDate(year: 2026, month: 11, day: 26))
        // "عندي" before an hour is no home.
        #expect(event.location == nil)
    }

    @Test("the one invited telling another hour counters, and the inviter's yes agrees to it", arguments: [
        (["o: dinner tomorrow at 7?", "make it 8", "o: sure"], "20:00"),
        (["o: سهرة بكرة الساعة ١١؟", "خليها ١٢ ونص بالليل", "o: تمام"], "00:30"),
        (["o: 3asha bokra el sa3a 7?", "khalliha el sa3a 8", "o: tamam"], "20:00"),
    ])
    func toldCounter(_ row: ([String], String)) throws {
        let judgement = judged(row.0)
        #expect(judgement.status == .agreed, "\(row.0)")
        #expect(judgement.event?.startTime?.description == row.1, "\(row.0)")
    }

    @Test("another day beside a yes counters when a no, a change or a question goes with it, and is something else when not", arguments: [
        (["o: نروح السينما الخميس؟", "ماشي بس مش الخميس، خليها الجمعة بعد الصلاة"], Judgement.Status.notConfirmed, nil as String?),
        (["o: نروح نشتري هدوم العيد بكرة؟", "بكرة صعب خالص عندي امتحان، بعد بكرة ينفع؟"], .notConfirmed, nil),
        (["o: meeting friday?", "friday is tough. saturday better"], .notConfirmed, nil),
        (["o: the visit is on the 28th, coming?", "still on for me 🙌 wrapping the gift tonight"], .agreed, "2026-11-28"),
    ])
    func dayBesideYes(_ row: ([String], Judgement.Status, String?)) {
        let judgement = judged(row.0)
        #expect(judgement.status == row.1, "\(row.0)")
        #expect(judgement.event?.startDate.description == row.2, "\(row.0)")
    }

    @Test("an invitation beside one's own commitment in another clause still invites", arguments: [
        ["نتعشى بكرة الساعة ٨؟ الصبح عندي دوام", "o: تمام"],
        ["dinner tomorrow at 8? I have work in the morning", "o: sure"],
    ])
    func invitationBesideCommitment(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
        // In one clause, the commitment is the speaker's own plan.
        #expect(judged(["بكرة عندي دوام الساعة ٨", "o: تمام"]).status == .noEvent)
    }

    @Test("a time said again for where the two of them are is the one meant", arguments: [
        ("الكلاس الجمعة الساعة ١ الظهر بتوقيتهم يعني ٤ العصر عندنا، نحضره سوا؟", 16, nil),
        ("Online camp Friday, 6 to 7am UK time, which is 9 to 10am for us. join?", 9, 10),
        ("Call Friday at 12, that's 8 PM her time in Amman, join us?", 12, nil),
    ] as [(String, Int, Int?)])
    func restatedTime(_ example: (String, Int, Int?)) throws {
        let event = try #require(judged([example.0, "o: ok"]).event, "\(example.0)")
        #expect(event.startTime == ClockTime(hour: example.1, minute: 0), "\(example.0)")
        #expect(event.endTime == example.2.map { ClockTime(hour: $0, minute: 0) }, "\(example.0)")
    }

    @Test("the day of the return ends a trip, and the hour of setting off is no daily hour")
    func returnDay() throws {
        let event = try #require(judged(["Kashta Friday 27 Nov, w nirja3 el sabt 28? we meet at 2:30", "o: abshir"]).event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 27))
        #expect(event.endDate == LocalDate(year: 2026, month: 11, day: 28))
        #expect(event.startTime == nil)
    }

    @Test("words that only look like a yes, a no or a hedge", arguments: [
        // A held letter is the word; "why don't we" proposes.
        (["o: ليش ما نحضره سوا عندي في البيت الجمعة؟", "تماااام"], Judgement.Status.agreed),
        (["o: padel Thursday?", "yessss"], .agreed),
        // "ya mama" is a call, "nshoof film" is watching.
        (["Karim, nro7 el cinema ba3d bokra?", "o: ya mama ba3d bokra el za7ma, ta3ali 3andi el sabt w nshoof film", "mashi"], .agreed),
        // "وبعدين" is "and then", not "later".
        (["o: الجمعة نطبخ سوا وبعدين نفطر؟", "أكيد"], .agreed),
        // "fully booked" is a venue's day, "I'm booked" the speaker's; neither is a yes.
        (["o: court for Friday 6pm?", "Friday is fully booked sorry, Saturday 6pm is free"], .notConfirmed),
        (["o: dinner at ours Saturday?", "I'm booked that whole weekend"], .denied),
        // "وانا" is "and I"; "وانا كمان" is "me too".
        (["o: نتعشى سوا الخميس؟", "وانا وش دخلني 😂 اسأل أخوك"], .notConfirmed),
        (["o: مين يبي يجي معي البر الجمعة؟", "وانا كمان"], .agreed),
        // "absolutely knackered" is an adverb, "I'm in Denver" a place, "I can't talk now" no refusal.
        (["o: dinner thursday?", "I'm absolutely knackered this week, gonna have to give it a miss"], .denied),
        (["o: party on the 30th?", "aw I wish, I'm in Denver that whole weekend"], .denied),
        (["o: lunch thursday?", "yes! I'm in", "o: great", "I can't talk now, I'm in the office"], .agreed),
        // A restatement is short: "thursday then" agrees, a sentence about the day does not.
        (["o: dinner thursday?", "thursday then"], .agreed),
        (["o: dinner thursday?", "thursday is a nightmare for me, swamped"], .notConfirmed),
        // The plan's day said again with a no is no restatement ("يظبط" as "يزبط").
        (["o: غدا الأحد؟", "الأحد بكون عند أهلي بالجنوب، ما بيظبط معي"], .denied),
    ])
    func lookalikes(_ example: ([String], Judgement.Status)) {
        #expect(judged(example.0).status == example.1, "\(example.0)")
    }

    @Test("a yes with the article is an adjective: \"الموافق\" beside a date names the date", arguments: [
        "الحفل يوم الخميس الموافق ١٠/١٢ الساعة ٦", "الأحد الموافق ٥ رجب",
    ])
    func articleIsNoYes(_ text: String) {
        #expect(!MessageAnalysis(text: text).has(.accept))
        #expect(MessageAnalysis(text: "موافق، نشوفك هناك").has(.accept))
    }

    @Test("a surprised no to a question about something else keeps the plan")
    func surprisedNo() {
        let lines = ["o: lunch Friday at 1?", "sure", "did you see the email? the exam moved", "o: لا والله! لمتى؟"]
        #expect(judged(lines).status == .agreed)
    }

    @Test("a question naming the plan's own days checks them, and the proposer's yes to it agrees to nothing")
    func checkingQuestion() {
        let lines = ["road trip in 9 days, Friday, back Sunday night?", "o: wait in 9 days is the 4th? I need to check if my review moved to that friday", "yep Fri 4th to Sun 6th"]
        #expect(judged(lines).status == .notConfirmed)
        // A day inside the plan other than its first, asked about, is checked too.
        #expect(judged(["road trip Friday 4th to Sunday 6th?", "o: wait so Saturday the 5th as well? the whole weekend?", "yep all three days"]).status == .notConfirmed)
        // A question naming another day still counters it.
        expectEnds(["road trip in 9 days, Friday, back Sunday night?", "o: can we do the 11th instead?", "yep the 11th works"], .agreed, startingWith: "2026-12-11")
    }

    @Test("a weekday beside another day that falls on it is that day: \"in 9 days, Friday\"")
    func weekdayInApposition() {
        expectEnds(["dinner in 9 days, Friday?", "o: sure"], .agreed, startingWith: "2026-12-04")
        expectEnds(["عشا بعد ٩ أيام، الجمعة؟", "o: تمام"], .agreed, startingWith: "2026-12-04")
    }

    @Test("a date of the last two months is past, not next year's")
    func recentPastDate() {
        // Asked as a proposal, so only the date being past keeps it from one.
        #expect(judged(["Coffee on 20 October?", "o: sure"]).status == .noEvent)
    }

    /// Cancellations after a yes and counter-proposals with their answers, in English, Gulf,
    /// Egyptian and Levantine Arabic and Arabizi; the detail is the start ("2026-11-27 21:00").
    static let flows: [([String], Judgement.Status, String?)] = [
        (["dinner tomorrow at 8?", "o: sure", "something came up, can we cancel?", "o: no worries"], .denied, nil),
        (["dinner tomorrow at 8?", "o: sure", "o: so sorry, I have to cancel tomorrow, work emergency"], .denied, nil),
        (["dinner tomorrow at 8?", "o: sure", "o: can we rain check?"], .denied, nil),
        (["dinner tomorrow at 8?", "o: sure", "o: let's do it another time, sorry"], .denied, nil),
        (["dinner tomorrow at 8?", "o: sure", "o: I can't make it anymore 😞"], .denied, nil),
        (["dinner tomorrow at 8?", "o: sure", "hey I need to bail on tomorrow, sorry"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: تم", "o: اعذرني ما راح اقدر بكرة، طلع لي شغل"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: تم", "نلغيها؟ صار عندي ظرف", "o: ولا يهمك"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: تم", "للأسف لازم نأجل، بنتفاهم على يوم ثاني"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: تمام", "معلش يا جماعة هنلغي بكرة"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: تمام", "آسف ما رح اقدر اجي بكرة، خلينا نأجلها"], .denied, nil),
        (["3asha bokra 8?", "o: tamam", "sorry lazim nlghiha, 3andi zarf"], .denied, nil),
        (["3asha bokra 8?", "o: tamam", "o: ma ra7 a2dar bokra, sorry"], .denied, nil),
        (["dinner tomorrow at 8?", "o: tomorrow's bad, friday?", "friday works"], .agreed, "2026-11-27"),
        (["dinner tomorrow at 8?", "o: can we do 9 instead?", "sure 9 works"], .agreed, "2026-11-26 21:00"),
        (["dinner tomorrow at 8?", "o: how about saturday at 7?", "perfect"], .agreed, "2026-11-28 19:00"),
        (["dinner tomorrow at 8?", "o: how about saturday at 7?", "hmm let me check"], .notConfirmed, nil),
        (["dinner tomorrow at 8?", "o: how about saturday at 7?", "can't saturday either"], .denied, nil),
        (["عشا بكرة الساعة ٨؟", "o: بكرة صعب، وش رايك السبت؟", "تمام السبت"], .agreed, "2026-11-28"),
        (["عشا بكرة الساعة ٨؟", "o: بكرة ما اقدر، الجمعة؟", "تم الجمعة"], .agreed, "2026-11-27"),
        (["عشا بكرة الساعة ٨؟", "o: ممكن نخليها ٩؟", "ماشي ٩"], .agreed, "2026-11-26 21:00"),
        (["عشا بكرة الساعة ٨؟", "o: ممكن نخليها السبت بدال بكرة؟", "أوكي السبت"], .agreed, "2026-11-28"),
        (["عشا بكرة الساعة ٨؟", "o: ممكن نخليها السبت؟"], .notConfirmed, nil),
        (["3asha bokra 8?", "o: bokra sa3b, el sabt?", "tamam el sabt"], .agreed, "2026-11-28"),
        (["3asha bokra 8?", "o: mumkin 9 badal 8?", "mashi 9"], .agreed, "2026-11-26 21:00"),
    ]

    @Test("cancellations and counters end as they say", arguments: flows)
    func flow(_ row: ([String], Judgement.Status, String?)) {
        expectEnds(row.0, row.1, startingWith: row.2)
    }

    @Test("a day told in a question of fact, then watched together, is the plan's")
    func toldThenTogether() {
        let lines = ["شفت الخبر؟ الحفل بينقل لايف يوم الجمعة الساعة ٩:٣٠ مساءً 🎶", "نسوي فيديو كول ونتابعه سوا؟", "o: يا سلام، أرسل لي رابط المكالمة قبلها بشوي"]
        expectEnds(lines, .agreed, startingWith: "2026-11-27 21:30")
    }

    @Test("asking to join a plan told waits for the other's yes", arguments: [
        ["going for a run at 7 tomorrow morning", "o: mind if I tag along?", "sure"],
        ["بروح الجيم بكرة الساعة ٨", "o: ممكن أجي معك؟", "أكيد، تعال"],
        ["ana nazel el gym bokra 8", "o: momken agy m3ak?", "yalla, akeed"],
    ])
    func asksToJoin(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }
}
