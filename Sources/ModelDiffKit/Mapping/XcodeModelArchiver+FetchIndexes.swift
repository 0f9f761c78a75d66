extension XcodeModelArchiver {
    /// Xcode's archive has no slot for a fetch index. Its archives of XcodeServer's 1.0.0, 1.1.0 and 2.0.0
    /// (each with eight `byPropertyIndex` fetch indexes, every element a property, `Binary`, ascending) hold:
    /// for each of the seven with one element, `XD_PPSK_isIndexed` true on that property; for the one with two
    /// (Bot's `identifier`, `name`), nothing. CoreDataPlus's archive of SampleModel2 holds nothing for its
    /// two-element `byMakerAndNumberPlate` either. So a one-element `byPropertyIndex` is the property's
    /// indexed flag, and an index of several properties is left out; any other fetch index (another name
    /// with one element, an expression, `RTree`, descending) has no sample and is refused.
    static func fetchIndexProblem(_ index: FetchIndex) -> String? {
        let plain = index.elements.allSatisfy {
            $0.property != nil && $0.expression == nil && $0.type == "Binary" && $0.order == "ascending"
        }
        if plain && (index.elements.count > 1 || index.name == propertyIndexName) { return nil }
        return "fetch index \(index.name)"
    }

    /// The properties of an entity that a one-element `byPropertyIndex` fetch index marks indexed.
    static func indexedByFetchIndex(_ entity: Entity) -> Set<String> {
        Set(
            entity.fetchIndexes.filter { $0.name == propertyIndexName && $0.elements.count == 1 }.compactMap { $0.elements.first?.property }
        )
    }

    /// The name Xcode gives the fetch index it writes for a property's indexed flag.
    private static let propertyIndexName = "byPropertyIndex"
}
