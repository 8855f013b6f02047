// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode and the upcoming features
/// that keep APIs explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "jadwal-server",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CivilDates", targets: ["CivilDates"]),
        .library(name: "ContentLines", targets: ["ContentLines"]),
        .library(name: "ICalendar", targets: ["ICalendar"]),
        .library(name: "VCard", targets: ["VCard"]),
        .library(name: "WebDAV", targets: ["WebDAV"]),
        .library(name: "ITIP", targets: ["ITIP"]),
        .library(name: "CalDAVCore", targets: ["CalDAVCore"]),
        .library(name: "CalDAVCoreTesting", targets: ["CalDAVCoreTesting"]),
        .library(name: "CardDAVCore", targets: ["CardDAVCore"]),
        .library(name: "CardDAVCoreTesting", targets: ["CardDAVCoreTesting"]),
        .library(name: "CardDAVSQLite", targets: ["CardDAVSQLite"]),
        .library(name: "CardDAVPostgres", targets: ["CardDAVPostgres"]),
        .library(name: "DAVCaching", targets: ["DAVCaching"]),
        .library(name: "CalDAVSQLite", targets: ["CalDAVSQLite"]),
        .library(name: "CalDAVPostgres", targets: ["CalDAVPostgres"]),
        .library(name: "PostgresTestSupport", targets: ["PostgresTestSupport"]),
        .library(name: "PrayerTimes", targets: ["PrayerTimes"]),
        .library(name: "Provisioning", targets: ["Provisioning"]),
        .library(name: "Extraction", targets: ["Extraction"]),
        .executable(name: "jadwald", targets: ["jadwald"]),
        .executable(name: "jadwal-bench", targets: ["jadwal-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // Civil (zone-less) dates and wall-clock times shared by ICalendar, PrayerTimes and
        // Extraction, which re-export them. Foundation only; depends on nothing here.
        .target(name: "CivilDates", swiftSettings: strictSettings),
        // What iCalendar and vCard content lines share (RFC 5545 §3.1-3.3, RFC 6350 §3-5):
        // text escaping and parameter values. Depends on nothing.
        .target(name: "ContentLines", swiftSettings: strictSettings),
        // RFC 5545: model, parser, serializer, recurrence, time zones. Foundation only.
        .target(name: "ICalendar", dependencies: ["CivilDates", "ContentLines"], swiftSettings: strictSettings),
        // RFC 6350 (vCard 4.0) and RFC 2426 (vCard 3.0): model, parser, serializer, typed
        // values, conversion between versions. Foundation only; depends on ContentLines.
        .target(name: "VCard", dependencies: ["ContentLines"], swiftSettings: strictSettings),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CMariaDB", pkgConfig: "libmariadb", providers: [.apt(["libmariadb-dev"])]),
        .systemLibrary(name: "CMaxMindDB", pkgConfig: "libmaxminddb", providers: [.apt(["libmaxminddb-dev"])]),
        // The WebDAV engine (DAVServer: OPTIONS, the root, the principals, one adapter per
        // protocol tree) and what every DAV protocol shares (RFC 4918, RFC 6578): safe XML,
        // requests and responses, headers, errors, the common properties, the store error
        // and change-signal vocabulary, plain collections. Knows no HTTP framework, no
        // storage engine and no calendar.
        .target(name: "WebDAV", dependencies: ["CivilDates", "CLibXML2", .product(name: "NIOCore", package: "swift-nio")], swiftSettings: strictSettings),
        // CalDAV (RFC 4791 and its extensions) as an adapter of the WebDAV engine.
        // iTIP (RFC 5546) over ICalendar: the messages an organizer's or an attendee's change
        // sends, what a delivered message does to the recipient's copy, the Schedule-Tag.
        .target(name: "ITIP", dependencies: ["ICalendar"], swiftSettings: strictSettings),
        // CalDAV (RFC 4791 and its extensions, scheduling of RFC 6638 among them) as an
        // adapter of the WebDAV engine.
        .target(name: "CalDAVCore", dependencies: ["ICalendar", "ITIP", "WebDAV"], swiftSettings: strictSettings),
        // The one cache seam: a store decorator (calendar rows, objects) and an adapter decorator
        // for any protocol (answers to repeated reads), kept exact by a store's ChangeSignal
        // and a collection's state.
        .target(name: "DAVCaching", dependencies: ["CalDAVCore", "CardDAVCore", "WebDAV", .product(name: "NIOCore", package: "swift-nio")], swiftSettings: strictSettings),
        // CardDAV (RFC 6352) as an adapter of the WebDAV engine, and its store protocol.
        .target(name: "CardDAVCore", dependencies: ["VCard", "WebDAV"], swiftSettings: strictSettings),
        // What the in-memory stores and conformance suites of every protocol share.
        .target(name: "DAVTesting", dependencies: ["WebDAV"], swiftSettings: strictSettings),
        // An in-memory store and the conformance suite every CalendarStore must pass.
        .target(name: "CalDAVCoreTesting", dependencies: ["CalDAVCore", "WebDAV", "DAVTesting"], swiftSettings: strictSettings),
        // An in-memory store and the conformance suite every AddressBookStore must pass.
        .target(name: "CardDAVCoreTesting", dependencies: ["CardDAVCore", "WebDAV", "DAVTesting"], swiftSettings: strictSettings),
        // What Swift cannot do with SQLite itself: process-wide settings (sqlite3_config is variadic)
        // and reading the WAL index header as SQLite does, with volatile loads and fences.
        .target(name: "CSQLiteSupport", linkerSettings: [.linkedLibrary("sqlite3")]),
        // One SQLite file in WAL mode for the whole process: one pool with one writer, the
        // readers on a request's path, the commit watch (a ChangeSignal), process settings.
        .target(
            name: "SQLiteAccess",
            dependencies: [
                "WebDAV", "CSQLiteSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // A PostgreSQL database: connection pool, storage URLs, migrations under an advisory
        // lock, the change stamp (a ChangeSignal).
        .target(
            name: "PostgresAccess",
            dependencies: ["WebDAV", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        // The embedded store: calendars in the SQLite file.
        .target(
            name: "CalDAVSQLite",
            dependencies: [
                "CalDAVCore", "WebDAV", "SQLiteAccess",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The embedded store of address books, in the same SQLite file.
        .target(
            name: "CardDAVSQLite",
            dependencies: [
                "CardDAVCore", "WebDAV", "SQLiteAccess",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The shared store for several instances: one PostgreSQL database.
        .target(
            name: "CalDAVPostgres",
            dependencies: ["CalDAVCore", "WebDAV", "PostgresAccess", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        // The shared store of address books, in the same PostgreSQL database.
        .target(
            name: "CardDAVPostgres",
            dependencies: ["CardDAVCore", "WebDAV", "PostgresAccess", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        // A Baïkal installation's database (sabre/dav 4's schema) read for a migration: its rows,
        // and what each would become, checked by the rules a PUT applies.
        .target(
            name: "BaikalImport",
            dependencies: ["CalDAVCore", "CardDAVCore", "WebDAV", "ICalendar", "VCard", "Jadwal", "CMariaDB", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // For tests of network clients: a local port that refuses connections.
        .target(name: "NetworkTestSupport", swiftSettings: strictSettings),
        // A throwaway PostgreSQL server (Debian's binaries) for tests. Foundation only.
        .target(name: "PostgresTestSupport", swiftSettings: strictSettings),
        // Portable SQL for the application's own tables, on SQLite (GRDB) or PostgreSQL.
        .target(
            name: "SQLStorage",
            dependencies: [
                "PostgresAccess",
                "SQLiteAccess",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The application layer: accounts (bcrypt passwords) kept beside the calendars.
        .target(
            name: "Jadwal",
            dependencies: [
                "ICalendar", "ITIP", "WebDAV", "CalDAVCore", "CardDAVCore", "PostgresAccess", "SQLiteAccess", "Extraction", "Mail", "PrayerTimes", "SQLStorage", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // Outgoing mail: messages (RFC 5322 + MIME), an SMTP client over SwiftNIO, and a
        // folder transport. Knows nothing of Jadwal or its database.
        .target(
            name: "Mail",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // Prayer-time astronomy and calculation methods. Pure computation, no I/O.
        .target(name: "PrayerTimes", dependencies: ["CivilDates"], swiftSettings: strictSettings),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Events agreed in chats: WhatsApp exports, the built-in extractor, an optional LLM.
        // Foundation, zlib for .zip exports and AsyncHTTPClient for the LLM's endpoint (Linux's
        // URLSession keeps a core busy while it waits for a slow reply); knows nothing of
        // calendars' storage.
        .target(
            name: "Extraction",
            dependencies: [
                "CivilDates", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .systemLibrary(name: "COpenSSLCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // iOS configuration profiles (.mobileconfig), their CMS signature, and QR codes for setup links.
        .target(name: "Provisioning", dependencies: ["COpenSSLCrypto"], swiftSettings: strictSettings),
        // The release, commit and date scripts/release builds jadwald as (`jadwald --version`).
        .target(name: "CBuildInfo"),
        .executableTarget(
            name: "jadwald",
            dependencies: [
                "ICalendar", "VCard", "WebDAV", "CalDAVCore", "DAVCaching", "SQLiteAccess", "PostgresAccess", "CalDAVSQLite", "CalDAVPostgres",
                "CardDAVCore", "CardDAVSQLite", "CardDAVPostgres", "Extraction", "Jadwal", "Mail", "PrayerTimes", "Provisioning", "CMaxMindDB",
                "SQLStorage", "BaikalImport", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // In the binary itself, so that an installed jadwald needs no resource folder beside it.
            resources: [.embedInCode("Resources/openapi.yaml")],
            swiftSettings: strictSettings
        ),
        // Benchmarks of the libraries (iCalendar against libical and python, the chat extractor,
        // prayer times), built apart so that jadwald holds only what an operator runs.
        .executableTarget(
            name: "jadwal-bench",
            dependencies: [
                "ICalendar", "Extraction", "PrayerTimes", "CalDAVCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CivilDatesTests", dependencies: ["CivilDates"], swiftSettings: strictSettings),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"], swiftSettings: strictSettings),
        .testTarget(name: "ITIPTests", dependencies: ["ITIP", "ICalendar"], swiftSettings: strictSettings),
        .testTarget(name: "VCardTests", dependencies: ["VCard"], swiftSettings: strictSettings),
        .testTarget(name: "CalDAVCoreTests", dependencies: ["WebDAV", "ITIP", "CalDAVCore", "CalDAVCoreTesting", "DAVCaching", "DAVTesting"], swiftSettings: strictSettings),
        .testTarget(name: "BaikalImportTests", dependencies: ["BaikalImport", "CalDAVCore", "WebDAV"], swiftSettings: strictSettings),
        .testTarget(name: "CardDAVTests", dependencies: ["VCard", "WebDAV", "CardDAVCore", "CardDAVCoreTesting", "CardDAVSQLite", "SQLiteAccess", "CardDAVPostgres", "PostgresAccess", "PostgresTestSupport", "CalDAVCore", "CalDAVCoreTesting", "DAVCaching",
                                                   .product(name: "GRDB", package: "GRDB.swift")],
                    swiftSettings: strictSettings),
        .testTarget(
            name: "CalDAVSQLiteTests",
            dependencies: ["CalDAVSQLite", "SQLiteAccess", "WebDAV", "CalDAVCore", "CalDAVCoreTesting", "DAVCaching", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CalDAVPostgresTests",
            dependencies: [
                "CalDAVPostgres", "PostgresAccess", "WebDAV", "CalDAVCore", "CalDAVCoreTesting", "DAVCaching", "PostgresTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SQLStorageTests",
            dependencies: ["SQLStorage", "SQLiteAccess", "PostgresAccess", "PostgresTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PrayerTimesTests", dependencies: ["PrayerTimes"], swiftSettings: strictSettings),
        .testTarget(
            name: "ExtractionTests",
            dependencies: [
                "Extraction", "NetworkTestSupport",
                // A local chat-completions server for the LLM extractor's tests.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ProvisioningTests", dependencies: ["Provisioning"], swiftSettings: strictSettings),
        // The daemon's HTTP binding, in process over real sockets.
        .testTarget(
            name: "jadwaldTests",
            dependencies: ["jadwald", "Jadwal", "CalDAVCore", "CalDAVCoreTesting", "WebDAV", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "JadwalTests", dependencies: ["Jadwal", "Extraction", "WebDAV", "DAVTesting", "CalDAVCore", "CalDAVSQLite", "CardDAVCore", "CardDAVSQLite", "SQLiteAccess", "ICalendar", "Mail", "PrayerTimes", "PostgresTestSupport", "CalDAVPostgres", "PostgresAccess", "SQLStorage", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "JWTKit", package: "jwt-kit")], swiftSettings: strictSettings),
        .testTarget(
            name: "MailTests",
            dependencies: [
                "Mail", "NetworkTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
