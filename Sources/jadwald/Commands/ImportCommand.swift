import ArgumentParser
import CalDAVCore
import Foundation
import ICalendar
import Jadwal
#if canImport(Glibc)
import Glibc
import WebDAV
#endif

/// `jadwald import USER CALENDAR FILE.ics`: an export from another calendar program,
/// split into one object per UID and stored as a PUT would store it.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an .ics file into a user's calendar, one object per UID.",
        discussion: """
            Overrides stay with their master event, and each object carries the VTIMEZONEs it \
            uses. An object whose UID is already in the calendar is replaced. The calendar is \
            created if it does not exist. Works while the server runs.
            """)

    @Argument(help: "The user who owns the calendar.") var user: String
    @Argument(help: "The calendar's name in its URL, e.g. calendar.") var calendar: String
    @Argument(help: "The iCalendar file to import.") var file: String
    @Option(help: ArgumentHelp("Configuration file, for the server's limits (default: $JADWAL_CONFIG, else none).", valueName: "file"))
    var config: String?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let storage = try await Storage.open(data, settings: settings)
        guard try await storage.accounts.account(named: user) != nil else { throw CommandFailure("no user \(user)") }
        // Objects are admitted by the server's own rule and limits, as a PUT would be.
        let admission = CalendarObjectAdmission(maxResourceSize: settings.maxResourceSize)
        let store = RoutingCalendarStore(primary: storage.homes, computed: [PrayerCalendar(settings: storage.application.prayerSettings)])
        let parsed: Component
        do {
            parsed = try ICalendarParser().parseCalendar(try StandardStreams.read(file))
        } catch let error as ParseError {
            throw CommandFailure("\(file):\(error.line):\(error.column): \(error.reason)")
        }
        let (pieces, skippedComponents) = CalendarSplitter().split(parsed)
        var summary = ImportSummary(noun: "objects", skipped: skippedComponents.map { ($0.line, $0.reason) })
        let reference = CalendarReference(owner: user, name: calendar)
        let collection: CalendarCollection
        if let existing = try await store.calendar(reference) {
            guard !existing.isReadOnly else { throw CommandFailure("\(calendar) is computed by the server; import into another calendar") }
            collection = existing
        } else {
            collection = CalendarCollection(reference: reference, displayName: parsed["X-WR-CALNAME"]?.textValue ?? calendar)
            try await store.createCalendar(collection)
            StandardStreams.error("created calendar \(calendar)\n")
        }
        var progress = ProgressBar(total: pieces.count)
        for piece in pieces {
            progress.advance()
            let line = piece.calendar.components.first { $0.name != ComponentName.timeZone }?.line ?? 0
            let bytes = ICalendarSerializer().serialize(piece.calendar)
            do throws(DAVError) {
                let (admitted, index) = try admission.admit(bytes, into: collection)
                if try await put(admitted, index: index, uid: piece.uid, in: store, reference) { summary.created += 1 } else { summary.replaced += 1 }
            } catch {
                summary.skipped.append((line, "UID \(piece.uid): \(error.message)"))
            }
        }
        progress.finish()
        print(summary.report(file: file))
    }

    /// Stores one object at the name its UID already has, else at a name derived from the
    /// UID; `true` when it was new.
    private func put(_ bytes: [UInt8], index: CalendarObjectIndex, uid: String, in store: any CalendarStore, _ reference: CalendarReference) async throws(DAVError) -> Bool {
        do {
            return try await store.putObject(named: Self.objectName(uid, extension: "ics"), data: bytes, index: index, in: reference, precondition: .none).created
        } catch {
            guard error.code == .uidConflict, let holder = error.existingName else { throw DAVError(error) }
            do {
                return try await store.putObject(named: holder, data: bytes, index: index, in: reference, precondition: .none).created
            } catch {
                throw DAVError(error)
            }
        }
    }

    /// `UID.ics` (or another extension) when the UID is a safe path segment, else a digest of it.
    static func objectName(_ uid: String, extension fileExtension: String) -> String {
        let safe = uid.utf8.count <= 200 && uid.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.@+=".unicodeScalars.contains($0)
        } && !uid.hasPrefix(".")
        if safe { return uid + "." + fileExtension }
        return "import-" + FNV1a.hex(uid.utf8) + "." + fileExtension
    }
}

/// What an import (of calendar objects, or of cards) did, for the closing report.
struct ImportSummary {
    /// What was imported, plural: "objects", "cards".
    let noun: String
    var created = 0
    var replaced = 0
    var skipped: [(line: Int, reason: String)]

    init(noun: String, skipped: [(line: Int, reason: String)] = []) {
        self.noun = noun
        self.skipped = skipped
    }

    func report(file: String) -> String {
        var lines = ["imported \(created + replaced) \(noun) (\(created) new, \(replaced) replaced), skipped \(skipped.count)"]
        for entry in skipped.sorted(by: { $0.line < $1.line }) { lines.append("  \(file):\(entry.line): \(entry.reason)") }
        return lines.joined(separator: "\n")
    }
}

/// A one-line progress bar on standard error, drawn only on a terminal.
struct ProgressBar {
    let total: Int
    private var done = 0
    private let visible = isatty(STDERR_FILENO) != 0

    init(total: Int) { self.total = total }

    mutating func advance() {
        done += 1
        guard visible, done == total || done % 50 == 0 else { return }
        let width = 30
        let filled = total == 0 ? width : width * done / total
        StandardStreams.error("\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)")
    }

    func finish() {
        if visible && total > 0 { StandardStreams.error("\n") }
    }
}
