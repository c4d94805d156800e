import Uniflow

/// The way back of a case given as an embedding function alone: finds, by reflection, the child
/// action that `embed` wrapped in a parent action (see `ReflectedCase`).
///
/// A view model given its rows' case as a function (`App.Action.todos`) uses it so that each
/// row's store can observe its own actions.
///
/// - Complexity: A walk by reflection down the parent action's cases, for each action while
///   the store made with it has action listeners; nothing otherwise.
func reflectedExtraction<Parent, Child>(
  of embed: @escaping (consuming Child) -> Parent
) -> (Parent) -> Child? {
  let labels = LockIsolated<[String]?>(nil)
  return { ReflectedCase<Parent, Child>.extract(from: $0, embed: embed, labels: labels) }
}
