import ArgumentParser
import BaikalImport
import Foundation
import Jadwal

/// `jadwald migrate-baikal --from sqlite:/path/to/db.sqlite`: every user of a Baïkal
/// installation, with their passwords, calendars and address books, into this server.
struct MigrateBaikalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-baikal",
        abstract: "Bring the users, calendars and address books of a Baïkal server over.",
        discussion: """
            Reads Baïkal's database, SQLite or MySQL (opened read-only), and stores every user with the \
            password they have (checked against Baïkal's digest at their first sign-in, then \
            kept as a bcrypt hash), every calendar and address book under its own name, and \
            every object and card with its name, bytes and ETag. Sync tokens Baïkal gave \
            devices stay good, so devices download nothing again. Users the target already has \
            are refused, and a migration that fails keeps nothing. --dry-run reads everything \
            and reports what would come across, writing nothing. Shares of calendars come \
            across as shares, at the same place in each sharee's home, and scheduling inbox \
            messages into the inbox.
            """)

    @Option(help: ArgumentHelp("Baïkal's database: sqlite:PATH, or mysql://USER:PASSWORD@HOST[:PORT]/DATABASE (?socket=PATH for a local socket).",
                               valueName: "location")) var from: String
    @Option(help: "The realm Baïkal hashed passwords with.") var realm = "BaikalDAV"
    @Flag(help: "Read everything and report; write nothing.") var dryRun = false
    @Option(help: ArgumentHelp("Configuration file, for the server's limits (default: $JADWAL_CONFIG, else none).", valueName: "file"))
    var config: String?
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let source: BaikalQueries
        do {
            source = try BaikalLocation.open(from)
        } catch {
            throw CommandFailure(error.description)
        }
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let inventory: BaikalInventory
        if dryRun {
            inventory = try await BaikalCollections(source: source, maxResourceSize: settings.maxResourceSize).inventory()
        } else {
            // A new server is usually set up by this very command.
            let storage = try await Storage.open(data, settings: settings, creating: true)
            let migration = BaikalMigration(source: source, directory: storage.users, addressBooks: storage.addressBooks, realm: realm,
                                            maxResourceSize: settings.maxResourceSize)
            var bar: ProgressBar?
            do {
                inventory = try await migration.run { _, total in
                    if bar == nil { bar = ProgressBar(total: total) }
                    bar?.advance()
                }
            } catch let failure as BaikalMigration.Failure {
                bar?.finish()
                throw CommandFailure(failure.description)
            }
            bar?.finish()
        }
        print(Self.report(inventory, dryRun: dryRun))
    }

    static func report(_ inventory: BaikalInventory, dryRun: Bool) -> String {
        var lines = [dryRun ? "would migrate (nothing written):" : "migrated:"]
        for user in inventory.users {
            lines.append("  \(user.name)\(user.email.map { " <\($0)>" } ?? ""): \(user.calendars) calendars, \(user.objects) objects, "
                         + "\(user.addressBooks) address books, \(user.cards) cards"
                         + (user.inboxMessages > 0 ? ", \(user.inboxMessages) scheduling inbox messages" : "")
                         + (user.sharesGiven > 0 ? ", \(user.sharesGiven) calendars shared with others" : "")
                         + (user.sharesReceived > 0 ? ", \(user.sharesReceived) shared with them" : ""))
            for item in user.keptDespiteRules { lines.append("    kept: \(item)") }
            for item in user.skipped { lines.append("    not carried: \(item)") }
        }
        for item in inventory.orphans { lines.append("  not carried: \(item)") }
        return lines.joined(separator: "\n")
    }
}
