import Foundation

extension AttributeType {
    /// Xcode's type names as bytes, made once from `xcodeName`, so the two spellings cannot differ.
    private static let xcodeNames: [(bytes: [UInt8], type: AttributeType)] = allCases.map { (Array($0.xcodeName.utf8), $0) }

    /// The type Xcode writes as exactly these bytes, or nil: what `init?(xcodeName:)` gives for the
    /// same text, without making and matching a `String` for every attribute of a model.
    ///
    /// Bytes and `String`'s `==` agree on these names: `==` also equates canonically equivalent
    /// text, but the only characters equivalent to ASCII ones are the Kelvin sign (K), the Greek
    /// question mark (;) and the Greek varia (`), none of them in a type's name.
    init?(xcodeName bytes: XMLBytes) {
        for (name, type) in Self.xcodeNames where name.count == bytes.count && memcmp(name, bytes.start, name.count) == 0 {
            self = type
            return
        }
        return nil
    }
}
