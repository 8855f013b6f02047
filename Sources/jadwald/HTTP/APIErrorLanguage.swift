import Foundation

/// The JSON API's error messages in the caller's language. The `error` code stays as it is
/// (it is for programs); the `message` (for people) is given in Arabic when the request's
/// `Accept-Language` puts Arabic first, as the app's requests do on a phone set to Arabic.
/// Messages are matched whole against English templates whose `{}` stand for the values
/// they carry (a name, a number); a message no template matches stays in English.
enum APIErrorLanguage {
    /// `body` (an error's JSON) with its message in `language`, or `nil` when it stays as it is.
    static func translated(_ body: [UInt8], into language: PageLanguage) -> [UInt8]? {
        guard language.isArabic, body.count <= 16 << 10,
              var object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
              let message = object["message"] as? String, let arabic = arabic(message) else { return nil }
        object["message"] = arabic
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])).map(Array.init)
    }

    /// The Arabic of an English message, or `nil` when no template matches it.
    static func arabic(_ message: String) -> String? {
        for (template, arabic) in templates {
            if let values = match(message, template) {
                var text = arabic
                for (index, value) in values.enumerated() { text = text.replacingOccurrences(of: "{\(index + 1)}", with: value) }
                return text
            }
        }
        return nil
    }

    /// The values `{}` stand for when `message` is `template` filled in, in order; `nil` when it is not.
    static func match(_ message: String, _ template: String) -> [String]? {
        let parts = template.components(separatedBy: "{}")
        guard message.hasPrefix(parts[0]) else { return nil }
        var rest = message.dropFirst(parts[0].count)
        var values: [String] = []
        for (index, part) in parts.enumerated().dropFirst() {
            let isLast = index == parts.count - 1
            if isLast {
                guard rest.hasSuffix(part), rest.count > part.count || part.isEmpty else { return nil }
                values.append(String(rest.dropLast(part.count)))
                rest = ""
            } else {
                guard !part.isEmpty, let found = rest.range(of: part) else { return nil }
                values.append(String(rest[..<found.lowerBound]))
                rest = rest[found.upperBound...]
            }
        }
        return rest.isEmpty && values.allSatisfy({ !$0.isEmpty }) ? values : nil
    }

    /// English templates and their Arabic, most specific first.
    static let templates: [(String, String)] = [
        ("sign in: a bearer access token, or your user name and an app password", "سجّل الدخول: رمز وصول، أو اسم المستخدم وكلمة مرور تطبيق"),
        ("too many attempts; try again in {} seconds", "محاولات كثيرة؛ حاول بعد {1} ثانية"),
        ("the operation could not be completed; try again", "تعذّر إتمام العملية؛ حاول مجددًا"),
        ("the admin API is for administrators", "واجهة الإدارة للمشرفين فقط"),
        ("the body is larger than {} bytes", "الطلب أكبر من {1} بايت"),
        ("send application/json", "أرسل الطلب بصيغة application/json"),
        ("the body must be one JSON object", "يجب أن يكون الطلب كائن JSON واحدًا"),
        ("unknown field {}; known: {}", "حقل غير معروف: {1}؛ المعروفة: {2}"),
        ("{} is required", "الحقل {1} مطلوب"),
        ("{} must be a string", "يجب أن يكون {1} نصًا"),
        ("{} must be at most {} bytes", "يجب ألا يزيد {1} على {2} بايت"),
        ("{} must be true or false", "يجب أن يكون {1} true أو false"),
        ("a password needs at least 8 characters", "تحتاج كلمة المرور إلى ٨ أحرف على الأقل"),
        ("give your current password as currentPassword", "أدخل كلمة المرور الحالية في currentPassword"),
        ("the current password is not right", "كلمة المرور الحالية غير صحيحة"),
        ("this account no longer exists", "هذا الحساب لم يعد موجودًا"),
        ("no such device", "لا يوجد جهاز كهذا"),
        ("no such push device", "لا يوجد جهاز إشعارات كهذا"),
        ("no such user", "لا يوجد مستخدم كهذا"),
        ("no such account", "لا يوجد حساب كهذا"),
        ("no such calendar", "لا يوجد تقويم كهذا"),
        ("no such conflict", "لا يوجد تعارض كهذا"),
        ("no such delegate", "لا يوجد مفوَّض كهذا"),
        ("no such {}", "لا يوجد {1} كهذا"),
        ("no user {}", "لا يوجد مستخدم باسم {1}"),
        ("{} already has an app password labelled '{}'", "لدى {1} كلمة مرور تطبيق باسم «{2}»"),
        ("an app password needs a label of 1 to {} characters", "تحتاج كلمة مرور التطبيق إلى اسم من ١ إلى {1} حرفًا"),
        ("kind is one of {}", "النوع أحد: {1}"),
        ("language is one of {} (a BCP 47 tag such as ar-SA)", "اللغة إحدى: {1} (وسم BCP 47 مثل ar-SA)"),
        ("'{}' is not an IANA time zone such as Asia/Riyadh", "«{1}» ليست منطقة زمنية من IANA مثل Asia/Riyadh"),
        ("token is the APNs device token in hex (64 to 200 digits)", "الرمز هو رمز جهاز APNs بالست عشري (٦٤ إلى ٢٠٠ خانة)"),
        ("platform is one of {}", "المنصة إحدى: {1}"),
        ("environment is production or sandbox", "البيئة production أو sandbox"),
        ("topic is the app's bundle id", "الموضوع هو معرّف حزمة التطبيق"),
        ("topic is one of {}", "الموضوع أحد: {1}"),
        ("phone is the WhatsApp number with its country code, like +966 55 123 4567", "الهاتف هو رقم واتساب مع رمز الدولة، مثل ‎+966 55 123 4567"),
        ("the WhatsApp bridge does not answer; nothing was changed, try again later", "جسر واتساب لا يستجيب؛ لم يتغير شيء، حاول لاحقًا"),
        ("this server does not connect WhatsApp (no whatsapp.bridge_url)", "هذا الخادم لا يربط واتساب (لا يوجد whatsapp.bridge_url)"),
        ("no WhatsApp is connected", "لا يوجد واتساب متصل"),
        ("access is read or read-write", "الصلاحية read أو read-write"),
        ("no account here is named or has the address {}", "لا يوجد هنا حساب بالاسم أو العنوان {1}"),
        ("{} is not shared with {}", "{1} غير مشارك مع {2}"),
        ("you have no calendar {}", "ليس لديك تقويم باسم {1}"),
        ("you have no calendar of that name", "ليس لديك تقويم بهذا الاسم"),
        ("{} is not published", "{1} غير منشور"),
        ("action is keep, reschedule or cancel", "الإجراء keep أو reschedule أو cancel"),
        ("start is an ISO 8601 time with its offset, like 2026-11-26T19:00:00+03:00", "البداية وقت بصيغة ISO 8601 مع فرق التوقيت، مثل 2026-11-26T19:00:00+03:00"),
        ("exports are accepted up to {} MiB", "تُقبل الملفات المصدّرة حتى {1} ميغابايت"),
        ("send text/plain, application/zip or multipart/form-data", "أرسل text/plain أو application/zip أو multipart/form-data"),
        ("send the export as the form's file field", "أرسل الملف المصدّر في حقل file من النموذج"),
        ("owner is required: your name as the export writes it", "الحقل owner مطلوب: اسمك كما يكتبه الملف المصدّر"),
        ("this is a group chat; Jadwal reads one-to-one chats only", "هذه محادثة جماعية؛ يقرأ جدول المحادثات الفردية فقط"),
        ("send the bridge token as Authorization: Bearer jb_…", "أرسل رمز الجسر في Authorization: Bearer jb_…"),
        ("'{}' is not an email address", "«{1}» ليس عنوان بريد إلكتروني"),
        ("the sign-in link could not be sent; try again later", "تعذّر إرسال رابط الدخول؛ حاول لاحقًا"),
        ("sign-in is not available right now", "تسجيل الدخول غير متاح الآن"),
        ("this sign-in link has been used; ask for a new one", "رابط الدخول هذا استُخدم؛ اطلب رابطًا جديدًا"),
        ("this sign-in link has expired; ask for a new one", "انتهت صلاحية رابط الدخول؛ اطلب رابطًا جديدًا"),
        ("this sign-in link is not valid", "رابط الدخول هذا غير صالح"),
        ("this refresh token is not valid; sign in again", "رمز التحديث هذا غير صالح؛ سجّل الدخول مجددًا"),
    ]
}
