import Testing
@testable import Extraction

/// Clinics, restaurants, garages and technicians: reminders answered with "1", slots offered,
/// bookings confirmed and thanked for, visits in a window of hours, and cancellations by the
/// business. Said on Wednesday 2026-11-25 in Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: businesses")
struct BusinessMessagesTests {
    static let table: [([String], Judgement.Status, String?)] = [
        (["Reminder: your appointment at Smile Dental is tomorrow at 4:30 PM. Reply 1 to confirm or 2 to cancel.", "o: 1"], .agreed, "2026-11-26 16:30"),
        (["Reminder: your appointment at Smile Dental is tomorrow at 4:30 PM. Reply 1 to confirm or 2 to cancel.", "o: 2"], .denied, nil),
        (["تذكير: موعدك في عيادة الأسنان غداً الساعة ٤:٣٠ مساءً. للتأكيد أرسل ١ وللإلغاء أرسل ٢", "o: ١"], .agreed, "2026-11-26 16:30"),
        (["نذكركم بموعدكم يوم الأحد الساعة ١٠ صباحاً، نرجو تأكيد الحضور", "o: أؤكد الحضور"], .agreed, "2026-11-29 10:00"),
        (["We have a slot on Sunday at 4, would you like it?", "o: yes please"], .agreed, "2026-11-29 16:00"),
        (["We have a slot on Sunday at 4, would you like it?", "o: do you have anything later?"], .notConfirmed, nil),
        (["عندنا موعد متاح الأحد الساعة ٤ العصر، يناسبك؟", "o: مناسب"], .agreed, "2026-11-29 16:00"),
        (["عندنا موعد متاح الأحد الساعة ٤ العصر، يناسبك؟", "o: ما يناسبني، في شي بعد المغرب؟"], .notConfirmed, nil),
        (["The technician will come tomorrow between 2 and 4", "o: ok great"], .agreed, "2026-11-26 14:00"),
        (["الفني بيجيك بكرة بين ٢ و ٤ العصر", "o: تمام أنا موجود"], .agreed, "2026-11-26 14:00"),
        (["Your appointment is confirmed for Monday at 11am. Please arrive 15 minutes early.", "o: thanks!"], .agreed, "2026-11-30 11:00"),
        (["We need to reschedule your appointment to Monday at 11. Does that work?", "o: sure"], .agreed, "2026-11-30 11:00"),
        (["Sorry, the doctor is unavailable tomorrow, we have to cancel your appointment. We'll call you to rebook.", "o: ok"], .denied, nil),
        (["تم تأكيد حجزك يوم الخميس الساعة ٨ مساءً، طاولة لشخصين", "o: شكراً"], .agreed, "2026-11-26 20:00"),
        (["نعتذر، تم إلغاء موعدك غداً بسبب ظرف طارئ، وسيتم التواصل معك لتحديد موعد آخر", "o: تمام"], .denied, nil),
        (["your car will be ready for pickup on Saturday after 3pm", "o: perfect, I'll come at 4"], .agreed, "2026-11-28 16:00"),
        (["we can do the AC maintenance on Saturday morning, 9 to 11, is someone home?", "o: yes my wife will be there"], .agreed, "2026-11-28 09:00"),
    ]

    @Test("each exchange with a business ends as it says", arguments: table)
    func ends(_ row: ([String], Judgement.Status, String?)) {
        expectEnds(row.0, row.1, startingWith: row.2)
    }
}
