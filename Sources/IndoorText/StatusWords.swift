import IndoorLocation

extension ProviderStatus {
    /// The status as a live guidance line shows it, in `language` (the reason apart): `connecting`, `connexion`,
    /// `Verbindung`, `подключение`.
    public func word(in language: InstructionLanguage) -> String {
        Phrasebook(language: language).phrase("status." + name)
    }
}
