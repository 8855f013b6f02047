import Foundation

/// Trigonometry in degrees, the unit in which the astronomical formulas are written.
enum DegreeMath {
    static let radiansPerDegree = Double.pi / 180

    static func sin(_ degrees: Double) -> Double { Foundation.sin(degrees * radiansPerDegree) }
    static func cos(_ degrees: Double) -> Double { Foundation.cos(degrees * radiansPerDegree) }
    static func tan(_ degrees: Double) -> Double { Foundation.tan(degrees * radiansPerDegree) }

    static func asin(_ value: Double) -> Double { Foundation.asin(value) / radiansPerDegree }
    static func acos(_ value: Double) -> Double { Foundation.acos(value) / radiansPerDegree }
    static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) / radiansPerDegree }
    /// Arc cotangent, for a positive argument (the Asr shadow ratio).
    static func acot(_ value: Double) -> Double { Foundation.atan(1 / value) / radiansPerDegree }

    /// `value` reduced into `0 ..< modulus`.
    static func wrap(_ value: Double, modulo modulus: Double) -> Double {
        let reduced = value - modulus * (value / modulus).rounded(.down)
        return reduced < 0 ? reduced + modulus : reduced
    }
}
