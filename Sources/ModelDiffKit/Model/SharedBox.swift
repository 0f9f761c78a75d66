/// An immutable value on the heap, shared by every copy of the struct that holds it.
///
/// `Attribute`, `Relationship` and `Entity` have up to thirty fields, most of them strings; a copy
/// of the plain struct retains each one. Matching and diffing copy them into pairs and changes for
/// every version pair of a bundle, so they keep their fields here and a copy is one retain.
final class SharedBox<Value: Sendable & Hashable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
