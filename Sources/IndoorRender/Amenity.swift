import IndoorBase
import IndoorGeometry
import IndoorVenue

/// What a visitor looks for on a map, drawn as a small icon, most wanted first: restrooms, the ways up and down,
/// food, shops, exhibits and help.
public enum Amenity: Int, CaseIterable, Comparable, Sendable {
    /// Restrooms and toilets of every kind.
    case restroom
    /// Elevators (lifts).
    case elevator
    /// Escalators, either way.
    case escalator
    /// Stairs and steps.
    case stairs
    /// Restaurants, cafés, bakeries, bars and other places to eat or drink.
    case food
    /// Shops: IMDF retail occupant categories and OSM `shop=*`.
    case shop
    /// Exhibits, attractions, artworks, museums and galleries.
    case exhibit
    /// Information desks, customer service, ticket offices and lost property.
    case information

    public static func < (a: Amenity, b: Amenity) -> Bool { a.rawValue < b.rawValue }

    /// The amenity a POI is, from its category: IMDF amenity and occupant categories (`restroom.female`,
    /// `foodservice.coffee`, `books`), OSM `amenity=*` values and `shop.*`/`tourism.*` as the OSM loader writes
    /// them. `nil` for anything else (classrooms, offices, rooms).
    public init?(poi: POI) {
        let c = poi.category.lowercased()
        let parts = c.split(separator: ".").map(String.init)
        let head = parts.first ?? c, tail = parts.dropFirst().first ?? ""
        let food: Set<String> = ["restaurant", "cafe", "café", "coffee", "fast_food", "foodservice", "foodcourt", "food_court",
                                 "bakedgoods", "bakery", "crepes", "bar", "pub", "icecream", "ice_cream", "deli", "confectionery",
                                 "pastry", "snack", "canteen", "cafeteria", "biergarten", "food"]
        let shops: Set<String> = ["shopping", "retail", "store", "books", "bookshop", "conveniencestore", "convenience", "supermarket",
                                  "grocery", "florist", "souvenirs", "gifts", "gift", "pharmacy", "chemist", "drugstore", "clothes",
                                  "fashion", "shoes", "jewelry", "jewellery", "electronics", "newsagent", "kiosk", "toys", "sports",
                                  "beauty", "cosmetics", "optician", "tobacco", "dutyfree", "duty_free", "boutique", "department_store",
                                  "mobile_phone", "music", "travelagency"]
        switch head {
        case "restroom", "toilets", "toilet", "wc", "shower": self = .restroom
        case "elevator", "lift": self = .elevator
        case "escalator": self = .escalator
        case "stairs", "steps", "staircase": self = .stairs
        case "shop": self = food.contains(tail) ? .food : .shop
        case "tourism":
            switch tail {
            case "information": self = .information
            case "museum", "artwork", "gallery", "attraction", "exhibit": self = .exhibit
            default: return nil
            }
        case "exhibit", "attraction", "artwork", "museum", "gallery", "exhibition", "monument": self = .exhibit
        case "information", "informationdesk", "customerservice", "customer_service", "ticketing", "tickets", "ticket",
             "lostandfound", "lost_property":
            self = .information
        case _ where food.contains(head): self = .food
        case _ where shops.contains(head): self = .shop
        default: return nil
        }
    }

    /// The amenity a space is by its kind (restrooms and connectors), when it has no POI of its own saying so.
    public init?(space: SpaceKind) {
        switch space {
        case .restroom: self = .restroom
        case .elevator: self = .elevator
        case .escalator: self = .escalator
        case .stairs: self = .stairs
        default: return nil
        }
    }
}

/// An icon the renderer placed: what it shows, the POI or space it stands for, and its box in pixels.
public struct PlacedIcon: Hashable, Sendable {
    /// What the icon shows.
    public let amenity: Amenity
    /// The id of the POI it stands for, or of the space when no POI says what the space is.
    public let featureID: String
    /// Its box, in pixels.
    public let box: BoundingBox
}

extension Canvas {
    /// A round icon of `radius` pixels for an amenity: a coloured disc with a white glyph.
    func icon(_ amenity: Amenity, at c: Coordinate, radius r: Double, style: MapStyle) {
        let fill: Color
        switch amenity {
        case .restroom: fill = Color(hex: 0x1565C0)
        case .elevator, .escalator, .stairs: fill = Color(hex: 0x6A4C93)
        case .food: fill = Color(hex: 0xE8710A)
        case .shop: fill = Color(hex: 0xC2185B)
        case .exhibit: fill = Color(hex: 0x00897B)
        case .information: fill = Color(hex: 0x2E7D32)
        }
        let white = Color(hex: 0xFFFFFF)
        circle(c, radius: r, fill: fill, stroke: style.halo, width: 1.5)
        let s = r * 0.55
        switch amenity {
        case .restroom:
            text("WC", centeredAt: c, size: r * 0.95, color: white, halo: nil, bold: true)
        case .elevator:
            text("⇅", centeredAt: c, size: r * 1.3, color: white, halo: nil, bold: true)
        case .escalator:
            text("↗", centeredAt: c, size: r * 1.3, color: white, halo: nil, bold: true)
        case .stairs:
            // Three steps up to the right.
            let w = 2 * s / 3
            polyline([Coordinate(x: c.x - s, y: c.y + s), Coordinate(x: c.x - s + w, y: c.y + s), Coordinate(x: c.x - s + w, y: c.y + s - w),
                      Coordinate(x: c.x - s + 2 * w, y: c.y + s - w), Coordinate(x: c.x - s + 2 * w, y: c.y + s - 2 * w),
                      Coordinate(x: c.x + s, y: c.y + s - 2 * w), Coordinate(x: c.x + s, y: c.y - s)], color: white, width: 1.6)
        case .food:
            text("☕", centeredAt: c, size: r * 1.2, color: white, halo: nil)
        case .shop:
            // A bag: its body and its handle.
            polygon([[Coordinate(x: c.x - s, y: c.y - s * 0.3), Coordinate(x: c.x + s, y: c.y - s * 0.3), Coordinate(x: c.x + s * 0.8, y: c.y + s),
                      Coordinate(x: c.x - s * 0.8, y: c.y + s), Coordinate(x: c.x - s, y: c.y - s * 0.3)]], fill: white)
            polyline([Coordinate(x: c.x - s * 0.45, y: c.y - s * 0.3), Coordinate(x: c.x - s * 0.45, y: c.y - s * 0.8),
                      Coordinate(x: c.x, y: c.y - s * 1.1), Coordinate(x: c.x + s * 0.45, y: c.y - s * 0.8),
                      Coordinate(x: c.x + s * 0.45, y: c.y - s * 0.3)], color: white, width: 1.3)
        case .exhibit:
            text("★", centeredAt: c, size: r * 1.3, color: white, halo: nil)
        case .information:
            text("i", centeredAt: c, size: r * 1.3, color: white, halo: nil, bold: true)
        }
    }
}
