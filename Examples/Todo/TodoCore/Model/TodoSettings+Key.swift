extension TodoSettings {
  /// A setting, by the name the command line and the database give it, with the words of
  /// its values.
  ///
  /// ```swift
  /// let key = try TodoSettings.Key(named: "colour")
  /// key.allowedValues  // ["auto", "always", "never"]
  /// try key.set("purple", in: &settings)
  /// // throws: 'purple' is not a value of colour; the values are auto, always, never
  /// ```
  public enum Key: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// ``TodoSettings/filter``: `all`, `open` or `done`.
    case filter
    /// ``TodoSettings/sortOrder``: `created` or `title`.
    case sort
    /// ``TodoSettings/showsDoneLast``: `yes` or `no`.
    case doneLast = "done-last"
    /// ``TodoSettings/colour``: `auto`, `always` or `never`.
    case colour

    /// The key of `name`.
    ///
    /// - Parameter name: The setting's name, as `todo config` lists it.
    /// - Throws: ``TodoSettingsError/unknownKey(_:)`` naming the settings there are.
    public init(named name: String) throws(TodoSettingsError) {
      guard let key = Key(rawValue: name) else { throw .unknownKey(name) }
      self = key
    }

    /// The setting's name, as `todo config` lists it.
    public var description: String { rawValue }

    /// The words its values are written with, in the order the settings screen cycles
    /// through them.
    public var allowedValues: [String] {
      switch self {
      case .filter: TodoFilter.allCases.map(\.rawValue)
      case .sort: TodoSortOrder.allCases.map(\.rawValue)
      case .doneLast: ["no", "yes"]
      case .colour: TodoColour.allCases.map(\.rawValue)
      }
    }

    /// Its value in `settings`, as a word.
    ///
    /// - Parameter settings: The settings to read.
    /// - Returns: One of ``allowedValues``.
    public func value(in settings: TodoSettings) -> String {
      switch self {
      case .filter: settings.filter.rawValue
      case .sort: settings.sortOrder.rawValue
      case .doneLast: settings.showsDoneLast ? "yes" : "no"
      case .colour: settings.colour.rawValue
      }
    }

    /// Sets it in `settings` from a word; a word that is not one of ``allowedValues``
    /// changes nothing.
    ///
    /// - Parameters:
    ///   - word: The new value, one of ``allowedValues``.
    ///   - settings: The settings to change.
    /// - Throws: ``TodoSettingsError/badValue(_:key:)`` naming the allowed values.
    public func set(_ word: String, in settings: inout TodoSettings) throws(TodoSettingsError) {
      switch self {
      case .filter:
        guard let filter = TodoFilter(rawValue: word) else { throw .badValue(word, key: self) }
        settings.filter = filter
      case .sort:
        guard let order = TodoSortOrder(rawValue: word) else { throw .badValue(word, key: self) }
        settings.sortOrder = order
      case .doneLast:
        guard word == "yes" || word == "no" else { throw .badValue(word, key: self) }
        settings.showsDoneLast = word == "yes"
      case .colour:
        guard let colour = TodoColour(rawValue: word) else { throw .badValue(word, key: self) }
        settings.colour = colour
      }
    }

    /// Moves it `steps` values further in ``allowedValues``, wrapping around: what the
    /// settings screen's arrows do.
    ///
    /// - Parameters:
    ///   - steps: How many values to move; negative moves back.
    ///   - settings: The settings to change.
    public func cycle(by steps: Int, in settings: inout TodoSettings) {
      let values = allowedValues
      let index = values.firstIndex(of: value(in: settings)) ?? 0
      let next = ((index + steps) % values.count + values.count) % values.count
      // One of the allowed values: it cannot fail.
      try? set(values[next], in: &settings)
    }
  }
}

/// A setting named or valued wrongly, on the command line or in the database.
public enum TodoSettingsError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// No setting has this name.
  case unknownKey(String)
  /// The word is not one of the setting's values.
  case badValue(String, key: TodoSettings.Key)

  /// One line naming what is wrong and what is allowed.
  public var description: String {
    switch self {
    case .unknownKey(let name):
      "unknown setting '\(name)'; the settings are "
        + TodoSettings.Key.allCases.map(\.rawValue).joined(separator: ", ")
    case .badValue(let word, let key):
      "'\(word)' is not a value of \(key); the values are " + key.allowedValues.joined(separator: ", ")
    }
  }
}
