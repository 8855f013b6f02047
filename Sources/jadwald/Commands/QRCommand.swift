import ArgumentParser
import Foundation
import Provisioning

/// `jadwald qr TEXT`: a QR code as SVG or PNG, the same encoder the setup page uses.
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Write a QR code for TEXT as SVG (standard output by default) or PNG.")
    @Argument(help: "The text to encode (UTF-8, byte mode).") var text: String
    @Option(help: "Write a PNG to this file.") var png: String?
    @Option(help: "Write an SVG to this file.") var svg: String?
    @Option(help: "Error correction: L, M, Q or H.") var level: String = "M"
    @Option(help: "Pixels (PNG) or units (SVG) per module.") var scale: Int = 8

    func validate() throws {
        if png != nil && svg != nil { throw ValidationError("give at most one of --png and --svg") }
        if !(1...64).contains(scale) { throw ValidationError("--scale must be between 1 and 64") }
        if Self.levels[level.uppercased()] == nil { throw ValidationError("--level must be L, M, Q or H") }
    }

    static let levels: [String: QRCode.ErrorCorrection] = ["L": .low, "M": .medium, "Q": .quartile, "H": .high]

    func run() throws {
        let code: QRCode
        do { code = try QRCode(text: text, errorCorrection: Self.levels[level.uppercased()]!) } catch {
            throw CommandFailure(error.description)
        }
        if let png {
            try ProfileCommand.write(Data(code.png(scale: scale)), to: png)
        } else if let svg {
            try ProfileCommand.write(Data(code.svg(moduleSize: scale).utf8), to: svg)
        } else {
            StandardStreams.write(code.svg(moduleSize: scale))
        }
    }
}
