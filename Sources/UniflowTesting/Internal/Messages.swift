/// `1 action`, `2 actions`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// The lines, each indented by two spaces, one per line.
func indented(_ lines: [String]) -> String {
  lines.map { "  " + $0 }.joined(separator: "\n")
}

/// The failure for received actions a test did not receive.
func unreceivedActionsMessage(_ actions: [String], ending: String) -> String {
  let pronoun = actions.count == 1 ? "it" : "them"
  return "The store received \(counted(actions.count, "action")) that the test did not receive "
    + "\(ending):\n" + indented(actions) + "\n"
    + "Receive \(pronoun) with `await store.receive(…)`, or skip \(pronoun) with "
    + "`await store.skipReceivedActions()`."
}

/// The failure for an effect still running when its test store is released.
func runningEffectMessage(startedBy action: String) -> String {
  "An effect started by \(action) is still running when the store is released. Await "
    + "`store.finish()` for effects that end by themselves; cancel the others, or send the action "
    + "that stops them."
}
