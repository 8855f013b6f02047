import ArgumentParser
import Foundation
import VCard

/// `jadwald vcard`: tools over vCard files, built on the VCard library.
struct VCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcard",
        abstract: "Validate, normalize, convert and inspect vCard files.",
        subcommands: [Validate.self, Normalize.self, Fields.self, Convert.self]
    )

    /// Reads and parses a file, or prints `FILE:LINE:COLUMN: reason` and fails.
    static func load(_ path: String) throws -> [VCard] {
        let bytes = try StandardStreams.read(path)
        do {
            return try VCardParser().parse(bytes)
        } catch {
            StandardStreams.error("\(path):\(error.line):\(error.column): \(error.reason)\n")
            throw ExitCode.failure
        }
    }
}

extension VCardCommand {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that each file is one vCard a CardDAV server stores (RFC 6352 §5.1).",
            discussion: "Prints FILE:LINE:COLUMN: reason for each file that fails.")

        @Argument(help: "The .vcf files to check.")
        var files: [String]

        func run() throws {
            var failed = false
            for file in files {
                let bytes: [UInt8]
                do { bytes = try StandardStreams.read(file) } catch {
                    StandardStreams.error("\(file):0:0: cannot read the file\n")
                    failed = true
                    continue
                }
                do { _ = try VCard.validateForStorage(bytes) } catch {
                    StandardStreams.error("\(file):\(error.line):\(error.column): \(error.reason)\n")
                    failed = true
                }
            }
            if failed { throw ExitCode.failure }
        }
    }

    struct Normalize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-serialize the cards of a file: CRLF, 75-octet folding, values as read.")

        @Argument(help: "The .vcf file.")
        var file: String

        func run() throws {
            StandardStreams.write(VCardSerializer().serialize(try VCardCommand.load(file)))
        }
    }

    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert the cards of a file to vCard 3.0 or 4.0 (RFC 6350 Appendix A).")

        @Option(help: "The version to write: 3.0 or 4.0.")
        var to: String
        @Argument(help: "The .vcf file.")
        var file: String

        func validate() throws {
            guard to == "3.0" || to == "4.0" else { throw ValidationError("--to must be 3.0 or 4.0") }
        }

        func run() throws {
            let target: VCardVersion = to == "4.0" ? .v4_0 : .v3_0
            let cards = try VCardCommand.load(file).map { $0.converted(to: target) }
            StandardStreams.write(VCardSerializer().serialize(cards))
        }
    }

    struct Fields: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the typed fields of each card as a JSON array, one object per card.",
            discussion: """
                Keys: version, uid, fn, n (family, given, additional, prefixes, suffixes), \
                emails and tels (value, types), org, nicknames, categories, notes, urls, kind, \
                bday (raw, date), photo (bytes, mediaType, uri). Absent properties are left out.
                """)

        @Argument(help: "The .vcf file.")
        var file: String

        func run() throws {
            let cards = try VCardCommand.load(file).map(CardFields.init)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            StandardStreams.write([UInt8](try encoder.encode(cards)) + [0x0A])
        }
    }
}

/// The JSON shape of `jadwald vcard fields`.
struct CardFields: Encodable {
    struct Name: Encodable {
        var family, given, additional, prefixes, suffixes: [String]
    }
    struct Typed: Encodable {
        var value: String
        var types: [String]
    }
    struct DateField: Encodable {
        var raw: String
        var date: String?
    }
    struct Photo: Encodable {
        var bytes: Int?
        var mediaType: String?
        var uri: String?
    }

    var version: String?
    var uid: String?
    var fn: String?
    var n: Name?
    var emails: [Typed]
    var tels: [Typed]
    var org: [String]?
    var nicknames: [String]
    var categories: [String]
    var notes: [String]
    var urls: [String]
    var kind: String
    var bday: DateField?
    var photo: Photo?

    init(_ card: VCard) {
        version = card["VERSION"]?.value
        uid = card.uid
        fn = card.formattedName
        n = card.name.map {
            Name(family: $0.familyNames, given: $0.givenNames, additional: $0.additionalNames,
                 prefixes: $0.honorificPrefixes, suffixes: $0.honorificSuffixes)
        }
        emails = card.emails.map { Typed(value: $0.address, types: $0.types) }
        tels = card.telephones.map { Typed(value: $0.value, types: $0.types) }
        org = card.organization
        nicknames = card.nicknames
        categories = card.categories
        notes = card.notes
        urls = card.urls
        kind = card.kind.rawValue
        bday = card["BDAY"].map { property in
            DateField(raw: property.textValue, date: VCardDateOrText(property).date?.basicFormat)
        }
        photo = card.photo.map { media in
            switch media {
            case .embedded(let bytes, let mediaType): return Photo(bytes: bytes.count, mediaType: mediaType, uri: nil)
            case .uri(let uri): return Photo(bytes: nil, mediaType: nil, uri: uri)
            }
        }
    }
}
