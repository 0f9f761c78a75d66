extension XcodeModelArchiver {
    /// Refuses a model that uses something no Xcode-written archive shows a slot and value form for.
    /// WooCommerce's Model 9 and Model 10, CoreDataPlus's SampleModel2 and XcodeServer's 1.0.0, 1.1.0 and
    /// 2.0.0 are the archives Xcode wrote for us to compare with; docs/MAPPING.md lists what each shows and
    /// the rule for the slots they show empty.
    static func checkSupported(_ model: Model) throws(XcodeModelArchiveError) {
        func refuse(_ what: String) -> XcodeModelArchiveError {
            XcodeModelArchiveError(message: "\(what): no Xcode-written archive shows how Xcode records it")
        }
        if !model.fetchRequests.isEmpty { throw refuse("fetch requests") }
        if !model.configurations.isEmpty { throw refuse("configurations") }
        if !model.composites.isEmpty { throw refuse("composite attributes") }
        if !model.userInfo.isEmpty { throw refuse("the model's userInfo") }
        for entity in model.entities {
            let name = entity.name
            if let parent = entity.parentEntity, model.entity(named: parent) == nil {
                throw refuse("entity \(name)'s parent \(parent), which the model does not have")
            }
            if entity.representedClassName == nil { throw refuse("entity \(name) without a class name") }
            if !entity.fetchedProperties.isEmpty { throw refuse("entity \(name)'s fetched properties") }
            for index in entity.fetchIndexes {
                if let problem = fetchIndexProblem(index) { throw refuse("entity \(name)'s \(problem)") }
            }
            for attribute in entity.attributes {
                let label = "attribute \(name).\(attribute.name)"
                if attribute.isDerived { throw refuse("derived \(label)") }
                if attribute.defaultDateTimeInterval != nil { throw refuse("\(label)'s date default") }
                if let value = attribute.launchDefault {
                    throw XcodeModelArchiveError(
                        message: "\(label) has \(value.description): an archive holds a value, not a Swift expression")
                }
                if attribute.minDateTimeInterval != nil || attribute.maxDateTimeInterval != nil {
                    throw refuse("\(label)'s date validation values")
                }
                // A custom class name is left out, as Xcode leaves out `usesScalarValueType` (YES on 93 of
                // XcodeServer's 162 attributes, in none of its archives): `XD_PAtt_Stereotype` lists the same seven
                // keys for every attribute of every type, unset ones nil, and has a key for neither.
                if attribute.allowsCloudEncryption || attribute.preservesValueInHistoryOnDeletion {
                    throw refuse("\(label)'s CloudKit encryption or history option")
                }
                // Undefined (a transient attribute without a type) is NSAttributeType 0 in the type slot,
                // the number every other type is written as; a composite has its own elements.
                if attribute.compositeName != nil || [.composite, .objectID].contains(attribute.type) {
                    throw refuse("\(label)'s type \(attribute.type.xcodeName)")
                }
            }
            for relationship in entity.relationships {
                let label = "relationship \(name).\(relationship.name)"
                guard let destination = relationship.destinationEntity, model.entity(named: destination) != nil else {
                    throw refuse("\(label) without a destination entity")
                }
            }
        }
    }
}
