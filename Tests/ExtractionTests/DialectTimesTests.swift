import Testing
@testable import Extraction

/// Clock times as the dialects of the chats write them: quarters, halves and thirds after "and"
/// and before the hour, hours spelled out, the parts of the day, Arabizi and English idioms,
/// ranges and durations. Said on Wednesday 2026-11-25 in Riyadh, for tomorrow.
@Suite("Built-in extractor: clock times in every dialect")
struct DialectTimesTests {
    static let table: [(String, String, String?)] = [
        ("عشا بكرة الساعة ٨؟", "20:00", nil),
        ("عشا بكرة ٨ ونص؟", "20:30", nil),
        ("عشا بكرة ٨ وربع؟", "20:15", nil),
        ("عشا بكرة ٩ الا ربع؟", "20:45", nil),
        ("عشا بكرة ٩ إلا ربع؟", "20:45", nil),
        ("عشا بكرة ٨ وثلث؟", "20:20", nil),
        ("عشا بكرة الساعة ثمانية؟", "20:00", nil),
        ("عشا بكرة الساعة ثمان ونص؟", "20:30", nil),
        ("عشا بكرة الساعة تسعة بالليل؟", "21:00", nil),
        ("قهوة بكرة العصر الساعة ٤؟", "16:00", nil),
        ("قهوة بكرة ٤ العصر؟", "16:00", nil),
        ("قهوة بكرة ١٠ الصبح؟", "10:00", nil),
        ("قهوة بكرة ١٠ الصباح؟", "10:00", nil),
        ("قهوة بكرة ١٠ صباحا؟", "10:00", nil),
        ("قهوة بكرة ٥ مساء؟", "17:00", nil),
        ("قهوة بكرة ٥ مساءً؟", "17:00", nil),
        ("قهوة بكرة ٥ م؟", "17:00", nil),
        ("قهوة بكرة ١٠ ص؟", "10:00", nil),
        ("قهوة بكرة ٥:٣٠ م؟", "17:30", nil),
        ("قهوة بكرة الساعة ١٢ الظهر؟", "12:00", nil),
        ("قهوة بكرة الظهر الساعة ١؟", "13:00", nil),
        ("قهوة بكرة ١ الظهر؟", "13:00", nil),
        ("غدا بكرة ١ ونص الضهر؟", "13:30", nil),
        ("3asha bokra 8 w nos?", "20:30", nil),
        ("3asha bokra 8 w rob3?", "20:15", nil),
        ("3asha bokra 9 illa rob3?", "20:45", nil),
        ("3asha bokra 9 ela rob3?", "20:45", nil),
        ("3asha bokra el sa3a 8?", "20:00", nil),
        ("3asha bokra sa3a 8?", "20:00", nil),
        ("3asha bokra 8 bel leil?", "20:00", nil),
        ("ahwa bokra 10 el sob7?", "10:00", nil),
        ("ahwa bokra 10 sob7?", "10:00", nil),
        ("ahwa bokra 4 el 3asr?", "16:00", nil),
        ("ahwa bokra 5 el masa?", "17:00", nil),
        ("ahwa bokra 5 masa2an?", "17:00", nil),
        ("dinner tomorrow at 8?", "20:00", nil),
        ("dinner tomorrow 8pm?", "20:00", nil),
        ("dinner tomorrow 8 pm?", "20:00", nil),
        ("dinner tomorrow 8.30pm?", "20:30", nil),
        ("dinner tomorrow 8:30?", "20:30", nil),
        ("dinner tomorrow half 8?", "20:30", nil),
        ("dinner tomorrow half past 8?", "20:30", nil),
        ("dinner tomorrow quarter past 8?", "20:15", nil),
        ("dinner tomorrow quarter to 9?", "20:45", nil),
        ("dinner tomorrow at 20:00?", "20:00", nil),
        ("dinner tomorrow 8ish?", "20:00", nil),
        ("dinner tomorrow around 8?", "20:00", nil),
        ("coffee tomorrow at 10am?", "10:00", nil),
        ("coffee tomorrow at 10 a.m.?", "10:00", nil),
        ("coffee tomorrow 10 in the morning?", "10:00", nil),
        ("lunch tomorrow at noon?", "12:00", nil),
        ("lunch tomorrow at 1?", "13:00", nil),
        ("lunch tomorrow 12:30?", "12:30", nil),
        ("meeting tomorrow at 3?", "15:00", nil),
        ("meeting tomorrow at 9?", "09:00", nil),
        ("sahra bokra men 10 lel 2?", "22:00", "02:00"),
        ("سهرة بكرة من ١٠ لـ ٢؟", "22:00", "02:00"),
        ("سهرة بكرة من ١٠ الى ١٢؟", "22:00", "00:00"),
        ("دوام بكرة من ٩ لين ٥؟", "09:00", "17:00"),
        ("gym tomorrow 6-7pm?", "18:00", "19:00"),
        ("gym tomorrow 6 to 7pm?", "18:00", "19:00"),
        ("gym tomorrow from 6 till 7?", "18:00", "19:00"),
        ("اجتماع بكرة الساعة ١٠ لمدة ساعة؟", "10:00", "11:00"),
        ("اجتماع بكرة الساعة ١٠ لمدة نص ساعة؟", "10:00", "10:30"),
        ("اجتماع بكرة الساعة ١٠ ساعتين؟", "10:00", "12:00"),
        ("meeting tomorrow at 10 for 90 minutes?", "10:00", "11:30"),
        ("meeting tomorrow at 10 for 1.5 hours?", "10:00", "11:30"),
        ("meeting tomorrow at 10, 30 mins?", "10:00", "10:30"),
        ("party tomorrow from 10 till about 2?", "22:00", "02:00"),
        ("party tomorrow 10pm until around 2am?", "22:00", "02:00"),
        ("dinner tomorrow 8 to like 11?", "20:00", "23:00"),
        ("سهرة بكرة من ١٠ بالليل لين الساعة ٢؟", "22:00", "02:00"),
        ("سهرة بكرة من ١٠ لين تقريباً ٢؟", "22:00", "02:00"),
        ("sahra bokra men 10 lel 7awali 2?", "22:00", "02:00"),
    ]

    @Test("each way of saying a time reads as it", arguments: table)
    func reads(_ row: (String, String, String?)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
        if let end = row.2 { #expect(event.endTime?.description == end, "\(row.0)") }
    }

    /// Prayers: alone they name no clock time; with a clock time the clock wins.
    static let prayers: [(String, String?)] = [
        ("عشا بكرة بعد صلاة المغرب؟", nil),
        ("عشا بكرة بعد المغرب الساعة ٧؟", "19:00"),
        ("dinner tomorrow after maghrib, around 6:30?", "18:30"),
        ("قهوة بكرة بعد العشا على ٩؟", "21:00"),
        ("ahwa bokra ba3d el maghrib 3al 7?", "19:00"),
        ("dinner tomorrow after isha prayer?", nil),
        ("قهوة بكرة قبل المغرب؟", nil),
        ("قهوة بكرة بين المغرب والعشا؟", nil),
        ("coffee tomorrow after taraweeh around 10?", "22:00"),
        ("meet tomorrow after dhuhr at 1:30?", "13:30"),
        ("meet tomorrow after asr like 4?", "16:00"),
        ("نتقابل بكرة بعد الظهر الساعة ٢؟", "14:00"),
        ("نتقابل بكرة العصر الساعة ٤ ونص؟", "16:30"),
        ("نتقابل بكرة بعد العصر يعني ٤؟", "16:00"),
        ("نتقابل بكرة بعد صلاة العصر على الساعة ٤؟", "16:00"),
        ("نتقابل بكرة بعد المغرب بنص ساعة؟", nil),
        ("نتقابل بكرة ٧ بعد المغرب؟", "19:00"),
        ("نتقابل بكرة بعد التراويح؟", nil),
        ("نتقابل بكرة على الفطور؟", nil),
    ]

    @Test("a prayer alone gives no time, a clock beside it gives its own", arguments: prayers)
    func prayer(_ row: (String, String?)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
    }

    @Test("Jumu'ah names Friday", arguments: ["lunch after jumuah?", "lunch after jummah prayer?", "ghada ba3d salat el jum3a?"])
    func jumuah(_ text: String) throws {
        #expect(try #require(judged([text, "o: تمام"]).event).startDate == LocalDate(year: 2026, month: 11, day: 27), "\(text)")
    }

    /// Today and tonight, said at four in the afternoon: an hour of the morning that has gone
    /// by is meant in the evening.
    static let today: [(String, String?)] = [
        ("عشا الليلة الساعة ١٠؟", "22:00"),
        ("dinner tonight at 9?", "21:00"),
        ("3asha el lela 3al 10?", "22:00"),
        ("قهوة هالمسا الساعة ٧؟", "19:00"),
        ("coffee this evening at 7?", "19:00"),
        ("dinner tonite 8ish?", "20:00"),
        ("drinks after work today?", nil),
        ("عشا اليوم بالليل؟", nil),
        ("عشا الليلة؟", nil),
        ("el lela? 3asha?", nil),
        ("قهوة العصر اليوم الساعة ٥؟", "17:00"),
        ("ahwa el naharda 7?", "19:00"),
        ("ahwa elyom 7?", "19:00"),
        ("نتقابل اليوم ٩؟", "21:00"),
        ("later today at 6?", "18:00"),
    ]

    @Test("plans for today and tonight", arguments: today)
    func todayAndTonight(_ row: (String, String?)) throws {
        let conversation = chat([row.0, "o: تمام"], end: LocalDateTime(year: 2026, month: 11, day: 25, hour: 16))
        let event = try #require(BuiltinExtractor().judgeNow(conversation).event, "\(row.0)")
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 25), "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
    }

    /// An hour without AM/PM takes its half of the day from its own clause: a part of the day
    /// said in another clause is about something else, and yields to the activity beside the
    /// hour. With nothing to say, 7 and 8 are evenings in these chats, 9 to 11 mornings.
    static let halves: [([String], String)] = [
        (["مكالمة بكرة الساعة ٨ بعد ما أطلع من الدوام؟", "o: تمام"], "20:00"),
        (["call tomorrow at 7:30?", "o: sure"], "19:30"),
        (["call tomorrow at 10?", "o: sure"], "10:00"),
        (["بكرة الصبح ما أقدر، بس نتعشى الساعة ٨؟", "o: تمام"], "20:00"),
        (["غدا بكرة الساعة ١؟", "o: صعبة، من الصبح للعصر مشغول. خليها بكرة ونتعشى الساعة ٨؟", "تم"], "20:00"),
        (["صديقتي عازمتني على الفطور بكرة، خلوها مكالمة الساعة ١٠ ونص بالليل؟", "o: تمام"], "22:30"),
        (["o: سهرة بكرة الساعة ١١؟", "طيب بس ١٢ ونص بالليل أحسن", "o: تم"], "00:30"),
    ]

    /// A start moved a little, with no end of its own, keeps the end already said; one moved
    /// past that end does not.
    static let movedStarts: [([String], String, String?)] = [
        (["o: الليلة الحفل من ١٠ بالليل لين ٢، تشرفنا؟", "أبشر", "o: تعديل بسيط، الاستقبال يبدأ ١٠ ونص مو ١٠"], "22:30", "02:00"),
        (["o: garage tonight 10pm till 2am, come?", "ok see you there at 10"], "22:00", "02:00"),
        (["o: mall today 5:30pm?", "5:30 is too early, I've got a call till 6. 7pm works?", "o: 7pm it is"], "19:00", nil),
    ]

    /// Counters and arrivals: a small hour after a start of the day is in the evening unless
    /// said otherwise; when one arrives, a little before the start, leaves the start alone;
    /// "show" as a verb says nothing of the evening.
    static let laterHours: [([String], String)] = [
        (["o: the agent can show us the condo tomorrow at 12:30. can you get away?", "how about 6?", "o: ok"], "18:00"),
        (["o: viewing tomorrow 10 to 12?", "after work is better, 5?", "o: ok 5 then"], "17:00"),
        (["o: plumber comes tomorrow from 7 to 9am, can you let him in?", "ugh ok", "I'll be there at 6:45 lol"], "07:00"),
        (["o: dinner tomorrow at 8?", "yes! I'll pick you up at 7:30"], "20:00"),
        (["o: الساعة ٧ باكر نلعب بادل؟", "خله ٨ أحسن", "o: أوكي ٨"], "20:00"),
    ]

    @Test("counters, arrivals and verbs leave the hour where it belongs", arguments: laterHours)
    func laterHour(_ row: ([String], String)) throws {
        let event = try #require(judged(row.0).event, "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
    }

    @Test("a start moved a little keeps its end", arguments: movedStarts)
    func movedStart(_ row: ([String], String, String?)) throws {
        let conversation = chat(row.0, end: LocalDateTime(year: 2026, month: 11, day: 25, hour: 16))
        let event = try #require(BuiltinExtractor().judgeNow(conversation).event, "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
        #expect(event.endTime?.description == row.2, "\(row.0)")
    }

    @Test("an hour takes its half of the day from its own clause", arguments: halves)
    func halfOfDay(_ row: ([String], String)) throws {
        let event = try #require(judged(row.0).event, "\(row.0)")
        #expect(event.startTime?.description == row.1, "\(row.0)")
    }
}
