extension MappingXML {
    /// The mapping file's element names, one spelling for `write` and `read`.
    enum Tag {
        static let mappingModel = "mappingModel"
        static let entityMapping = "entityMapping"
        static let sourceExpression = "sourceExpression"
        static let attribute = "attribute"
        static let relationship = "relationship"
        static let valueExpression = "valueExpression"
        static let userInfo = "userInfo"
        static let entry = "entry"
    }

    /// The mapping file's attribute names.
    enum Key {
        static let formatVersion = "formatVersion"
        static let source = "source"
        static let destination = "destination"
        static let name = "name"
        static let type = "type"
        static let sourceVersionHash = "sourceVersionHash"
        static let destinationVersionHash = "destinationVersionHash"
        static let policy = "policy"
        static let todo = "todo"
        static let key = "key"
        static let value = "value"
    }
}
