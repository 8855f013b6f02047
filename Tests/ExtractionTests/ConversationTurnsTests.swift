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
    ])
    func lookalikes(_ example: ([String], Judgement.Status)) {
        #expect(judged(example.0).status == example.1, "\(example.0)")
    }

    @Test("a surprised no to a question about something else keeps the plan")
    func surprisedNo() {
        let lines = ["o: lunch Friday at 1?", "sure", "did you see the email? the exam moved", "o: لا والله! لمتى؟"]
        #expect(judged(lines).status == .agreed)
    }

    @Test("a date of the last two months is past, not next year's")
    func recentPastDate() {
        #expect(judged(["how was the online class on Tuesday 20 October?", "o: great, thanks"]).status == .noEvent)
    }
}
