extension XcodeModelArchiver {
    /// Refuses a model that uses something WooCommerce's Model 9 and Model 10 do not: those two are
    /// the only models whose archive Xcode wrote for us to compare with, so only what they show is
    /// written (each of these has a slot in Xcode's archive, but no sample of how Xcode fills it).
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
            if entity.parentEntity != nil || model.entities.contains(where: { $0.parentEntity == name }) {
                throw refuse("entity \(name)'s inheritance")
            }
            if entity.isAbstract { throw refuse("abstract entity \(name)") }
            if entity.representedClassName == nil { throw refuse("entity \(name) without a class name") }
            if entity.renamingIdentifier != nil || entity.versionHashModifier != nil {
                throw refuse("entity \(name)'s renaming identifier or version hash modifier")
            }
            if !entity.fetchedProperties.isEmpty { throw refuse("entity \(name)'s fetched properties") }
            if !entity.uniquenessConstraints.isEmpty || !entity.fetchIndexes.isEmpty || !entity.compoundIndexes.isEmpty {
                throw refuse("entity \(name)'s constraints or indexes")
            }
            if !entity.userInfo.isEmpty { throw refuse("entity \(name)'s userInfo") }
            for attribute in entity.attributes {
                let label = "attribute \(name).\(attribute.name)"
                if attribute.isTransient || attribute.isDerived { throw refuse("transient or derived \(label)") }
                if attribute.renamingIdentifier != nil || attribute.versionHashModifier != nil {
                    throw refuse("\(label)'s renaming identifier or version hash modifier")
                }
                if attribute.defaultDateTimeInterval != nil { throw refuse("\(label)'s date default") }
                if [
                    attribute.minValueString, attribute.maxValueString, attribute.minDateTimeInterval, attribute.maxDateTimeInterval,
                    attribute.regularExpressionString,
                ].contains(where: { $0 != nil }) {
                    throw refuse("\(label)'s validation values")
                }
                if attribute.valueTransformerName != nil || attribute.customClassName != nil {
                    throw refuse("\(label)'s transformer or class")
                }
                if attribute.allowsExternalBinaryDataStorage || attribute.allowsCloudEncryption || attribute.isIndexedBySpotlight
                    || attribute.isStoredInExternalRecord || attribute.isIndexed || attribute.preservesValueInHistoryOnDeletion
                {
                    throw refuse("\(label)'s storage or index options")
                }
                if attribute.compositeName != nil || [.composite, .undefined, .objectID].contains(attribute.type) {
                    throw refuse("\(label)'s type \(attribute.type.xcodeName)")
                }
                if !attribute.userInfo.isEmpty { throw refuse("\(label)'s userInfo") }
            }
            for relationship in entity.relationships {
                let label = "relationship \(name).\(relationship.name)"
                if relationship.isTransient { throw refuse("transient \(label)") }
                if relationship.renamingIdentifier != nil || relationship.versionHashModifier != nil {
                    throw refuse("\(label)'s renaming identifier or version hash modifier")
                }
                if !relationship.userInfo.isEmpty { throw refuse("\(label)'s userInfo") }
                guard let destination = relationship.destinationEntity, model.entity(named: destination) != nil else {
                    throw refuse("\(label) without a destination entity")
                }
            }
        }
    }
}
