import Foundation
import PrayerTimes
import Testing

@Suite("City directory")
struct CityDirectoryTests {
    @Test("Capitals across continents", arguments: [
        ("SA", "Riyadh"), ("EG", "Cairo"), ("PK", "Islamabad"), ("ID", "Jakarta"), ("MY", "Kuala Lumpur"),
        ("TR", "Ankara"), ("MA", "Rabat"), ("NG", "Abuja"), ("FR", "Paris"), ("GB", "London"),
        ("US", "Washington"), ("CA", "Ottawa"), ("BR", "Brasília"), ("JP", "Tokyo"), ("AU", "Canberra"),
        ("AE", "Abu Dhabi"), ("QA", "Doha"), ("KW", "Kuwait City"), ("IR", "Tehran"), ("IQ", "Baghdad"),
        ("DZ", "Algiers"), ("SN", "Dakar"), ("KE", "Nairobi"), ("ZA", "Pretoria"), ("AR", "Buenos Aires"),
        ("MX", "Mexico City"), ("DE", "Berlin"), ("RU", "Moscow"), ("CN", "Beijing"), ("IN", "New Delhi"),
        ("BD", "Dhaka"), ("KZ", "Astana"), ("NZ", "Wellington"), ("YE", "Sanaa"), ("BN", "Bandar Seri Begawan"),
    ])
    func capital(country: String, name: String) throws {
        let capitals = CityDirectory.all.filter { $0.countryCode == country && $0.isCapital }
        #expect(capitals.map(\.name) == [name])
    }

    @Test("One capital per country")
    func oneCapitalEach() {
        let capitals = CityDirectory.all.filter(\.isCapital)
        #expect(capitals.count >= 195)
        #expect(Set(capitals.map(\.countryCode)).count == capitals.count)
    }

    @Test("Coordinates", arguments: [
        ("Makkah", "SA", 21.4225, 39.8262), ("Madinah", "SA", 24.4686, 39.6142), ("Riyadh", "SA", 24.7136, 46.6753),
        ("Cairo", "EG", 30.0444, 31.2357), ("Jakarta", "ID", -6.2088, 106.8456), ("Istanbul", "TR", 41.0082, 28.9784),
        ("London", "GB", 51.5074, -0.1278), ("New York City", "US", 40.7128, -74.0060),
        ("Tokyo", "JP", 35.6762, 139.6503), ("Sydney", "AU", -33.8688, 151.2093), ("Karachi", "PK", 24.8607, 67.0011),
    ])
    func coordinates(name: String, country: String, latitude: Double, longitude: Double) throws {
        let city = try #require(CityDirectory.named("\(name), \(country)"))
        #expect(city.name == name)
        #expect(abs(city.latitude - latitude) < 0.1)
        #expect(abs(city.longitude - longitude) < 0.1)
        #expect(city.coordinates == Coordinates(latitude: city.latitude, longitude: city.longitude))
    }

    @Test("Every zone is one Foundation and the time zone database know")
    func timeZones() {
        for city in CityDirectory.all {
            #expect(TimeZone(identifier: city.timeZoneIdentifier) != nil, "\(city.name): \(city.timeZoneIdentifier)")
        }
        let mismatched = CityDirectory.all.filter { city in
            TimeZoneCountries.countryCode(forTimeZoneIdentifier: city.timeZoneIdentifier) == nil
        }
        #expect(mismatched.isEmpty, "zones without a country: \(mismatched.map(\.timeZoneIdentifier))")
    }

    @Test("Table shape")
    func shape() {
        let all = CityDirectory.all
        #expect((500...1500).contains(all.count))
        let pairs = all.map { "\($0.name), \($0.countryCode)" }
        #expect(Set(pairs).count == pairs.count, "duplicate name and country")
        for city in all {
            #expect(!city.arabicName.isEmpty, "\(city.name) has no Arabic name")
            #expect(city.arabicName.unicodeScalars.contains { (0x0621...0x064A).contains($0.value) }, "\(city.arabicName)")
            #expect(city.countryCode.count == 2 && city.countryCode == city.countryCode.uppercased())
            #expect((-90...90).contains(city.latitude) && (-180...180).contains(city.longitude))
            #expect(city.population >= 0)
        }
    }

    @Test("Arabic names", arguments: [
        ("الرياض", "Riyadh", "SA"), ("رياض", "Riyadh", "SA"), ("مكة", "Makkah", "SA"), ("مكه", "Makkah", "SA"),
        ("مكة المكرمة", "Makkah", "SA"), ("القاهره", "Cairo", "EG"), ("القاهرة", "Cairo", "EG"),
        ("المدينة المنورة", "Madinah", "SA"), ("جده", "Jeddah", "SA"), ("القدس", "Jerusalem", "IL"),
        ("لندن", "London", "GB"), ("باريس", "Paris", "FR"), ("نيويورك", "New York City", "US"),
        ("اسطنبول", "Istanbul", "TR"), ("الدار البيضاء", "Casablanca", "MA"),
    ])
    func arabic(query: String, name: String, country: String) throws {
        let city = try #require(CityDirectory.named(query))
        #expect(city.name == name)
        #expect(city.countryCode == country)
    }

    @Test("Arabic diacritics and tatweel are ignored")
    func tashkeel() {
        #expect(CityDirectory.named("مَكَّةُ")?.name == "Makkah")
        #expect(CityDirectory.named("الرِّيَاض")?.name == "Riyadh")
        #expect(CityDirectory.named("القـاهرة")?.name == "Cairo")
        #expect(CityDirectory.named("الاسكندرية")?.name == "Alexandria")
    }

    @Test("English names, aliases and accents", arguments: [
        ("Mecca", "Makkah"), ("makka", "Makkah"), ("MAKKAH", "Makkah"), ("Medina", "Madinah"),
        ("Madinah", "Madinah"), ("Ar Riyad", "Riyadh"), ("Jiddah", "Jeddah"), ("Jeddah", "Jeddah"),
        ("Al Qahirah", "Cairo"), ("cairo", "Cairo"), ("sao paulo", "São Paulo"), ("São Paulo", "São Paulo"),
        ("Zürich", "Zürich"), ("zurich", "Zürich"), ("brasilia", "Brasília"), ("bogota", "Bogotá"),
        ("Bombay", "Mumbai"), ("Cologne", "Köln"), ("koln", "Köln"), ("New York", "New York City"),
        ("tartus", "Tartus"), ("nuku'alofa", "Nuku'alofa"), ("Nukualofa", "Nuku'alofa"), ("izmir", "İzmir"),
    ])
    func english(query: String, name: String) {
        #expect(CityDirectory.named(query)?.name == name)
    }

    @Test("Exact matches first, then prefixes, then larger places")
    func ranking() throws {
        let results = CityDirectory.search("Alexandria")
        #expect(results.first?.countryCode == "EG")
        let prefix = CityDirectory.search("Riy")
        #expect(prefix.first?.name == "Riyadh")
        let paul = CityDirectory.search("paulo").map(\.name)
        #expect(paul.contains("São Paulo"))
        #expect(CityDirectory.search("a", limit: 3).count == 3)
        #expect(CityDirectory.search("Paris", limit: 0).isEmpty)
    }

    @Test("A country code after a comma narrows the search")
    func countryFilter() throws {
        #expect(CityDirectory.named("Paris, FR")?.name == "Paris")
        #expect(CityDirectory.named("Alexandria, EG")?.countryCode == "EG")
        #expect(CityDirectory.search("Alexandria, US").allSatisfy { $0.countryCode == "US" })
        #expect(CityDirectory.named("Alexandria, US")?.countryCode != "EG")
        let pakistan = try #require(CityDirectory.named("Hyderabad, PK"))
        let india = try #require(CityDirectory.named("hyderabad, in"))
        #expect(pakistan.countryCode == "PK" && india.countryCode == "IN")
        #expect(pakistan.latitude > 24 && india.latitude < 20)
        #expect(CityDirectory.named("الإسكندرية، EG")?.name == "Alexandria")
        #expect(CityDirectory.named("Washington, D.C.")?.countryCode == "US")
    }

    @Test("Nothing for empty or unknown queries")
    func noMatch() {
        #expect(CityDirectory.named("") == nil)
        #expect(CityDirectory.named("   ") == nil)
        #expect(CityDirectory.named("، ") == nil)
        #expect(CityDirectory.named("Qwxzyville") == nil)
        #expect(CityDirectory.search("").isEmpty)
    }

    @Test("A city feeds the calculator")
    func calculator() throws {
        let makkah = try #require(CityDirectory.named("Makkah"))
        let zone = try #require(TimeZone(identifier: makkah.timeZoneIdentifier))
        #expect(CalculationMethod.defaultMethod(forCountryCode: makkah.countryCode) == .ummAlQura)
        #expect(CalculationMethod.defaultMethod(for: zone) == .ummAlQura)
    }
}
