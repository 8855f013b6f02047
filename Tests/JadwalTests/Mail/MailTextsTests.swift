import Testing
@testable import Jadwal

/// Mail in the person's language: their choice, else what their request asked, else English.
struct MailTextsTests {
    @Test("the person's choice wins over the request's, and English is the default")
    func choice() {
        #expect(MailTexts(preference: "ar-SA").isArabic)
        #expect(!MailTexts(preference: "en", requested: "ar").isArabic)
        #expect(MailTexts(preference: nil, requested: "ar").isArabic)
        #expect(!MailTexts(preference: "fr", requested: nil).isArabic)
        #expect(MailTexts(preference: "ar").signInLink("https://x/signin?token=t").subject == "رابط الدخول إلى جدول")
        #expect(MailTexts(preference: nil).setupLink("https://x/provision/t", kind: .calendars).text.contains("https://x/provision/t"))
    }

    @Test("a chat notice's mail in Arabic keeps the event's facts")
    func chatNotice() {
        let notice = ChatNotice(type: .eventCreated, account: "amal",
                                event: .init(uid: "u", title: "عشاء", start: "2026-11-27T20:00:00+03:00", end: "2026-11-27T21:00:00+03:00",
                                             allDay: false, location: "نوزومي", with: "سارة", href: ""),
                                conflicts: [.init(id: "c", kind: "event", summary: "Team review", start: "2026-11-27T19:30:00+03:00",
                                                  end: "2026-11-27T21:00:00+03:00")], sentAt: "")
        let (subject, text) = notice.mail(arabic: true)
        #expect(subject == "أُضيف من محادثة: عشاء")
        #expect(text.contains("نوزومي") && text.contains("20:00–21:00") && text.contains("Team review") && text.contains("يتداخل مع:"))
        #expect(notice.mail().subject == "Added from a chat: عشاء")
    }
}
