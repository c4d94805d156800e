import Uniflow

extension Shared<TodoSettings> {
  /// Writes a change of the settings now, and sends `notKept` with the settings as they were
  /// before it, and the reason, when the storage refuses it: the feature puts them back, so
  /// that the screen never shows a change that is not stored.
  ///
  /// ```swift
  /// case .cycleFilter:
  ///   let before = state.settings.value
  ///   state.settings.withLock { $0.filter = $0.filter.next }
  ///   return state.settings.keep(restoring: before, else: Action.settingNotKept)
  /// ```
  ///
  /// - Parameters:
  ///   - before: The settings before the change: what the storage holds.
  ///   - notKept: The action that puts `before` back and shows the reason.
  /// - Returns: The effect that writes the change, off the main actor.
  func keep<Action: Sendable>(
    restoring before: TodoSettings, else notKept: @escaping @Sendable (TodoSettings, String) -> Action
  ) -> Effect<Action> {
    let settings = self
    return .run { send in
      // The change reaches its storage once the action that made it is over, on the main
      // actor: wait for that, then write it from here.
      await MainActor.run {}
      do throws(SharedStorageError) {
        try settings.save()
      } catch {
        await send(notKept(before, error.detail.isEmpty ? error.description : error.detail))
      }
    }
  }
}
