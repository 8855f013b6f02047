import Foundation
import Testing
@testable import jadwald

/// The pages' languages: how a request's Accept-Language and a stored choice pick one, and
/// that every Arabic text keeps the values its English carries.
struct PageLanguageTests {
    @Test("Accept-Language by weight, a stored choice first, English otherwise")
    func choice() {
        #expect(PageLanguage(acceptLanguage: "fr-FR, ar;q=0.8, en;q=0.5").code == "ar")
        #expect(PageLanguage(acceptLanguage: "en;q=0.4, ar-EG;q=0.9").locale.identifier.hasPrefix("ar"))
        #expect(PageLanguage(acceptLanguage: "ar;q=0, de").code == "en")
        #expect(PageLanguage(acceptLanguage: "").code == "en")
        #expect(PageLanguage(preference: "ar", otherwise: .english).number(26) == "٢٦")
        #expect(PageLanguage(preference: "fr", otherwise: .english).code == "en")
    }

    @Test("every Arabic text carries the placeholders of its English")
    func placeholders() {
        for (english, arabic) in PageTexts.arabic {
            for index in 1...4 where english.contains("{\(index)}") {
                #expect(arabic.contains("{\(index)}"), "\(english)")
            }
        }
    }

    @Test("a page speaks the language bound for its request")
    func bound() async {
        let arabic = PageLanguage(preference: "ar-SA", otherwise: .english)
        let said = PageLanguage.$current.withValue(arabic) { tr("Users") }
        #expect(said == "المستخدمون" && tr("Users") == "Users")
        #expect(PageLanguage.$current.withValue(arabic) { HTMLPage(title: "t", body: "").document.contains("dir=\"rtl\"") })
    }
}
