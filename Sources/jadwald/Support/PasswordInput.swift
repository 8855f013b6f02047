import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password without it ever appearing in `ps` or the shell history: one line
/// from standard input with `--password-stdin` or when input is piped, else typed twice
/// at a prompt with echo off.
enum PasswordInput {
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput || isatty(STDIN_FILENO) == 0 {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw CommandFailure("give the password on standard input, e.g. printf '%s\\n' \"$PASSWORD\" | jadwald user add NAME --password-stdin")
            }
            return line
        }
        let first = prompt("Password: ")
        guard prompt("Again: ") == first else { throw CommandFailure("the two passwords differ") }
        return first
    }

    private static func prompt(_ text: String) -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }
}
