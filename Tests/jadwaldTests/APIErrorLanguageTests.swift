import Foundation
import Testing
@testable import jadwald

/// The JSON API's error messages in Arabic: templates matched whole, values carried over.
struct APIErrorLanguageTests {
    @Test("a message is matched whole, with the values its template leaves open")
    func matching() {
        #expect(APIErrorLanguage.match("no user amal", "no user {}") == ["amal"])
        #expect(APIErrorLanguage.match("label must be at most 100 bytes", "{} must be at most {} bytes") == ["label", "100"])
        #expect(APIErrorLanguage.match("no user ", "no user {}") == nil)
        #expect(APIErrorLanguage.match("owner is required: your name", "{} is required") == nil)
        #expect(APIErrorLanguage.arabic("too many attempts; try again in 30 seconds") == "محاولات كثيرة؛ حاول بعد 30 ثانية")
        #expect(APIErrorLanguage.arabic("a message nobody wrote a template for") == nil)
    }

    @Test("every template's placeholders are all used by its Arabic")
    func placeholders() {
        for (english, arabic) in APIErrorLanguage.templates {
            let count = english.components(separatedBy: "{}").count - 1
            for index in 0..<count { #expect(arabic.contains("{\(index + 1)}"), "\(english)") }
        }
    }
}
