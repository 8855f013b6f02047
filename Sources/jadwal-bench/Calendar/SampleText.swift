/// The text the benchmark calendar draws from: names, summaries, locations, descriptions and
/// categories in English, Arabic, French, German and Spanish, with emoji and the characters
/// TEXT values must escape (commas, semicolons, backslashes, newlines).
enum SampleText {
    /// Given name, family name, ASCII slug for the e-mail address. Invented combinations.
    static let people: [(given: String, family: String, slug: String)] = [
        ("Layla", "Haddad", "layla.haddad"), ("Omar", "Farouk", "omar.farouk"),
        ("Noura", "Al-Qahtani", "noura.alqahtani"), ("Hamza", "Rahimi", "hamza.rahimi"),
        ("Sophie", "Marchand", "sophie.marchand"), ("Lukas", "Brenner", "lukas.brenner"),
        ("Inès", "Lefèvre", "ines.lefevre"), ("Mateo", "Ibáñez", "mateo.ibanez"),
        ("Hannah", "Okonkwo", "hannah.okonkwo"), ("Yusuf", "Demir", "yusuf.demir"),
        ("Aisha", "Siddiqui", "aisha.siddiqui"), ("Chloé", "Bérard", "chloe.berard"),
        ("Björn", "Åkesson", "bjorn.akesson"), ("Zoë", "Whitfield", "zoe.whitfield"),
        ("Kenji", "Morimoto", "kenji.morimoto"), ("Priya", "Raman", "priya.raman"),
        ("Sean", "O'Donnell", "sean.odonnell"), ("Fatima", "Zahrani", "fatima.zahrani"),
        ("Jürgen", "Köhler", "juergen.koehler"), ("Elena", "Castaño", "elena.castano"),
    ]
    static let arabicPeople: [(name: String, slug: String)] = [
        ("ليلى الحداد", "layla.h"), ("عمر فاروق", "omar.f"), ("نورة القحطاني", "noura.q"),
        ("حمزة الرحيمي", "hamza.r"), ("فاطمة الزهراني", "fatima.z"), ("يوسف الدميري", "yusuf.d"),
    ]
    static let domains = ["example.com", "example.org", "example.net", "corp.example.com"]

    static let summaries = [
        "Weekly sync", "Project kickoff: Atlas, phase 2", "1:1", "Budget review; Q3 and Q4",
        "Design critique", "Sprint planning", "Retrospective", "Customer call, ACME Corp.",
        "Dentist", "School pickup", "Flight to Riyadh", "Gym", "Lunch with the team",
        "Quarterly business review (QBR)", "Interview: backend engineer", "Board prep; slides, numbers",
        "Release 4.2 go/no-go", "Onboarding session", "Architecture review: storage\\sync",
        "اجتماع الفريق الأسبوعي", "مراجعة الميزانية، الربع الثالث", "غداء عمل", "صلاة الجمعة",
        "تدريب الموظفين الجدد", "زيارة العميل؛ الرياض",
        "Réunion d'équipe", "Déjeuner au café", "Rendez-vous médecin", "Présentation du projet, étape 3",
        "Besprechung: Übergabe", "Mitarbeitergespräch", "Reunión de planificación", "Cumpleaños de Ana",
        "Café ☕ & roadmap", "Yoga 🧘", "Deploy window 🚀",
    ]
    static let locations = [
        "Conference Room 4B, Building 2", "Zoom", "Microsoft Teams Meeting", "Google Meet",
        "King Fahd Road, Olaya; Riyadh 12211", "مركز الملك عبدالله المالي، الرياض",
        "Café de la Paix, 5 Place de l'Opéra, Paris", "Münchner Freiheit 12, München",
        "Calle de Alcalá 45, Madrid", "Level 3, 1 Martin Place, Sydney NSW 2000",
        "221 W 44th St, New York, NY 10036", "Home", "HQ — Main auditorium", "Room 101; badge required",
        "Terminal 5, Heathrow Airport, London",
    ]
    static let sentences = [
        "Agenda: status updates, blockers, and next steps.",
        "Please review the attached document before the meeting; comments welcome.",
        "We will go through the open items from last week, then the roadmap for next quarter.",
        "Dial-in details are below. If you cannot attend, send your update by e-mail.",
        "Bring your laptop, charger, and the printed notes.",
        "Note: the parking garage on the north side is closed, use the east entrance.",
        "Paths to check: C:\\Projects\\Atlas and /srv/atlas/releases.",
        "Decisions needed: vendor A vs. vendor B; timeline for migration; owner for the runbook.",
        "يرجى مراجعة جدول الأعمال قبل الاجتماع، وإرسال الملاحظات إلى المنظم.",
        "سيتم مناقشة الميزانية والخطة السنوية؛ الحضور إلزامي لجميع رؤساء الأقسام.",
        "الرجاء الحضور قبل الموعد بعشر دقائق.",
        "Merci de confirmer votre présence avant vendredi ; l'ordre du jour suivra.",
        "Bitte die Unterlagen vorab lesen, Fragen gerne per E-Mail an das Organisationsteam.",
        "Por favor, traed las propuestas revisadas y el presupuesto actualizado.",
        "Reminder: this meeting is recorded, and the recording is shared with the team afterwards.",
        "Links: https://wiki.example.com/atlas/roadmap?view=quarter&team=core",
        "Status: green, scope unchanged, two risks tracked (hiring; vendor delivery).",
    ]
    static let categories = [
        "Work", "Meeting", "Personal", "Travel", "Holiday", "Family", "Project Atlas",
        "عمل", "عائلة", "Réunion", "Büro",
    ]
}
