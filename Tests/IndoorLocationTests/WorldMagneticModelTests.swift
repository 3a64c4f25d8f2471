import IndoorLocation
import Testing

/// Reference values computed from WMM_2025.COF with pygeomag 1.1.0 at altitude 0 (../shared/data/README.md).
@Suite struct WorldMagneticModelTests {
    @Test(arguments: [
        (48.8566, 2.3522, 2026.0, 1.968, 64.412),
        (40.7128, -74.006, 2026.0, -12.494, Double.nan),
        (80.0, 0.0, 2025.0, 1.281, 83.211),
        (-80.0, 240.0, 2025.0, 68.775, Double.nan),
    ])
    func matchesTheReferenceValues(latitude: Double, longitude: Double, year: Double, declination: Double, inclination: Double) throws {
        let model = try #require(WorldMagneticModel.wmm2025)
        let field = model.field(latitude: latitude, longitude: longitude, year: year)
        #expect(abs(field.declination - declination) < 0.001, "declination \(field.declination)")
        if !inclination.isNaN { #expect(abs(field.inclination - inclination) < 0.001, "inclination \(field.inclination)") }
    }

    @Test func rejectsABrokenCoefficientFile() {
        #expect(throws: WorldMagneticModel.FormatError.self) { try WorldMagneticModel(cof: "") }
        #expect(throws: WorldMagneticModel.FormatError.self) { try WorldMagneticModel(cof: "2025.0 WMM\n  1  0  x\n") }
        #expect(throws: WorldMagneticModel.FormatError.self) { try WorldMagneticModel(cof: "2025.0 WMM\n  1  0  1 0 0 0\n999999\n") }
    }
}
