import ArgumentParser
import CardDAVCore
import Foundation
import Jadwal
import VCard
import WebDAV

/// `jadwald contacts import|export`: address books to and from .vcf files.
struct ContactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Import and export a user's address books as .vcf files.",
        subcommands: [Import.self, Export.self])

    /// `jadwald contacts import USER BOOK FILE.vcf`: an export of another contacts program,
    /// one card per UID, each stored as a PUT would store it.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a .vcf file into a user's address book, one card per UID.",
            discussion: """
                vCard 2.1 cards (Outlook) are converted to 3.0; a card without a UID gets one made \
                from its content, so importing the same file again replaces rather than doubles. \
                A card whose UID is already in the book replaces it; a UID that appears twice in \
                the file keeps its first card. The book is created if it does not exist. Works \
                while the server runs.
                """)

        @Argument(help: "The user who owns the address book.") var user: String
        @Argument(help: "The address book's name in its URL, e.g. contacts.") var book: String
        @Argument(help: "The vCard file to import.") var file: String
        @Option(help: ArgumentHelp("Configuration file, for the server's limits (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let settings = try ServerConfiguration.resolved(config: config) { settings in
                if let directory = data.directory { settings.data = directory }
            }
            let storage = try await Storage.open(data, settings: settings)
            guard try await storage.accounts.account(named: user) != nil else { throw CommandFailure("no user \(user)") }
            let store = storage.addressBooks
            let bytes = try StandardStreams.read(file)
            let cards: [VCard]
            do {
                cards = try VCardParser().parse(bytes)
            } catch {
                throw CommandFailure("\(file):\(error.line):\(error.column): \(error.reason)")
            }
            let reference = AddressBookReference(owner: user, name: book)
            if try await store.addressBook(reference) == nil {
                try await store.createAddressBook(AddressBook(reference: reference, displayName: book))
                StandardStreams.error("created address book \(book)\n")
            }
            // Cards are admitted by the server's own rule and limits, as a PUT would be.
            let admission = CardAdmission(maxResourceSize: settings.maxResourceSize)
            var summary = ImportSummary(noun: "cards")
            var seen: [String: Int] = [:]
            var progress = ProgressBar(total: cards.count)
            for card in cards {
                progress.advance()
                let prepared = Self.prepared(card)
                let uid = prepared.uid ?? ""
                if let first = seen[uid] {
                    summary.skipped.append((card.line, "UID \(uid) appears again; the card at line \(first) is kept"))
                    continue
                }
                seen[uid] = card.line
                do throws(DAVError) {
                    let admitted = try admission.admit(VCardSerializer().serialize(prepared))
                    if try await put(admitted, in: store, reference) { summary.created += 1 } else { summary.replaced += 1 }
                } catch {
                    summary.skipped.append((card.line, "UID \(uid): \(error.message)"))
                }
            }
            progress.finish()
            print(summary.report(file: file))
        }

        /// The card as stored: 2.1 converted to 3.0, and a UID made from its content when it has none.
        static func prepared(_ card: VCard) -> VCard {
            var prepared = card.version == .v2_1 ? card.converted(to: .v3_0) : card
            if prepared.uid?.isEmpty ?? true {
                prepared.removeProperties(named: "UID")
                let uid = "import-" + FNV1a.hex(VCardSerializer().serialize(prepared))
                let index = (prepared.properties.firstIndex { $0.hasName("VERSION") } ?? 0) + 1
                prepared.properties.insert(VCardProperty(name: "UID", value: uid), at: min(index, prepared.properties.count))
            }
            return prepared
        }

        /// Stores a card at the name its UID already has, else at a name made from the UID;
        /// `true` when it was new.
        private func put(_ admitted: CardAdmission.Admitted, in store: any AddressBookStore, _ reference: AddressBookReference) async throws(DAVError) -> Bool {
            let name = ImportCommand.objectName(admitted.index.uid, extension: "vcf")
            do {
                return try await store.putCard(named: name, data: admitted.data, index: admitted.index, in: reference, precondition: .none).created
            } catch {
                guard error.code == .uidConflict, let holder = error.existingName else { throw DAVError(error, uidConflict: .cardNoUIDConflict) }
                do {
                    return try await store.putCard(named: holder, data: admitted.data, index: admitted.index, in: reference, precondition: .none).created
                } catch {
                    throw DAVError(error, uidConflict: .cardNoUIDConflict)
                }
            }
        }
    }

    /// `jadwald contacts export USER BOOK`: the whole address book as one .vcf file.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a user's address book as one .vcf file (to standard output or --output).")

        @Argument(help: "The user who owns the address book.") var user: String
        @Argument(help: "The address book's name in its URL, e.g. contacts.") var book: String
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let store = try await Storage.open(data).addressBooks
            let reference = AddressBookReference(owner: user, name: book)
            guard try await store.addressBook(reference) != nil else { throw CommandFailure("\(user) has no address book \(book)") }
            let file = AddressBookExport.file(of: try await store.cards(in: reference))
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(file)) else { throw CommandFailure("cannot write \(output)") }
            } else {
                StandardStreams.write(file)
            }
        }
    }
}
