import Foundation
@_spi(CLI) import ModelDiffKit

/// Attribute values for the seeded objects of one entity.
///
/// Object `i` takes the `i % 8`-th of a list of interesting values for each attribute (nil, the
/// default value, the bounds, zero, the width's extremes, non-ASCII text …), each list filtered by
/// the attribute's settings, so that every value written satisfies the model.
///
/// With the next version as a target, the first objects also press on the bounds it tightens or adds
/// (see `pressure`): nil where it requires a value, the first object's value again where it adds
/// uniqueness, and values at and beyond a new minimum, maximum or length.
struct SeedValues {
    /// The longest string or binary value a seed writes, in UTF-16 units or bytes: a minimum length
    /// above it is refused rather than filling memory and disk.
    static let maximumLength = 1_000_000

    let entity: Entity
    let attributes: [String: Attribute]
    /// Attributes in a uniqueness constraint of the entity or an ancestor: their values must differ.
    let unique: Set<String>
    /// Attributes that are a uniqueness constraint on their own: a Boolean among them has two values.
    let soleUnique: Set<String>
    let target: SeedTarget?
    /// Attributes the next version puts in a uniqueness constraint that this one does not.
    let newlyUnique: Set<String>
    /// The ranges the team's values stay in (`.modeldiff.yml`'s `test.values`), by attribute name.
    let ranges: [String: ClosedRange<Double>]
    /// The first object's value of each attribute, repeated where the next version adds uniqueness.
    var firstValues: [String: StoreValue] = [:]
    var random: SeededRandom

    init(
        model: Model, entity: Entity, random: SeededRandom, target: SeedTarget? = nil, ranges: [String: ClosedRange<Double>] = [:]
    ) {
        self.entity = entity
        // A Composite attribute's values are its elements' (`CompositeElements`), each seeded under its key path
        // (`center.x`) as an attribute of its own type; one nil where the composite may be nil leaves all of them NULL.
        let all = CompositeElements.valueAttributes(of: entity, in: model)
        attributes = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let constraints = model.ancestry(of: entity).flatMap(\.uniquenessConstraints)
        unique = Set(constraints.flatMap { $0 })
        soleUnique = Set(constraints.filter { $0.count == 1 }.map { $0[0] })
        self.target = target
        var own: [String: ClosedRange<Double>] = [:]
        for attribute in all {
            // Named by the entity or by the ancestor that declares it.
            for ancestor in model.ancestry(of: entity) {
                if let range = ranges["\(ancestor.name).\(attribute.name)"] { own[attribute.name] = range }
            }
        }
        self.ranges = own
        newlyUnique = target.map { $0.newlyUnique(entity, attributes: all) }.map { $0.subtracting(Set(constraints.flatMap { $0 })) } ?? []
        self.random = random
    }

    mutating func value(for name: String, object index: Int, serial: Int, path: String) throws(Diagnostic) -> StoreValue {
        guard let attribute = attributes[name] else { return .null }
        let isUnique = unique.contains(name)
        var value: StoreValue
        if !isUnique, let next = target?.attribute(attribute, of: entity), let pressed = try pressure(attribute, next, index, path) {
            value = pressed
        } else {
            value = try ordinaryValue(attribute, index: index, serial: serial, isUnique: isUnique, path: path)
        }
        if !isUnique, let range = ranges[name] { value = Self.limited(value, to: range) }
        if index == 0 { firstValues[name] = value }
        return value
    }

    /// A number moved into the team's range (an integer to the nearest whole number inside it).
    static func limited(_ value: StoreValue, to range: ClosedRange<Double>) -> StoreValue {
        let limit = 9.2e18
        switch value {
        case .integer(let n):
            if Double(n) < range.lowerBound { return .integer(Int64(min(range.lowerBound.rounded(.up), limit))) }
            if Double(n) > range.upperBound { return .integer(Int64(max(range.upperBound.rounded(.down), -limit))) }
            return value
        case .double(let d): return .double(min(max(d, range.lowerBound), range.upperBound))
        case .decimal(let text):
            guard let d = Double(text), !range.contains(d) else { return value }
            return .decimal(Self.text(min(max(d, range.lowerBound), range.upperBound)))
        default: return value
        }
    }

    private mutating func ordinaryValue(_ attribute: Attribute, index: Int, serial: Int, isUnique: Bool, path: String) throws(Diagnostic)
        -> StoreValue
    {
        let variant = index % 8
        // Unique values count objects across the table (`serial`), not within the entity.
        let index = isUnique ? serial : index
        // One object in eight leaves an optional value nil; one in eight takes the default value.
        if attribute.isOptional && variant == 7 && !isUnique { return .null }
        if variant == 6 && !isUnique, let value = defaultValue(of: attribute) { return value }
        let what = "\(entity.name).\(attribute.name)"
        switch attribute.type {
        case .integer16: return .integer(try integer(attribute, Int64(Int16.min)...Int64(Int16.max), index, isUnique, what, path))
        case .integer32: return .integer(try integer(attribute, Int64(Int32.min)...Int64(Int32.max), index, isUnique, what, path))
        case .integer64: return .integer(try integer(attribute, Int64.min...Int64.max, index, isUnique, what, path))
        case .boolean:
            if soleUnique.contains(attribute.name) && index >= 2 {
                throw Diagnostic(
                    path: path,
                    message:
                        "cannot seed \(what): a unique Boolean has two values, so its table holds at most 2 objects; lower their count in --objects"
                )
            }
            return .bool(index % 2 == 1)
        case .double, .float, .decimal:
            let number = try decimal(attribute, index, isUnique, what, path)
            return attribute.type == .decimal ? .decimal(Self.text(number)) : .double(number)
        case .string:
            return .string(try string(attribute, index, isUnique, what, path))
        case .date:
            return .date(try date(attribute, index, isUnique, what, path))
        case .binary, .transformable:
            // A Binary's minimum and maximum are lengths in bytes, as Core Data validates them.
            let (minimum, maximum) = try lengths(attribute, what, path)
            var bytes = random.bytes(isUnique ? 8 : [0, 4, 16, 1][index % 4])
            if isUnique { bytes += withUnsafeBytes(of: Int64(index).bigEndian) { Array($0) } }
            if bytes.count < minimum { bytes += random.bytes(minimum - bytes.count) }
            if bytes.count > maximum { bytes = isUnique ? Array(bytes.suffix(maximum)) : Array(bytes.prefix(maximum)) }
            return .data(bytes)
        case .uuid:
            return .uuid(random.uuid())
        case .uri:
            return .uri("https://example.com/\(entity.name.lowercased())/\(index)")
        case .composite:
            // No column holds a Composite attribute itself: its elements are seeded one by one above.
            return .null
        case .undefined, .objectID:
            guard attribute.isOptional else {
                throw Diagnostic(
                    path: path,
                    message: "cannot seed \(what): a required \(attribute.type.xcodeName) attribute has no value modeldiff can make")
            }
            return .null
        }
    }

    private func defaultValue(of attribute: Attribute) -> StoreValue? {
        if attribute.type == .date, let text = attribute.defaultDateTimeInterval, let seconds = Double(text) { return .date(seconds) }
        guard let text = attribute.defaultValueString else { return nil }
        if attribute.type == .decimal && Double(text) == nil { return nil }
        let value = DefaultValue.parse(text, type: attribute.type)
        return value == .null ? nil : value
    }

    private mutating func integer(
        _ attribute: Attribute, _ width: ClosedRange<Int64>, _ index: Int, _ isUnique: Bool, _ what: String, _ path: String
    ) throws(Diagnostic) -> Int64 {
        let low = attribute.minValueString.flatMap { Int64($0) }.map { max($0, width.lowerBound) } ?? width.lowerBound
        let high = attribute.maxValueString.flatMap { Int64($0) }.map { min($0, width.upperBound) } ?? width.upperBound
        guard low <= high else { throw Diagnostic(path: path, message: "cannot seed \(what): its minimum is above its maximum") }
        if isUnique {
            let value = low.addingReportingOverflow(Int64(index))
            guard !value.overflow, value.partialValue <= high else {
                throw Diagnostic(
                    path: path, message: "cannot seed \(what): \(index + 1) unique values do not fit between \(low) and \(high)")
            }
            return value.partialValue
        }
        let candidates: [Int64] = [low, high, 0, 1, -1, random.next(in: low...high)]
        return candidates[index % candidates.count].clamped(to: low...high)
    }

    private mutating func decimal(_ attribute: Attribute, _ index: Int, _ isUnique: Bool, _ what: String, _ path: String) throws(Diagnostic)
        -> Double
    {
        let limit = attribute.type == .float ? Double(Float.greatestFiniteMagnitude) : 1e300
        let low = attribute.minValueString.flatMap(Double.init) ?? -limit
        let high = attribute.maxValueString.flatMap(Double.init) ?? limit
        guard low <= high else { throw Diagnostic(path: path, message: "cannot seed \(what): its minimum is above its maximum") }
        if isUnique { return min(max(low, -1e15) + Double(index), high) }
        // Values a Float holds exactly, so a Float attribute reads back what was written.
        let candidates: [Double] = [0, 1.5, -2.25, 1_048_576.5, -0.125, Double(random.next(in: -1000...1000)) / 8]
        return min(max(candidates[index % candidates.count], low), high)
    }

    private mutating func date(_ attribute: Attribute, _ index: Int, _ isUnique: Bool, _ what: String, _ path: String) throws(Diagnostic)
        -> Double
    {
        let low = attribute.minDateTimeInterval.flatMap(Double.init) ?? -3_000_000_000
        let high = attribute.maxDateTimeInterval.flatMap(Double.init) ?? 3_000_000_000
        guard low <= high else { throw Diagnostic(path: path, message: "cannot seed \(what): its earliest date is after its latest") }
        if isUnique { return min(low + Double(index), high) }
        // 2001-01-01 (Core Data's zero), before 1970, far ahead, and a moment with a fraction of a second.
        let candidates: [Double] = [0, -1_000_000_000, 2_000_000_000, 737_057_646.84, Double(random.next(in: 0...1_000_000_000))]
        return min(max(candidates[index % candidates.count], low), high)
    }

    private mutating func string(_ attribute: Attribute, _ index: Int, _ isUnique: Bool, _ what: String, _ path: String) throws(Diagnostic)
        -> String
    {
        let (minimum, maximum) = try lengths(attribute, what, path)
        let pattern = try attribute.regularExpressionString.map { text throws(Diagnostic) -> NSRegularExpression in
            do { return try NSRegularExpression(pattern: text) } catch {
                throw Diagnostic(path: path, message: "cannot seed \(what): its regular expression does not compile")
            }
        }
        func fits(_ text: String) -> Bool {
            // Core Data measures a string's length in UTF-16 units, as NSString does.
            let length = text.utf16.count
            guard length >= minimum && length <= maximum else { return false }
            guard let pattern else { return true }
            let range = NSRange(text.startIndex..., in: text)
            return pattern.firstMatch(in: text, range: range).map { $0.range == range } ?? false
        }
        let suffix = isUnique ? "-\(index)" : ""
        let plain = "\(entity.name) \(index)"
        var candidates = [
            plain, "", "Ünïcødé ß 日本語 🚀", "quote \" ' \\ and ; -- DROP TABLE", String(repeating: "long ", count: 40),
            "x", String(random.next(in: 0...999_999)),
        ].map { $0 + suffix }
        candidates.rotate(by: index % candidates.count)
        if let text = candidates.first(where: fits) { return text }
        if let pattern = attribute.regularExpressionString, let text = RegexSample.text(matching: pattern, unique: isUnique ? index : nil),
            fits(text)
        {
            return text
        }
        let padded = String(repeating: "a", count: max(minimum, 1)) + suffix
        if fits(padded) { return padded }
        throw Diagnostic(path: path, message: "cannot seed \(what): no value modeldiff can make fits its length and regular expression")
    }

    /// A String's or Binary's length bounds; a minimum above ``maximumLength`` is refused.
    private func lengths(_ attribute: Attribute, _ what: String, _ path: String) throws(Diagnostic) -> (Int, Int) {
        let minimum = max(attribute.minValueString.flatMap { Int($0) } ?? 0, 0)
        let maximum = attribute.maxValueString.flatMap { Int($0) } ?? Int.max
        guard minimum <= Self.maximumLength else {
            throw Diagnostic(
                path: path,
                message: "cannot seed \(what): its minimum length \(minimum) is above the \(Self.maximumLength) a seeded value may take")
        }
        guard minimum <= maximum else {
            throw Diagnostic(path: path, message: "cannot seed \(what): its minimum length is above its maximum")
        }
        return (minimum, maximum)
    }

    /// A Decimal's text without a needless exponent.
    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

extension Array {
    fileprivate mutating func rotate(by count: Int) {
        guard !isEmpty else { return }
        let shift = count % self.count
        self = Array(self[shift...] + self[..<shift])
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
