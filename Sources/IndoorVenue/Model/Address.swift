/// A postal address (IMDF `address`, OSM `addr:*`).
public struct Address: Hashable, Sendable {
    public var street: String?
    public var unit: String?
    public var locality: String?
    public var province: String?
    public var country: String?
    public var postalCode: String?

    public init(street: String? = nil, unit: String? = nil, locality: String? = nil, province: String? = nil,
                country: String? = nil, postalCode: String? = nil) {
        self.street = street
        self.unit = unit
        self.locality = locality
        self.province = province
        self.country = country
        self.postalCode = postalCode
    }

    /// One line: "1 Place de la Gare, 75005 Paris, FR".
    public var formatted: String {
        [street, unit, [postalCode, locality].compactMap { $0 }.joined(separator: " "), country]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
