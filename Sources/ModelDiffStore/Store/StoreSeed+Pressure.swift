import Foundation
@_spi(CLI) import ModelDiffKit

/// Values that press on what the next version tightens or adds, each still valid for the seeded
/// version: object 1 is nil where the next version requires a value, or the first object's value
/// again where the next version adds a uniqueness constraint; objects 2, 3 … take the new bounds
/// and the values just beyond them (a new minimum or maximum value, date or length, a narrower
/// integer type), where the seeded version allows them.
extension SeedValues {
    mutating func pressure(_ attribute: Attribute, _ next: Attribute, _ index: Int, _ path: String) throws(Diagnostic) -> StoreValue? {
        if index == 1 {
            if attribute.isOptional && !next.isOptional { return .null }
            if newlyUnique.contains(attribute.name), let first = firstValues[attribute.name] { return first }
        }
        guard index >= 2 else { return nil }
        let edges = boundaryValues(attribute, next)
        return index - 2 < edges.count ? edges[index - 2] : nil
    }

    private func boundaryValues(_ attribute: Attribute, _ next: Attribute) -> [StoreValue] {
        switch attribute.type {
        case .integer16, .integer32, .integer64:
            guard let oldWidth = Self.width(attribute.type), let newWidth = Self.width(next.type) else { return [] }
            let old = Self.range(attribute, oldWidth)
            let new = Self.range(next, newWidth)
            var values: [Int64] = []
            if new.upperBound < old.upperBound { values += [new.upperBound, new.upperBound + 1] }
            if new.lowerBound > old.lowerBound { values += [new.lowerBound, new.lowerBound - 1] }
            return values.filter(old.contains).map { .integer($0) }
        case .double, .float, .decimal:
            guard next.type == attribute.type else { return [] }
            let old =
                (attribute.minValueString.flatMap(Double.init) ?? -.infinity)...(attribute.maxValueString.flatMap(Double.init) ?? .infinity)
            var values: [Double] = []
            if let high = next.maxValueString.flatMap(Double.init), high < old.upperBound { values += [high, high + 1] }
            if let low = next.minValueString.flatMap(Double.init), low > old.lowerBound { values += [low, low - 1] }
            return values.filter(old.contains).map { attribute.type == .decimal ? .decimal(Self.text($0)) : .double($0) }
        case .date:
            guard next.type == .date else { return [] }
            let earliest = attribute.minDateTimeInterval.flatMap(Double.init) ?? -.infinity
            let old = earliest...(attribute.maxDateTimeInterval.flatMap(Double.init) ?? .infinity)
            var values: [Double] = []
            if let high = next.maxDateTimeInterval.flatMap(Double.init), high < old.upperBound { values += [high, high + 1] }
            if let low = next.minDateTimeInterval.flatMap(Double.init), low > old.lowerBound { values += [low, low - 1] }
            return values.filter(old.contains).map { .date($0) }
        case .string, .binary:
            guard next.type == attribute.type else { return [] }
            let oldMinimum = attribute.minValueString.flatMap { Int($0) } ?? 0
            let oldMaximum = attribute.maxValueString.flatMap { Int($0) } ?? Int.max
            var lengths: [Int] = []
            if let high = next.maxValueString.flatMap({ Int($0) }), high < oldMaximum { lengths += [high, high + 1] }
            if let low = next.minValueString.flatMap({ Int($0) }), low > oldMinimum { lengths += [low, low - 1] }
            let pattern = attribute.regularExpressionString.flatMap { try? NSRegularExpression(pattern: $0) }
            return lengths.filter { $0 >= max(oldMinimum, 0) && $0 <= min(oldMaximum, Self.maximumLength) }.compactMap { length in
                guard attribute.type == .string else { return .data(Array(repeating: 0x5A, count: length)) }
                let text = String(repeating: "z", count: length)
                let range = NSRange(text.startIndex..., in: text)
                if let pattern, pattern.firstMatch(in: text, range: range)?.range != range { return nil }
                return .string(text)
            }
        default:
            return []
        }
    }

    private static func width(_ type: AttributeType) -> ClosedRange<Int64>? {
        switch type {
        case .integer16: Int64(Int16.min)...Int64(Int16.max)
        case .integer32: Int64(Int32.min)...Int64(Int32.max)
        case .integer64: Int64.min...Int64.max
        default: nil
        }
    }

    private static func range(_ attribute: Attribute, _ width: ClosedRange<Int64>) -> ClosedRange<Int64> {
        let low = attribute.minValueString.flatMap { Int64($0) }.map { max($0, width.lowerBound) } ?? width.lowerBound
        let high = attribute.maxValueString.flatMap { Int64($0) }.map { min($0, width.upperBound) } ?? width.upperBound
        return low <= high ? low...high : low...low
    }
}
