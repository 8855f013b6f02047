import Testing
@testable import Extraction

/// Days and hours that belong to one person's plans, told to the other: one's own course or
/// trip, a workman coming, the other's appointment reminded of or asked about. Wished luck or
/// a good time, such a plan was told, not offered; offered, the same wish declines it. Said
/// on Wednesday 2026-11-25 in Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: plans told, not offered")
struct ToldPlansTests {
    @Test("a plan told and wished well is no event", arguments: [
        ["the plumber is coming tomorrow at 10", "o: finally! good luck with him"],
        ["رحلة الشغل بكرة الصبح، الباص الساعة ٦", "o: الله يعينك، تروح وترجع بالسلامة"],
        ["el course byebda2 el 7ad el sa3a 6", "o: bel tawfee2 ya basha"],
        ["الفني جاي بعد بكرة الساعة ٢ يصلح المكيف", "o: الله يسهل"],
        ["بنتي عندها حفلة بالمدرسة بكرة الساعة ١٠ 😍", "o: فديتها، بالتوفيق لها"],
        ["yoga at 7 tonight, first class ever 😭", "o: good luck!! 💪"],
    ])
    func toldAndWished(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    @Test("the other's own appointment, reminded of or asked about, is no event", arguments: [
        ["don't forget your dentist appt tomorrow at 4", "o: omg thank you I forgot"],
        ["لا تنسى موعدك عند الدكتور بكرة الساعة ١١", "o: يسلمو كنت ناسي"],
        ["لا تنسين موعد الفحص حقج يوم الأحد الساعة ٩", "o: زين ذكرتيني"],
        ["matensash mi3ad el dentist bta3ak bokra el sa3a 4", "o: merci ya habibty"],
        ["امتحانك بكرة؟", "o: ايه الساعة ٨ ونص", "بالتوفيق"],
        ["is your interview on thursday?", "o: yes at 11", "good luck!!"],
        ["عندك محاضرة بكرة؟", "o: إي الساعة ٨، والدكتور ما يرحم", "الله يعين"],
    ])
    func theirOwn(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    @Test("days of last week, someone else's work and a slot offered", arguments: [
        (["o: we did the viewings from Sunday to Tuesday last week, at 5 every day", "ugh sounds exhausting"], Judgement.Status.noEvent),
        (["o: من الأحد للثلاثاء الأسبوع اللي راح كل يوم نطلع الساعة ٥", "الله يعينكم"], .noEvent),
        (["o: الأسبوع اللي جاي الخميس نتعشى سوا؟", "تمام"], .agreed),
        (["o: ايه راحت بدري، عندها دوام بكرة الصبح", "تمام ماما تصبحين على خير"], .noEvent),
        (["متى يناسبك؟", "o: ما أفضى إلا بالليل", "المصممة عندها موعد فاضي بعد ٣ أيام الساعة ٨", "o: تمام أرسلوا لي الرابط"], .agreed),
    ])
    func pastAndOthers(_ lines: [String], status: Judgement.Status) {
        #expect(judged(lines).status == status, "\(lines)")
    }

    @Test("the same wish to a plan offered declines it")
    func offeredAndWished() {
        #expect(judged(["we're going to the beach friday at 4, wanna come?", "o: have fun! I'm stuck at work"]).status == .denied)
    }

    @Test("a plan told, then offered, is agreed to with a wish and a yes")
    func toldThenOffered() {
        let lines = ["the client wants a video meeting on thursday at 3", "I need you on the call with me", "o: good luck habibi, of course I'll be there"]
        expectEnds(lines, .agreed, startingWith: "2026-11-26 15:00")
    }

    @Test("someone coming or fixing something invites nobody; \"إن شاء الله جايين\" still says yes", arguments: [
        (["السباك جاي بكرة الساعة ١٠", "o: أخيراً"], Judgement.Status.noEvent),
        (["تعالوا الخميس نسوي مشاوي بالحوش الساعة ٨", "o: إن شاء الله جايين"], .agreed),
    ])
    func someoneComes(_ lines: [String], status: Judgement.Status) {
        #expect(judged(lines).status == status, "\(lines)")
    }
}
