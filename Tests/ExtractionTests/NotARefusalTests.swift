import Testing
@testable import Extraction

/// Noes that refuse nothing: a bare no answering the other side's question, a "can't you"
/// asked of the other, "I'll pass the message", an hour refused by the one who proposed while
/// moving to another, a "can't" in the answer to how someone is; and an ok that only says a
/// question was heard. Said on Wednesday 2026-11-25 in Riyadh; lines
/// starting "o:" are the owner's.
@Suite("Built-in extractor: noes that refuse nothing")
struct NotARefusalTests {
    @Test("a bare no answers the question just asked, not the plan", arguments: [
        ["نطلع نتعشى بعد يومين بالشارقة؟", "o: أكيد", "o: مين جاي كمان؟", "لا بس نحنا"],
        ["dinner friday at 8?", "o: sure! who else is coming?", "no, just us"],
    ])
    func bareNoAnswersQuestion(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }

    @Test("a bare no to the plan itself still refuses")
    func bareNoRefuses() {
        #expect(judged(["dinner friday at 8?", "o: no"]).status == .denied)
        #expect(judged(["dinner friday at 8?", "o: what's the occasion?", "my promotion!", "o: no, sorry, I can't friday"]).status == .denied)
    }

    @Test("\"can't you\" asks the other; \"I can't\" refuses")
    func cantYou() {
        #expect(!NegationScope.refuses(Tokenizer.tokenize("can't u skip the engagement"), at: 0))
        #expect(!NegationScope.refuses(Tokenizer.tokenize("cant you come later"), at: 0))
        #expect(NegationScope.refuses(Tokenizer.tokenize("can't, sorry"), at: 0))
    }

    @Test("\"I'll pass the message\" hands something on; \"I'll pass this time\" refuses")
    func passTheMessage() {
        #expect(judged(["dinner friday at 8?", "o: sure", "tell your mum I said hi", "o: I'll pass the message"]).status == .agreed)
        #expect(judged(["dinner friday at 8?", "o: I'll pass this time, sorry"]).status == .denied)
    }

    @Test("someone too much to handle declines nothing: \"ما أقدر عليها\", \"I can't with him\"", arguments: [
        ["عشا بكرة الساعة ٨؟", "o: تمام", "قولي لأمك تجي بعد، أنا ما أقدر عليها 🙈"],
        ["dinner friday at 8?", "o: sure", "bring your brother too", "o: lol I can't with him 😂"],
    ])
    func tooMuchToHandle(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }

    @Test("an ok before a question about the plan says it was heard, not agreed to")
    func okThenQuestion() {
        let ask = "the parents' meeting is Thursday at 9:40, can you go instead of me?"
        #expect(judged([ask, "o: ok read the letter. so it's at the Al Ain campus, not the Dubai one?"]).status == .notConfirmed)
        #expect(judged([ask, "o: ok sure"]).status == .agreed)
    }

    @Test("the proposer refusing the hour asked for while moving to another keeps the plan")
    func proposerMovesTheHour() throws {
        let judgement = judged(["نروح نبارك لميثا بكرة؟", "o: شرايج الساعة ٩؟", "٩ ما أقدر، خليها من ١٠ بالليل لين ١٢ ونص", "o: تم"])
        #expect(judgement.status == .agreed)
        let event = try #require(judgement.event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 26) && event.endDate == LocalDate(year: 2026, month: 11, day: 27))
        #expect(event.startTime == ClockTime(hour: 22, minute: 0) && event.endTime == ClockTime(hour: 0, minute: 30))
        #expect(event.title.contains("مباركة"))
    }

    @Test("how someone is today asks after them, and what they cannot do refuses nothing", arguments: [
        ["كيف الركبة اليوم؟", "o: أحسن الحمد لله، بس للحين ما أقدر أمشي بدون العكاز"],
        ["how's the knee today?", "o: better, but I still can't walk without the crutches"],
        ["how is your mum today?", "o: much better thanks"],
    ])
    func howSomeoneIs(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    @Test("a bare no to a question of detail answers it and keeps the plan", arguments: [
        ["o: zoom call friday at 8?", "sure", "will it take long? my flight's early saturday", "o: nah not long, promise"],
        ["o: شوي عندنا السبت الساعة ٧، حياك", "سأحضر بإذن الله", "هل نحضر معنا شيئاً؟", "o: لا، أحضروا أنفسكم فقط"],
        ["o: خطوبتي السبت الساعة ٨، تجين؟", "أكيد جاية", "وين بالضبط؟ في قاعة؟", "o: لا في بيتنا"],
    ])
    func noToDetail(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }

    @Test("a bare no to the invitation still declines it, and what follows a no to a detail agrees to nothing")
    func noToInvitation() {
        #expect(judged(["o: عشا بكرة؟", "لا"]).status == .denied)
        #expect(judged(["o: dinner friday?", "no"]).status == .denied)
        #expect(judged(["o: lunch friday?", "hmm", "o: did Sara reply yet?", "no not yet, surely tomorrow"]).status == .notConfirmed)
    }

    @Test("a bare no then a yes says yes; \"at my place\" after a \"but\" says where", arguments: [
        ["o: زفاف بكرة الساعة ٨، تيجي؟", "أكيد", "o: هتيجي بجد؟ ولا هتنام زي كل مرة", "لا والله هالمرة صاحي، أكيد جاي"],
        ["o: حلاق الخميس؟", "اتفقنا", "o: بفكرك بس، الخميس بعد الشغل عندي في البيت"],
    ])
    func noThenYes(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }

    @Test("Egyptian \"will you watch\" asked is the other's own plan; said to invite, it invites")
    func egyptianWatch() {
        #expect(judged(["هتتفرج على الماتش بكرة فين؟ في قهوة؟", "o: في البيت يا باشا"]).status == .noEvent)
        #expect(judged(["o: الماتش بكرة، الشلة كلها هتتفرج عليه في العزبة، تيجي؟", "أكيد"]).status == .agreed)
    }

    @Test("an ok that takes leave agrees to nothing", arguments: [
        ["o: بابا يقول نسوي شوي الخميس", "😩 ok going into another call, bye mama"],
        ["o: عشا الخميس عند جدتك؟", "طيب، باي"],
    ])
    func okBye(_ lines: [String]) {
        #expect(judged(lines).status != .agreed, "\(lines)")
        #expect(judged([lines[0], "ok see you thursday, bye"]).status == .agreed)
    }
}
