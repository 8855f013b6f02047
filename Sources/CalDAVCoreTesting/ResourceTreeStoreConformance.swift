import CalDAVCore
import DAVTesting
import WebDAV

/// The behaviour every ``ResourceTreeStore`` must show, run against a fresh store.
///
/// ```swift
/// let failures = await ResourceTreeStoreConformance().run { InMemoryResourceTreeStore() }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
/// Each check gets a new store from `makeStore` and returns what it found wrong.
public struct ResourceTreeStoreConformance: Sendable {
    public init() {}

    /// Runs every check; an empty result means the store conforms.
    public func run(_ makeStore: @Sendable () async throws -> any ResourceTreeStore) async -> [String] {
        let checks: [ConformanceChecks.Check<any ResourceTreeStore>] = [
            ("collections", Self.collections),
            ("files and ETags", Self.files),
            ("dead properties", Self.deadProperties),
            ("recursive delete", Self.recursiveDelete),
            ("copy", Self.copy),
            ("move", Self.move),
        ]
        return await ConformanceChecks.run(checks, makeStore: makeStore)
    }

    static func path(_ segments: String..., owner: String = "amal") -> ResourcePath {
        ResourcePath(owner: owner, segments: segments)
    }

    static let property = DAVXML.Name("urn:x", "p")
    static let propertyXML = Array("<X:p xmlns:X=\"urn:x\">\u{10000} <b/></X:p>".utf8)

    static func code(_ body: () async throws -> Void) async -> StoreError.Code? {
        do { try await body() } catch { return (error as? StoreError)?.code }
        return nil
    }

    /// Makes `files/` with `a.txt`, `sub/` and `sub/b.txt` (with a dead property).
    static func sample(_ store: any ResourceTreeStore) async throws {
        _ = try await store.makeCollection(at: path("files"), deadProperties: [:])
        _ = try await store.putFile(at: path("files", "a.txt"), data: Array("alpha".utf8), contentType: "text/plain", precondition: .none)
        _ = try await store.makeCollection(at: path("files", "sub"), deadProperties: [property: propertyXML])
        _ = try await store.putFile(at: path("files", "sub", "b.txt"), data: [0, 255], contentType: nil, precondition: .none)
        try await store.setDeadProperties([property: propertyXML], at: path("files", "sub", "b.txt"))
    }

    /// Every resource below `root`, as "relative path (/ for collections) = content".
    static func listing(_ store: any ResourceTreeStore, _ root: ResourcePath) async throws -> [String] {
        var lines: [String] = []
        for member in try await store.members(of: root) {
            let relative = member.path.segments.dropFirst(root.segments.count).joined(separator: "/")
            if member.isCollection {
                lines.append(relative + "/")
                lines += try await listing(store, member.path).map { relative + "/" + $0 }
            } else {
                let data = try await store.file(at: member.path)?.data ?? []
                lines.append(relative + " = " + String(decoding: data, as: UTF8.self))
            }
        }
        return lines
    }

    static func collections(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        let made = try await store.makeCollection(at: path("notes"), deadProperties: [property: propertyXML])
        if !made.isCollection || made.etag != nil { failures.append("a collection must have no ETag") }
        _ = try await store.makeCollection(at: path("archive"), deadProperties: [:])
        _ = try await store.makeCollection(at: path("notes", "2026"), deadProperties: [:])
        _ = try await store.makeCollection(at: path("notes", owner: "omar"), deadProperties: [:])
        if try await store.members(of: .root(of: "amal")).map(\.path.name) != ["archive", "notes"] {
            failures.append("the root's members are not the owner's top-level collections, by name")
        }
        if try await store.members(of: path("notes")).map(\.path) != [path("notes", "2026")] { failures.append("members of a collection") }
        if await code({ _ = try await store.makeCollection(at: path("notes"), deadProperties: [:]) }) != .alreadyExists {
            failures.append("making an existing collection is not alreadyExists")
        }
        if await code({ _ = try await store.makeCollection(at: .root(of: "amal"), deadProperties: [:]) }) != .alreadyExists {
            failures.append("making the root is not alreadyExists")
        }
        if await code({ _ = try await store.makeCollection(at: path("nope", "x"), deadProperties: [:]) }) != .missingParent {
            failures.append("a collection without a parent is not missingParent")
        }
        _ = try await store.putFile(at: path("notes", "f"), data: [1], contentType: nil, precondition: .none)
        if await code({ _ = try await store.makeCollection(at: path("notes", "f", "x"), deadProperties: [:]) }) != .missingParent {
            failures.append("a collection inside a file is not missingParent")
        }
        if await code({ _ = try await store.members(of: path("notes", "f")) }) != .notFound { failures.append("members of a file is not notFound") }
        if try await store.resource(at: path("notes"))?.deadProperties != [property: propertyXML] {
            failures.append("a new collection did not keep its dead properties")
        }
        if try await store.resource(at: .root(of: "amal")) != nil { failures.append("the root must not be a stored resource") }
        return failures
    }

    static func files(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        _ = try await store.makeCollection(at: path("files"), deadProperties: [:])
        let a = path("files", "a.bin")
        let first = try await store.putFile(at: a, data: [0, 1, 2], contentType: "application/x-thing; q=1", precondition: .mustNotExist)
        if !first.created { failures.append("the first PUT did not report created") }
        guard let etag = first.resource.etag, etag.hasPrefix("\""), etag.hasSuffix("\"") else {
            return failures + ["ETag \(first.resource.etag ?? "nil") is not a quoted strong tag"]
        }
        let read = try await store.file(at: a)
        if read?.data != [0, 1, 2] || read?.resource.contentType != "application/x-thing; q=1" || read?.resource.contentLength != 3 {
            failures.append("the file does not keep its bytes, type and length: \(String(describing: read))")
        }
        if await code({ _ = try await store.putFile(at: a, data: [9], contentType: nil, precondition: .mustNotExist) }) != .preconditionFailed {
            failures.append("If-None-Match: * on an existing file did not fail")
        }
        if await code({ _ = try await store.putFile(at: a, data: [9], contentType: nil, precondition: .ifMatch(["\"other\""])) }) != .preconditionFailed {
            failures.append("a stale If-Match did not fail")
        }
        let second = try await store.putFile(at: a, data: [0, 1, 2], contentType: nil, precondition: .ifMatch([etag]))
        if second.created || second.resource.etag == etag { failures.append("replacing must report not created and give a new ETag") }
        if await code({ _ = try await store.putFile(at: path("files"), data: [1], contentType: nil, precondition: .none) }) != .isCollection {
            failures.append("PUT on a collection is not isCollection")
        }
        if await code({ _ = try await store.putFile(at: path("none", "x"), data: [1], contentType: nil, precondition: .none) }) != .missingParent {
            failures.append("PUT without a parent is not missingParent")
        }
        if try await store.file(at: path("files")) != nil { failures.append("file(at:) returned a collection") }
        if await code({ try await store.deleteResource(at: a, precondition: .ifMatch([etag])) }) != .preconditionFailed {
            failures.append("DELETE with a stale If-Match did not fail")
        }
        try await store.deleteResource(at: a, precondition: .ifMatch([second.resource.etag ?? ""]))
        if try await store.resource(at: a) != nil { failures.append("a deleted file is still there") }
        if await code({ try await store.deleteResource(at: a, precondition: .none) }) != .notFound { failures.append("deleting nothing is not notFound") }
        return failures
    }

    static func deadProperties(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        try await sample(store)
        let file = path("files", "a.txt")
        let other = DAVXML.Name("", "plain")
        try await store.setDeadProperties([property: propertyXML, other: Array("<plain>x</plain>".utf8)], at: file)
        if try await store.resource(at: file)?.deadProperties != [property: propertyXML, other: Array("<plain>x</plain>".utf8)] {
            failures.append("dead properties of a file are not kept byte for byte")
        }
        _ = try await store.putFile(at: file, data: [7], contentType: nil, precondition: .none)
        if try await store.resource(at: file)?.deadProperties.count != 2 { failures.append("replacing a file's content dropped its dead properties") }
        try await store.setDeadProperties([:], at: file)
        if try await store.resource(at: file)?.deadProperties.isEmpty != true { failures.append("dead properties were not removed") }
        if await code({ try await store.setDeadProperties([:], at: path("files", "none")) }) != .notFound {
            failures.append("properties of nothing is not notFound")
        }
        return failures
    }

    static func recursiveDelete(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        try await sample(store)
        _ = try await store.makeCollection(at: path("files", owner: "omar"), deadProperties: [:])
        try await store.deleteResource(at: path("files"), precondition: .none)
        for gone in [path("files"), path("files", "a.txt"), path("files", "sub"), path("files", "sub", "b.txt")] {
            if try await store.resource(at: gone) != nil { failures.append("\(gone) outlived the deletion of its collection") }
        }
        if try await store.resource(at: path("files", owner: "omar")) == nil { failures.append("deleting touched another owner's tree") }
        _ = try await store.makeCollection(at: path("files"), deadProperties: [:])
        if try await !store.members(of: path("files")).isEmpty { failures.append("a collection made again brought old members back") }
        return failures
    }

    static func copy(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        try await sample(store)
        let expected = ["a.txt = alpha", "sub/", "sub/b.txt = \u{0}\u{FFFD}"]
        let deep = try await store.transferResource(from: path("files"), to: path("copy"), keepSource: true, overwrite: false, withMembers: true)
        if !deep.created || !deep.resource.isCollection { failures.append("a deep copy to a new place must be created") }
        if try await listing(store, path("copy")) != expected { failures.append("deep copy: \(try await listing(store, path("copy")))") }
        if try await listing(store, path("files")) != expected { failures.append("a copy changed its source") }
        if try await store.resource(at: path("copy", "sub", "b.txt"))?.deadProperties != [property: propertyXML] {
            failures.append("a copy did not take dead properties along")
        }
        _ = try await store.transferResource(from: path("files"), to: path("shallow"), keepSource: true, overwrite: false, withMembers: false)
        if try await !store.members(of: path("shallow")).isEmpty { failures.append("a Depth 0 copy took members along") }
        if await code({ _ = try await store.transferResource(from: path("files"), to: path("copy"), keepSource: true, overwrite: false, withMembers: true) })
            != .preconditionFailed {
            failures.append("copying onto an existing resource without overwrite did not fail")
        }
        _ = try await store.putFile(at: path("copy", "only-in-old"), data: [1], contentType: nil, precondition: .none)
        let replaced = try await store.transferResource(from: path("files", "sub"), to: path("copy"), keepSource: true, overwrite: true, withMembers: true)
        if replaced.created { failures.append("overwriting reported created") }
        if try await listing(store, path("copy")) != ["b.txt = \u{0}\u{FFFD}"] { failures.append("overwrite must replace the old tree: \(try await listing(store, path("copy")))") }
        let file = try await store.transferResource(from: path("files", "a.txt"), to: path("copy"), keepSource: true, overwrite: true, withMembers: true)
        let copiedData = try await store.file(at: path("copy"))?.data
        if file.resource.isCollection || copiedData != Array("alpha".utf8) {
            failures.append("a file copied over a collection did not replace it")
        }
        if await code({ _ = try await store.transferResource(from: path("files"), to: path("files", "sub", "in"), keepSource: true, overwrite: true, withMembers: true) })
            != .invalidTransfer {
            failures.append("copying a collection into itself is not invalidTransfer")
        }
        if await code({ _ = try await store.transferResource(from: path("files", "a.txt"), to: path("no", "a"), keepSource: true, overwrite: true, withMembers: true) })
            != .missingParent {
            failures.append("copying into a missing collection is not missingParent")
        }
        if await code({ _ = try await store.transferResource(from: path("none"), to: path("x"), keepSource: true, overwrite: true, withMembers: true) })
            != .notFound {
            failures.append("copying nothing is not notFound")
        }
        return failures
    }

    static func move(_ store: any ResourceTreeStore) async throws -> [String] {
        var failures: [String] = []
        try await sample(store)
        let expected = ["a.txt = alpha", "sub/", "sub/b.txt = \u{0}\u{FFFD}"]
        _ = try await store.makeCollection(at: path("target"), deadProperties: [:])
        let moved = try await store.transferResource(from: path("files"), to: path("target", "moved"), keepSource: false, overwrite: false, withMembers: false)
        if !moved.created { failures.append("a move to a new place must be created") }
        if try await listing(store, path("target", "moved")) != expected { failures.append("a move must take every member: \(try await listing(store, path("target", "moved")))") }
        if try await store.resource(at: path("files")) != nil { failures.append("a move left its source behind") }
        if try await store.resource(at: path("target", "moved", "sub"))?.deadProperties != [property: propertyXML] {
            failures.append("a move did not take dead properties along")
        }
        let renamed = try await store.transferResource(from: path("target", "moved", "a.txt"), to: path("target", "moved", "sub"),
                                                       keepSource: false, overwrite: true, withMembers: true)
        if renamed.created || renamed.resource.isCollection { failures.append("a file moved over a collection must replace it") }
        if try await listing(store, path("target")) != ["moved/", "moved/sub = alpha"] { failures.append("after the overwrite: \(try await listing(store, path("target")))") }
        if await code({ _ = try await store.transferResource(from: path("target"), to: path("target"), keepSource: false, overwrite: true, withMembers: true) })
            != .invalidTransfer {
            failures.append("moving onto itself is not invalidTransfer")
        }
        return failures
    }
}

