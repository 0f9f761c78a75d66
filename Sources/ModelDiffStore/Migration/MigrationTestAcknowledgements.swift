@_spi(CLI) import ModelDiffKit

/// `test`'s failures that `.modeldiff.yml`'s `acknowledged` list accepts, as it accepts `check`'s
/// findings: one list serves both commands, since a failure of `test` is the data-level evidence of
/// a finding of `check` on the same step. An acknowledgement accepts a failure when its pair (if
/// given) is the step, its entity and property (if given) are those the failure names, and its code
/// is the failure's: the code a failure is tagged with (`[attribute-removed]`), else the code of one of
/// `check`'s findings on the step about the same entity (and property, when both name one).
enum MigrationTestAcknowledgements {
    /// `failures` split into those no acknowledgement accepts and those one does, each of the latter
    /// with the acknowledgement's place and reason.
    static func split(
        _ failures: [String], report: InferenceReport, acknowledgements: [Acknowledgement], from: String, to: String
    ) -> (failures: [String], acknowledged: [String]) {
        guard !acknowledgements.isEmpty else { return (failures, []) }
        var kept: [String] = []
        var accepted: [String] = []
        for failure in failures {
            let (entity, property) = subject(of: failure)
            let tag = taggedCode(of: failure)
            let match = acknowledgements.first { ack in
                guard ack.pair.map({ $0.from == from && $0.to == to }) ?? true, ack.entity == nil || ack.entity == entity,
                    ack.property == nil || ack.property == property
                else { return false }
                if let tag { return ack.code == tag }
                return report.findings.contains { finding in
                    finding.code == ack.code && (finding.entity == nil || finding.entity == entity)
                        && (finding.property == nil || property == nil || finding.property == property)
                }
            }
            if let match {
                accepted.append("\(failure) — acknowledged in \(match.file):\(match.line): \(match.reason)")
            } else {
                kept.append(failure)
            }
        }
        return (kept, accepted)
    }

    /// The entity and property a failure begins with (`Note.count: …`, `Note: …`, `Note.title is …`),
    /// after the prefixes `test` puts before a migration's own message.
    static func subject(of failure: String) -> (entity: String?, property: String?) {
        var text = Substring(failure)
        for prefix in ["migration failed: ", "store verify: ", "the mapping for "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        let head = text.prefix { !$0.isWhitespace && $0 != ":" }
        let parts = head.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let entity = parts.first, !entity.isEmpty, entity.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return (nil, nil)
        }
        return (entity, parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
    }

    /// The finding code a failure ends with in brackets, if any.
    static func taggedCode(of failure: String) -> FindingCode? {
        guard failure.hasSuffix("]"), let open = failure.lastIndex(of: "[") else { return nil }
        return FindingCode(rawValue: String(failure[failure.index(after: open)..<failure.index(before: failure.endIndex)]))
    }
}
