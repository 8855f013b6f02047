import Foundation
import Jadwal

extension ServerConfiguration {
    /// The settings from the configuration file (`config`, else `$JADWAL_CONFIG`), then the
    /// `JADWAL_*` variables, then `flags`, each overriding the one before, validated.
    static func resolved(config: String?, flags: (inout ServerConfiguration) throws -> Void = { _ in }) throws -> ServerConfiguration {
        var settings = ServerConfiguration()
        let environment = ProcessInfo.processInfo.environment
        do {
            if let path = config ?? environment["JADWAL_CONFIG"] {
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw CommandFailure("cannot read the configuration file \(path)")
                }
                try settings.apply(file: text, source: path)
            }
            try settings.apply(environment: environment)
            for name in unknownEnvironmentNames(in: environment) {
                StandardStreams.error("jadwald: warning: \(name) is not a setting and is ignored (known: JADWAL_ and a setting's name, as JADWAL_TLS_CERTIFICATE)\n")
            }
            try flags(&settings)
            try settings.validate()
        } catch {
            if let problem = error as? ServerConfiguration.Problem { throw CommandFailure(problem.description) }
            throw error
        }
        return settings
    }
}
