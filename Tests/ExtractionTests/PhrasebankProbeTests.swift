import Foundation
import Testing
@testable import Extraction

/// The status a phrasebank exchange's labelled acts lead to, and the probe that judges every
/// exchange against it.
@Suite("Phrasebank probe")
struct PhrasebankProbeTests {
    static let owner = true, other = false

    @Test("the latest proposal stands until the other side answers it", arguments: [
        ([(owner, [SpeechAct.propose]), (other, [.accept])], Judgement.Status.agreed),
        ([(owner, [.propose]), (other, [.refuse])], .denied),
        ([(owner, [.propose]), (other, [.hedge])], .notConfirmed),
        ([(owner, [.propose]), (other, [.refuse, .propose])], .notConfirmed),
        ([(owner, [.propose]), (other, [.refuse, .propose]), (owner, [.accept])], .agreed),
        ([(owner, [.propose]), (other, [.accept]), (owner, [.cancel])], .denied),
        ([(owner, [.propose]), (owner, [.accept])], .notConfirmed),
        ([(owner, []), (other, [])], .noEvent),
        ([(owner, [.propose]), (other, [.accept, .propose])], .agreed),
    ])
    func status(_ row: ([(Bool, [SpeechAct])], Judgement.Status)) {
        #expect(PhrasebankProbe.status(of: row.0.map { (fromOwner: $0.0, acts: Set($0.1)) }) == row.1)
    }

    @Test("every exchange of the phrasebanks is read, judged and given the status its acts lead to")
    func judgesPhrasebanks() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("blind/phrases")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "jsonl" }
        #expect(files.count == 6)
        var results: [PhrasebankProbe.Result] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline).filter { !$0.isEmpty }
            let judged = try PhrasebankProbe.run(phrasebank: file)
            #expect(judged.count == lines.count, "\(file.lastPathComponent)")
            results += judged
        }
        #expect(results.count == 1400)
        #expect(Set(results.map(\.expected)) == Set(Judgement.Status.allCases))
        #expect(results.allSatisfy { !$0.texts.isEmpty && $0.acts.split(separator: " ").count == $0.texts.count })
    }
}
