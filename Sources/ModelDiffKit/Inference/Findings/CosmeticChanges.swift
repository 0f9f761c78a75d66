extension FindingUnit {
    /// `cosmetic-change`: a change that leaves the store alone.
    static let cosmeticChange = FindingUnit(
        .cosmeticChange, .note,
        summary: "A change that does not affect the store (class names, userInfo, defaults, indexes …).",
        why: """
            Settings outside the version hashes (class names, code generation, userInfo, default values, indexes, \
            delete rules, validation) do not make Core Data migrate the store: a store of the old version opens as it is.
            """,
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note.title gets a default value and Note.body a userInfo entry",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="body" optional="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String" defaultValueString="Untitled"/>
                        <attribute name="body" optional="YES" attributeType="String"><userInfo><entry key="hint" value="markdown"/></userInfo></attribute>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "Note.body becomes required with a default (optional-to-required)",
                old: #"<entity name="Note"><attribute name="body" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="body" attributeType="String" defaultValueString=""/></entity>"#)
        ])

    /// `configuration-changed`: a configuration's member entities change.
    static let configurationChanged = FindingUnit(
        .configurationChanged, .note,
        summary: "A configuration's entities change.",
        why: """
            Configurations are not part of the version hashes; an app that puts each configuration in its own store \
            moves entities between stores by this change, which Core Data's migration does not do.
            """,
        fix: "Nothing, for a single store. With one store per configuration, move the objects between stores yourself.",
        triggering: [
            .models(
                "Tag joins the configuration Cloud",
                old: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    <configuration name="Cloud"><memberEntity name="Note"/></configuration>
                    """#,
                new: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    <configuration name="Cloud"><memberEntity name="Note"/><memberEntity name="Tag"/></configuration>
                    """#)
        ],
        passing: [
            .models(
                "the configuration keeps its entities",
                old: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <configuration name="Cloud"><memberEntity name="Note"/></configuration>
                    """#,
                new: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <configuration name="Cloud"><memberEntity name="Note"/></configuration>
                    """#)
        ])

    /// `fetch-request-changed`: a stored fetch request changes.
    static let fetchRequestChanged = FindingUnit(
        .fetchRequestChanged, .note,
        summary: "A stored fetch request changes.",
        why: "Fetch request templates live in the model, not in the store: the store is not affected, but code that runs them is.",
        fix: "Nothing for the store; check the code that uses the fetch request.",
        triggering: [
            .models(
                "the fetch request Recent gets another predicate",
                old: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <fetchRequest name="Recent" entity="Note" predicateString="title != nil"/>
                    """#,
                new: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <fetchRequest name="Recent" entity="Note" predicateString="title == nil"/>
                    """#)
        ],
        passing: [
            .models(
                "the fetch request stays the same",
                old: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <fetchRequest name="Recent" entity="Note" predicateString="title != nil"/>
                    """#,
                new: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <fetchRequest name="Recent" entity="Note" predicateString="title != nil"/>
                    """#)
        ])
}
