extension UserInfo {
    /// Reads a `<userInfo>` element's `<entry key value>` children.
    init(element: XMLElementNode?) {
        guard let element else {
            self.init()
            return
        }
        self.init(
            element.children.filter { $0.name == MappingXML.Tag.entry }.map {
                Entry(key: $0[attribute: MappingXML.Key.key] ?? "", value: $0[attribute: MappingXML.Key.value] ?? "")
            })
    }
}
