import Testing
@testable import Extraction

/// Places as the chats name them: after "في", "بـ", "عند", "at", "fe", "3and"; homes ("عندي",
/// "at my place", "at Sara's"); venues with their districts; and none for calls. Said on
/// Wednesday 2026-11-25 in Riyadh.
@Suite("Built-in extractor: places in every dialect")
struct DialectPlacesTests {
    static let table: [(String, String?)] = [
        ("عشا بكرة الساعة ٨ في مطعم النخيل؟", "مطعم النخيل"),
        ("عشا بكرة الساعة ٨ بمطعم النخيل؟", "مطعم النخيل"),
        ("عشا بكرة الساعة ٨ عند مطعم النخيل؟", "مطعم النخيل"),
        ("عشا بكرة الساعة ٨ في النخيل مول؟", "النخيل مول"),
        ("نتقابل بكرة الساعة ٨ في ستاربكس العليا؟", "ستاربكس"),
        ("نتقابل بكرة الساعة ٨ في كافيه بلو؟", "كافيه بلو"),
        ("قهوة بكرة الساعة ٥ في حي الملقا؟", "الملقا"),
        ("قهوة بكرة الساعة ٥ عالكورنيش؟", "الكورنيش"),
        ("قهوة بكرة الساعة ٥ على الكورنيش؟", "الكورنيش"),
        ("نلعب بادل بكرة الساعة ٩ في ملعب الريان؟", "ملعب الريان"),
        ("عشا بكرة الساعة ٨ عندي في البيت؟", "بيت"),
        ("عشا بكرة الساعة ٨ عندنا؟", "بيت"),
        ("عشا بكرة الساعة ٨ في بيت جدي؟", "بيت جدي"),
        ("عشا بكرة الساعة ٨ عند أبو فهد؟", "أبو فهد"),
        ("عشا بكرة الساعة ٨ في استراحة الربيع؟", "استراحة الربيع"),
        ("3asha bokra 8 fe Zaatar w Zeit?", "Zaatar"),
        ("3asha bokra 8 fi mat3am el Nakheel?", "Nakheel"),
        ("ahwa bokra 5 3and Tim Hortons?", "Tim Hortons"),
        ("ahwa bokra 5 fel Mall of Arabia?", "Mall of Arabia"),
        ("dinner tomorrow at 8 at Nusr-Et?", "Nusr"),
        ("dinner tomorrow at 8 at the Cheesecake Factory?", "Cheesecake Factory"),
        ("dinner tomorrow at 8 at Em Sherif in Olaya?", "Em Sherif"),
        ("coffee tomorrow at 10 at Starbucks on Tahlia?", "Starbucks"),
        ("coffee tomorrow at 10 at that new place in Jumeirah?", "Jumeirah"),
        ("lunch tomorrow at 1 in Al Khobar?", "Khobar"),
        ("lunch tomorrow at 1 at mine?", "home"),
        ("lunch tomorrow at 1 at my place?", "home"),
        ("lunch tomorrow at 1 at your place?", "home"),
        ("lunch tomorrow at 1 at Sara's?", "Sara"),
        ("lunch tomorrow at 1 at Sara's house?", "Sara"),
        ("padel tomorrow at 9 at Padel Pro Yas?", "Padel Pro"),
        ("meet tomorrow at 9 at the office?", "office"),
        ("meet tomorrow at 9 at the Hilton lobby?", "Hilton"),
        ("gym tomorrow at 6 at Fitness First?", "Fitness First"),
        ("video call tomorrow at 9?", nil),
        ("zoom call tomorrow at 9?", nil),
        ("مكالمة فيديو بكرة الساعة ٩؟", nil),
        ("اجتماع بكرة الساعة ١٠ أونلاين؟", nil),
        ("عشا بكرة الساعة ٨؟ ما في داعي تجيب شي", nil),
        // "on the hour" and "waiting for you" are no places.
        ("عشا بكرة في تمام الساعة ٨؟", nil),
        ("عشا بكرة الساعة ٨؟ في انتظارك", nil),
        ("اجتماع بكرة الساعة ١٠ عشان الخطة اللي في شعبان؟", nil),
        ("اجتماع بكرة الساعة ١٠ ونخلص في ساعتين؟", nil),
        ("meeting tomorrow at 10? I'll park in the basement", nil),
        ("اجتماع بكرة الساعة ١٠ عن الإجازة اللي في مارس؟", nil),
    ]

    @Test("each way of naming the place is found, and calls have none", arguments: table)
    func finds(_ row: (String, String?)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        if let part = row.1 {
            #expect(event.location?.lowercased().contains(part.lowercased()) == true, "\(row.0): \(event.location ?? "nil")")
        } else {
            #expect(event.location == nil, "\(row.0)")
        }
    }

    @Test("a name behind \"بال\" is a place only when nothing better is known, and times, means and weather behind it are none")
    func nameAfterBi() throws {
        #expect(try #require(judged(["قهوة بكرة الساعة ٥ بالملقا؟", "o: تمام"]).event).location == "الملقا")
        #expect(try #require(judged(["قهوة بكرة الساعة ٥ بالليل؟", "o: تمام"]).event).location == nil)
        #expect(try #require(judged(["قهوة بكرة الساعة ٥ في مقهى ميدان؟", "o: تمام", "نروح بالسيارة بالملقا"]).event).location == "مقهى ميدان")
    }

    @Test("a negation or \"يلي\" ends the place's phrase", arguments: ["الشقة ما بيوصلها النت", "الشقة يلي بعتلك صورها", "الشقة مش بعيدة"])
    func clauseEndsPlace(_ rest: String) throws {
        #expect(try #require(judged(["نشوف بكرة الساعة ٥ \(rest)؟", "o: تمام"]).event).location == "الشقة")
    }

    @Test("a city or district named with the plan is its place, when nothing else is", arguments: [
        ("نطلع بكرة الساعة ٥ بجدة؟", "جدة"),
        ("الزواج بكرة الساعة ٨ بالطايف، تجي؟", "الطايف"),
        ("نتغدى بكرة الساعة ١ في مدينة نصر؟", "مدينة نصر"),
        ("padel tomorrow at 6 in Al Quoz?", "Al Quoz"),
        ("lunch tomorrow at 1, Salmiya?", "Salmiya"),
        ("نتقابل بكرة الساعة ٥ في مقهى ميدان بالعليا؟", "مقهى ميدان"),
    ])
    func knownPlaces(_ row: (String, String)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        #expect(event.location?.contains(row.1) == true, "\(row.0): \(event.location ?? "nil")")
    }

    @Test("words that are also places' names name none", arguments: [
        "قهوة بكرة الساعة ٥؟ مع السلامة", "عشا بكرة الساعة ٨؟ الله يحفظهم من العين", "قهوة بكرة الساعة ٥؟ ودي أشوف صور",
    ])
    func notPlaces(_ text: String) throws {
        #expect(try #require(judged([text, "o: تمام"]).event).location == nil, "\(text)")
    }

    /// The business the chat is with is the place of what is booked with it, unless the chat
    /// names one; a person's name, or a business that comes to one, is none.
    static let businesses: [(String, [String], String?)] = [
        ("Zawya Cinema", ["showtimes saturday at 7:30pm, shall we book you 2 tickets?", "o: yes please"], "Zawya Cinema"),
        ("سماش بادل", ["متوفر ملعب ٣ الثلاثاء من ٨ الى ١٠ مساءً، نثبت الحجز؟", "o: ايه ثبتوه", "تم الحجز ✅"], "سماش بادل"),
        ("مزرعة السدرة - حتا", ["الخميس متاح من ٩ المسا، نثبت الحجز؟", "o: ايه ثبتوه"], "مزرعة السدرة - حتا"),
        ("Bella Salon", ["your appointment is confirmed for thursday at 4 in Al Olaya", "o: thanks!"], "Olaya"),
        ("رعاية للعلاج الطبيعي المنزلي", ["موعد الجلسة المنزلية الخميس الساعة ٥، للتأكيد أرسل ١", "o: ١"], nil),
        ("Abdulaziz Office", ["meeting thursday at 10?", "o: sure"], nil),
    ]

    @Test("a business the chat is with is the place of its booking", arguments: businesses)
    func businessVenue(_ row: (String, [String], String?)) throws {
        let base = chat(row.1)
        let messages = base.messages.map { message in
            ChatMessage(sender: message.fromOwner ? "Owner" : row.0, fromOwner: message.fromOwner, sent: message.sent, text: message.text, kind: message.kind)
        }
        let event = try #require(BuiltinExtractor().judgeNow(Conversation(messages: messages, timeZone: "Asia/Riyadh")).event, "\(row.0)")
        if let place = row.2 {
            #expect(event.location?.contains(place) == true, "\(row.0): \(event.location ?? "nil")")
        } else {
            #expect(event.location == nil, "\(row.0): \(event.location ?? "nil")")
        }
    }

    @Test("a place only asked about gives way to the answer")
    func askedPlace() throws {
        let event = try #require(judged(["o: خطوبتي السبت الساعة ٨، تجين؟", "أكيد جاية", "وين بالضبط؟ في قاعة؟", "o: لا في بيتنا"]).event)
        #expect(event.location?.contains("بيت") == true, "\(event.location ?? "nil")")
        let kept = try #require(judged(["o: dinner saturday at 8?", "sure! at Nusr-Et?", "o: yes"]).event)
        #expect(kept.location?.contains("Nusr") == true, "\(kept.location ?? "nil")")
    }
}
