/// The element text an entity was read from, when the versions of a bundle share it
/// (`SharedEntityElements`): entities with one origin were decoded from the same bytes, so they are
/// equal in everything but their lines.
///
/// Only its identity counts. Like `SourceLine`, it takes no part in equality or hashing: it lets a
/// comparison, or a hash computation that met the text before, skip work whose result it knows.
package final class EntityOrigin: Sendable {
    package init() {}
}

extension Entity {
    /// An entity's origin as a field of `Stored`: always equal, so it changes no comparison of values.
    struct Origin: Sendable, Hashable {
        var element: EntityOrigin?

        static func == (lhs: Self, rhs: Self) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The element text the entity was read from, when it is shared; nil for an entity built otherwise.
    package var origin: EntityOrigin? { storage.value.origin.element }

    /// The entity, recorded as read from the element `origin` stands for.
    package func reading(from origin: EntityOrigin) -> Entity {
        var stored = storage.value
        stored.origin = Origin(element: origin)
        return Entity(stored: stored)
    }

    /// An entity of the fields given.
    init(stored: Stored) { storage = SharedBox(stored) }
}
