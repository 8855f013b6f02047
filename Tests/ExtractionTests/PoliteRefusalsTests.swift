import Testing
@testable import Extraction

/// Invitations turned down politely (a blessing or thanks, then "but" and an excuse; "have fun";
/// "خليها مرة ثانية"), and talk that plans nothing: one's own appointments told, vague
/// intentions, events gone by, in the dialects of the chats. Said on Wednesday 2026-11-25 in
/// Riyadh; lines starting "o:" are the owner's.
@Suite("Built-in extractor: polite refusals, and talk that plans nothing")
struct PoliteRefusalsTests {
    static let table: [([String], Judgement.Status)] = [
        (["زواج أخوي الخميس الجاي بقاعة الفيصلية، لازم تجي", "o: الله يتمم عليكم بخير ويجعلها زيجة مباركة، بس والله ما أقدر أوعدك"], .denied),
        (["عزيمة عندنا الجمعة بعد المغرب، تعال", "o: تسلم والله، بس مسافر الجمعة. عساكم تستانسون"], .denied),
        (["we're doing a bbq saturday at 5, come!", "o: aw have fun guys! I'm at my sister's all weekend"], .denied),
        // Calling off in any person ("لغينا", "منأجلها"), and "no need to go" after a yes; "جل"
        // (gel) and "بلغي" (tell) call nothing off.
        (["o: عزومة الجمعة، جايين؟", "جايين ان شاء الله", "o: معلش يا جماعة لغينا العزومة، بابا لازم يسافر"], .denied),
        (["o: نروح نعاين الشقة السبت؟", "إي أنا فاضي", "o: ترا صاحب الشقة أجرها، ما له داعي نروح"], .denied),
        (["o: movie tonight?", "sure I'll meet you there", "o: ok scratch tonight, car won't start. another time"], .denied),
        (["o: الغدا الجمعة؟", "أوكي", "o: صرلي ظرف، سوري بس منأجلها لبعدين"], .denied),
        (["o: el sabt nroo7 nsayyed?", "ok 3ala el fjr", "o: tara el jaw reeh el sabt, n2ajjilha a7san"], .denied),
        (["o: بكرة الصبح نروح الشارقة، بتيي؟", "هيه بيي", "o: ترا الشارقة كنسلناها، يدتي تعبانة"], .denied),
        (["o: صالون بكرة؟", "تمام", "o: ودي أسوي جل"], .agreed),
        (["o: بكرة نروح السوق؟", "تمام", "o: بلغي أمك إننا جايين"], .agreed),
        // Written Arabic, and "ف" joined to a word as "و" is ("فاعذروني").
        (["o: ندعوكم لحضور حفل التكريم مساء الأربعاء.", "جزاكم الله خيرًا، لديّ ارتباط مسبق في ذلك المساء"], .denied),
        (["o: هل يمكنك الحضور يوم الخميس؟", "الخميس موعد مناوبتي، فاعذروني"], .denied),
        // Put off with no day, whatever "we'll see" goes with it.
        (["o: gathering Friday بعد المغرب؟", "Friday I'm still in Dubai 😩 خلها مرة ثانية، we'll see after I'm back"], .denied),
        // Bound elsewhere, on duty, or somewhere else that day.
        (["o: تجي نروح المزرعة الجمعة؟", "مقدر يا الحبيب، مرتبط"], .denied),
        (["o: الأهل مسوين عشا بكرة الساعة ٨، تعال", "الله يجزاك خير بس عندنا ارتباط"], .denied),
        (["o: عندنا عشا بعد بكرة في البيت، تعال", "والله ودي بس بكون في العين"], .denied),
        (["o: come with us to the fair tonight, the kids are asking for you", "aww tonight I'm on duty at the hospital till 2am"], .denied),
        // A wish, then "but" and one's own plans.
        (["o: بدك تجي معنا عالبحر الأحد؟", "يا ريت بس عندي غدا عند بيت حماي"], .denied),
        (["o: drinks friday?", "I wish! but I have my in-laws over friday"], .denied),
        // "We can't" as well as "I can't"; after a yes, with the plan's day and put off.
        (["o: عشا الخميس؟", "ma nagdar el 5amees"], .denied),
        (["o: نروح البحر السبت؟", "يلا نروح", "o: آسف، السبت ما بنقدر، الوالدة تعبانة. نخليها وقت ثاني"], .denied),
        (["o: عشا الخميس؟", "تمام", "o: الخميس ما فينا، إجانا ضيوف. منشوف يوم تاني"], .denied),
        (["party at mine friday at 9, you in?", "o: I'll have to sit this one out, enjoy!"], .denied),
        (["movie tomorrow at 8?", "o: I'll catch the next one, have fun"], .denied),
        (["movie tomorrow at 8?", "o: gonna skip this one"], .denied),
        (["حفلة بكرة الساعة ٩، تجين؟", "o: تتهنون حبيبتي، ما أقدر أطلع بكرة"], .denied),
        (["عرس بنتي الخميس، ننتظرك", "o: الله يتمم بخير، ان شاء الله في الأفراح، بس عندي سفر ذاك اليوم"], .denied),
        (["fatoor bokra el sa3a 7?", "o: 7abibi ana msafer bokra, khalliha marra tanya"], .denied),
        (["عشا بكرة الساعة ٨؟", "o: خليها مرة ثانية إن شاء الله"], .denied),
        (["عشا بكرة الساعة ٨؟", "o: والله كان ودي بس عندي ضيوف"], .denied),
        (["ghada bokra?", "o: wallah kan nefsi bas 3andi shoghl"], .denied),
        (["نروح البحر الجمعة؟", "o: والله نفسي بس مش هينفع الجمعة دي"], .denied),
        (["dinner tomorrow at 8?", "o: ugh I wish, I'm working late all week"], .denied),
        (["coffee tomorrow at 10?", "o: I'd love to but tomorrow's packed, sorry!"], .denied),
        (["gym tomorrow at 6?", "o: not this time, my back is killing me"], .denied),
        (["o: عندي موعد أسنان بكرة الساعة ٤", "الله يعينك"], .noEvent),
        (["عندي مقابلة شغل الأحد الساعة ١٠", "o: بالتوفيق يا رب!"], .noEvent),
        (["I have a dentist appointment tomorrow at 4", "o: good luck!"], .noEvent),
        (["my interview is on Sunday at 10", "o: you'll smash it"], .noEvent),
        (["I'm flying to Dubai on Thursday", "o: safe travels!"], .noEvent),
        (["أنا مسافر الخميس للرياض", "o: تروح وترجع بالسلامة"], .noEvent),
        (["we're going to my in-laws on Friday for lunch", "o: have fun!"], .noEvent),
        (["عندنا عزيمة عند أهل زوجي الجمعة", "o: تتهنون"], .noEvent),
        (["رايح للدكتور بكرة الصبح", "o: سلامتك"], .noEvent),
        (["بكرة عندي اختبار الساعة ٨", "o: الله يوفقك"], .noEvent),
        (["el sabt 3andi mo2abla 3al 10", "o: rabbena ywaffa2ak"], .noEvent),
        (["bokra 3andi doctor el sa3a 5", "o: salamtak"], .noEvent),
        (["the plumber is coming tomorrow at 9 to fix my sink", "o: finally!"], .noEvent),
    ]

    @Test("each exchange ends as it says", arguments: table)
    func ends(_ row: ([String], Judgement.Status)) {
        #expect(judged(row.0).status == row.1, "\(row.0)")
    }

    /// One's own appointments, shifts, flights and whereabouts told to the other, answered
    /// with a wish: nothing is proposed.
    static let told: [[String]] = [
        ["I've got the dentist at 4 tomorrow", "o: ugh good luck"],
        ["my dentist appointment got moved to Sunday at 11", "o: ok"],
        ["they booked my interview for Sunday 10am", "o: amazing!!"],
        ["الدكتور عطاني موعد الأحد الساعة ١٠", "o: الله يشفيك"],
        ["موعدي مع الدكتور بكرة الساعة ٤", "o: سلامتك"],
        ["عندي دوام بكرة من ٨ لين ٤", "o: الله يعينك"],
        ["my flight is at 6am Thursday", "o: safe flight!"],
        ["رحلتي الخميس الساعة ٦ الصبح", "o: توصل بالسلامة"],
        ["I'm at the gym tomorrow 6 to 7", "o: nice"],
        ["أنا بالنادي بكرة من ٦ لين ٧", "o: الله يعطيك العافية"],
        ["bokra 3andi shoghl mn 9 la 5", "o: allah y3eenak"],
        ["mama has her checkup on Monday at 9, I'm taking her", "o: hope it goes well"],
        ["the kids have a school show tomorrow at 10", "o: aww send videos"],
        ["I'm travelling to London on the 3rd of December", "o: lucky you"],
        ["مسافر لندن ٣ ديسمبر", "o: الله يسهل عليك"],
        ["my brother's wedding is on Friday, 8pm at the Ritz", "o: congratulations to him!"],
    ]

    @Test("one's own plans told and wished well are no event", arguments: told)
    func toldOnly(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    /// Vague intentions agreed to, and events gone by talked about: no event.
    static let noPlan: [[String]] = [
        ["we should hang out sometime!", "o: definitely!!"],
        ["لازم نجتمع قريب", "o: أكيد"],
        ["next summer we go to Bali?", "o: I'm in"],
        ["let's do dinner soon", "o: yes!"],
        ["نطلع مرة نتعشى", "o: اكيد ان شاء الله"],
        ["one of these days we'll grab coffee", "o: for sure"],
        ["sometime next week? coffee?", "o: sure"],
        ["coffee this weekend?", "o: yes"],
        ["بعد الامتحانات نطلع نتعشى", "o: تمام"],
        ["لازم نسويها مرة ثانية", "o: أكيد"],
        ["ba3d el emti7anat nitla3", "o: akeed"],
        ["we should do this again", "o: 100%"],
        ["نبي نروح العلا يوم من الايام", "o: يا ليت"],
        ["let's catch up when you're back", "o: deal"],
        ["yesterday's dinner was great", "o: yes! loved it"],
        ["الحفلة أمس كانت روعة", "o: صح والله"],
        ["last Friday's match was crazy", "o: I know!!"],
        ["we went to the beach on Saturday, it was lovely", "o: aww nice"],
        ["remember the trip on the 5th? so fun", "o: haha yes"],
        ["كان العشا يوم الخميس حلو", "o: ايه والله"],
        ["رحنا البحر السبت اللي فات", "o: حلو"],
        ["el 7afla embare7 kanat 7elwa", "o: aywa"],
        ["how was the wedding on Thursday?", "o: amazing!"],
        ["did you enjoy the concert last night?", "o: so much"],
        ["شلون كان الزواج الخميس؟", "o: يجنن"],
        // Whether the other goes somewhere, or a day is a holiday, asks a fact.
        ["إنتا رايح العرس بكرة؟", "o: ايوه، أنا وأمي رايحين بعد العشا"],
        ["Akhi is Sunday a holiday or no? For National Day", "o: Yes, Sunday and Monday both"],
        ["هل تعرف إن كانت المدارس ستعطّل يوم الخميس؟", "o: حسب التعميم الأخير نعم"],
    ]

    @Test("vague intentions and past events are no event", arguments: noPlan)
    func noEvent(_ lines: [String]) {
        #expect(judged(lines).status == .noEvent, "\(lines)")
    }

    /// One's own plans that day, said to an invitation with no yes and no other day, decline;
    /// the one who said them may still offer another day or say they will see.
    @Test("an excuse alone declines, softly")
    func excuseAlone() throws {
        #expect(judged(["o: نتعشى بكرة؟", "بكرة عندي دوام لين الليل"]).status == .denied)
        #expect(judged(["o: lunch on the 28th?", "I have a deadline on the 28th"]).status == .denied)
        // "I have" anything but time: guests, a shift, an appointment.
        #expect(judged(["o: تعال نلعب شدة الليلة", "بتعرف إنه الليلة عندي ضيوف"]).status == .denied)
        #expect(judged(["o: fik tjeeb el welad bukra?", "sorry 7ayati, 3ande maw3ad bel mashfa"]).status == .denied)
        #expect(judged(["o: نتقابل بكرة؟", "بكرة عندي وقت بعد العصر"]).status != .denied)
        // Tired, ill, away or broke.
        #expect(judged(["o: نطلع دبي مول الليلة؟", "آآخ، توني راد من الدوام وتعبان حدي"]).status == .denied)
        #expect(judged(["o: drinks friday?", "I'm skint till payday I'm afraid"]).status == .denied)
        #expect(judged(["o: قهوة بكرة؟", "بكرة عندي موعد بالمستشفى", "o: عادي بعده", "إن شاء الله، بشوف وأرد عليك"]).status == .notConfirmed)
        let moved = judged(["o: lunch on the 28th?", "I have a deadline on the 28th", "does the 29th work?", "o: sure"])
        #expect(moved.status == .agreed)
        #expect(try #require(moved.event).startDate == LocalDate(year: 2026, month: 11, day: 29))
    }
}
