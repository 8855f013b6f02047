/// An address book as one .vcf file: its cards one after the other, each as stored (a
/// vCard file may hold any number of cards, RFC 6350 §3.1). GET of a book and
/// `jadwald contacts export` answer with it.
public enum AddressBookExport {
    public static func file(of cards: [Card]) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(cards.reduce(0) { $0 + $1.data.count + 2 })
        for card in cards {
            body += card.data
            if body.last != UInt8(ascii: "\n") { body += Array("\r\n".utf8) }
        }
        return body
    }
}
