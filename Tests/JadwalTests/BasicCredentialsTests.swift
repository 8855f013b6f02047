import Foundation
import Jadwal
import Testing

@Suite struct BasicCredentialsTests {
    private func header(_ text: String, scheme: String = "Basic ") -> String {
        scheme + Data(text.utf8).base64EncodedString()
    }

    @Test func readsNameAndPassword() {
        #expect(BasicCredentials(header: header("amal:secret")) == BasicCredentials(name: "amal", password: "secret"))
    }

    @Test func passwordKeepsLaterColonsAndMayBeEmpty() {
        #expect(BasicCredentials(header: header("amal:a:b:c")) == BasicCredentials(name: "amal", password: "a:b:c"))
        #expect(BasicCredentials(header: header("amal:")) == BasicCredentials(name: "amal", password: ""))
    }

    @Test func schemeIsCaseInsensitiveAndBlanksAreSkipped() {
        let token = Data("amal:secret".utf8).base64EncodedString()
        for value in ["basic \(token)", "BASIC \(token)", "Basic   \(token)  ", "Basic\t\(token)"] {
            #expect(BasicCredentials(header: value) == BasicCredentials(name: "amal", password: "secret"), "\(value)")
        }
    }

    @Test func unicodeNamesAndPasswords() {
        #expect(BasicCredentials(header: header("عمل:كلمة-سر")) == BasicCredentials(name: "عمل", password: "كلمة-سر"))
    }

    @Test func paddingMayBeLeftOut() {
        // "amal:pw" is 7 bytes, "amal:pwd" 8: two and one "=" of padding.
        for text in ["amal:pw", "amal:pwd"] {
            let padded = Data(text.utf8).base64EncodedString()
            #expect(padded.hasSuffix("="))
            let bare = padded.prefix { $0 != "=" }
            #expect(BasicCredentials(header: "Basic " + bare)?.password == String(text.dropFirst(5)))
            // Padding, when present, must be whole.
            if padded.hasSuffix("==") { #expect(BasicCredentials(header: "Basic " + padded.dropLast()) == nil) }
        }
    }

    @Test func agreesWithFoundationOnEveryLength() {
        for length in 1...40 {
            let text = "n:" + String((0..<length).map { Character(UnicodeScalar(UInt8(33 + ($0 * 7) % 90))) })
            #expect(BasicCredentials(header: header(text))?.password == String(text.dropFirst(2)), "\(length)")
        }
    }

    @Test func refusesWhatIsNotBasicCredentials() {
        let refused = [
            "", "Basic", "Basic ", "Bearer abc.def.ghi", "Basicx YW1hbDpzZWNyZXQ=", "Digest username=\"amal\"",
            "Basic YW1hbDpzZWNyZXQ*", "Basic YW1hbDpzZWNyZXQ===", "Basic Y", "Basic YW1h bDpzZWNyZXQ=",
            header("no-colon-here"),
            "Basic " + Data([0x61, 0x3A, 0xFF, 0xFE]).base64EncodedString(),
            header("amal:" + String(repeating: "x", count: 4000)),
        ]
        for value in refused {
            #expect(BasicCredentials(header: value) == nil, "\(value.prefix(40))")
        }
    }
}
