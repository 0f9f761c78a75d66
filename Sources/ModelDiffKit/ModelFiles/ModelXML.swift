/// The names of Xcode's model file format (`contents` in an `.xcdatamodel`), one spelling for the
/// decoder that reads them and the writer that writes them back.
///
/// They are `StaticString`s: the decoder matches them against libxml2's bytes without making a `String`.
enum ModelXML {
    /// Element names.
    enum Tag {
        static let model: StaticString = "model"
        static let entity: StaticString = "entity"
        static let attribute: StaticString = "attribute"
        static let relationship: StaticString = "relationship"
        static let fetchedProperty: StaticString = "fetchedProperty"
        static let fetchRequest: StaticString = "fetchRequest"
        static let configuration: StaticString = "configuration"
        static let memberEntity: StaticString = "memberEntity"
        static let composite: StaticString = "composite"
        static let elements: StaticString = "elements"
        static let userInfo: StaticString = "userInfo"
        static let entry: StaticString = "entry"
        static let uniquenessConstraints: StaticString = "uniquenessConstraints"
        static let uniquenessConstraint: StaticString = "uniquenessConstraint"
        static let constraint: StaticString = "constraint"
        static let compoundIndexes: StaticString = "compoundIndexes"
        static let compoundIndex: StaticString = "compoundIndex"
        static let index: StaticString = "index"
        static let fetchIndex: StaticString = "fetchIndex"
        static let fetchIndexElement: StaticString = "fetchIndexElement"
    }

    /// Attribute names.
    enum Key {
        static let name: StaticString = "name"
        static let value: StaticString = "value"
        static let key: StaticString = "key"
        static let elementID: StaticString = "elementID"
        static let versionHashModifier: StaticString = "versionHashModifier"
        static let syncable: StaticString = "syncable"
        static let optional: StaticString = "optional"
        static let transient: StaticString = "transient"
        static let representedClassName: StaticString = "representedClassName"
        static let parentEntity: StaticString = "parentEntity"
        static let isAbstract: StaticString = "isAbstract"
        static let codeGenerationType: StaticString = "codeGenerationType"
        static let attributeType: StaticString = "attributeType"
        static let usesScalarValueType: StaticString = "usesScalarValueType"
        static let defaultValueString: StaticString = "defaultValueString"
        static let defaultDateTimeInterval: StaticString = "defaultDateTimeInterval"
        static let valueTransformerName: StaticString = "valueTransformerName"
        static let customClassName: StaticString = "customClassName"
        static let preserveAfterDeletion: StaticString = "preserveAfterDeletion"
        static let derived: StaticString = "derived"
        static let derivationExpression: StaticString = "derivationExpression"
        static let minValueString: StaticString = "minValueString"
        static let maxValueString: StaticString = "maxValueString"
        static let minDateTimeInterval: StaticString = "minDateTimeInterval"
        static let maxDateTimeInterval: StaticString = "maxDateTimeInterval"
        static let regularExpressionString: StaticString = "regularExpressionString"
        static let allowsExternalBinaryDataStorage: StaticString = "allowsExternalBinaryDataStorage"
        static let allowsCloudEncryption: StaticString = "allowsCloudEncryption"
        static let spotlightIndexingEnabled: StaticString = "spotlightIndexingEnabled"
        static let storedInTruthFile: StaticString = "storedInTruthFile"
        static let indexed: StaticString = "indexed"
        static let composite: StaticString = "composite"
        static let toMany: StaticString = "toMany"
        static let ordered: StaticString = "ordered"
        static let minCount: StaticString = "minCount"
        static let maxCount: StaticString = "maxCount"
        static let deletionRule: StaticString = "deletionRule"
        static let destinationEntity: StaticString = "destinationEntity"
        static let inverseName: StaticString = "inverseName"
        static let inverseEntity: StaticString = "inverseEntity"
        static let entity: StaticString = "entity"
        static let predicateString: StaticString = "predicateString"
        static let property: StaticString = "property"
        static let expression: StaticString = "expression"
        static let type: StaticString = "type"
        static let order: StaticString = "order"
        static let usedWithCloudKit: StaticString = "usedWithCloudKit"

    }
}

extension XMLAttribute {
    /// An attribute named in `ModelXML`'s vocabulary.
    init(_ key: StaticString, _ value: String) { self.init(key.description, value) }
}

extension XMLElementNode {
    /// An element named in `ModelXML`'s vocabulary.
    init(_ tag: StaticString, attributes: [XMLAttribute] = [], children: [XMLElementNode] = []) {
        self.init(name: tag.description, attributes: attributes, children: children)
    }
}
