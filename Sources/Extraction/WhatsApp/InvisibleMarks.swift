extension Unicode.Scalar {
    /// Direction and format marks phones put around names, numbers and WhatsApp's own lines:
    /// LRM, RLM, the Arabic letter mark, the embedding and isolate controls, and a BOM.
    var isInvisibleMark: Bool { Self.isInvisibleMark(value) }

    /// Spaces as exports write them: newer builds put U+202F or U+00A0 before AM/PM.
    var isExportSpace: Bool { Self.isExportSpace(value) }

    static func isInvisibleMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    static func isExportSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x2007, 0x2009, 0x202F: true
        default: false
        }
    }
}
