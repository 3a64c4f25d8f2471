import IndoorLocation
import IndoorRouting

extension ProviderStatus {
    /// The status as a live guidance line shows it, in `language` (the reason apart): `connecting`, `connexion`,
    /// `Verbindung`, `подключение`.
    public func word(in language: InstructionLanguage) -> String {
        switch (self, language) {
        case (.connecting, .en): "connecting"
        case (.connecting, .fr): "connexion"
        case (.connecting, .de): "Verbindung"
        case (.connecting, .ru): "подключение"
        case (.streaming, .en): "streaming"
        case (.streaming, .fr): "réception"
        case (.streaming, .de): "Empfang"
        case (.streaming, .ru): "приём"
        case (.stalled, .en): "stalled"
        case (.stalled, .fr): "pas de données"
        case (.stalled, .de): "keine Daten"
        case (.stalled, .ru): "нет данных"
        case (.disconnected, .en): "disconnected"
        case (.disconnected, .fr): "déconnecté"
        case (.disconnected, .de): "getrennt"
        case (.disconnected, .ru): "отключено"
        case (.finished, .en): "finished"
        case (.finished, .fr): "terminé"
        case (.finished, .de): "beendet"
        case (.finished, .ru): "завершено"
        case (.failed, .en): "failed"
        case (.failed, .fr): "échec"
        case (.failed, .de): "fehlgeschlagen"
        case (.failed, .ru): "ошибка"
        }
    }
}
