import Foundation
import Testing
@testable import Extraction

/// The speech-act model: its stored form, its features, its training, the labels it learns
/// from, and how the extractor uses what it reads when given one (only where the lexicon reads
/// no act; a no with a proposal as a counter).
@Suite("Built-in extractor: the speech-act model")
struct ActModelTests {
    /// A model that reads `acts` in every message it is asked about, whatever the words.
    static func always(_ acts: Set<SpeechAct>) -> ActModel {
        ActModel(weights: SpeechAct.allCases.map { _ in [Float](repeating: 0, count: ActFeatures.bucketCount) },
                 biases: SpeechAct.allCases.map { acts.contains($0) ? 20 : -20 }, threshold: 0.5)
    }

    @Test("the stored form keeps every weight to within its quantum and refuses other shapes")
    func storedForm() throws {
        var weights = SpeechAct.allCases.map { _ in [Float](repeating: 0, count: ActFeatures.bucketCount) }
        for act in SpeechAct.allCases {
            for bucket in stride(from: act.rawValue, to: ActFeatures.bucketCount, by: 97) {
                weights[act.rawValue][bucket] = Float(bucket % 13) / 3 - 2
            }
        }
        let model = ActModel(weights: weights, biases: [0.5, -1, 2, -3, 0.25], threshold: 0.7)
        let decoded = try #require(ActModel(encoded: model.encoded()))
        #expect(decoded.biases == model.biases)
        #expect(abs(decoded.threshold - 0.7) < 1e-6)
        for act in SpeechAct.allCases {
            let quantum = 2.0 / 127
            #expect(zip(decoded.weights[act.rawValue], weights[act.rawValue]).allSatisfy { abs(Double($0 - $1)) <= quantum / 2 + 1e-6 })
        }
        #expect(ActModel(encoded: Data([1, 2, 3])) == nil)
        #expect(ActModel(encoded: model.encoded().dropLast()) == nil)
    }

    @Test("features are the same on every reading and stay inside the buckets")
    func features() throws {
        let conversation = chat(["عزيمة عندنا الجمعة، تجون؟", "o: أكيد جايين", "o: the whole weekend is swallowed by my sister's move"])
        let first = ActFeatures.readings(in: conversation), second = ActFeatures.readings(in: conversation)
        #expect(first.keys.sorted() == [0, 1, 2])
        for (i, reading) in first {
            #expect(reading.buckets == second[i]?.buckets)
            #expect(reading.buckets.allSatisfy { (0..<ActFeatures.bucketCount).contains($0) })
        }
        // The lexicon reads the invitation and the yes, not the excuse.
        #expect(first[0]?.asksModel == false && first[1]?.asksModel == false && first[2]?.asksModel == true)
        // Words alone do not make the features: the same words after another message read differently.
        let alone = ActFeatures.readings(in: chat(["o: the whole weekend is swallowed by my sister's move"]))
        #expect(alone[0]?.buckets != first[2]?.buckets)
    }

    @Test("the model is asked only where the lexicon reads no act")
    func onlyWhereTheLexiconReadsNone() {
        let lines = ["نتعشى سوا الخميس الساعة ٨؟", "o: تمام"]
        let refusing = BuiltinExtractor(actModel: ActModelTests.always([.refuse])).judgeNow(chat(lines))
        #expect(refusing.status == .agreed)
    }

    @Test("a no and a proposal the model reads in one message counter, and a yes then agrees")
    func counterRead() throws {
        let lines = ["Padel on Thursday 7pm?", "o: Thursday the kids have swimming, Saturday 7pm", "great Saturday 7"]
        let extractor = BuiltinExtractor(actModel: ActModelTests.always([.refuse, .propose]))
        let judgement = extractor.judgeNow(chat(lines))
        #expect(judgement.status == .agreed)
        let event = try #require(judgement.event)
        #expect(event.startDate == LocalDate(year: 2026, month: 11, day: 28))
    }

    @Test("labelled acts put in place of the lexicon's decide what the dialogue reads")
    func labelledActsReplaceTheLexicon() {
        let conversation = chat(["dinner friday at 8", "o: hmm 🤔"])
        #expect(BuiltinExtractor().judgeNow(conversation).status != .agreed)
        #expect(BuiltinExtractor().judgeNow(conversation, labelledActs: [0: [.propose], 1: [.accept]]).status == .agreed)
        #expect(BuiltinExtractor().judgeNow(conversation, labelledActs: [0: [.propose], 1: [.refuse]]).status == .denied)
        // Only the acts named are replaced: the lexicon still reads the proposal.
        let asked = chat(["dinner friday at 8?", "o: hmm 🤔"])
        #expect(BuiltinExtractor().judgeNow(asked, labelledActs: [1: [.accept]], replacing: [.accept]).status == .agreed)
    }

    /// A model trained once on every labelled act: the development folders and the phrasebanks.
    static let trained: ActModel = {
        let blind = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("blind")
        var messages: [LabelledActs.Message] = []
        for folder in ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8"] {
            messages += (try? LabelledActs.load(folder: blind.appendingPathComponent(folder))) ?? []
        }
        let phrasebanks = (try? FileManager.default.contentsOfDirectory(at: blind.appendingPathComponent("phrases"), includingPropertiesForKeys: nil)) ?? []
        for file in phrasebanks.filter({ $0.pathExtension == "jsonl" }).sorted(by: { $0.path < $1.path }) {
            messages += (try? LabelledActs.load(phrasebank: file)) ?? []
        }
        return ActModel.train(messages)
    }()

    @Test("a model trained on the labelled acts reads refusals in words no list holds", arguments: [
        ["عشا عندنا الخميس الساعة ٩؟", "o: الخميس ما بيمديني"],
        ["dinner thursday at 9?", "o: ugh thursday is impossible for me"],
    ])
    func unlistedRefusal(_ lines: [String]) {
        #expect(BuiltinExtractor().judgeNow(chat(lines)).status == .notConfirmed)
        #expect(BuiltinExtractor(actModel: ActModelTests.trained).judgeNow(chat(lines)).status == .denied)
    }

    @Test("labels that name no act, miss a chat, point at no message or do not parse are refused")
    func invalidLabels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("acts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[25/11/2026, 17:50:00] Sara: padel tomorrow?\n[25/11/2026, 17:51:00] Owner: in!\n".utf8).write(to: folder.appendingPathComponent("a.txt"))
        try Data(#"[{"file":"a.txt","owner":"Owner","now":"2026-11-25T17:51:00","tz":"Asia/Riyadh","status":"NO_EVENT","event":null}]"#.utf8)
            .write(to: folder.appendingPathComponent("labels.json"))
        try Data(#"{"file": "a.txt", "acts": {"1": ["agree"]}}"#.utf8).write(to: folder.appendingPathComponent("acts.jsonl"))
        #expect(throws: LabelledActs.Invalid.self) { try LabelledActs.load(folder: folder) }
        try Data(#"{"file": "b.txt", "acts": {}}"#.utf8).write(to: folder.appendingPathComponent("acts.jsonl"))
        #expect(throws: LabelledActs.Invalid.self) { try LabelledActs.load(folder: folder) }
        // A message number the chat does not have, and a line that is no label.
        try Data(#"{"file": "a.txt", "acts": {"2": ["accept"]}}"#.utf8).write(to: folder.appendingPathComponent("acts.jsonl"))
        #expect(throws: LabelledActs.Invalid.self) { try LabelledActs.load(folder: folder) }
        try Data("{\"file\": \"a.txt\"\n".utf8).write(to: folder.appendingPathComponent("acts.jsonl"))
        #expect(throws: LabelledActs.Invalid.self) { try LabelledActs.load(folder: folder) }
        try Data(#"{"file": "a.txt", "acts": {"0": ["propose"], "1": ["accept"]}}"#.utf8).write(to: folder.appendingPathComponent("acts.jsonl"))
        let messages = try LabelledActs.load(folder: folder)
        #expect(messages.map(\.acts) == [[.propose], [.accept]])
    }
}
