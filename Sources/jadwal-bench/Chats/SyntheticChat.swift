import Extraction
import Foundation

/// A deterministic two-person chat in English, Gulf Arabic and Arabizi, in the Android
/// layout: small talk with plans proposed, accepted, declined and cancelled now and then.
struct SyntheticChat {
    static let owner = "Amal"
    static let other = "Sara"
    let messages: Int
    /// Numbers each message, so no two texts are the same.
    var distinct = false

    private static let smallTalk = [
        "how was your day?", "haha yes 😂", "did you see the match yesterday", "ok", "الحمدلله تمام", "وش أخبارك؟",
        "kaifik?", "ana zain el7mdlla", "lol", "send me the photos pls", "<Media omitted>", "تمام", "ماشاءالله",
        "I'm so tired today", "the traffic was crazy", "yalla bye", "good night 🌙", "صباح الخير", "ok will do",
    ]
    private static let proposals = [
        "Dinner tomorrow at 8pm at Nozomi?", "Coffee on Thursday at 10am?", "نطلع العشا بكرة الساعة ٩ بالليل؟",
        "Lunch the day after tomorrow at 1pm at the mall?", "bowling el jum3a 9pm?", "Movie on Saturday at 7?",
        "نتقهوى الخميس الجاي الساعة ٥ العصر؟", "padel in 3 days at 6pm?", "Let's meet next Tuesday at 4pm for the project",
    ]
    private static let answers = [
        "Works for me!", "Sure 👍", "أبشر", "تم", "akeed", "I can't, sorry", "ما أقدر والله", "let me check and get back to you",
        "tamam", "count me in", "maybe", "اتفقنا",
    ]

    /// The export's text: one line per message, ending in a newline.
    func export() -> String {
        var generator = SplitMix64(seed: 2026)
        var lines: [String] = []
        var minute = 0
        var day = LocalDate(year: 2026, month: 1, day: 1)
        while lines.count < messages {
            minute += generator.below(40) + 1
            if minute >= 22 * 60 {
                day = day.adding(days: 1)
                minute = 8 * 60 + generator.below(120)
            }
            let roll = generator.below(10)
            let (sender, text): (String, String)
            if roll == 0 {
                (sender, text) = (Self.other, Self.proposals[generator.below(Self.proposals.count)])
            } else if roll == 1 {
                (sender, text) = (Self.owner, Self.answers[generator.below(Self.answers.count)])
            } else {
                (sender, text) = (generator.below(2) == 0 ? Self.owner : Self.other, Self.smallTalk[generator.below(Self.smallTalk.count)])
            }
            let stamp = String(format: "%02d/%02d/%04d, %02d:%02d", day.day, day.month, day.year, minute / 60, minute % 60)
            lines.append("\(stamp) - \(sender): \(text)" + (distinct ? " \(lines.count)" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
