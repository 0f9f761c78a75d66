/// Which versions an entity or property is in: only the new one, only the old one, or both (matched).
///
/// A change's kind carries the elements it is about, so code that handles an added element has the new
/// one in hand and code that handles a match has both: no optional side to unwrap.
public enum Sides<Element: Sendable & Hashable>: Sendable, Hashable {
    /// Only in the new version.
    case added(Element)
    /// Only in the old version.
    case removed(Element)
    /// In both: the old element and the new one it becomes.
    case matched(Element, Element)

    /// The element in the old version (nil when added).
    public var old: Element? {
        switch self {
        case .added: nil
        case .removed(let old), .matched(let old, _): old
        }
    }

    /// The element in the new version (nil when removed).
    public var new: Element? {
        switch self {
        case .removed: nil
        case .added(let new), .matched(_, let new): new
        }
    }

    /// The element in the new version, else the one in the old version.
    public var current: Element {
        switch self {
        case .added(let element), .removed(let element), .matched(_, let element): element
        }
    }

    /// Whether the element was matched under another name (by its renaming identifier).
    public func isRenamed(name: (Element) -> String) -> Bool {
        guard case .matched(let old, let new) = self else { return false }
        return name(old) != name(new)
    }

    /// The kind of change, without the elements.
    public var kind: PropertyChange.Kind {
        switch self {
        case .added: .added
        case .removed: .removed
        case .matched: .matched
        }
    }
}
