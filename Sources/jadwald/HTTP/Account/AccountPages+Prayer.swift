import Foundation
import Hummingbird
import Jadwal
import Logging
import PrayerTimes

/// The prayer-times section of the person's page: where they pray (found by a city's name
/// in English or Arabic, starting from a guess made from their time zone or their
/// language's region, as the product's prayer setup does), the calculation method, a
/// reminder, and a preview of today's times.
extension AccountPages {
    /// The section; `search` lists the cities a search found.
    func prayerSection(_ session: WebSessions.Session, _ t: PageLanguage, zone: TimeZone?, country: String?, search: String?) async throws -> String {
        let settings = try await users.application.prayerSettings.settings(of: session.account)
        let hidden = BrowserSessions.hidden(session)
        let escape = HTMLPage.escape
        var html = "<section id=\"prayer\"><h2>\(t("Prayer times"))</h2>"
        if let place = settings.place {
            html += "<p>\(t("Your times are for {1}, by the {2} method.", "<b dir=\"auto\">\(escape(place.name ?? t("your place")))</b>", escape(settings.effectiveMethod.displayName)))</p>"
            html += preview(settings, t)
        } else if let guess = Self.guessCity(zone: zone, country: country ?? t.locale.region?.identifier) {
            // The product's prayer setup starts from a guess the person confirms (use case 13).
            html += """
                <p>\(t("Are you in {1}?", "<b>\(escape(t.isArabic ? guess.arabicName : guess.name))</b>"))</p>
                <form method="post" action="/account/prayer">\(hidden)<input type="hidden" name="city" value="\(escape(guess.name)), \(guess.countryCode)">
                <button>\(t("Yes, use {1}", escape(t.isArabic ? guess.arabicName : guess.name)))</button></form>
                """
        } else {
            html += "<p class=\"muted\">\(t("Choose your city to see prayer times in your calendar."))</p>"
        }
        html += """
            <form method="get" action="/account/#prayer"><p><label>\(t("Find your city (English or Arabic)"))<br>
            <input name="city" value="\(escape(search ?? ""))" maxlength="100" dir="auto"></label> <button>\(t("Search"))</button></p></form>
            """
        if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
            let found = CityDirectory.search(String(search.prefix(100)), limit: 8)
            html += found.isEmpty ? "<p class=\"warning\">\(t("No city by that name."))</p>" : "<ul id=\"cities\">" + found.map { city in
                """
                <li><form method="post" action="/account/prayer">\(hidden)<input type="hidden" name="city" value="\(escape(city.name)), \(city.countryCode)">
                <button>\(escape(t.isArabic ? city.arabicName : city.name))</button> <span class="muted">\(escape(t.isArabic ? city.name : city.arabicName)), \
                \(city.countryCode)</span></form></li>
                """
            }.joined() + "</ul>"
        }
        let methods = ([("", t("The usual one for the place"))] + CalculationMethod.allCases.map { ($0.shortName, $0.displayName) }).map { value, label in
            "<option value=\"\(escape(value))\"\((settings.method?.shortName ?? "") == value ? " selected" : "")>\(escape(label))</option>"
        }.joined()
        html += """
            <form method="post" action="/account/prayer">\(hidden)
            <p><label>\(t("Calculation method"))<br><select name="method">\(methods)</select></label></p>
            <p><label>\(t("Reminder, minutes before each prayer (empty: none)"))<br>
            <input name="reminderMinutes" inputmode="numeric" pattern="[0-9]*" maxlength="3" value="\(settings.reminderMinutes.map(String.init) ?? "")"></label></p>
            <p><button>\(t("Save prayer settings"))</button></p></form></section>
            """
        return html
    }

    /// Today's times at the place, in its time zone.
    private func preview(_ settings: PrayerSettings, _ t: PageLanguage) -> String {
        guard let calculator = settings.calculator, let place = settings.place, let zone = TimeZone(identifier: place.timeZone) else { return "" }
        let day = calculator.times(on: Date())
        let rows = [("Fajr", day.fajr), ("Sunrise", day.sunrise), ("Dhuhr", day.dhuhr), ("Asr", day.asr), ("Maghrib", day.maghrib), ("Isha", day.isha)]
            .map { "<tr><th>\(t($0.0))</th><td>\(t.time(Int($0.1.timeIntervalSince1970), zone: zone))</td></tr>" }.joined()
        return "<table id=\"today\"><caption>\(t("Today"))</caption>\(rows)</table>"
    }

    /// Where the person most likely is: the capital (else the largest city) of their time
    /// zone, else of their country (the request's, by GeoIP, or their language's region,
    /// `ar-SA`); `nil` without either.
    static func guessCity(zone: TimeZone?, country: String?) -> City? {
        let byCapitalThenSize = { (a: City, b: City) in (a.isCapital ? 1 : 0, a.population) < (b.isCapital ? 1 : 0, b.population) }
        if let zone, let city = CityDirectory.all.filter({ $0.timeZoneIdentifier == zone.identifier }).max(by: byCapitalThenSize) { return city }
        guard let country, country.count == 2 else { return nil }
        return CityDirectory.all.filter { $0.countryCode == country }.max(by: byCapitalThenSize)
    }

    /// `POST /account/prayer`: a city, or the method and reminder.
    func savePrayer(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        var place: PrayerSettings.Place?
        if let city = form["city"] {
            guard let found = PrayerSettings.place(city: String(city.prefix(100))) else {
                return back(showing: "<p class=\"warning\">\(t("No city by that name."))</p>", in: session, anchor: "prayer")
            }
            place = found
        }
        var method: CalculationMethod??
        if let name = form["method"] {
            guard name.isEmpty || CalculationMethod(name: name) != nil else {
                return back(showing: "<p class=\"warning\">\(t("Choose a method from the list."))</p>", in: session, anchor: "prayer")
            }
            method = .some(name.isEmpty ? nil : CalculationMethod(name: name))
        }
        var reminder: Int??
        if let minutes = form["reminderMinutes"]?.trimmingCharacters(in: .whitespaces) {
            guard minutes.isEmpty || Int(minutes).map(PrayerSettings.minuteRange.contains) == true else {
                return back(showing: "<p class=\"warning\">\(t("A reminder is 1 to 240 minutes before."))</p>", in: session, anchor: "prayer")
            }
            reminder = .some(Int(minutes))
        }
        let (chosenPlace, chosenMethod, chosenReminder) = (place, method, reminder)
        _ = try await users.application.prayerSettings.update(session.account) { settings in
            if let chosenPlace { settings.place = chosenPlace }
            if let chosenMethod { settings.method = chosenMethod }
            if let chosenReminder { settings.reminderMinutes = chosenReminder }
        }
        logger.info("prayer settings changed", metadata: ["user": "\(session.account)", "by": "its owner"])
        return back(showing: "<p><b>\(t("Saved."))</b></p>", in: session, anchor: "prayer")
    }
}
