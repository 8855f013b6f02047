import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import PrayerTimes

/// The prayer-times subscription feeds: a user's at `/feeds/prayer/{token}.ics` (the
/// token is the secret), and any place's at `/feeds/prayer.ics?lat=..&lon=..&tz=..`.
/// Both answer with an ETag and Last-Modified and 304 on revalidation, to GET and HEAD.
struct PrayerFeedRoutes {
    let settings: PrayerSettingsStore
    let cache = FeedCache()

    func add<Context: RequestContext>(to router: Router<Context>) {
        router.get("/feeds/prayer.ics") { request, _ in
            try self.placeFeed(request)
        }
        router.get("/feeds/prayer/:file") { request, context in
            try await self.userFeed(request, file: context.parameters.get("file") ?? "")
        }
        // HEAD as GET: calendar apps check a subscription with it. The server sends the
        // head of the GET's answer without its body.
        router.head("/feeds/prayer.ics") { request, _ in
            try self.placeFeed(request)
        }
        router.head("/feeds/prayer/:file") { request, context in
            try await self.userFeed(request, file: context.parameters.get("file") ?? "")
        }
    }

    func userFeed(_ request: Request, file: String) async throws -> Response {
        guard file.hasSuffix(".ics"), let found = try await settings.settings(forFeedToken: String(file.dropLast(4))) else {
            return Self.text(.notFound, "no such feed\n")
        }
        guard found.settings.place != nil, found.settings.isEnabled else {
            return Self.text(.notFound, "this feed has no place set; set one with jadwald prayer settings\n")
        }
        return feed(found.settings, request: request)
    }

    func placeFeed(_ request: Request) throws -> Response {
        let query = request.uri.queryParameters
        func number(_ key: Substring) -> Double? { query[key].flatMap { Double(String($0)) } }
        guard let latitude = number("lat"), let longitude = number("lon") else {
            return Self.text(.badRequest, "lat and lon are required decimal degrees, e.g. ?lat=21.4225&lon=39.8262&tz=Asia/Riyadh\n")
        }
        guard let zoneName = query["tz"].map(String.init), TimeZone(identifier: zoneName) != nil else {
            return Self.text(.badRequest, "tz must be an IANA time zone such as Asia/Riyadh\n")
        }
        var settings = PrayerSettings()
        settings.place = PrayerSettings.Place(latitude: latitude, longitude: longitude, elevation: number("elevation") ?? 0, timeZone: zoneName)
        do { try Coordinates(latitude: latitude, longitude: longitude, elevation: settings.place!.elevation).validate() } catch {
            return Self.text(.badRequest, error.description + "\n")
        }
        if let name = query["method"] {
            guard let method = CalculationMethod(name: String(name)) else {
                return Self.text(.badRequest, "unknown method \(name); use one of \(CalculationMethod.allCases.map(\.shortName).joined(separator: ", "))\n")
            }
            settings.method = method
        }
        if let asr = query["asr"] {
            guard let school = AsrSchool(rawValue: String(asr)) else { return Self.text(.badRequest, "asr is standard or hanafi\n") }
            settings.asrSchool = school
        }
        return feed(settings, request: request)
    }

    func feed(_ settings: PrayerSettings, request: Request) -> Response {
        let now = Date()
        // The feed changes with the settings and with the day where the place is.
        let day = PrayerFeed.lastModified(settings, now: now).timeIntervalSince1970
        let key = "\(settings)@\(day)"
        guard let entry = cache.entry(key, build: { PrayerFeed.calendar(settings, now: now) }) else {
            return Self.text(.notFound, "no prayer times for this place\n")
        }
        let (body, etag) = (entry.body, entry.etag)
        let modified = PrayerFeed.lastModified(settings, now: now)
        let modifiedText = Self.httpDate(modified)
        var headers: HTTPFields = [.eTag: etag, .lastModified: modifiedText, .cacheControl: "max-age=3600"]
        let matches = request.headers[.ifNoneMatch].map { $0.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag } }
        let unmodified = request.headers[.ifModifiedSince].flatMap(Self.parseHTTPDate).map { Int(modified.timeIntervalSince1970) <= Int($0.timeIntervalSince1970) }
        if matches ?? unmodified ?? false {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: message)))
    }

    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func httpDate(_ date: Date) -> String { formatter().string(from: date) }
    static func parseHTTPDate(_ text: String) -> Date? { formatter().date(from: text) }
}
