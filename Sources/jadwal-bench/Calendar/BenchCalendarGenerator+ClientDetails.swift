// What differs between clients' exports: descriptions with conference text, ORGANIZER and
// ATTENDEE parameters, vendor X- properties and VALARMs.
extension BenchCalendarGenerator {
    /// A few sentences, and for some Google and Outlook events the text their clients add
    /// about the video meeting.
    func makeDescription(_ event: SeriesEvent, rng: inout SplitMix64) -> String {
        var text = ""
        let sentenceCount = rng.inRange(1...7)
        for i in 0..<sentenceCount {
            if i > 0 { text += rng.chance(30) ? "\n\n" : (rng.chance(50) ? "\n" : " ") }
            text += rng.pick(SampleText.sentences)
        }
        switch event.flavor {
        case .google where rng.chance(50):
            let code = "\(letters(3, &rng))-\(letters(4, &rng))-\(letters(3, &rng))"
            text += "\n\n-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-\n"
            text += "Join with Google Meet: https://meet.google.com/\(code)\n"
            text += "Or dial: (US) +1 555-0\(rng.inRange(100...199)) PIN: \(rng.inRange(100_000_000...999_999_999))#\n"
            text += "Learn more about Meet at: https://support.google.com/a/users/answer/9282720\n"
            text += "-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-"
        case .outlook where rng.chance(50):
            text += "\n\n________________________________________________________________________________\n"
            text += "Microsoft Teams meeting\nJoin on your computer, mobile app or room device\n"
            text += "Click here to join the meeting<https://teams.example.com/l/meetup-join/19%3ameeting_"
            text += letters(24, &rng) + "%40thread.v2/0?context=%7b%22Tid%22%3a%22" + letters(8, &rng) + "%22%7d>\n"
            text += "Meeting ID: \(rng.inRange(100...999)) \(rng.inRange(100...999)) \(rng.inRange(100...999))\n"
            text += "Passcode: " + letters(6, &rng) + "\n"
            text += "________________________________________________________________________________"
        default:
            break
        }
        return text
    }

    /// `count` random lowercase ASCII letters.
    private func letters(_ count: Int, _ rng: inout SplitMix64) -> String {
        let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
        var s = ""
        for _ in 0..<count { s.append(alphabet[rng.below(26)]) }
        return s
    }

    /// Writes ORGANIZER or ATTENDEE with the parameters each client uses; returns who it was.
    /// With `same`, writes that person again (the organizer usually also is the first attendee).
    func writePerson(_ name: String, event: SeriesEvent, attendee: Bool, rng: inout SplitMix64,
                     out: inout ContentLineWriter, same: (cn: String, mail: String)? = nil) -> (cn: String, mail: String) {
        let cn: String
        let mail: String
        if let same {
            (cn, mail) = same
        } else if rng.chance(15) {
            let p = rng.pick(SampleText.arabicPeople)
            cn = p.name
            mail = "\(p.slug)@\(rng.pick(SampleText.domains))"
        } else {
            let p = rng.pick(SampleText.people)
            mail = "\(p.slug)@\(rng.pick(SampleText.domains))"
            switch event.flavor {
            case .outlook: cn = "\(p.family), \(p.given)"  // needs quoting: contains a comma
            case .google: cn = mail
            case .apple: cn = "\(p.given) \(p.family)"
            }
        }

        out.put(name)
        if attendee {
            if event.flavor != .apple { out.put(";CUTYPE=INDIVIDUAL") }
            out.put(";ROLE=")
            if same != nil {
                out.put("CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE")
            } else {
                out.put(rng.chance(85) ? "REQ-PARTICIPANT" : "OPT-PARTICIPANT")
                out.put(";PARTSTAT=")
                out.put(rng.pick(["ACCEPTED", "ACCEPTED", "ACCEPTED", "NEEDS-ACTION", "DECLINED", "TENTATIVE"]))
                out.put(";RSVP=")
                out.put(rng.chance(70) ? "TRUE" : "FALSE")
            }
        }
        out.put(";CN=")
        // Quote when required (',', ';', ':'), for non-ASCII names, and always as Apple does.
        let needsQuotes = cn.utf8.contains { $0 == 0x2C || $0 == 0x3B || $0 == 0x3A || $0 >= 0x80 }
        if needsQuotes || event.flavor == .apple {
            out.put("\"")
            out.put(cn)
            out.put("\"")
        } else {
            out.put(cn)
        }
        if attendee && event.flavor == .google { out.put(";X-NUM-GUESTS=0") }
        if attendee && event.flavor == .apple {
            out.put(";EMAIL=")
            out.put(mail)
        }
        out.put(":mailto:")
        out.put(mail)
        out.endLine()
        return (cn, mail)
    }

    /// The X- properties each client adds (X-GOOGLE-*, X-MICROSOFT-CDO-*, X-APPLE-*).
    func writeVendorProperties(_ event: SeriesEvent, rng: inout SplitMix64, out: inout ContentLineWriter) {
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }
        switch event.flavor {
        case .google:
            if rng.chance(30) {
                out.line("X-GOOGLE-CONFERENCE:https://meet.google.com/\(letters(3, &rng))-\(letters(4, &rng))-\(letters(3, &rng))")
            }
        case .outlook:
            out.line("X-MICROSOFT-CDO-APPT-SEQUENCE:\(event.sequence)")
            out.line("X-MICROSOFT-CDO-BUSYSTATUS:" + (isAllDay ? "FREE" : "BUSY"))
            out.line("X-MICROSOFT-CDO-INTENDEDSTATUS:" + (isAllDay ? "FREE" : "BUSY"))
            out.line("X-MICROSOFT-CDO-ALLDAYEVENT:" + (isAllDay ? "TRUE" : "FALSE"))
            out.line("X-MICROSOFT-CDO-IMPORTANCE:1")
            out.line("X-MICROSOFT-CDO-INSTTYPE:0")
            out.line("X-MICROSOFT-DONOTFORWARDMEETING:FALSE")
            out.line("X-MICROSOFT-DISALLOW-COUNTER:FALSE")
        case .apple:
            out.line("X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC")
            if rng.chance(30) {
                let places = [
                    ("Kingdom Centre", "King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia", "geo:24.711667,46.674167"),
                    ("Sydney Opera House", "Bennelong Point, Sydney NSW 2000, Australia", "geo:-33.856784,151.215297"),
                    ("British Museum", "Great Russell St, London WC1B 3DG, England", "geo:51.519413,-0.126957"),
                    ("Bryant Park", "New York, NY 10018, United States", "geo:40.753597,-73.983233"),
                ]
                let (title, address, geo) = rng.pick(places)
                out.put("X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"")
                out.put(address)
                out.put("\";X-APPLE-MAPKIT-HANDLE=")
                out.put(letters(40, &rng))
                out.put(";X-APPLE-RADIUS=")
                out.put(int: rng.inRange(70...400))
                out.put(";X-APPLE-REFERENCEFRAME=1;X-TITLE=\"")
                out.put(title)
                out.put("\":")
                out.put(geo)
                out.endLine()
            }
            if rng.chance(20) {
                out.line("X-APPLE-CREATOR-IDENTITY:com.apple.mobilecal")
                out.line("X-APPLE-CREATOR-TEAM-IDENTITY:0000000000")
            }
        }
    }

    /// A VALARM `minutesBefore` the start, written as the event's client writes one.
    func writeAlarm(_ event: SeriesEvent, minutesBefore: Int, rng: inout SplitMix64, out: inout ContentLineWriter) {
        out.line("BEGIN:VALARM")
        switch event.flavor {
        case .google:
            out.line("ACTION:DISPLAY")
            out.line("DESCRIPTION:This is an event reminder")
            out.put("TRIGGER:-P0DT")
            out.put(int: minutesBefore / 60)
            out.put("H")
            out.put(int: minutesBefore % 60)
            out.put("M0S")
            out.endLine()
        case .outlook:
            out.line("ACTION:DISPLAY")
            out.line("DESCRIPTION:Reminder")
            out.put("TRIGGER;RELATED=START:-PT")
            out.put(int: minutesBefore)
            out.put("M")
            out.endLine()
        case .apple:
            let alarmUID = "\(letters(8, &rng).uppercased())-\(letters(4, &rng).uppercased())-ALARM"
            out.line("X-WR-ALARMUID:" + alarmUID)
            out.line("UID:" + alarmUID)
            out.put("TRIGGER:-PT")
            out.put(int: minutesBefore)
            out.put("M")
            out.endLine()
            if rng.chance(40) {
                out.line("ACTION:AUDIO")
                out.line("ATTACH;VALUE=URI:Chord")
            } else {
                out.line("ACTION:DISPLAY")
                out.put("DESCRIPTION:")
                out.putText("Reminder, \(minutesBefore) min")
                out.endLine()
            }
            if rng.chance(30) {
                writeStamp("ACKNOWLEDGED", day: event.stampDay, minute: event.stampMinute, out: &out)
            }
        }
        out.line("END:VALARM")
    }
}
