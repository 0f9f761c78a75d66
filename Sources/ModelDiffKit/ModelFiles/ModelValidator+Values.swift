import Foundation

/// Values a model states that Core Data would read as something else, or not at all: defaults and
/// limits that are not numbers of the attribute's type, index and constraint entries naming no
/// property, configurations naming no entity, Composite attributes without their composite.
///
/// What real models hold decides what is accepted: Xcode writes `YES`/`NO` as the default of
/// attributes once Boolean and later made integers (42 in WooCommerce's and Wire's models), and
/// integer defaults such as `0.0`; both compile, so both are read. Anything else that is not a number
/// (`12x`) is an error: Core Data's `-[NSString intValue]` would silently read it as 12.
extension ModelValidator {
    /// The values of the entity's own attributes and fetched properties (unless `checkingOwnValues` is
    /// false: they passed for an entity of the same text), then the property names its indexes and
    /// constraints use, which may be inherited.
    func validateValues(of entity: Entity, checkingOwnValues: Bool = true) throws(Diagnostic) {
        if checkingOwnValues { try validateOwnValues(of: entity) }
        // The names an index or constraint may use; most entities have neither, and need no set.
        guard !entity.uniquenessConstraints.isEmpty || !entity.compoundIndexes.isEmpty || !entity.fetchIndexes.isEmpty else { return }
        let names = Set(model.ancestry(of: entity).flatMap(\.propertyNames))
        for constraint in entity.uniquenessConstraints {
            for name in constraint where !names.contains(name) {
                throw error(
                    entity.line, "uniqueness constraint of entity \"\(entity.name)\" names \"\(name)\", which is not one of its properties")
            }
        }
        for index in entity.compoundIndexes {
            for name in index where !names.contains(name) {
                throw error(
                    entity.line, "compound index of entity \"\(entity.name)\" names \"\(name)\", which is not one of its properties")
            }
        }
        for index in entity.fetchIndexes {
            for element in index.elements {
                if let name = element.property, !names.contains(name) {
                    throw error(
                        index.line,
                        "fetch index \"\(index.name)\" of entity \"\(entity.name)\" names \"\(name)\", which is not one of its properties")
                }
            }
        }
    }

    /// The values of the entity's own attributes and the predicates of its fetched properties.
    private func validateOwnValues(of entity: Entity) throws(Diagnostic) {
        for attribute in entity.attributes {
            try validateValues(of: attribute, in: entity.name)
        }
        for fetched in entity.fetchedProperties {
            if let predicate = fetched.fetchRequest.predicateString, !predicate.isEmpty {
                do throws(ExpressionError) {
                    _ = try ExpressionParser.parse(predicate)
                } catch {
                    throw self.error(
                        fetched.line,
                        "the predicate of fetched property \"\(entity.name).\(fetched.name)\" does not parse: \(error.message)")
                }
            }
        }
    }

    func validateConfigurations() throws(Diagnostic) {
        for configuration in model.configurations {
            for member in configuration.memberEntities where model.entity(named: member) == nil {
                throw error(
                    configuration.line,
                    "configuration \"\(configuration.name)\" names entity \"\(member)\", which the model does not declare")
            }
        }
    }

    private func validateValues(of attribute: Attribute, in owner: String) throws(Diagnostic) {
        var what: String { "attribute \"\(owner).\(attribute.name)\"" }
        if let text = attribute.defaultValueString, let problem = Self.problem(with: text, as: attribute.type, allowingFlags: true) {
            throw error(attribute.line, "defaultValueString \"\(text)\" of \(what) \(problem)")
        }
        // For String and Binary attributes the limits are lengths: whole numbers that cannot be negative.
        let limitType: AttributeType =
            switch attribute.type {
            case .string, .binary, .uri: .integer64
            default: attribute.type
            }
        // Each setting checked in place: most attributes have none, and a list of them per attribute was an allocation each.
        func checkLimit(_ name: String, _ text: String?) throws(Diagnostic) {
            if let text, let problem = Self.problem(with: text, as: limitType, allowingFlags: false) {
                throw error(attribute.line, "\(name) \"\(text)\" of \(what) \(problem)")
            }
        }
        func checkSeconds(_ name: String, _ text: String?) throws(Diagnostic) {
            if let text, Double(text) == nil {
                throw error(attribute.line, "\(name) \"\(text)\" of \(what) is not a number of seconds")
            }
        }
        try checkLimit("minValueString", attribute.minValueString)
        try checkLimit("maxValueString", attribute.maxValueString)
        try checkSeconds("defaultDateTimeInterval", attribute.defaultDateTimeInterval)
        try checkSeconds("minDateTimeInterval", attribute.minDateTimeInterval)
        try checkSeconds("maxDateTimeInterval", attribute.maxDateTimeInterval)
        if attribute.isDerived, let expression = attribute.derivationExpression {
            do throws(ExpressionError) {
                // `canonical:` (case- and diacritic-folded text) is a function of derived attributes
                // only (NSDerivedAttributeDescription), not of mapping expressions: it is parsed as
                // `lowercase:`, which takes the same one argument and has the same length, so columns hold.
                _ = try ExpressionParser.parse(expression.replacingOccurrences(of: "canonical:", with: "lowercase:"))
            } catch {
                throw self.error(attribute.line, "the derivation expression of \(what) does not parse: \(error.message)")
            }
        }
        if attribute.type == .transformable {
            try validateTransformerSettings(of: attribute, what)
        }
        if attribute.type == .composite {
            guard let name = attribute.compositeName else {
                throw error(attribute.line, "\(what) is a Composite attribute without a composite")
            }
            guard model.composites.contains(where: { $0.name == name }) else {
                throw error(attribute.line, "\(what) uses composite \"\(name)\", which the model does not declare")
            }
        }
    }

    /// A Transformable's transformer is a class Core Data looks up by name (`NSValueTransformer`,
    /// optionally module-qualified: `MyApp.ColorTransformer`); its custom class is a Swift or
    /// Objective-C type as Xcode's code generation writes it (`[Int64]`, `[String: Any]`, `UIColor`).
    /// An empty transformer name means the default one (one real model has it).
    private func validateTransformerSettings(of attribute: Attribute, _ what: @autoclosure () -> String) throws(Diagnostic) {
        if let name = attribute.valueTransformerName, !name.isEmpty, !Self.isASCIIClassName(name) {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            let valid = parts.allSatisfy { part in
                part.first.map { $0.isLetter || $0 == "_" } == true && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            if !valid {
                throw error(attribute.line, "valueTransformerName \"\(name)\" of \(what()) is not a class name")
            }
        }
        if let name = attribute.customClassName, !Self.isASCIITypeName(name) {
            if name.trimmingCharacters(in: .whitespaces).isEmpty
                || !name.allSatisfy({ $0.isLetter || $0.isNumber || Self.typeNameCharacters.contains($0) })
            {
                throw error(attribute.line, "customClassName \"\(name)\" of \(what()) is not a type name")
            }
        }
    }

    /// The punctuation a Swift or Objective-C type name may hold besides letters and digits.
    private static let typeNamePunctuation = "_.[]<>:,? "
    private static let typeNameCharacters: Set<Character> = Set(typeNamePunctuation)
    /// The same punctuation as ASCII bytes, a flag per byte value, for the byte check below.
    private static let typeNamePunctuationBytes: [Bool] = (0..<128).map { typeNamePunctuation.utf8.contains(UInt8($0)) }

    // Almost every transformer and class name is ASCII: the two checks below accept those from their
    // bytes, as the Character checks above would, and leave everything else (every error among it)
    // to them. For an ASCII byte, `isLetter` is A–Z and a–z and `isNumber` 0–9; CR LF, the one
    // two-byte ASCII Character, is neither, so it falls through here as it fails there.

    /// Whether `name` is dot-separated ASCII identifiers (`MyApp.ColorTransformer`).
    private static func isASCIIClassName(_ name: String) -> Bool {
        var atPartStart = true
        for byte in name.utf8 {
            if byte == UInt8(ascii: ".") {
                if atPartStart { return false }
                atPartStart = true
            } else if isASCIILetter(byte) || byte == UInt8(ascii: "_") {
                atPartStart = false
            } else if (0x30...0x39).contains(byte) {
                if atPartStart { return false }
            } else {
                return false
            }
        }
        return !atPartStart
    }

    /// Whether `name` is ASCII letters, digits and `typeNameCharacters`, with something besides spaces.
    private static func isASCIITypeName(_ name: String) -> Bool {
        var hasNonSpace = false
        for byte in name.utf8 {
            guard isASCIILetter(byte) || (0x30...0x39).contains(byte) || isTypeNamePunctuation(byte) else { return false }
            if byte != UInt8(ascii: " ") { hasNonSpace = true }
        }
        return hasNonSpace
    }

    private static func isTypeNamePunctuation(_ byte: UInt8) -> Bool { byte < 0x80 && typeNamePunctuationBytes[Int(byte)] }

    /// Why `text` is not a value of `type`, or nil when it is one.
    static func problem(with text: String, as type: AttributeType, allowingFlags: Bool) -> String? {
        switch type {
        case .integer16, .integer32, .integer64:
            if allowingFlags && (text == "YES" || text == "NO") { return nil }
            let range: ClosedRange<Double> =
                switch type {
                case .integer16: Double(Int16.min)...Double(Int16.max)
                case .integer32: Double(Int32.min)...Double(Int32.max)
                default: Double(Int64.min)...Double(Int64.max)
                }
            guard let value = Int64(text).map(Double.init) ?? Double(text), value.isFinite else { return "is not a number" }
            guard range.contains(value) else { return "is outside the range of \(type.xcodeName)" }
            return nil
        case .double, .float, .decimal:
            if allowingFlags && (text == "YES" || text == "NO") { return nil }
            guard let value = Double(text) else { return "is not a number" }
            if type == .float && value.isFinite && !Float(value).isFinite { return "is outside the range of Float" }
            return nil
        case .boolean:
            return ["YES", "NO", "0", "1", "true", "false"].contains(text) ? nil : "is not YES or NO"
        default:
            return nil
        }
    }
}
