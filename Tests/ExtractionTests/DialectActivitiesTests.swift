import Testing
@testable import Extraction

/// Activities named in the dialects of the chats give the title, not "Meeting with …": walks,
/// the beach, baloot, a barber, Umrah, a milka, Arabizi "3ers", "mo2abla", "re7la". Said on
/// Wednesday 2026-11-25 in Riyadh, for tomorrow at 8.
@Suite("Built-in extractor: activities in every dialect")
struct DialectActivitiesTests {
    static let activities = ["نطلع نتمشى", "نروح البحر", "نروح السوق", "نسوي شوي", "طلعة بر", "نلعب بلوت", "نلعب بلايستيشن", "فطور", "سهرة", "زيارة لجدتي", "عزيمة", "ملكة أخوي", "خطوبة أختي", "عرس ولد عمي", "حفلة تخرج", "مقابلة شغل", "اجتماع", "موعد الدكتور", "نروح الحلاق", "صالون", "نادي", "جيم", "بادل", "نلعب كورة", "سينما", "تسوق", "نروح المول", "عمرة", "درس", "محاضرة", "حلقة", "مذاكرة", "مراجعة للاختبار", "كشتة", "استراحة", "مشي", "سباحة", "nitmasha", "bahr", "souq", "shawi", "baloot", "playstation", "fatoor", "ghada", "gahwa", "sahra", "zyara", "3azeema", "melka", "khutba", "3ers", "7afla", "mo2abla", "7ala2", "nadi", "koora", "mubara", "cinema", "shopping", "mall", "re7la", "3umra", "dars", "mozakra", "esteraha",
        "فطار عند ماما", "عزومة", "فسحة", "خروجة", "حنة أختي", "سبوع ابن خالتي", "تطوع بالجمعية", "مهرجان", "فيديو كول", "تخييم", "شواء", "نزهة",
        "dental cleaning", "ortho check", "braces", "vaccination", "nutritionist", "VOX", "موعد أسنان", "تطعيم", "فوكس",
        "showing", "tour", "technician", "inspection", "تصليح", "الفني", "نزور المولود"]

    @Test("each activity names the event", arguments: activities)
    func names(_ activity: String) throws {
        let arabic = activity.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
        let invitation = activity + (arabic ? " بكرة الساعة ٨؟" : " bokra 8?")
        let title = try #require(judged([invitation, "o: تمام"]).event, "\(activity)").title
        #expect(!title.hasPrefix("Meeting") && !title.hasPrefix("لقاء"), "\(activity): \(title)")
    }
}
