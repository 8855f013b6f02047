import Testing
import CalDAVCore
import CalDAVCoreTesting
import WebDAV

struct ResourceTreeConformanceTests {
    @Test("the in-memory resource tree passes the conformance suite")
    func inMemory() async {
        let failures = await ResourceTreeStoreConformance().run { InMemoryResourceTreeStore() }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A tree that copies shallowly, ignores Overwrite and forgets dead properties must
    /// fail, or the suite proves nothing.
    actor CarelessTree: ResourceTreeStore {
        let inner = InMemoryResourceTreeStore()
        func resource(at path: ResourcePath) async throws(StoreError) -> PlainResource? { try await inner.resource(at: path) }
        func members(of path: ResourcePath) async throws(StoreError) -> [PlainResource] { try await inner.members(of: path) }
        func file(at path: ResourcePath) async throws(StoreError) -> (resource: PlainResource, data: [UInt8])? { try await inner.file(at: path) }
        func makeCollection(at path: ResourcePath, deadProperties: [DAVXML.Name: [UInt8]]) async throws(StoreError) -> PlainResource {
            try await inner.makeCollection(at: path, deadProperties: [:])
        }
        func putFile(at path: ResourcePath, data: [UInt8], contentType: String?, precondition: WritePrecondition) async throws(StoreError)
            -> (resource: PlainResource, created: Bool) {
            try await inner.putFile(at: path, data: data, contentType: contentType, precondition: precondition)
        }
        func setDeadProperties(_ properties: [DAVXML.Name: [UInt8]], at path: ResourcePath) async throws(StoreError) {
            try await inner.setDeadProperties(properties, at: path)
        }
        func deleteResource(at path: ResourcePath, precondition: WritePrecondition) async throws(StoreError) {
            try await inner.deleteResource(at: path, precondition: precondition)
        }
        func transferResource(from source: ResourcePath, to destination: ResourcePath, keepSource: Bool, overwrite: Bool, withMembers: Bool)
            async throws(StoreError) -> (resource: PlainResource, created: Bool) {
            try await inner.transferResource(from: source, to: destination, keepSource: keepSource, overwrite: true, withMembers: false)
        }
    }

    @Test("a tree that copies shallowly, ignores Overwrite and drops properties fails the suite")
    func carelessTreeFails() async {
        let failures = await ResourceTreeStoreConformance().run { CarelessTree() }
        for area in ["collections", "copy", "move"] {
            #expect(failures.contains { $0.hasPrefix(area) }, "no failure for \(area): \(failures)")
        }
    }
}
