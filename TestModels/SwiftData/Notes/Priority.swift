import Foundation

/// A note's priority, stored through its raw value's Codable form.
enum Priority: Int, Codable, CaseIterable {
    case low = 0
    case normal = 1
    case high = 2
}
