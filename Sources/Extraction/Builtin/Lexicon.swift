/// What a phrase in a message says about a plan.
enum Cue: Int, Sendable, CaseIterable {
    /// "works for me", "أبشر", "akeed".
    case accept
    /// A yes that says the speaker will be there: "see you there", "count me in", "مستنيك".
    /// Every one of these also counts as ``accept``.
    case attend
    /// "can't", "ما أقدر", "no thanks".
    case decline
    /// Declines only as a reply: "sorry", "tough", "صعب".
    case softDecline
    /// "let me check", "maybe", "إن شاء الله أشوف".
    case hedge
    /// "cancel", "call it off", "rain check", "تأجيل".
    case cancel
    /// "next time", "another time", "خليها مرة ثانية", "بعدين".
    case putOff
    /// An invitation or suggestion: "let's", "want to", "ودك", "خلنا", "tabi".
    case propose
    /// A public announcement: "all welcome", "tickets", "تعلن".
    case announce
    /// "I have", "عندي", "3indi": the start of one's own appointment.
    case ownHave
    /// An appointment noun that, after `ownHave`, makes it one's own.
    case commitment
    /// "I'm going to", "رايح": one's own plan.
    case ownPlan
    /// "are you watching", "بتشوفه": asking about the other's own plans.
    case watch
    /// "together", "with us", "معنا", "سوا".
    case together
    /// "was", "كان", "yesterday": speaking of the past.
    case past
    /// "reply 1", "للتأكيد أرسل ١": a reminder that "1" confirms.
    case replyOne
    /// "your appointment is confirmed", "تم تأكيد حجزك": a booking made; a thanks settles it.
    case booked
    /// "where", "وين", "wain".
    case askWhere
    /// "did you see", "تدري": a question about a fact, not an invitation (see also
    /// ``MessageAnalysis/asksFact`` for tags such as "right?").
    case askFact
    /// "which day?", "أي يوم؟", "emta?": asking when an invitation is, which proposes no day.
    case askWhen
    /// "video call", "zoom", "مكالمة فيديو", "اونلاين": a plan held at a distance, with no place.
    case remote
    /// "thanks", "شكرا", and the blessings and congratulations said to an invitation
    /// ("الله يتمم بخير", "مبروك"), which a "but" and an excuse turn into a refusal.
    case thanks
    /// "instead", "بدال", "actually": marks a change.
    case change
    /// Phrases that would otherwise read as a cue: "no worries", "ولا يهمك".
    case neutral
    /// Wishing someone well in what they do on their own: "good luck", "بالتوفيق", "ربنا معاك",
    /// "safe trip".
    case wish
}

/// Phrase tables in folded spelling (see ``TextNormalizer``), matched on whole tokens.
enum Lexicon {
    static let entries: [(Cue, [String])] = [
        (.accept, [
            "yes", "yess", "yesss", "yeah", "yea", "yep", "yup", "ya", "sure", "surely", "ok", "okay", "okk", "okey", "k", "kk", "oki",
            "sounds good", "sounds great", "sounds awesome", "sounds perfect", "sounds like a plan", "sounds fun", "sounds lovely",
            "works for me", "that works", "works", "it works", "deal", "done", "perfect", "great", "cool", "alright", "all right",
            "wouldn't miss it", "would not miss it", "wouldnt miss it", "absolutely", "definitely", "of course",
            "for sure", "sign me up", "confirmed", "i confirm", "confirm", "why not", "fine", "is fine", "agreed",
            "yes please", "with pleasure", "i'd love to", "id love to", "love to", "would love to", "can't wait", "cant wait", "i'm free",
            "im free", "i am free", "booked", "great idea", "good idea", "فاضي", "فاضيه",
            "no problem", "np", "got it", "noted", "yalla", "yallah", "yala", "akeed", "akid", "akiid", "tamam", "tmam", "tammam",
            "mashi", "maashi", "ee", "aywa", "aiwa", "ah", "na3am", "zain", "zein", "7ilw", "mumtaz", "la ba2s", "7ader",
            "تم", "تمام", "اتفقنا", "متفقين", "ابشر", "ابشري", "ابشروا", "اكيد", "طيب", "اوكي", "اوك", "ماشي", "يلا", "يالله", "حاضر", "زين",
            "على خير", "اوكد", "اوكد حضوري", "نعم", "ايوه", "ما فيه مشكله", "ما في مشكله", "مافي مشكله", "مفيش مشكله", "ما عندي مانع",
            "mafi mshkla", "mafi mushkila", "mafi moshkila", "mafeesh moshkla",
            "ايه", "اي والله", "موافق", "موافقه", "مناسب", "يناسبني", "مناسب لي", "لا باس", "بكل سرور", "حلو", "ممتاز", "عادي",
            "بإذن الله",
            "مرحبا الساع", "حياك", "اوكيه", "يس", "بالتاكيد", "وانا كمان", "وانا بعد", "وانا معك", "وانا معكم",
            "على راسي", "ع راسي", "عراسي", "على عيني", "على عيوني", "من عيوني", "من عيني", "تكرم", "تكرمي", "تكرم عينك",
            "مشينا", "يصير", "حاضرين", "على هالخشم", "جاهز", "جاهزه", "اشطا", "اشطه", "ظبط", "منيح", "منيحه", "بيمشي", "بتمشي",
            "بزبط", "بظبط", "بيزبط", "بيظبط", "بتزبط", "بتظبط", "ظابطه", "زابطه", "بيزبطلي", "بيظبطلي", "بتزبطلي", "بتظبطلي", "حسنا", "يسعدني", "يسعدني ذلك", "لا مانع", "لا مانع لدي",
            "ashta", "ashtah", "zabta", "zabet", "bizabet", "byezbat", "tayeb", "tayyeb", "tayb", "mwafe2", "mwafi2", "mowafe2", "say less",
            "100%", "love that", "i'm game", "im game", "so down", "down for it",
            // "Of course" and "at your service" in every dialect.
            "طبعا", "بالطبع", "افا عليك", "افا عليج", "لبيه", "لبيك", "تامر", "تامرين", "امرك", "تحت امرك", "انزين", "يشرفني", "يشرفنا",
            "قبلت الدعوه", "tab3an", "tab3n", "6ab3an", "6ab3n", "afa 3alaik", "labbeh", "labeh", "inzain", "enzain", "ta7t amrak",
            "course", "go on then", "you bet", "count on me",
            "موكد", "لا مشكله", "اقدر", "بقدر", "ياي", "يايه", "يايين",
            "abshir", "absher", "3ala rasi", "3a rasi", "3ala rasy", "min 3youni", "mn 3youni", "men 3eeni", "tikram", "tekram",
            "👍", "👌", "✅", "🤝", "💯", "🙌", "👍🏻", "👍🏼", "👍🏽", "👍🏾",
        ]),
        (.attend, [
            "count me in", "count us in", "i'm in", "im in", "i am in", "i'll be there", "ill be there", "i will be there", "we'll be there",
            "see you there", "see you then", "see u there", "see you", "see ya", "i'm coming", "im coming", "on my way", "be there",
            "i can make it", "i can come", "i'll come", "ill come", "we'll come", "i'll bring", "ill bring", "i'm bringing", "im bringing",
            "won't forget", "wont forget", "let's do it", "lets do it", "counting down", "i'm down", "im down",
            "inshallah jay", "inshallah jaya", "jay", "jaya", "jayeen", "ana jay", "ashoofak", "ashoofik", "nshoofak", "ashoofkom",
            // Saying what one will bring or how one will come: "هجيب السنارات", "I'll drive", "بمر عليكم".
            "بجيب", "هجيب", "باجيب", "راح اجيب", "رح جيب", "bjeeb", "hageeb", "hagib", "i'll drive", "ill drive",
            "بمر عليكم", "هعدي عليكم", "امر عليكم", "انا بسوق", "ana bsoo2",
            "nshoofkom", "ana ma3ak", "ana m3ak", "ana ma3akom", "ana m3akom", "انا معاك", "انا معاكي", "انا معاكو", "bkoon hnak", "ajeeb", "bajeeb", "gayeen", "gayin", "gaya",
            "gayya", "ana gay", "hakoon 3andak", "hakoon hnak", "jeye", "jeyi", "jeyin", "jeyeen", "jaye", "jayin", "ana jeye", "ana jeyi",
            "jeyin kellna", "mnije", "mnejeh", "bkoun 3andak", "bkoun 3andik",
            "جاي", "جايه", "جايين", "بجي", "باجي", "راح اجي", "بحضر", "ساحضر", "احضر", "اشوفك", "نشوفك", "اشوفكم", "نشوفكم", "اشوفج",
            "بشوفك", "بشوفكم", "بشوفج", "بشوفكن", "منشوفك", "منشوفكن", "هشوفك", "هشوفكم",
            "نشوفج", "نتقابل هناك", "على الموعد", "ان شاء الله جاي", "ان شاء الله جايه", "باذن الله ساحضر", "اكيد جاي", "اكيد جايه",
            "سوف احضر", "ساكون", "بكون موجود", "بكون هناك", "بكون في الموعد", "بكون في الوقت", "بكون عندك", "هكون عندك", "هكون هناك", "مستنيك", "مستنياك", "بانتظارك",
            "بانتظارج", "بانتظاركم", "انا معاكم", "انا معك", "انا معكم", "احسبيني", "احسبني", "منكون", "هاجي", "هحضر", "سنحضر", "ساتي",
            // Arranging what to bring or how to get there says one is coming.
            "اجيب معي", "اجيب معاي", "بجيب معي", "بجيب معاي", "هجيب معايا", "انا علي", "انا بجيب", "انا اجيب", "i'll bring the", "ill bring the", "should i bring", "shall i bring", "what should i bring",
            // Saying how one will get there, or that one is waiting, says one is coming.
            "on it", "i'm there", "im there", "i'll be outside", "ill be outside", "i'll pick you up", "ill pick you up", "pick you up",
            "اكون عندك", "اكون عندج", "اكون عندكم", "بكون عندكن", "انا عندكم", "انا عندك", "انا معكن", "انا معكو", "coming over",
            "طرش اللوكيشن", "طرشلي اللوكيشن", "ارسل الموقع", "ارسلي الموقع",
            "انا هناك", "ana hnak", "عدني", "عدوني", "انا في الطريق", "انا بالطريق", "احنا في الطريق", "احنا بالطريق", "لن افوت",
            "هستناك", "بستناك", "بستناكم", "استناك", "bestanak", "hastanak",
            "هعدي عليك", "هعدي عليكي", "بعدي عليك", "امر عليك", "بمر عليك", "بمرك", "بمرج", "امرج", "ha3ady 3aleek", "a3addy 3aleek",
            "باخذك", "باخدك", "هاخدك", "ba5thik", "ba5dak", "bjeek", "بجيك", "هجيلك", "اجيلك", "book it", "ثبته", "ثبتيه", "ثبتوه",
            "ارسل لي اللوكيشن", "ارسلي اللوكيشن", "ارسل اللوكيشن", "ابعتلي اللوكيشن", "ابعتيلي اللوكيشن", "send me the location",
            "send the location", "send me the pin", "send location", "tarsil li el location", "ab3atli el location",
        ]),
        (.decline, [
            "can't", "cant", "cannot", "can not", "won't make it", "wont make it", "can't make it", "cant make it", "not going to make it",
            "unable", "i'll pass", "ill pass", "pass on", "i pass", "no thanks", "no thank you", "not needed", "not interested",
            "not free", "no", "nope", "nah", "i'm out", "count me out", "doesn't work", "does not work", "won't work", "wont work",
            "not this time", "already booked", "i'm booked", "im booked", "i am booked", "we're booked", "booked up", "booked solid", "already have", "not available", "don't think so", "dont think so", "not possible",
            "i won't", "i wont", "can't come", "cant come", "not gonna make it", "not going", "i'm busy", "im busy", "busy",
            "ما اقدر", "مااقدر", "ما اقدرش", "ماقدر", "ما قدر", "ما اقدرها", "لا اقدر", "ما بقدر", "ما راح اقدر", "ماراح اقدر", "لن اتمكن", "لن استطيع",
            "لا استطيع", "ما بلحق", "ما راح الحق", "ما الحق", "مو فاضي", "مو فاضيه", "مب فاضي", "مب فاضيه", "مش فاضي", "مشغول", "مشغوله",
            "ما يناسبني", "ما يمديني", "ما يمدي", "ما تمشي", "اعتذر", "اعتذر عن", "عن عدم الحضور", "اعذرني", "اعذريني", "سامحني", "سامحيني",
            "لا شكرا", "لا والله", "لا", "ما احتاج", "مو محتاج", "مو محتاجه", "ما ابي", "ما ودي", "ما اتوقع", "ما اظن", "ما اعتقد",
            "ma a2dar", "ma a8dar", "ma agdar", "ma aqdar", "maqdar", "ma2dar", "magdar", "ma gdar", "mo fadi", "mob fadi", "mu fadi",
            "mo fadia", "mob fadia", "mashghool", "mashgool", "mashghoola", "la shukran", "la2", "laa", "la wallah", "ma a7taj",
            "ma ab8a", "ma abi", "ma ba2dar", "ma ra7 a2dar", "ma ra7 agdar",
            // Egyptian, Levantine, written Arabic and English refusals.
            "مش هينفع", "مش هقدر", "مش هعرف", "مش هلحق", "ماقدرش", "ما فيي", "ما فيني", "اعذروني", "سامحوني", "لن اذهب",
            "لن احضر", "لن اكون", "i'd rather not", "id rather not", "rather not", "hard pass", "won't be able", "wont be able",
            "i wish i could", "wish i could", "give it a miss", "give that a miss", "give this one a miss", "sit this out", "sit this one out", "catch the next one", "skip this one", "i'll skip", "ill skip", "ما تزبط", "ما تظبط", "ما بتزبط", "ما بتظبط", "ما بيزبط", "ما بيظبط", "ما بزبط", "ما بظبط", "مش زابطه", "ما بتمشي", "ما يصير", "معتذر", "معتذره",
            "مينفعش", "ما ينفعش", "مقدرش", "ما رح اقدر", "مش رح اقدر", "ما رح قدر", "مش رح قدر", "msh hayenfa3", "mesh hayenfa3",
            "mish hayenfa3", "ma b2dar", "ma fini", "ma fiyi", "mish fadi", "mesh fadi", "msh fadi", "ma yemdini", "ma yimdini", "ma yamdini", "samh2eeni", "samhini", "sam7ini", "ma afdar", "mish ha2dar", "mesh ha2dar",
            "no go", "a no go",
            // "We won't go" after a plan: it is off.
            // Written Arabic.
            "يتعذر", "تعذر", "يتعذر علي", "يصعب علي", "ارتباط مسبق", "لدي ارتباط", "لن اتمكن من الحضور", "اعتذر عن الحضور",
            "مش هنروح", "مش رايحين", "ما رح نروح", "ما راح نروح", "ما بنروح", "مش حنروح", "ما له داعي", "ماله داعي", "مالها داعي", "ما يحتاج نروح",
            "mesh hanrou7", "msh hanro7", "mesh hanro7", "mesh ray7een", "no need to go", "we're not going", "were not going",
            // The same with "we".
            "ما نقدر", "مانقدر", "ما بنقدر", "ما منقدر", "ما راح نقدر", "ماراح نقدر", "ما رح نقدر", "مش رح نقدر", "مش هنقدر", "مش هنعرف",
            "مش هنلحق", "ما نلحق", "ما بنلحق", "ما فينا", "لن نتمكن", "لن نستطيع", "لا نستطيع", "ما نكدر", "ما اكدر", "ما يمدينا",
            "مش فاضيين", "مو فاضين", "مب فاضين", "مو فاضيين", "ما نقدرش", "منقدرش",
            "ma nagdar", "ma ngdar", "ma naqdar", "ma n2dar", "ma ne2dar", "ma bne2dar", "ma mn2dar", "mesh han2dar", "msh han2dar", "mish han2dar",
            "ma fina", "ma yemdina",
            // Bound elsewhere: "مقدر يا الحبيب، مرتبط", "عندنا ارتباط".
            "مرتبط", "مرتبطه", "مرتبطين", "عندي ارتباط", "عندنا ارتباط", "mirtibit", "mertebet",
        ]),
        (.softDecline, [
            "sorry", "so sorry", "tough", "difficult", "hard", "unfortunately", "sadly", "i wish", "not sure i can",
            "صعب", "صعبه", "للاسف", "يا حسافه", "حسافه", "ما ظنتي", "اسف", "اسفه", "اسفين", "اسفة", "كان ودي", "يا ريت والله", "ياريت والله",
            "i would have loved", "would have loved",
            "sa3b", "sa3ba", "lil asaf", "ma3lesh", "ma3laish", "كان نفسي", "kan nefsi", "kan nifsi", "kan widdi", "kan wdi",
            // Wishing the others a good time says one is not coming.
            "have fun", "enjoy", "have a great time", "have a good time", "عساكم تستانسون", "تستانسون", "تتهنون", "تتهنين", "تتهنى", "استمتعوا",
            "انبسطوا", "tinbisto", "tetmata3o", "اسمحلي", "اسمحيلي", "اسمحولي", "اسمح لي", "المعذره", "esma7li", "isma7li",
            "sorry man", "sorry bro", "i'm sorry", "im sorry",
        ]),
        (.hedge, [
            "let me check", "i'll check", "ill check", "will check", "let me see", "i'll see", "ill see", "we'll see", "we will see",
            "i'll let you know", "ill let you know", "let you know", "get back to you", "maybe", "might", "not sure", "i'll try", "ill try",
            "i will try", "try to make it", "depends", "tentative", "tentatively", "probably", "possibly", "perhaps", "let me ask",
            "let me think", "i'll confirm", "ill confirm", "will confirm", "confirm later", "tempting", "hopefully", "if i can",
            "i'll think about it", "let me get back", "بسال", "بسالهم", "هسال", "هسالهم", "bas2al", "has2al",
            "اشوف", "بشوف", "خليني اشوف", "خلني اشوف", "برد عليك", "ارد عليك", "اخبرك", "ابلغك", "بقولك", "اقولك", "يمكن",
            "ساحاول", "احاول", "بحاول", "مدري", "ما ادري", "ما اعرف", "ما اضمن", "ان شاء الله اشوف", "بفكر", "افكر", "بكلمك",
            "اتاكد", "بتاكد", "ربما", "ان استطعت", "سارد", "ساخبرك", "ممكن", "هرد عليك", "هرد عليكي", "هشوف", "هقولك", "هبلغك", "نبقى نشوف",
            "ashoof", "ashuf", "bashoof", "bashuf", "a5abrak", "a5abrich", "akhabrak", "argadlak", "ard 3alaik", "arid 3alaik",
            "yimkin", "yemkin", "mumkin", "mmkn", "momken", "ma adri", "madri", "a7awel", "ba7awel", "bshoof", "nshoof",
        ]),
        (.cancel, [
            // Calling off and putting off in written Arabic and English.
            "نرجئ", "ارجاء", "حتى اشعار اخر", "لن يعقد", "فلن يعقد", "scrap", "scratch that", "scratch tonight", "have to move the", "we plan again",
            "لحتى نعرف", "نشيل", "mnshil",
            "cancel", "cancelled", "canceled", "cancelling", "canceling", "call it off", "called off", "calling it off", "postpone",
            "postponed", "rain check", "raincheck", "bail", "have to bail", "something came up", "let's skip", "lets skip", "skip it", "skip this",
            "can't make it anymore", "no longer", "won't happen", "not happening", "off for", "reschedule", "we'll coordinate",
            "coordinate a new date", "is off", "it's off", "its off", "rescheduled", "park it", "let's park it", "put it on hold", "on hold",
            "الغاء", "الغي", "نلغي", "هنلغي", "هنلغيها", "حنلغي", "رح نلغي", "رح نلغيها", "منلغي", "منلغيها", "ملغي", "ملغيه", "انلغى", "انلغت", "تاجيل", "ناجل", "اجلنا", "اجلناها", "تم تاجيل", "سيتم التنسيق",
            "التنسيق لاحقا", "نعتذر", "بنلغي", "بنكنسل", "كنسل", "نكنسل", "اكنسل", "مسكر", "تنلغي", "اجلها", "خليها بعد", "نأجلها",
            "ncancel", "a cancel", "cancelat", "n2ajel", "ta2jeel", "nal8eeha", "nelghee", "5alaha ba3dain", "nsawiha ba3dain",
            "alghaha", "algha", "alghaw", "laghaw", "nlghi", "nelghi", "nlghiha", "mnlghi", "lghina", "laghina", "lghit", "laghet", "لغيت", "نلغيها", "etlagha", "etlaghat", "الغاها", "الغوا", "لغوا", "اتلغي", "اتلغت", "let's leave it",
            "lets leave it", "leave it till", "leave it for",
            // A plan put off with no day: "خلها بعد ما نرد", "خلوها لين يبرد الجو", "سيبيها بعد الامتحانات".
            "خلها بعد", "خلوها بعد", "نخليها بعد", "سيبيها بعد", "سيبها بعد", "خليها لين", "خلها لين", "خلوها لين", "نخليها لين",
            "اتاجل", "اتاجلت", "تاجلت", "تاجل", "t2ajjalat", "t2ajal", "et2ajal",
        ]),
        (.putOff, [
            "next time", "another time", "some other time", "another day", "another weekend", "other time", "later", "some time",
            "sometime", "soon", "one day", "new date", "another date", "after exams", "after the exams", "after ramadan", "once",
            "مره ثانيه", "مره ثانيه ان شاء الله", "مرة ثانيه", "وقت ثاني", "يوم ثاني", "بعدين", "لاحقا", "بعد الاختبارات", "بعد رمضان",
            "قريب", "قريبا", "الاسبوع اللي بعده", "المره الجايه", "خليها مره", "mara thanya", "mara thania", "ba3dain", "ba3den",
            "wagt thani", "youm thani", "marra tanya", "marra tanye", "mara tanya", "marra tania", "khalliha marra", "after eid", "بعد العيد", "ba3d el eid", "ba3d el 3eed", "ba3d el3eed",
            "wa2t tany", "wa2t tani", "yom tany", "yom tani", "youm tani", "وقت تاني", "يوم تاني", "another weekend", "plan again",
            "مره تانيه", "خليها مره تانيه", "نشوف لنا يوم", "نشوف يوم", "نشوف لنا وقت", "نرتب يوم", "نرتب لنا يوم", "بعد ما ارجع", "لما ارجع",
            "we'll find another day", "find another day", "pick another day", "when i'm back", "when im back", "بعد الامتحانات", "يوم من الايام", "شي مره", "someday", "one of these days",
            "shi marra", "ba3d el emte7anat", "ba3d el imti7anat", "ba3d el ikhtibarat", "yom mn el ayam",
        ]),
        (.propose, [
            "let's", "lets", "let us", "shall we", "should we", "want to", "wanna", "do you want", "would you like", "fancy", "how about",
            "whichever suits you", "whatever suits you", "whichever works for you", "اللي يناسبك", "اللي يناسبج", "اللي يناسبكم",
            "اللي يريحك", "اللي يريحج",
            "what about", "are you free", "you free", "free on", "can you", "could you", "could we", "can we", "join", "join us",
            "come", "coming", "invite", "invited", "you're invited", "youre invited", "still on", "up for", "down for", "are you in",
            "i booked", "reminder", "your appointment", "is scheduled", "scheduled", "please confirm", "confirm attendance", "we can come",
            "can visit", "can come", "have a slot", "you have to come", "don't miss", "would love to have you", "love to have you",
            "are you coming", "you coming", "want me to", "do you wanna", "how's", "hows", "can i", "we could", "how does", "does that work",
            "would that work", "works for you", "good for you", "still good for", "you up for", "meet", "why don't we", "why dont we",
            "if you came", "if you could come", "would mean a lot", "hope you can come", "hope you can make it", "hope to see you", "save the date",
            "ودك", "ودي", "تبي", "تبين", "تبغى", "تبغي", "تبون", "نبي", "تقدر", "تقدرين", "تعال", "تعالي", "تعالوا", "تجي", "تجين", "تجون",
            "خلنا", "خلينا", "نروح", "نطلع", "نتعشى", "نتغدى", "نتقهوى", "نلعب", "نذاكر", "نتقابل", "نشوف", "نجتمع", "نسوي", "نتصل",
            "وش رايك", "ايش رايك", "شرايك", "شو رايك", "ما رايك", "ايش رايكم", "وش رايكم", "يناسبك", "يناسبكم", "مناسب لك", "هل يمكن",
            "هل يمكننا", "يمكننا", "يسعدنا", "يسرنا", "دعوتكم", "ندعوك", "ندعوكم", "نرحب بكم", "نتشرف", "دعوه", "معزوم", "معزومه",
            "نرجو تاكيد", "يرجى تاكيد", "للتاكيد", "تاكيد الحضور", "تذكير", "موعدك", "لديك موعد", "نقدر نجيك", "نود تحديد", "ناكد",
            "اقترحت", "اقترح", "نقترح", "suggested", "proposed", "she suggested", "he suggested", "ننتظرك", "ننتظركم", "نستناك", "نستناكم", "بيجيك", "بيجيكم", "يجيك", "هيجيلك", "هيجيلكم", "jayeek", "bijeek", "يدعو", "يدعوك", "يدعوكم", "تدعوك", "تدعوكم", "تحضر", "تحضري", "تحضرين", "تحضرون", "نرجو حضورك", "نتمنى حضورك", "حضورك",
            "نمر", "نجيك", "لا تتاخر", "لا تتاخرين", "حياك", "حياكم", "بنطلع", "بنروح", "نمشي", "نتمشى", "نحجز", "احجز",
            "tabi", "tabgha", "tibi", "tbi", "tabeen", "t9ir", "tigdar", "ta3al", "ta3ali", "5alna", "5alina", "khalna", "khalina",
            "nroo7", "nro7", "nrou7", "netla3", "nitla3", "shrayek", "sh rayek", "wesh rayek", "wish rayek", "shu ra2yak", "bdak",
            "badek", "tiji", "tji", "tijeen", "nil3ab", "nal3ab", "nit3asha", "nit8ada", "ngahwi", "a7ajiz", "7ajazt", "njtami3",
            // Gulf with ج/ي, Egyptian, Levantine and written Arabic invitations.
            "شرايج", "نقعد", "لازم تجي", "لازم تجين", "معزومين", "عازمينا", "يصلح", "تيي", "نلتقي", "بنسوي", "ابيكم", "ابيك", "ابيج",
            "abeekum", "abeek", "abeech", "abeekom", "a6labkum",
            "ما تيجي", "تيجي", "عايزاك", "عاوزك", "عايز", "عايزه", "ايه رايك", "نعملها", "نتسحر", "هنعمل",
            "بدك", "بتجي", "حابه تجي", "بدي ياك", "لازم تنزل",
            "اقترح", "نقترح", "اقتراح", "هل ستاتين", "بفكرك", "افكرك", "لازم تكون", "لازم تكونين", "لازم تحضر", "لازم تحضرين", "هل تستطيعين", "هل تستطيع", "هل يناسبك", "يسعدني", "اود", "فما رايك", "نعقد",
            "eh ra2yek", "eh ra2yak", "btigdar", "btiji", "mnsawilik", "nesta7gez", "nes'har",
            "would you", "come with", "you in", "still in", "you still in", "we should", "have to come", "please come", "we're doing",
            "can we do",
        ]),
        (.announce, [
            "all welcome", "everyone welcome", "everyone is welcome", "please share", "share with", "on sale", "presents",
            "open to the public", "free entry", "registration open", "register now", "book now", "forwarded",
            "تعلن", "الدعوه عامه", "للجميع", "الدخول مجاني", "الدخول مجانا", "التسجيل متاح", "سارع", "انشر",
            "invites all", "all families", "all residents", "all parents", "عملاءنا", "عملائنا", "يسر اداره", "وصلتني", "منقول",
            "للتسجيل", "الحضور مجاني", "المقاعد محدوده",
        ]),
        (.ownHave, [
            "i have", "i've got", "ive got", "i got", "i'm at", "im at", "i'll be at", "ill be at", "i have got", "my",
            "عندي", "لدي", "3indi", "3ndi", "3andi", "3ande", "endi", "عندي بكره",
            // Appointments given to one, and other people's: "الدكتور عطاني موعد", "mama has her checkup".
            "عطاني", "اعطاني", "عطوني", "gave me", "has her", "has his", "has their", "have their",
        ]),
        (.commitment, [
            "appointment", "appt", "dentist", "dentist's", "doctor", "doctor's", "doctors", "exam", "test", "interview", "shift", "flight",
            "class", "surgery", "checkup", "check-up",
            "meeting", "call", "zoom", "deadline", "presentation", "lecture",
            "موعد", "اختبار", "امتحان", "دوام", "مناوبه", "مقابله", "شغل", "محاضره", "عمليه", "رحله", "طياره", "دكتور", "مكالمه", "اجتماع",
            "ميتنج", "زوم", "تسليم", "مشوار",
            "maw3ed", "mo3ad", "maw3id", "imti7an", "e5tibar", "ikhtibar", "dawam", "shoghol", "shogl", "mu8abala",
        ]),
        (.ownPlan, [
            "i'm going to", "im going to", "i am going to", "i'm off to", "im off to", "i'm heading", "im heading", "i'll be in",
            "رايح", "رايحه", "بروح", "بسافر", "مسافر", "مسافره", "rayi7", "rayi7a", "ra7 aroo7", "msafer", "msafra", "travelling", "traveling",
            "out of town", "عندي سفر",
            // Working then, or somewhere else: "I'm on duty till 2am", "بكون في العين".
            "i'm working", "im working", "i'm on duty", "im on duty", "on duty", "on call", "on shift", "i'm closing", "im closing", "working a double",
            "بكون في", "راح اكون في", "رح كون ب", "bakoon fi", "bkoon fi", "hakoon fi",
        ]),
        (.watch, [
            "are you watching", "you watching", "watching the", "will you watch", "where are you watching", "watch it",
            "بتشوفه", "بتشوف", "تشوفه", "تتابع", "بتتابع", "راح تشوف", "watching", "تحضر الماتش", "بتحضر الماتش", "تحضر المباراه",
            "بتحضر المباراه",
            // Asking whether the other goes somewhere is asking their own plans.
            "انت رايح", "انتا رايح", "انتي رايحه", "انتو رايحين", "انتم رايحين", "are you going to", "r u going to", "you going to the",
            "ente ray7", "inta ray7", "enta ray7", "inti ray7a", "هتتفرج", "بتتفرج", "هتشوفه", "هتتفرجوا", "hattefarrag", "hatetfarrag",
        ]),
        (.together, [
            "together", "with us", "with me", "join us", "معنا", "معاي", "معي", "سوا", "سوى", "معا", "سويا", "مع بعض", "ma3ana", "ma3i", "sawa",
        ]),
        (.past, [
            "was", "were", "yesterday", "yesterday's", "last night", "last week", "last weekend", "last time", "ago", "had",
            "كان", "كانت", "امس", "البارحه", "الاسبوع الماضي", "اللي فات", "الماضي", "الماضيه", "kan", "kanat", "ams", "embare7", "el bare7",
            "lesson ams",
        ]),
        (.booked, [
            "is confirmed", "has been confirmed", "confirmed for", "booking is confirmed", "booking confirmed", "تم تاكيد", "تم تاكيد حجزك",
            "تم تاكيد موعدك", "تم الحجز", "تم حجز", "حجزك مؤكد", "موعدك مؤكد",
        ]),
        (.replyOne, [
            "reply 1", "send 1", "press 1", "reply with 1", "ارسل 1", "ارسل رقم 1", "بالرقم 1", "رد ب 1", "للتاكيد ارسل",
        ]),
        (.askWhere, ["where", "wain", "wen", "wein", "وين", "اين", "فين", "location", "loc", "pin", "اللوكيشن", "الموقع", "لوكيشن"]),
        (.askFact, [
            "did you see", "did you", "did u", "هل تمكنت", "هل تمكنتي", "did you hear", "did you read", "have you seen", "have you heard",
            "do you know", "do you remember", "u remember", "you remember", "did u see", "did the", "did it", "did he", "did she",
            "did they", "has the", "have you got", "did anyone", "remember", "تذكر", "تذكرين", "تتذكر", "how was", "how did", "how'd", "how were",
            "شلون كان", "شلون كانت", "كيف كان", "كيف كانت", "ازاي كان", "ازاي كانت", "كيفو كان", "كيفها كانت", "shlon kan", "kif kan", "ezay kan",
            "شفت", "شفتي", "شفتو", "سمعت", "سمعتي", "قريت", "قريتي", "قرات", "هل قرات",
            "هل سمعت", "هل رايت", "تدري", "تدرين", "عارف", "عارفه", "فاكر", "فاكره",
            "shoft", "shofti", "ta3ref", "fakir", "fakra", "tidri",
            // Whether a day is a holiday, or something is on, is a fact.
            "هل تعرف", "هل تعرفين", "تعرف اذا", "تعرفي اذا", "تعرف لو", "is it a holiday", "a holiday or", "holiday or no", "holiday or not",
            "عطله ولا", "اجازه ولا",
        ]),
        (.askWhen, [
            "which day", "what day", "when", "what time", "اي يوم", "متى", "امتى", "الساعه كم", "كم الساعه", "اي ساعه", "emta", "imta",
            "ay yom", "ay youm", "ay yoom", "el sa3a kam",
        ]),
        (.remote, [
            "video call", "videocall", "facetime", "google meet", "teams call", "on teams", "online", "virtual", "webinar", "phone call",
            "فيديو كول", "فيديو", "مكالمه فيديو", "كول", "اونلاين", "عن بعد", "الاتصال المرئي", "افتراضيه", "افتراضي", "ميت",
            "video", "vid call", "el call",
        ]),
        (.thanks, [
            "thanks", "thank you", "thx", "شكرا", "مشكور", "يعطيك العافيه", "جزاكم الله خيرا", "shukran", "thank", "تسلم", "تسلمي", "تسلمين",
            "الله يتمم", "الله يتمم بخير", "الله يتمم عليكم", "مبروك", "الف مبروك", "الله يبارك", "في الافراح", "mabrook", "mabrouk", "congrats",
            "congratulations",
        ]),
        (.wish, [
            "good luck", "best of luck", "all the best", "fingers crossed", "you got this", "you've got this", "you'll smash it", "smash it",
            "you'll do great", "you'll be fine", "safe trip", "safe travels", "safe flight", "fly safe", "drive safe", "break a leg", "gl",
            "بالتوفيق", "موفق", "موفقه", "الله يوفقك", "الله يوفقج", "الله يوفقكم", "ربنا يوفقك", "ربنا يوفقكم", "ربنا معاك", "ربنا معاكي",
            "ربنا معاكم", "الله معك", "الله معاك", "الله معكم", "الله معاكي", "الله يعينك", "الله يعينج", "الله يعينكم", "ربنا يعينك",
            "الله يسهل", "الله يسهلها", "الله ييسر", "الله ييسرها", "ربنا يسهل", "ترجع بالسلامة", "ترجع بالسلامه", "ترجعي بالسلامه",
            "ترجعوا بالسلامه", "توصل بالسلامه", "توصلون بالسلامه", "تروح وترجع بالسلامه", "بالسلامه", "انبسط", "انبسطي", "انبسطو", "اتبسط",
            "اتبسطي", "اتبسطوا", "استمتع", "استمتعي", "تستاهل", "فالك طيب", "استانس", "استانسي", "استانسوا", "الله يعين", "الله يقويك",
            "الله يقويج", "اخيرا", "finally", "akheeran", "a5eeran", "allah ygawwik", "allah y3een", "allah ysahhil",
            "bel tawfee2", "bel tawfeeq", "bil tawfee2", "bil tawfeeq", "btawfee2", "rabena ma3ak", "rabbena ma3ak", "allah ma3ak", "allah m3ak",
            "allah y3eenak", "allah ye3inak", "rabena ye3enak", "rabbena yeseer", "allah ysahel", "tirja3 bel salama", "terga3 bel salama", "enbese6",
        ]),
        (.neutral, [
            "fully booked", "no worries", "no pressure", "no rush", "no need", "no stress", "no way", "not worth", "ولا يهمك", "لا تشيل هم", "لا عليك",
            "ما عليه", "no prob", "la tinsa", "لا تنسى", "لا تنسين", "can't wait to", "i can't believe", "cant believe", "can't believe",
            "no one", "nobody", "not even", "oh no", "no arguments", "no excuses", "no promises", "can't come soon enough",
            "cant come soon enough", "can't miss it", "cant miss it", "skip the traffic", "skip traffic", "sorry for the late reply",
            "sorry for the delay", "لا عادي", "لا جد", "لا والله ما في داعي", "ما في داعي", "اعتذر عن التاخر", "اعتذر عن التاخير",
            "اعتذر على التاخير", "اعتذر عن التغيير", "لا تكلف", "لا تكلفين", "لا تكلفون",
        ]),
        (.change, [
            "actually", "instead", "change", "make it", "move it", "push it", "بدل", "بدال", "بدلها", "خليها", "خلها", "نغيرها", "خلينا نخليها",
            "احسن", "a7san", "ahsan", "better", "your pick", "would be better", "works better",
            "خليه", "خلوها", "نخليها", "بدالها", "5aliha", "5alha", "5aleeha", "5alliha", "khaliha", "khalliha", "khaleeha", "khalha", "badal",
            "تاخير", "بتاخير", "delayed", "moved to", "pushed to", "starts at", "يبدا", "فيبدا", "تبدا", "begins",
        ]),
    ]

    /// Phrases by their first word: (cue, words).
    static let index: [String: [(cue: Cue, words: [String])]] = {
        var index: [String: [(cue: Cue, words: [String])]] = [:]
        for (cue, phrases) in entries {
            for phrase in phrases {
                let words = Tokenizer.tokenize(phrase).map(\.norm)
                guard let first = words.first else { continue }
                index[first, default: []].append((cue, words))
            }
        }
        for key in index.keys { index[key]!.sort { $0.words.count > $1.words.count } }
        return index
    }()

    /// Finds the cues in `tokens`, longest phrase first at each position; Arabic phrases also
    /// match on the clitic-free form of their first word.
    /// A word with a letter written three times or more, with that run cut to one letter and
    /// to two; nil when no letter repeats so.
    static func squeezed(_ word: String) -> (once: String, twice: String)? {
        // Most words hold no letter; look before building anything.
        var run = 0
        var last: Character?
        var held = false
        for c in word {
            run = c == last ? run + 1 : 1
            last = c
            if run >= 3 { held = true; break }
        }
        guard held else { return nil }
        var once = "", twice = ""
        var previous: Character?
        run = 0
        for c in word {
            run = c == previous ? run + 1 : 1
            previous = c
            if run == 1 { once.append(c) }
            if run <= 2 { twice.append(c) }
        }
        return (once, twice)
    }

    static func cues(in tokens: [Token]) -> [(cue: Cue, at: Int, length: Int)] {
        var found: [(cue: Cue, at: Int, length: Int)] = []
        var i = 0
        while i < tokens.count {
            var best: (cue: Cue, length: Int)?
            var candidates = index[tokens[i].norm] ?? []
            if candidates.isEmpty, let squeezed = Lexicon.squeezed(tokens[i].norm) {
                // "yessss", "okkk", "تماااام": a letter held for emphasis.
                candidates = (index[squeezed.once] ?? []) + (index[squeezed.twice] ?? [])
            }
            if tokens[i].arabic, tokens[i].base != tokens[i].norm, let more = index[tokens[i].base] { candidates += more }
            // The conjunctions و and ف joined to a verb: "ونشوفك", "وما أدري", "فاعذروني".
            if tokens[i].arabic, tokens[i].norm.hasPrefix("و") || tokens[i].norm.hasPrefix("ف"), tokens[i].norm.count >= 3,
               let more = index[String(tokens[i].norm.dropFirst())] {
                // "ولن أستطيع", "وما أقدر"; a bare "ولا" ("or") is no "لا".
                // "وبعدين" is "and then", not "later".
                candidates += (tokens[i].norm.count > 3 ? more : more.filter { $0.words.count > 1 }).filter { $0.cue != .putOff || $0.words.count > 1 }
            }
            for candidate in candidates where candidate.words.count >= (best?.length ?? 0) + 1 || best == nil {
                let n = candidate.words.count
                guard i + n <= tokens.count else { continue }
                var ok = true
                for k in 1..<max(n, 1) where tokens[i + k].norm != candidate.words[k] { ok = false; break }
                if ok, n > (best?.length ?? 0) { best = (candidate.cue, n) }
            }
            if let best {
                found.append((best.cue, i, best.length))
                i += best.length
            } else {
                i += 1
            }
        }
        return found
    }
}
