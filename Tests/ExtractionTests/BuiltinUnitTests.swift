import Foundation
import Testing
@testable import Extraction

/// Builds a one-to-one conversation: "o:" lines are the owner's, other lines the other person's,
/// one minute apart, ending at `end`.
func chat(_ lines: [String], end: LocalDateTime = LocalDateTime(year: 2026, month: 11, day: 25, hour: 18), zone: String = "Asia/Riyadh") -> Conversation {
    let count = lines.count
    let messages = lines.enumerated().map { index, line -> ChatMessage in
        let mine = line.hasPrefix("o:")
        let text = mine ? String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces) : line
        let sent = LocalDateTime(date: end.date, secondOfDay: max(0, end.secondOfDay - (count - 1 - index) * 60))
        let pin = text.hasPrefix("PIN ")
        return ChatMessage(sender: mine ? "Owner" : "Sara", fromOwner: mine, sent: sent, text: pin ? String(text.dropFirst(4)) : text, kind: pin ? .location : .text)
    }
    return Conversation(messages: messages, timeZone: zone)
}

func judged(_ lines: [String], zone: String = "Asia/Riyadh") -> Judgement {
    BuiltinExtractor().judgeNow(chat(lines, zone: zone))
}

/// Expects the chat to end in `status` and, when given, its event to start as `start` begins
/// ("2026-11-27", "2026-11-26 21:00").
func expectEnds(_ lines: [String], _ status: Judgement.Status, startingWith start: String?, sourceLocation: SourceLocation = #_sourceLocation) {
    let judgement = judged(lines)
    #expect(judgement.status == status, "\(lines)", sourceLocation: sourceLocation)
    if let start, let event = judgement.event {
        let said = event.startDate.description + (event.startTime.map { " " + $0.description } ?? "")
        #expect(said.hasPrefix(start), "\(lines): \(said)", sourceLocation: sourceLocation)
    }
}

@Suite("Built-in extractor: normalisation")
struct NormalizationTests {
    @Test("Arabic letters, marks and digits fold to one spelling", arguments: [
        ("أَهْلاً", "اهلا"), ("مدرسة", "مدرسه"), ("مستشفى", "مستشفي"), ("٩/١٢", "9/12"), ("۱۲:۳۰", "12:30"),
        ("Hello THERE", "hello there"), ("3asha w 7ilw", "3asha w 7ilw"), ("عـــشاء", "عشاء"), ("إلى", "الي"), ("مؤتمر", "موتمر"),
        ("آخر", "اخر"), ("شئ", "شي"), ("\u{200E}Location", "location"), ("7:30\u{202F}PM", "7:30 pm"), ("اگدر", "اقدر"), ("سأحضر؟", "ساحضر?"),
    ])
    func folds(_ pair: (String, String)) {
        #expect(TextNormalizer.normalize(pair.0) == pair.1)
    }

    @Test("tokens keep Arabizi words whole and split times, dates and clitics")
    func tokens() {
        let tokens = Tokenizer.tokenize("bokra 3asha 9pm? والخميس ٩/١٢ 7:30")
        #expect(tokens.map(\.norm) == ["bokra", "3asha", "9pm", "?", "والخميس", "9/12", "7:30"])
        #expect(tokens.map(\.kind) == [.word, .word, .number, .punct, .word, .number, .number])
        #expect(tokens[4].base == "خميس")
    }
}

@Suite("Built-in extractor: dates and times")
struct TemporalTests {
    /// (proposal, start date, end date, start time, end time) said on Wednesday 2026-11-25 in Riyadh.
    static let table: [(String, String, String, String?, String?)] = [
        ("Dinner tomorrow at 8?", "2026-11-26", "2026-11-26", "20:00", nil),
        ("Lunch today at noon?", "2026-11-25", "2026-11-25", "12:00", nil),
        ("Coffee the day after tomorrow at 10am?", "2026-11-27", "2026-11-27", "10:00", nil),
        ("Meeting in 3 days at 9:30?", "2026-11-28", "2026-11-28", "09:30", nil),
        ("Padel Thursday 7pm?", "2026-11-26", "2026-11-26", "19:00", nil),
        ("Padel this Wednesday 7pm?", "2026-12-02", "2026-12-02", "19:00", nil),
        ("Football next week Sunday at 5?", "2026-11-29", "2026-11-29", "17:00", nil),
        ("Conference 10 to 13 Dec?", "2026-12-10", "2026-12-13", nil, nil),
        ("Workshop March 3-5, 9 to 5 each day?", "2027-03-03", "2027-03-05", "09:00", "17:00"),
        ("Book club on Thursday the 10th at 7pm?", "2026-12-10", "2026-12-10", "19:00", nil),
        ("الاجتماع يوم الأربعاء ٩/١٢ الساعة ١٠ صباحاً؟", "2026-12-09", "2026-12-09", "10:00", nil),
        ("عشا بكرة الساعة ٨ بالليل؟", "2026-11-26", "2026-11-26", "20:00", nil),
        ("نتعشى بعد بكرة الساعة ٧ ونص؟", "2026-11-27", "2026-11-27", "19:30", nil),
        ("bokra 3asha 7 w nos?", "2026-11-26", "2026-11-26", "19:30", nil),
        ("ba3d bokra gym mn 4 la 6?", "2026-11-27", "2026-11-27", "16:00", "18:00"),
        ("نروح البر الخميس بعد العصر؟", "2026-11-26", "2026-11-26", nil, nil),
        ("el 5amees ba3d el 3asr football?", "2026-11-26", "2026-11-26", nil, nil),
        ("Iftar Friday after Maghrib, let's say 6:30?", "2026-11-27", "2026-11-27", "18:30", nil),
        ("Call Thursday at 3pm UK time?", "2026-11-26", "2026-11-26", "18:00", nil),
        ("Party Friday 10pm till 2am?", "2026-11-27", "2026-11-28", "22:00", "02:00"),
        ("سهرة الجمعة من ١٠ بالليل لين ٢؟", "2026-11-27", "2026-11-28", "22:00", "02:00"),
        ("Call tomorrow at 4 for 2 hours?", "2026-11-26", "2026-11-26", "16:00", "18:00"),
        ("اجتماع بكرة الساعة ١٠ الصبح لمدة ساعتين؟", "2026-11-26", "2026-11-26", "10:00", "12:00"),
        ("Study tomorrow at 5 for an hour and a half?", "2026-11-26", "2026-11-26", "17:00", "18:30"),
        ("مراجعة بكرة الساعة ٤ ساعة ونص؟", "2026-11-26", "2026-11-26", "16:00", "17:30"),
        ("Meeting tomorrow at 2, 45 minutes max?", "2026-11-26", "2026-11-26", "14:00", "14:45"),
        ("Hike Saturday morning?", "2026-11-28", "2026-11-28", nil, nil),
        ("Coffee tomorrow around 10am?", "2026-11-26", "2026-11-26", "10:00", nil),
        ("Camping Thursday to Saturday?", "2026-11-26", "2026-11-28", nil, nil),
        ("Beach cleanup Sunday, 7:30 to 10am?", "2026-11-29", "2026-11-29", "07:30", "10:00"),
        ("لقاء يوم الأحد من الساعة ١٢:٣٠ حتى ١:٣٠ ظهراً؟", "2026-11-29", "2026-11-29", "12:30", "13:30"),
        ("bokra 9 el sob7 meeting? sa3a w nos bas", "2026-11-26", "2026-11-26", "09:00", "10:30"),
        ("Graduation dinner on 12 December at 8?", "2026-12-12", "2026-12-12", "20:00", nil),
        ("نادي يوم الثلاثاء بعد الدوام الساعة ٦:٤٥؟", "2026-12-01", "2026-12-01", "18:45", nil),
        ("Tennis 11/28 at 5pm?", "2026-11-28", "2026-11-28", "17:00", nil),
        ("عشا باجر الساعة ٨ بالليل؟", "2026-11-26", "2026-11-26", "20:00", nil),
        ("قهوة عقب باجر الساعة ٥ العصر؟", "2026-11-27", "2026-11-27", "17:00", nil),
        ("عشا النهارده الساعة ٩ بالليل؟", "2026-11-25", "2026-11-25", "21:00", nil),
        ("سينما الحد الجاي الساعة ٨ بالليل؟", "2026-11-29", "2026-11-29", "20:00", nil),
        ("نلعب بلوت بكرة من ٨ لحد ١١ بالليل؟", "2026-11-26", "2026-11-26", "20:00", "23:00"),
        ("عرس ٨ آب الساعة ٩ بالليل؟", "2027-08-08", "2027-08-08", "21:00", nil),
        ("اجتماع الأسبوع الياي يوم الأحد الساعة ١٠ الصبح؟", "2026-11-29", "2026-11-29", "10:00", nil),
    ]

    @Test("expressions resolve against the last message's day", arguments: table)
    func resolves(_ row: (String, String, String, String?, String?)) throws {
        let judgement = judged([row.0, "o: ok"])
        #expect(judgement.status == .agreed, "\(row.0)")
        let event = try #require(judgement.event)
        #expect(event.startDate.description == row.1, "\(row.0)")
        #expect(event.endDate.description == row.2, "\(row.0)")
        #expect(event.startTime?.description == row.3, "\(row.0)")
        #expect(event.endTime?.description == row.4, "\(row.0)")
    }

    @Test("numeric dates are month-first in American zones")
    func monthFirst() throws {
        let event = try #require(judged(["Tennis 12/1 at 5pm?", "o: sure"], zone: "America/Chicago").event)
        #expect(event.startDate.description == "2026-12-01")
        let dayFirst = try #require(judged(["Tennis 1/12 at 5pm?", "o: sure"]).event)
        #expect(dayFirst.startDate.description == "2026-12-01")
    }
}

@Suite("Built-in extractor: dialogue rules")
struct DialogueRuleTests {
    @Test("a proposal with no reply, a hedge, or a change of subject is not confirmed", arguments: [
        ["Padel Saturday at 6pm?"],
        ["Padel Saturday at 6pm?", "o: let me check and get back to you"],
        ["Padel Saturday at 6pm?", "o: maybe"],
        ["تجي معنا البر الجمعة؟", "o: إن شاء الله أشوف ظروفي وأرد عليك"],
        ["el a7ad shopping?", "o: inshallah ashoof"],
        ["Padel Saturday at 6pm?", "o: did you see the match last night??"],
        ["Can you come over Sunday at 4?", "o: what for?", "to help me with the wardrobe"],
        ["Brunch Saturday at 11?", "o: Saturday's tough, what about Sunday?"],
    ])
    func notConfirmed(_ lines: [String]) {
        #expect(judged(lines).status == .notConfirmed)
    }

    @Test("declines, dropped plans and cancellations after agreement are denied", arguments: [
        ["Movie tonight at 9?", "o: can't tonight, sorry"],
        ["نلعب بلوت الليلة؟", "o: ما أقدر والله عندي دوام بكرة"],
        ["tabi tiji el jum3a?", "o: ma a2dar wallah", "o: 5alaha mara thanya"],
        ["Tennis Wednesday 5pm?", "o: sure!", "So sorry, I need to cancel, can we rain check?"],
        ["نروح الاستراحة الخميس؟", "o: تم", "o: اعذرني، خليها بعد الاختبارات"],
        ["We can visit tomorrow 10am for the AC maintenance, 150 SAR", "o: no thanks, not needed"],
        ["موعدك يوم الأحد الساعة ١٠", "o: موافق", "نعتذر، سيتم التنسيق لاحقاً"],
        ["السوق بكرة؟", "o: مو فاضية بكرة", "طيب بعد بكرة؟", "o: حتى بعد بكرة ما أقدر، خليها الأسبوع الجاي"],
    ])
    func denied(_ lines: [String]) {
        #expect(judged(lines).status == .denied)
    }

    @Test("a negation of something else is no refusal", arguments: [
        ["Dinner tomorrow at 8?", "o: yes! I'm bringing dessert, no arguments"],
        ["Dinner tomorrow at 8?", "o: count me in, can't come soon enough"],
        ["Dinner tomorrow at 8?", "o: sure", "oh no, the restaurant is closed Mondays, good thing it's tomorrow"],
        ["Football tomorrow at 5?", "o: I'm in", "Ahmad is away so he can't join"],
        ["عشا بكرة الساعة ٨؟", "o: تم", "لا تنسى تجيب الحلا"],
        ["عشا بكرة الساعة ٨؟", "o: اكيد جاية", "رحلتك ١٠٣٤ لا تنساها"],
        ["عشا بكرة الساعة ٨؟", "o: تمام", "لا يمكن نتأخر، المطعم يقفل ١١"],
    ])
    func negationsOfOtherThings(_ lines: [String]) {
        #expect(judged(lines).status == .agreed, "\(lines)")
    }

    @Test("vague intentions, one's own appointments, the past, announcements and separate viewing are no event", arguments: [
        ["We should hang out sometime!", "o: definitely!!"],
        ["لازم نجتمع قريب", "o: أكيد"],
        ["I have a dentist appointment tomorrow at 3", "o: good luck!"],
        ["عندي موعد بكرة في المستشفى الساعة ١٠", "o: الله يشفيك"],
        ["Yesterday's meeting was great", "o: yes the client loved it"],
        ["الحفلة أمس كانت خيال", "o: صدق"],
        ["Community iftar this Friday at Maghrib, all welcome! Please share", "o: nice"],
        ["Are you watching the final tonight?", "o: of course, at home with the family"],
        ["hi! how are you?", "o: good thanks"],
    ])
    func noEvent(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent)
    }

    @Test("acceptances in every language agree", arguments: [
        "works for me", "count me in", "أبشر", "تم", "اتفقنا", "akeed", "tamam", "أؤكد حضوري", "👍", "yalla", "I'm in!", "sounds good",
    ])
    func accepts(_ reply: String) {
        #expect(judged(["Dinner tomorrow at 8?", "o: " + reply]).status == .agreed)
    }

    @Test("only the other side's acceptance counts")
    func proposerCannotAccept() {
        #expect(judged(["o: Dinner tomorrow at 8?", "o: ok?"]).status == .notConfirmed)
    }

    @Test("a reply of 1 confirms a clinic's reminder")
    func clinicReminder() throws {
        let judgement = judged(["Reminder: your appointment at Smile Dental Clinic is on 29/11 at 4:30 PM. Reply 1 to confirm or 2 to cancel.", "o: 1"])
        let event = try #require(judgement.event)
        #expect(event.startDate.description == "2026-11-29")
        #expect(event.startTime?.description == "16:30")
        #expect(event.location?.contains("Smile Dental Clinic") == true)
    }

    @Test("after counter-proposals the last accepted proposal wins")
    func counterProposal() throws {
        let event = try #require(judged(["Lunch tomorrow?", "o: I can't tomorrow but Saturday works", "ok Saturday at 5 then", "o: perfect"]).event)
        #expect(event.startDate.description == "2026-11-28")
        #expect(event.startTime?.description == "17:00")
        let arabic = try #require(judged(["نروح المول بكرة؟", "o: بكرة ما أقدر، وش رايك السبت؟", "تمام السبت الساعة ٥ العصر"]).event)
        #expect(arabic.startDate.description == "2026-11-28")
        #expect(arabic.startTime?.description == "17:00")
    }

    @Test("details and corrected times after acceptance join the event")
    func detailsAfterAcceptance() throws {
        let event = try #require(judged(["Gym tomorrow 6am?", "o: yes", "at Fitness Time in Olaya, for an hour and a half"]).event)
        #expect(event.startTime?.description == "06:00")
        #expect(event.endTime?.description == "07:30")
        #expect(event.location?.contains("Fitness Time") == true)
        let corrected = try #require(judged(["Dinner Friday at 7?", "o: deal", "actually can we make it 8?", "o: sure"]).event)
        #expect(corrected.startTime?.description == "20:00")
    }

    @Test("a host's home is the location, named after the host")
    func home() throws {
        let theirs = try #require(judged(["Party at my place on Thursday at 9pm!", "o: see you there"]).event)
        #expect(theirs.location?.contains("Sara") == true)
        let mine = try #require(judged(["o: تعال عندي في البيت بكرة الساعة ٨ بالليل", "أبشر"]).event)
        #expect(mine.location?.contains("بيت") == true)
        #expect(mine.location?.contains("Owner") == true)
        let pin = try #require(judged(["Coffee tomorrow at 5?", "o: sure", "PIN Medan Cafe https://maps.google.com/?q=24.7,46.7"]).event)
        #expect(pin.location == "Medan Cafe")
    }

    @Test("titles name the activity in the chat's language and the other person")
    func titles() throws {
        #expect(try #require(judged(["Bowling Friday 9pm?", "o: akeed"]).event).title == "Bowling with Sara")
        #expect(try #require(judged(["نتعشى بكرة الساعة ٩؟", "o: أبشر"]).event).title == "عشاء مع Sara")
    }
}

@Suite("Built-in extractor: speed")
struct BuiltinSpeedTests {
    @Test("a 10,000-message chat judged once a day over its last 60 messages")
    func tenThousandMessages() throws {
        let lines = [
            "Dinner tomorrow at 8 at Nando's?", "o: works for me", "haha did you see that video", "o: yes 😂", "بكرة نروح البر؟",
            "o: ما أقدر والله", "ok no worries", "bokra 3asha 7 w nos?", "o: akeed", "Meeting Thursday from 4 to 6 at the office",
            "o: let me check", "الحفلة أمس كانت خيال", "o: 👍", "I have a dentist appointment tomorrow at 3", "o: good luck",
        ]
        var messages: [ChatMessage] = []
        var day = LocalDate(year: 2025, month: 1, day: 1)
        for i in 0..<10_000 {
            if i % 27 == 26 { day = day.adding(days: 1) }
            let line = lines[i % lines.count]
            let mine = line.hasPrefix("o:")
            messages.append(ChatMessage(sender: mine ? "Owner" : "Sara", fromOwner: mine, sent: LocalDateTime(date: day, secondOfDay: 36_000 + i % 27 * 60),
                                        text: mine ? String(line.dropFirst(3)) + " \(i % 50)" : line + " \(i % 50)"))
        }
        let extractor = BuiltinExtractor()
        let clock = ContinuousClock()
        var judged = 0
        let elapsed = clock.measure {
            var index = 0
            while index < messages.count {
                let today = messages[index].sent.date
                var last = index
                while last + 1 < messages.count, messages[last + 1].sent.date == today { last += 1 }
                let window = Array(messages[max(0, last - 59)...last])
                _ = extractor.judgeNow(Conversation(messages: window, timeZone: "Asia/Riyadh"))
                judged += 1
                index = last + 1
            }
        }
        print("builtin speed: \(judged) windows of ≤ 60 messages over 10,000 messages in \(elapsed)")
        #expect(judged > 300)
        #expect(elapsed < .seconds(20)) // debug builds; release is far faster (see the report)
    }
}
