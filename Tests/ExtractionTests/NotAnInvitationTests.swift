import Testing
@testable import Extraction

/// Messages that name a day without inviting anyone to it: a question that asks for a content,
/// a day asked about someone else's event, a forwarded flyer, a day of the past written in the
/// writer's own order. Said on Wednesday 2026-11-25 in Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: days named without an invitation")
struct NotAnInvitationTests {
    @Test("a question that asks for a content is no invitation, and an ok before it is no yes", arguments: [
        ["عندي مقابلة يوم الاثنين من ١١ لين ١٢", "o: مبروك! طيب وش بتقولين لمديرك ذاك اليوم؟", "بقول عندي موعد بالمستشفى"],
        ["my interview is on Monday at 11", "o: ok what will you tell your boss on monday?", "that I'm at the dentist lol"],
        ["shu bt2ol lal mudeer yom el itnein?", "o: ma ba3ref"],
    ])
    func contentQuestion(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    @Test("asking what the other has on a day still opens an invitation", arguments: [
        (["شو عندك بكرة؟", "o: ولا شي، ليش؟", "تعال نتغدى سوا الساعة ٢", "o: تمام"], "2026-11-26 14:00"),
        (["what are you doing friday?", "o: nothing, why?", "let's get lunch at 1", "o: sure"], "2026-11-27 13:00"),
        (["what about dinner friday at 8?", "o: works"], "2026-11-27 20:00"),
    ])
    func availabilityQuestion(_ lines: [String], start: String) {
        expectEnds(lines, .agreed, startingWith: start)
    }

    @Test("a yes to when someone else's event is confirms a fact")
    func whenIsTheirEvent() {
        let lines = ["when is the actual ceremony? Faisal said friday", "o: friday yes 🙈 9 in the morning, they want us there at 7:30"]
        #expect(judged(lines).status == .noEvent)
    }

    @Test("\"whichever suits you\" offers the days before it")
    func whicheverSuitsYou() {
        let lines = ["either Thursday after isha around 9:30pm, or Friday morning. whichever suits you", "o: Thursday 9:30 then", "done ✅"]
        expectEnds(lines, .agreed, startingWith: "2026-11-26 21:30")
    }

    @Test("a flyer laid out behind pictographs is forwarded, not proposed")
    func flyer() {
        let flyer = "🌙 DEAL MAKERS NIGHT – in 3 days! 🌙\nMeet founders, investors and clients over karak\n🕙 10 PM till 2 AM\n📍 The Terrace, DIFC"
        #expect(MessageAnalysis.looksBroadcast(flyer))
        #expect(!MessageAnalysis.looksBroadcast("dinner tomorrow?\n🕙 8 ok?\nI'll book"))
        #expect(judged([flyer, "o: 😂 have fun"]).status == .noEvent)
    }

    @Test("a day and month in the writer's order that has just gone by is that day, not next year's other reading")
    func writersOrderNearToday() {
        let today = LocalDate(year: 2026, month: 11, day: 25)
        // "٢/١١": 2 November, three weeks ago, not 11 February.
        #expect(DateExpression.numeric(2, 11, year: nil, weekday: nil).resolve(today: today, monthFirst: false) == LocalDate(year: 2026, month: 11, day: 2))
        // A reading the writer's order cannot make ("11/20" day-first) still falls back to the other.
        #expect(DateExpression.numeric(11, 20, year: nil, weekday: nil).resolve(today: today, monthFirst: false) == LocalDate(year: 2026, month: 11, day: 20))
        #expect(judged(["انت رحت العزا يوم ٢/١١؟", "o: ايوه رحت"]).status == .noEvent)
    }

    @Test("\"بشوي\" is a little, not a grill")
    func aLittleIsNoGrill() {
        #expect(Activities.find(in: Tokenizer.tokenize("برسل لك الرابط قبلها بشوي")) == nil)
        #expect(Activities.find(in: Tokenizer.tokenize("نسوي شوي يوم الجمعة"))?.display == "شوي")
    }
}
