import Testing
@testable import Extraction

/// A plan told without asking ("my aunt is doing a dinner on Saturday, she said bring you",
/// "الشباب بدهم نعمل طلعة يوم الجمعة", "احنا نازلين السخنة بعد بكرة") that the other answers with
/// a "let me see" or a sorry and an excuse: the answer shows it was an invitation. Said on
/// Wednesday 2026-11-25 in Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: answers that show a plan told was an invitation")
struct AnswersShowInvitationTests {
    @Test("a let-me-see to a plan told leaves it open", arguments: [
        ["الشباب بدهم نعمل طلعة شوي يوم الجمعة، منطلع الصبح بكير", "o: والله فكرة حلوة، بس بدي أشوف الدوام"],
        ["بص احنا نازلين السخنة بعد بكرة، انا وعمرو وخالد", "o: الله حلو اوي، بس مش عارف ظروفي ممكن يطلبوني في الشغل"],
        ["we're doing a bbq at ours on Saturday, the whole gang", "o: ooh let me check with Tom and get back to you"],
    ])
    func hedged(_ lines: [String]) {
        #expect(judged(lines).status == .notConfirmed, "\(lines)")
    }

    @Test("a sorry with one's own plans that day refuses it")
    func excused() {
        let lines = ["my aunt is doing a big dinner at her place on Saturday at 7, she said bring you 😊", "o: aww that's so sweet 🥹 but I'm so sorry, I'll be in Philly that whole weekend for my cousin's graduation"]
        #expect(judged(lines).status == .denied)
    }

    @Test("one's own appointment answered with a wish stays one's own")
    func ownAppointment() {
        #expect(judged(["I have a dentist appointment tomorrow at 3", "o: ugh sorry, hope it goes ok, let me know"]).status == .noEvent)
        #expect(judged(["عندي موعد أسنان بكرة الساعة ٣", "o: الله يعينك، بشوف إذا أقدر أمر عليك بعدين"]).status == .noEvent)
    }
}
