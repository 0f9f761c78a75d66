import Foundation
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// The stand-in `modeldiff test` migrates with in place of the app's policy functions.
@Suite struct PolicyFunctionStandInTests {
    static let old = Model(entities: [
        Entity(
            name: "Note",
            attributes: [
                Attribute(name: "flag", type: .boolean), Attribute(name: "title", type: .string, isOptional: true),
            ])
    ])
    static let new = Model(entities: [
        Entity(
            name: "Note",
            attributes: [
                Attribute(name: "hidden", type: .boolean), Attribute(name: "rank", type: .integer32),
                Attribute(name: "label", type: .string, isOptional: true), Attribute(name: "when", type: .date),
                Attribute(name: "score", type: .double, defaultValueString: "2.5"),
                Attribute(name: "title", type: .string, isOptional: true),
            ])
    ])

    static func mapping(policy: String?, _ attributes: [(String, String)]) -> MappingModel {
        MappingModel(
            sourceVersion: "A", destinationVersion: "B",
            entityMappings: [
                EntityMapping(
                    name: "NoteToNote", type: .custom, sourceEntity: "Note", destinationEntity: "Note", policyClassName: policy,
                    attributeMappings: attributes.map { PropertyMapping(name: $0.0, valueExpression: $0.1) })
            ])
    }

    @Test func eachPolicyFunctionGetsAValueOfItsAttributesType() throws {
        let original = Self.mapping(
            policy: "FlagsPolicy",
            [
                ("hidden", #"FUNCTION($entityPolicy, "negateBool:", $source.flag)"#),
                ("rank", #"FUNCTION($entityPolicy, "rankOf:", $source.title)"#),
                ("label", #"FUNCTION($entityPolicy, "label:", $source.title)"#),
                ("when", #"FUNCTION($entityPolicy, "now")"#),
                ("score", #"FUNCTION($entityPolicy, "score:", $source.flag) + 1"#),
                ("title", "$source.title"),
            ])
        let standIn = PolicyFunctionStandIn(mapping: original, policies: ["FlagsPolicy"], old: Self.old, new: Self.new)
        let written = Dictionary(
            uniqueKeysWithValues: try #require(standIn.mapping.entityMappings.first).attributeMappings.map { ($0.name, $0.valueExpression) }
        )
        // The argument where its type is the attribute's; else the default; else a required attribute's zero.
        #expect(written["hidden"] == "$source.flag")
        #expect(written["rank"] == "0")
        #expect(written["label"] == "$source.title")
        #expect(written["when"] == .some(nil))
        #expect(written["score"] == .some(nil))
        #expect(written["title"] == "$source.title")
        // `when`, a required Date without an expression now, is left to the class's stand-in.
        #expect(
            standIn.customCode(["FlagsPolicy", "OtherPolicy"]) == [
                "FlagsPolicy (label:, negateBool:, now, rankOf:, score:; stand-ins for Note.when)", "OtherPolicy",
            ])
    }

    /// What the class's stand-in fills: required, stored, without a default or an expression; zeros,
    /// and a value of its own per number for an attribute in a uniqueness constraint.
    @Test func theClassStandsInForRequiredAttributesWithoutAnExpression() throws {
        let entity = Entity(
            name: "Note",
            attributes: [
                Attribute(name: "when", type: .date), Attribute(name: "id", type: .uuid), Attribute(name: "link", type: .uri),
                Attribute(name: "label", type: .string, isOptional: true),
                Attribute(name: "score", type: .double, defaultValueString: "2.5"),
                Attribute(name: "cache", type: .string, isTransient: true), Attribute(name: "title", type: .string),
            ])
        let mapping = Self.mapping(policy: "NotePolicy", [("title", "$source.title")]).entityMappings[0]
        #expect(PolicyClassStandIn.leftToPolicy(mapping, destination: Model(entities: [entity])).map(\.name) == ["when", "id"])
        #expect(PolicyClassStandIn.standIn(for: .date, number: 0) == .date(0))
        #expect(PolicyClassStandIn.standIn(for: .string, number: 0) == .string(""))
        #expect(PolicyClassStandIn.standIn(for: .string, number: 2) == .string("2"))
        #expect(PolicyClassStandIn.standIn(for: .uuid, number: 0) == .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!))
        #expect(PolicyClassStandIn.standIn(for: .uuid, number: 258) == .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000102")!))
        #expect(PolicyClassStandIn.standIn(for: .uri, number: 0) == nil)
    }

    @Test func onlyTheCustomPolicysFunctionsAreReplaced() throws {
        let call = #"FUNCTION($entityPolicy, "negateBool:", $source.flag)"#
        for policy in [nil, "NSEntityMigrationPolicy"] {
            let original = Self.mapping(policy: policy, [("hidden", call)])
            let standIn = PolicyFunctionStandIn(mapping: original, policies: [], old: Self.old, new: Self.new)
            #expect(standIn.mapping == original)
            #expect(standIn.functions.isEmpty)
        }
    }

    @Test func callsAreFoundWhereverTheyAreNested() throws {
        let expression = try ExpressionParser.parse(
            #"TERNARY($source.flag == YES, FUNCTION($entityPolicy, "a:", FUNCTION($entityPolicy, "b:", 1)), "#
                + #"SUBQUERY($source.items, $x, $x.n > FUNCTION($entityPolicy, "c")).@count)"#
        )
        #expect(PolicyFunctionStandIn.policySelectors(in: expression) == ["a:", "b:", "c"])
        let manager = try ExpressionParser.parse(
            #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "M", $source.r)"#)
        #expect(PolicyFunctionStandIn.policySelectors(in: manager).isEmpty)
    }
}
