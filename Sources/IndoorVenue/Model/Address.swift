/// A postal address (IMDF `address`; the OSM loader reads no `addr:*` tags).
public struct Address: Hashable, Sendable {
    /// The street line (IMDF `address`: "1 Place de la Gare"), or `nil`.
    public var street: String?
    /// The unit, suite or floor within the street address (IMDF `unit`), or `nil`.
    public var unit: String?
    /// The city or town (IMDF `locality`), or `nil`.
    public var locality: String?
    /// The state or province (IMDF `province`, an ISO 3166-2 code such as `FR-75`), or `nil`.
    public var province: String?
    /// The country (IMDF `country`, ISO 3166-1 alpha-2: `FR`), or `nil`.
    public var country: String?
    /// The postal code (IMDF `postal_code`), or `nil`.
    public var postalCode: String?

    /// An address from its parts; every part is optional.
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
