extension Optional {
  /// Whether there is a value: what a view that scopes a store to an optional part tracks, so
  /// that it is told when the part comes or goes, not when it changes.
  @usableFromInline
  var isPresent: Bool { self != nil }
}
