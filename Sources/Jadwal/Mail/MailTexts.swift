import Foundation

/// The mail the server writes to people, in their language: the one they chose, else the
/// one their request asked for (`Accept-Language`), else English. Arabic mail is Modern
/// Standard Arabic, as the product's Arabic screens are.
public struct MailTexts: Sendable {
    public let isArabic: Bool

    /// - Parameters:
    ///   - preference: the person's stored language, if any.
    ///   - requested: the language the request asked for, when there is a request.
    public init(preference: String?, requested: String? = nil) {
        let code = preference.flatMap(AccountPreferences.supportedLanguage(of:)) ?? requested.flatMap(AccountPreferences.supportedLanguage(of:))
        isArabic = code == "ar"
    }

    /// The texts for `account`, in its stored language (or `requested`).
    static func of(_ account: String?, in accounts: AccountStore, requested: String? = nil) async -> MailTexts {
        var preference: String?
        if let account { preference = (try? await accounts.preferences(of: account))??.language }
        return MailTexts(preference: preference, requested: requested)
    }

    func signInLink(_ url: String) -> (subject: String, text: String) {
        isArabic
            ? ("رابط الدخول إلى جدول", """
                افتح هذا الرابط على هاتفك لتسجيل الدخول إلى جدول:

                \(url)

                يعمل مرة واحدة خلال ١٥ دقيقة. إن لم تطلب الدخول فتجاهل هذه الرسالة.
                """)
            : ("Your Jadwal sign-in link", """
                Open this link on your phone to sign in to Jadwal:

                \(url)

                It works once, within 15 minutes. If you did not ask to sign in, ignore this message.
                """)
    }

    func welcome(publicURL: String, account: String) -> (subject: String, text: String) {
        isArabic
            ? ("أهلًا بك في جدول", """
                أهلًا بك في جدول. تقويماتك محفوظة على \(publicURL).

                سُجّل دخولك إلى تطبيق جدول. لترى التقويمات نفسها في تطبيق التقويم على الآيفون أو الآيباد أو الماك، \
                افتح رابط إعداد من إعدادات التطبيق أو من صفحة حسابك (\(publicURL)/account/): يثبّت الحساب بلمسة واحدة \
                بكلمة مرور خاصة بذلك الجهاز.

                ويعمل أي تطبيق يدعم CalDAV كذلك: الخادم \(publicURL)/dav/، واسم المستخدم \(account)، وكلمة مرور تطبيق.
                """)
            : ("Welcome to Jadwal", """
                Welcome to Jadwal. Your calendars live on \(publicURL).

                The Jadwal app is signed in. To see the same calendars in the Calendar app of an iPhone, iPad or Mac, \
                open a setup link from the app's settings or your account page (\(publicURL)/account/): it installs the account \
                in one tap, with a password made for that device.

                Any CalDAV app works too: server \(publicURL)/dav/, your user name \(account), and an app password.
                """)
    }

    func setupLink(_ url: String, kind: SetupLinks.Kind) -> (subject: String, text: String) {
        guard isArabic else {
            return ("Set up Jadwal on your iPhone", """
                Open this link on your iPhone or iPad to add \(kind.offer):

                \(url)

                Then open Settings, tap "Profile Downloaded" and install it. The link works once, within 15 minutes.
                """)
        }
        let offer = kind == .calendars ? "تقويماتك وجهات اتصالك في جدول إلى تطبيقَي التقويم وجهات الاتصال" : "مواقيت الصلاة إلى تطبيق التقويم"
        return ("إعداد جدول على الآيفون", """
            افتح هذا الرابط على الآيفون أو الآيباد لإضافة \(offer):

            \(url)

            ثم افتح الإعدادات، واضغط «تم تنزيل ملف التعريف» وثبّته. يعمل الرابط مرة واحدة خلال ١٥ دقيقة.
            """)
    }
}
