import ArgumentParser
import CalDAVCore
import CalDAVSQLite
import Hummingbird
import Jadwal

/// `jadwald serve`: the CalDAV server on the embedded SQLite store.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the CalDAV server (HTTP; put TLS in front of it for the internet).")

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"
    @Option(help: "Port to listen on.")
    var port = 8080
    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let database = try data.databasePath()
        let store = try SQLiteCalendarStore(path: database)
        let accounts = try AccountStore(path: database)
        let davConfiguration = DAVConfiguration()
        let router = Router()
        router.add(middleware: DAVMiddleware(
            handler: DAVHandler(store: store, resources: store, configuration: davConfiguration),
            authenticator: BasicAuthenticator(accounts: accounts),
            maxBodySize: davConfiguration.maxResourceSize + 65536))
        router.get("/healthz") { _, _ in "ok\n" }
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: "jadwald"))
        print("jadwald: serving CalDAV on http://\(host):\(port)/dav/ with data in \(data.path)")
        try await app.runService()
    }
}
