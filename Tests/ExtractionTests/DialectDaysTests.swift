import Testing
@testable import Extraction

/// Days as the dialects of the chats write them: weekdays in Gulf, Egyptian and Levantine
/// Arabic and in Arabizi, "in N days", today and tomorrow in their spellings, Levantine month
/// names, "يوم ٣٠" and "أول الشهر الجاي". Said on Wednesday 2026-11-25 in Riyadh.
@Suite("Built-in extractor: days in every dialect")
struct DialectDaysTests {
    static let table: [(String, String)] = [
        ("nit3asha el 7ad?", "2026-11-29"),
        ("nit3asha el a7ad?", "2026-11-29"),
        ("nit3asha el etnen?", "2026-11-30"),
        ("nit3asha el itnein?", "2026-11-30"),
        ("nit3asha el tnen?", "2026-11-30"),
        ("nit3asha el talat?", "2026-12-01"),
        ("nit3asha el tala2?", "2026-12-01"),
        ("nit3asha el arba3?", "2026-12-02"),
        ("nit3asha el rboo3?", "2026-12-02"),
        ("nit3asha el 5amis?", "2026-11-26"),
        ("nit3asha el gom3a?", "2026-11-27"),
        ("nit3asha yom el gom3a?", "2026-11-27"),
        ("nit3asha el jom3a?", "2026-11-27"),
        ("nit3asha el sabt?", "2026-11-28"),
        ("نتعشى الحد؟", "2026-11-29"),
        ("نتعشى يوم الحد؟", "2026-11-29"),
        ("نتعشى الاتنين؟", "2026-11-30"),
        ("نتعشى التنين؟", "2026-11-30"),
        ("نتعشى التلات؟", "2026-12-01"),
        ("نتعشى التلاتا؟", "2026-12-01"),
        ("نتعشى الثلوث؟", "2026-12-01"),
        ("نتعشى الأربع؟", "2026-12-02"),
        ("نتعشى الاربعا؟", "2026-12-02"),
        ("نتعشى الربوع؟", "2026-12-02"),
        ("نتعشى الخميس؟", "2026-11-26"),
        ("نتعشى الجمعة؟", "2026-11-27"),
        ("نتعشى السبت؟", "2026-11-28"),
        ("نتعشى يوم السبت الجاي؟", "2026-11-28"),
        ("نتعشى بعد يومين؟", "2026-11-27"),
        ("نتعشى كمان يومين؟", "2026-11-27"),
        ("نتعشى كمان ٣ أيام؟", "2026-11-28"),
        ("نتعشى بعد ٣ ايام؟", "2026-11-28"),
        ("nit3asha ba3d yomen?", "2026-11-27"),
        ("nit3asha kaman yomen?", "2026-11-27"),
        ("nit3asha ba3d 3 ayam?", "2026-11-28"),
        ("nit3asha bokra?", "2026-11-26"),
        ("nit3asha bukra?", "2026-11-26"),
        ("nit3asha bukrah?", "2026-11-26"),
        ("nit3asha ba3d bukra?", "2026-11-27"),
        ("نتعشى بكرا؟", "2026-11-26"),
        ("نتعشى باكر؟", "2026-11-26"),
        ("نتعشى بكرة بالليل؟", "2026-11-26"),
        ("نتعشى عقب باجر؟", "2026-11-27"),
        ("نتعشى بعد بكرة؟", "2026-11-27"),
        ("نتعشى اليوم؟", "2026-11-25"),
        ("نتعشى الليلة؟", "2026-11-25"),
        ("نتعشى هالليلة؟", "2026-11-25"),
        ("نتعشى الليله؟", "2026-11-25"),
        ("nit3asha el lela?", "2026-11-25"),
        ("nit3asha elyom?", "2026-11-25"),
        ("nit3asha el naharda?", "2026-11-25"),
        ("نتعشى النهاردة؟", "2026-11-25"),
        ("نتعشى الأسبوع الجاي يوم الاثنين؟", "2026-11-30"),
        ("نتعشى الاسبوع الياي يوم الاثنين؟", "2026-11-30"),
        ("نتعشى الأسبوع الجاي الخميس؟", "2026-12-03"),
        ("نتعشى الخميس الجاي؟", "2026-11-26"),
        ("نتعشى يوم ٣٠؟", "2026-11-30"),
        ("نتعشى ٣٠ نوفمبر؟", "2026-11-30"),
        ("نتعشى ٢ ديسمبر؟", "2026-12-02"),
        ("نتعشى 2 december?", "2026-12-02"),
        ("نتعشى ٢ كانون الأول؟", "2026-12-02"),
        ("نتعشى ٢ كانون الاول؟", "2026-12-02"),
        ("نتعشى ٢/١٢؟", "2026-12-02"),
        ("نتعشى ٢ الشهر الجاي؟", "2026-12-02"),
        ("نتعشى أول الشهر الجاي؟", "2026-12-01"),
        ("نتعشى ٢٩ الشهر؟", "2026-11-29"),
        ("نتعشى يوم ٢٩ الحين؟", "2026-11-29"),
        ("dinner on the 29th?", "2026-11-29"),
        ("dinner sunday the 29th?", "2026-11-29"),
        ("dinner next sunday?", "2026-11-29"),
        ("dinner this sunday?", "2026-11-29"),
        ("dinner on sun?", "2026-11-29"),
        ("dinner on Thurs?", "2026-11-26"),
        ("dinner tmrw?", "2026-11-26"),
        ("dinner 2moro?", "2026-11-26"),
        ("dinner tomoro?", "2026-11-26"),
        ("dinner the day after tomorrow?", "2026-11-27"),
        ("dinner in 2 days?", "2026-11-27"),
        ("dinner in two days?", "2026-11-27"),
        ("dinner Dec 2?", "2026-12-02"),
        ("dinner 2nd Dec?", "2026-12-02"),
        ("dinner 2nd of December?", "2026-12-02"),
        ("dinner December 2nd?", "2026-12-02"),
    ]

    @Test("each way of naming a day resolves to it: weekdays, Hijri days and occasions by the Umm al-Qura calendar, dates written in full", arguments: table + occasions + writtenDates)
    func resolves(_ row: (String, String)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        #expect(event.startDate.description == row.1, "\(row.0)")
    }

    /// Hijri days and Islamic occasions by the Umm al-Qura calendar: 15 Ramadan 1448 is
    /// 2027-02-22, Eid al-Fitr 2027-03-09, the day of Arafah 2027-05-15.
    static let occasions: [(String, String)] = [
        ("عشا ١٥ رمضان؟", "2027-02-22"),
        ("عشا 15 Ramadan?", "2027-02-22"),
        ("iftar 15 ramadan?", "2027-02-22"),
        ("فطور أول رمضان؟", "2027-02-08"),
        ("فطور أول يوم رمضان؟", "2027-02-08"),
        ("عيدية أول يوم العيد؟", "2027-03-09"),
        ("نتقابل أول أيام العيد؟", "2027-03-09"),
        ("نتقابل ثاني أيام العيد؟", "2027-03-10"),
        ("نتقابل ثاني يوم العيد؟", "2027-03-10"),
        ("نتقابل تاني يوم العيد؟", "2027-03-10"),
        ("نتقابل يوم العيد؟", "2027-03-09"),
        ("meet on Eid day?", "2027-03-09"),
        ("meet first day of Eid?", "2027-03-09"),
        ("meet on the second day of Eid?", "2027-03-10"),
        ("meet 2nd day of eid?", "2027-03-10"),
        ("نتقابل يوم عرفة؟", "2027-05-15"),
        ("نتقابل أول أيام عيد الأضحى؟", "2027-05-16"),
        ("نتقابل ثاني أيام عيد الاضحى؟", "2027-05-17"),
        ("نصوم النص من شعبان؟", "2027-01-23"),
        ("نتقابل ١ رجب؟", "2026-12-10"),
        ("نتقابل ٢٧ رجب؟", "2027-01-05"),
        ("نتقابل 1 Shawwal?", "2027-03-09"),
        ("نتقابل ١ شوال؟", "2027-03-09"),
        ("نتقابل ١٠ محرم؟", "2027-06-15"),
        ("نتقابل عاشوراء؟", "2027-06-15"),
        ("نتقابل 10 Muharram?", "2027-06-15"),
        ("نتقابل ١٥ رمضان ١٤٤٨؟", "2027-02-22"),
        ("نتقابل ١٥ رمضان ١٤٤٨هـ؟", "2027-02-22"),
        ("نتقابل الاثنين ١٥ رمضان؟", "2027-02-22"),
    ]

    /// Dates written in full: month first, ordinals in words ("الخامس عشر من رمضان",
    /// "الأول من ديسمبر"), numeric Hijri ("١٥/٩/١٤٤٨هـ") and dashed dates with their year.
    static let writtenDates: [(String, String)] = [
        ("نتقابل الخامس عشر من رمضان؟", "2027-02-22"),
        ("نتقابل 15th of Ramadan?", "2027-02-22"),
        ("نتقابل Ramadan 15?", "2027-02-22"),
        ("نتقابل رمضان ١٥؟", "2027-02-22"),
        ("نتقابل ١٥/٩/١٤٤٨هـ؟", "2027-02-22"),
        ("نتقابل ١٥/٩/١٤٤٨؟", "2027-02-22"),
        ("نتقابل يوم ١٥ رمضان؟", "2027-02-22"),
        ("نتقابل 15 Ramadhan 1448 AH?", "2027-02-22"),
        ("نتقابل الاثنين ١٥ رمضان ١٤٤٨ هـ؟", "2027-02-22"),
        ("نتقابل Shawwal 20?", "2027-03-28"),
        ("نتقابل 1 Dhul-Hijjah?", "2027-05-07"),
        ("نتقابل ١ ذي الحجة؟", "2027-05-07"),
        ("نتقابل غرة رمضان؟", "2027-02-08"),
        ("نتقابل العشرين من رمضان؟", "2027-02-27"),
        ("نتقابل 20 رمضان؟", "2027-02-27"),
        ("نتقابل الخامس عشر من ديسمبر؟", "2026-12-15"),
        ("نتقابل الأول من ديسمبر؟", "2026-12-01"),
        ("نتقابل ١٥ ديسمبر ٢٠٢٦م؟", "2026-12-15"),
        ("نتقابل 15 Dec?", "2026-12-15"),
        ("نتقابل Dec 15th?", "2026-12-15"),
        ("نتقابل 15/12/2026?", "2026-12-15"),
        ("نتقابل ١٥-١٢-٢٠٢٦؟", "2026-12-15"),
    ]

    /// Plans over several days and nights that cross midnight: ranges of weekdays and dates,
    /// days joined by "and", a return day, a length in days, daily hours.
    static let spans: [(String, String, String, String?, String?)] = [
        ("رحلة من الخميس إلى السبت؟", "2026-11-26", "2026-11-28", nil, nil),
        ("رحلة من الخميس للسبت؟", "2026-11-26", "2026-11-28", nil, nil),
        ("رحلة الخميس لين السبت؟", "2026-11-26", "2026-11-28", nil, nil),
        ("رحلة الخميس والجمعة؟", "2026-11-26", "2026-11-27", nil, nil),
        ("رحلة الخميس والجمعة والسبت؟", "2026-11-26", "2026-11-28", nil, nil),
        // A weekday with its day of the month, and two of them in a row.
        ("رحلة الخميس ١٧ والجمعة ١٨؟", "2026-12-17", "2026-12-18", nil, nil),
        ("trip Thursday 17 and Friday 18?", "2026-12-17", "2026-12-18", nil, nil),
        ("trip Thursday the 17th and Friday the 18th?", "2026-12-17", "2026-12-18", nil, nil),
        ("رحلة يوم ١٧ و١٨؟", "2026-12-17", "2026-12-18", nil, nil),
        ("orthodontist Tuesday 15 to Thursday 17 December, 4:30 to 5:30 pm each day?", "2026-12-15", "2026-12-17", "16:30", "17:30"),
        ("رحلة من الثلاثاء ١٥ لين الخميس ١٧ ديسمبر؟", "2026-12-15", "2026-12-17", nil, nil),
        ("trip Friday 4th to Sunday 6th?", "2026-12-04", "2026-12-06", nil, nil),
        ("عشا الخميس ١٧ من ٧ لين ١٠ بالليل؟", "2026-12-17", "2026-12-17", "19:00", "22:00"),
        ("dinner Thursday 8?", "2026-11-26", "2026-11-26", "20:00", nil),
        ("dinner Friday 18 December at 8?", "2026-12-18", "2026-12-18", "20:00", nil),
        ("رحلة من ٣ إلى ٥ ديسمبر؟", "2026-12-03", "2026-12-05", nil, nil),
        ("رحلة ٣-٥ ديسمبر؟", "2026-12-03", "2026-12-05", nil, nil),
        ("رحلة من ٣ لـ ٥ ديسمبر؟", "2026-12-03", "2026-12-05", nil, nil),
        ("trip Thursday to Saturday?", "2026-11-26", "2026-11-28", nil, nil),
        ("trip Thu-Sat?", "2026-11-26", "2026-11-28", nil, nil),
        ("trip from thursday till saturday?", "2026-11-26", "2026-11-28", nil, nil),
        ("trip Dec 3-5?", "2026-12-03", "2026-12-05", nil, nil),
        ("trip 3rd to 5th December?", "2026-12-03", "2026-12-05", nil, nil),
        ("trip December 3 to December 5?", "2026-12-03", "2026-12-05", nil, nil),
        ("trip for 3 days from Thursday?", "2026-11-26", "2026-11-28", nil, nil),
        ("رحلة ٣ أيام من الخميس؟", "2026-11-26", "2026-11-28", nil, nil),
        ("رحلة يومين من الخميس؟", "2026-11-26", "2026-11-27", nil, nil),
        ("kashta men el 5amees lel sabt?", "2026-11-26", "2026-11-28", nil, nil),
        ("kashta el 5amees w el jum3a?", "2026-11-26", "2026-11-27", nil, nil),
        ("كشتة الويكند، نطلع الخميس ونرجع السبت؟", "2026-11-26", "2026-11-28", nil, nil),
        ("camp thursday, back saturday?", "2026-11-26", "2026-11-28", nil, nil),
        ("we leave thursday and come back saturday?", "2026-11-26", "2026-11-28", nil, nil),
        ("conference Thursday to Saturday 9 to 5 each day?", "2026-11-26", "2026-11-28", "09:00", "17:00"),
        ("سهرة الخميس من ١٠ بالليل لين ٢؟", "2026-11-26", "2026-11-27", "22:00", "02:00"),
        ("sahra thursday 10pm-2am?", "2026-11-26", "2026-11-27", "22:00", "02:00"),
        ("party thursday from 10 till 2?", "2026-11-26", "2026-11-27", "22:00", "02:00"),
        ("سهرة الخميس من ١١ لين الفجر؟", "2026-11-26", "2026-11-26", "23:00", nil),
    ]

    @Test("plans over several days and past midnight span what they say", arguments: spans)
    func span(_ row: (String, String, String, String?, String?)) throws {
        let event = try #require(judged([row.0, "o: تمام"]).event, "\(row.0)")
        #expect(event.startDate.description == row.1, "\(row.0)")
        #expect(event.endDate.description == row.2, "\(row.0)")
        #expect(event.startTime?.description == row.3, "\(row.0)")
        #expect(event.endTime?.description == row.4, "\(row.0)")
    }

    @Test("a day said on an earlier day counts from the day it was said")
    func saidOnEarlierDay() throws {
        func judgedLater(_ lines: [String], saidOn day: Int) -> Judgement {
            var conversation = chat(lines, end: LocalDateTime(year: 2026, month: 11, day: day, hour: 18))
            conversation.now = LocalDateTime(year: 2026, month: 11, day: 25, hour: 18)
            return BuiltinExtractor().judgeNow(conversation)
        }
        // "Tomorrow" said on Monday was Tuesday, gone by on Wednesday: no plan to put in a calendar.
        #expect(judgedLater(["dinner tomorrow at 8?", "o: sure"], saidOn: 23).status == .noEvent)
        // Said on Tuesday, it is today.
        let event = try #require(judgedLater(["عشا بكرة الساعة ٨؟", "o: تمام"], saidOn: 24).event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 25))
        // A weekday counts from the day it was said too: Thursday from Monday is this Thursday.
        #expect(try #require(judgedLater(["dinner Thursday at 8?", "o: sure"], saidOn: 23).event).startDate == LocalDate(year: 2026, month: 11, day: 26))
    }

    @Test("a plain \"after Eid\" puts a plan off and names no day")
    func afterEid() {
        #expect(judged(["عشا بكرة الساعة ٨؟", "o: خليها بعد العيد"]).status == .denied)
    }

    @Test("words that only look like days name none", arguments: [
        "ما في 7ad hon", "the sun is out, coffee?", "عندي تنين سمك بالحوض",
    ])
    func notDays(_ text: String) {
        #expect(judged([text, "o: تمام"]).event == nil, "\(text)")
    }

    @Test("an ordinal of a floor, a road or a round is no day", arguments: [
        "moving day tomorrow, 3rd floor no elevator, can you help?", "lunch tomorrow? I'm stuck on the 6th ring road till 1",
        "dinner tomorrow at 1847 W 19th St?",
    ])
    func ordinalsOfOtherThings(_ text: String) throws {
        let event = try #require(judged([text, "o: sure"]).event, "\(text)")
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 26), "\(text)")
    }

    @Test("the Gulf's \"چ\" is read as the kaf it spells: \"باچر\" is tomorrow, \"عندچ\" at yours")
    func gulfChe() throws {
        let event = try #require(judged(["عشا باچر الساعة ٨؟", "o: الله يحييچ، أكون عندچ"]).event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 26))
        #expect(TextNormalizer.normalize("باچر") == TextNormalizer.normalize("باكر"))
    }
}
