// The rules a model mirrored with NSPersistentCloudKitContainer must follow, each checked on the new
// version by `check --cloudkit` (CloudKitRules.model). Evidence: Apple's "Creating a Core Data Model for
// CloudKit", and Core Data's refusal to load such a model for CloudKit (error 134060).
extension FindingUnit {
    /// A CloudKit example whose old and new versions are both `model`: the rule is about the model, not the change.
    private static func mirrored(_ title: String, _ model: String) -> FindingExample {
        .cloudKit(title, old: model, new: model)
    }

    private static let cloudKitWhy = """
        NSPersistentCloudKitContainer refuses to load a model that breaks one of CloudKit's rules (error 134060, \
        "CloudKit integration requires ..."). The rules apply to the entities of the configurations marked Used with \
        CloudKit, or to every entity when none is marked.
        """

    /// `cloudkit-unique-constraint`.
    static let cloudkitUniqueConstraint = FindingUnit(
        .cloudkitUniqueConstraint, .error,
        summary: "check --cloudkit: an entity mirrored to CloudKit has a uniqueness constraint, which CloudKit cannot enforce.",
        why: cloudKitWhy + " CloudKit cannot enforce uniqueness across devices.",
        fix: "Remove the uniqueness constraint and deduplicate in code after each import.",
        triggering: [
            mirrored(
                "Tag is unique by name",
                #"""
                <entity name="Tag">
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <uniquenessConstraints><uniquenessConstraint><constraint value="name"/></uniquenessConstraint></uniquenessConstraints>
                </entity>
                """#)
        ],
        passing: [
            mirrored(
                "Tag without a constraint", #"<entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>"#)
        ])

    /// `cloudkit-unsupported-type`.
    static let cloudkitUnsupportedType = FindingUnit(
        .cloudkitUnsupportedType, .error,
        summary: "check --cloudkit: a mirrored attribute is Undefined or Object ID, which CloudKit cannot store.",
        why: cloudKitWhy + " CloudKit has no field type for Undefined or Object ID attributes.",
        fix: "Make the attribute transient, or give it another type.",
        triggering: [
            mirrored(
                "Note.extra is Undefined",
                #"<entity name="Note"><attribute name="extra" optional="YES" attributeType="Undefined"/></entity>"#)
        ],
        passing: [
            mirrored(
                "Note.extra is transient",
                #"<entity name="Note"><attribute name="extra" optional="YES" transient="YES" attributeType="Undefined"/></entity>"#)
        ])

    /// `cloudkit-required-attribute`.
    static let cloudkitRequiredAttribute = FindingUnit(
        .cloudkitRequiredAttribute, .error,
        summary: "check --cloudkit: a mirrored attribute is required without a default value.",
        why: cloudKitWhy + " A CloudKit record may arrive without any given field.",
        fix: "Make the attribute optional, or give it a default value.",
        triggering: [mirrored("Note.title is required", #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)],
        passing: [
            mirrored(
                "Note.title is required with a default value",
                #"<entity name="Note"><attribute name="title" attributeType="String" defaultValueString=""/></entity>"#)
        ])

    /// `cloudkit-required-relationship`.
    static let cloudkitRequiredRelationship = FindingUnit(
        .cloudkitRequiredRelationship, .error,
        summary: "check --cloudkit: a mirrored relationship is required; CloudKit needs every relationship optional.",
        why: cloudKitWhy + " CloudKit does not apply relationship changes atomically, so either side may arrive first.",
        fix: "Make the relationship optional.",
        triggering: [
            mirrored(
                "Note.folder is required",
                #"""
                <entity name="Folder">
                    <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify"
                        destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                """#)
        ],
        passing: [mirroredFolderAndNotes])

    /// A valid mirrored pair of entities: Folder and Note, related both ways, every relationship optional.
    static let mirroredFolderAndNotes = mirrored(
        "Folder.notes and Note.folder, optional inverses",
        #"""
        <entity name="Folder">
            <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
        </entity>
        <entity name="Note">
            <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify"
                destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
        </entity>
        """#)

    /// `cloudkit-missing-inverse`.
    static let cloudkitMissingInverse = FindingUnit(
        .cloudkitMissingInverse, .error,
        summary: "check --cloudkit: a mirrored relationship has no inverse.",
        why: cloudKitWhy + " CloudKit stores a link through both sides of the relationship.",
        fix: "Add an inverse relationship.",
        triggering: [
            mirrored(
                "Note.folder has no inverse",
                #"""
                <entity name="Folder"><attribute name="name" optional="YES" attributeType="String"/></entity>
                <entity name="Note"><relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/></entity>
                """#)
        ],
        passing: [mirroredFolderAndNotes])

    /// `cloudkit-deny-delete-rule`.
    static let cloudkitDenyDeleteRule = FindingUnit(
        .cloudkitDenyDeleteRule, .error,
        summary: "check --cloudkit: a mirrored relationship uses the Deny delete rule.",
        why: cloudKitWhy + " A deletion on another device cannot be refused.",
        fix: "Use the Nullify or Cascade delete rule.",
        triggering: [
            mirrored(
                "Folder.notes denies deletion",
                #"""
                <entity name="Folder">
                    <relationship name="notes" optional="YES" toMany="YES" deletionRule="Deny"
                        destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify"
                        destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                """#)
        ],
        passing: [mirroredFolderAndNotes])

    /// `cloudkit-ordered-relationship`.
    static let cloudkitOrderedRelationship = FindingUnit(
        .cloudkitOrderedRelationship, .error,
        summary: "check --cloudkit: a mirrored relationship is ordered, which CloudKit cannot mirror.",
        why: cloudKitWhy + " Core Data's message names ordered relationships among them.",
        fix: "Make the relationship unordered and keep an order attribute.",
        triggering: [
            mirrored(
                "Folder.notes is ordered",
                #"""
                <entity name="Folder">
                    <relationship name="notes" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify"
                        destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify"
                        destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                """#)
        ],
        passing: [mirroredFolderAndNotes])

    /// `cloudkit-cross-configuration`.
    static let cloudkitCrossConfiguration = FindingUnit(
        .cloudkitCrossConfiguration, .error,
        summary: "check --cloudkit: a relationship of a CloudKit configuration points to an entity outside it.",
        why: cloudKitWhy + " A mirrored store holds one configuration, so a link to an entity outside it cannot be stored.",
        fix: "Move the destination entity into the configuration, or remove the relationship.",
        triggering: [
            mirrored(
                "Note is in Cloud, Folder is not",
                #"""
                <entity name="Folder">
                    <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify"
                        destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify"
                        destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Note"/></configuration>
                """#)
        ],
        passing: [
            mirrored(
                "both are in Cloud",
                #"""
                <entity name="Folder">
                    <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify"
                        destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify"
                        destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                </entity>
                <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Note"/><memberEntity name="Folder"/></configuration>
                """#)
        ])
}
