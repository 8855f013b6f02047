/// A value in an XML property list: the few kinds a configuration profile needs.
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([PropertyListValue])
    /// Keys are written in sorted order, so the same value always gives the same bytes.
    case dictionary([String: PropertyListValue])
}
