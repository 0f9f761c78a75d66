import Foundation

/// A parsed XML document as flat arrays: what libxml2's streaming (SAX2) callbacks report, kept in
/// the few arrays a decoder needs instead of libxml2's tree of separately allocated nodes.
///
/// Every name, value, text and comment is copied once into one byte buffer, NUL-terminated, so
/// `XMLBytes` compares names without making a `String`; elements and attributes are records that
/// point into it by offset. Only `XML/LibXML2.swift` builds one; decoders read it through
/// `XMLElementView`, and only what they keep becomes a `String`.
final class XMLTree {
    /// An element: its name, line, attributes, first child, next sibling, text and comments.
    struct Element {
        var name: Span
        var line: Int32
        var attributes: Range<Int32>
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// The concatenated text and CDATA directly inside, untrimmed; empty when it is only ASCII white space.
        var text = Span.empty
        /// Comments between the previous element sibling (or the parent's start) and this element.
        var leadingComments: Range<Int32>
        /// Comments after the last child element (all of them when there is none).
        var trailingComments: Range<Int32> = 0..<0
    }

    struct Attribute {
        var name: Span
        var value: Span
    }

    /// A run of bytes in `bytes`, followed by a NUL.
    struct Span {
        var start: Int
        var count: Int
        static let empty = Span(start: 0, count: 0)
    }

    // Buffers of its own rather than arrays: views read them on every step of a decoder's walk, and
    // an array read through a class reference costs reference counting each time.
    let elements: UnsafeMutableBufferPointer<Element>
    let attributes: UnsafeMutableBufferPointer<Attribute>
    let comments: UnsafeMutableBufferPointer<Span>
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(elements: [Element], attributes: [Attribute], comments: [Span], bytes: [UInt8]) {
        self.elements = Self.copy(elements)
        self.attributes = Self.copy(attributes)
        self.comments = Self.copy(comments)
        self.bytes = Self.copy(bytes)
    }

    deinit {
        elements.deallocate()
        attributes.deallocate()
        comments.deallocate()
        bytes.deallocate()
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// The root element's index, once one was read.
    var root: Int32? { elements.isEmpty ? nil : 0 }

    /// The bytes of a span; valid while the tree lives.
    func bytes(_ span: Span) -> XMLBytes { XMLBytes(start: bytes.baseAddress! + span.start, count: span.count) }
}
