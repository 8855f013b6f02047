import Foundation

extension NSNumber {
    /// Whether JSONSerialization made this number from JSON `true` or `false`: numbers and
    /// booleans share NSNumber, and `1` must not pass for `true` (nor `true` for `1`).
    public var isJSONBoolean: Bool {
        String(cString: objCType) == "c" || type(of: self) == type(of: NSNumber(value: true))
    }
}
