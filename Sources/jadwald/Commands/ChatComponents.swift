import CalDAVCore
import Extraction
import Foundation
import Jadwal

/// The chat pipeline's parts as the settings make them, for `serve` and the commands that
/// look at chats and conflicts.
struct ChatComponents {
    let service: ChatService

    init(settings: ServerConfiguration, application: ApplicationDatabase, store: any CalendarStore, keys: ServerKeys,
         send: @escaping @Sendable (OutgoingMail) async throws -> Void = { _ in }, pushes: PushQueue? = nil,
         log: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        service = ChatService(application: application, store: store, cipher: try await keys.chatKey(settings), extractor: try Self.extractor(settings),
                              admission: CalendarObjectAdmission(maxResourceSize: settings.maxResourceSize),
                              defaultZone: settings.chatsTimeZone.flatMap(TimeZone.init(identifier:)) ?? .current, send: send, pushes: pushes, log: log)
    }

    /// The settings, accounts and chat service of the data directory, for a command.
    static func open(config: String?, data: DataDirectoryOptions) async throws -> (settings: ServerConfiguration, accounts: AccountStore, service: ChatService) {
        let settings = try ServerConfiguration.resolved(config: config) { settings in
            if let directory = data.directory { settings.data = directory }
        }
        let storage = try await Storage.open(data, settings: settings)
        let application = storage.application
        let calendars = RoutingCalendarStore(primary: storage.homes, computed: [PrayerCalendar(settings: application.prayerSettings)])
        let keys = try ServerKeys(settings: settings, application: application)
        return (settings, application.accounts, try await ChatComponents(settings: settings, application: application, store: calendars, keys: keys).service)
    }

    /// The built-in extractor, or the configured LLM with the built-in one as its fallback.
    static func extractor(_ settings: ServerConfiguration, choice: String? = nil) throws -> any EventExtractor {
        guard (choice ?? settings.extractor) == "llm" else { return BuiltinExtractor() }
        guard let base = settings.llmBaseURL.flatMap(URL.init(string:)), let model = settings.llmModel else {
            throw CommandFailure("the llm extractor needs extraction.llm.base_url and extraction.llm.model")
        }
        var key = settings.llmAPIKey?.value
        if let file = settings.llmAPIKeyFile {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                  let line = text.split(whereSeparator: \.isNewline).first.map(String.init), !line.isEmpty else {
                throw CommandFailure("cannot read extraction.llm.api_key_file \(file)")
            }
            key = line
        }
        let llm = ChatCompletionsExtractor(configuration: ChatCompletionsConfiguration(
            baseURL: base, model: model, apiKey: key, timeout: .seconds(settings.llmTimeout),
            maxReplyTokens: settings.llmMaxTokens > 0 ? settings.llmMaxTokens : nil))
        return FallbackExtractor(primary: llm, fallback: BuiltinExtractor())
    }
}
